import { useQuery } from '@tanstack/react-query'
import type { Account } from '../../../../src-shared/accounts.ts'
import { isSignedIn } from '../../../../src-shared/session-rules.ts'
import { appErrorOf, requireBridge, unwrap } from '../../api.ts'
import { BrandTag, useAccountTags } from '../../components/BrandTag.tsx'
import { ErrorMessage } from '../../components/ErrorMessage.tsx'
import { Panel } from '../../components/Panel.tsx'
import { useMessages } from '../../i18n/use-messages.tsx'
import { keys, useBranches } from '../../queries.ts'

/** The platform's branches; with several accounts (issue 29) each account's own, under its brand tag. */
export function BranchesPanel() {
  const { t } = useMessages()
  const tags = useAccountTags()
  if (!tags.several) return <DefaultBranches />
  return (
    <Panel title={t.branches}>
      {tags.list.map((account) => (
        <AccountBranches key={account.id} account={account} />
      ))}
    </Panel>
  )
}

/** One account: as the sign-in screen's calls see it, exactly as before accounts. */
function DefaultBranches() {
  const { t } = useMessages()
  const branches = useBranches(true)
  return (
    <Panel title={t.branches}>
      <BranchList query={branches} />
    </Panel>
  )
}

function AccountBranches({ account }: { account: Account }) {
  const { t } = useMessages()
  // A signed-out account's list is not asked for: it would only be refused.
  const signedIn = isSignedIn(account)
  // Under keys.branches: whatever reads the branches again (a sign-in) reads every account's.
  const branches = useQuery({
    queryKey: [...keys.branches, account.id],
    queryFn: () => unwrap(requireBridge().listAccountBranches({ account: account.id })),
    enabled: signedIn,
  })
  return (
    <section className="account-group" aria-label={account.shortName}>
      <h3>
        <BrandTag account={account} />
      </h3>
      {signedIn || branches.data ? (
        <BranchList query={branches} />
      ) : (
        <p className="muted">{t.accounts.state['signed-out']}</p>
      )}
    </section>
  )
}

function BranchList({ query }: { query: ReturnType<typeof useBranches> }) {
  const { t } = useMessages()
  const error = appErrorOf(query.error)
  return (
    <>
      {query.isPending && <p className="muted">{t.loading}</p>}
      {error && <ErrorMessage error={error} onRetry={() => void query.refetch()} />}
      {query.data?.length === 0 && <p className="muted">{t.branchesEmpty}</p>}
      {query.data && query.data.length > 0 && (
        <ul className="plain-list">
          {query.data.map((branch) => (
            <li key={branch.id}>{branch.name}</li>
          ))}
        </ul>
      )}
    </>
  )
}
