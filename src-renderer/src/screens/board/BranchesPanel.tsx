import { appErrorOf } from '../../api.ts'
import { ErrorMessage } from '../../components/ErrorMessage.tsx'
import { Panel } from '../../components/Panel.tsx'
import { useMessages } from '../../i18n/use-messages.tsx'
import { useBranches } from '../../queries.ts'

export function BranchesPanel() {
  const { t } = useMessages()
  const branches = useBranches(true)
  const error = appErrorOf(branches.error)
  return (
    <Panel title={t.branches}>
      {branches.isPending && <p className="muted">{t.loading}</p>}
      {error && <ErrorMessage error={error} onRetry={() => void branches.refetch()} />}
      {branches.data?.length === 0 && <p className="muted">{t.branchesEmpty}</p>}
      {branches.data && branches.data.length > 0 && (
        <ul className="plain-list">
          {branches.data.map((branch) => (
            <li key={branch.id}>{branch.name}</li>
          ))}
        </ul>
      )}
    </Panel>
  )
}
