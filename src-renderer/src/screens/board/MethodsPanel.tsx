import { useMutation, useQueries, useQueryClient, type UseQueryResult } from '@tanstack/react-query'
import type { Account } from '../../../../src-shared/accounts.ts'
import type { Method, Methods } from '../../../../src-shared/domain.ts'
import { isSignedIn } from '../../../../src-shared/session-rules.ts'
import { appErrorOf, requireBridge, unwrap } from '../../api.ts'
import { BrandTag, useAccountTags } from '../../components/BrandTag.tsx'
import { ErrorMessage } from '../../components/ErrorMessage.tsx'
import { Panel } from '../../components/Panel.tsx'
import { formatDateTime } from '../../i18n/index.ts'
import { useMessages } from '../../i18n/use-messages.tsx'
import { keys, useMethods, useRefreshMethods } from '../../queries.ts'

/**
 * Payment and shipping methods by name, when they were fetched, and a refresh that bypasses the cache; with
 * several accounts (issue 29) each account's own, under its brand tag.
 */
export function MethodsPanel() {
  const tags = useAccountTags()
  return tags.several ? <AccountMethods accounts={tags.list} /> : <DefaultMethods />
}

/** One account: as the sign-in screen's calls see it, exactly as before accounts. */
function DefaultMethods() {
  const { t, language } = useMessages()
  const methods = useMethods(true)
  const refresh = useRefreshMethods()
  const error = appErrorOf(refresh.error ?? methods.error)
  const refreshButton = (
    <RefreshButton
      onPress={() => refresh.mutate()}
      busy={refresh.isPending}
      disabled={refresh.isPending || methods.isFetching}
    />
  )
  return (
    <>
      <Panel title={t.paymentMethods} actions={refreshButton}>
        {methods.isPending && <p className="muted">{t.loading}</p>}
        {error && <ErrorMessage error={error} onRetry={() => refresh.mutate()} />}
        {methods.data && <MethodList methods={methods.data.paymentMethods} empty={t.methodsEmpty} />}
        {methods.data && (
          <p className="hint">{t.fetchedAt(formatDateTime(methods.data.fetchedAt, language))}</p>
        )}
      </Panel>
      <Panel title={t.shippingMethods}>
        {methods.isPending && <p className="muted">{t.loading}</p>}
        {methods.data && <MethodList methods={methods.data.shippingMethods} empty={t.methodsEmpty} />}
        {methods.data && (
          <p className="hint">{t.fetchedAt(formatDateTime(methods.data.fetchedAt, language))}</p>
        )}
      </Panel>
    </>
  )
}

function RefreshButton({
  onPress,
  busy,
  disabled,
}: {
  onPress: () => void
  busy: boolean
  disabled: boolean
}) {
  const { t } = useMessages()
  return (
    <button type="button" className="button secondary small" onClick={onPress} disabled={disabled}>
      {busy ? t.loading : t.refresh}
    </button>
  )
}

/** A signed-out account's lists are not asked for: they would only be refused. */
const signedIn = (account: Account): boolean => isSignedIn(account)

/** Under keys.methods: whatever reads the methods again (a sign-in) reads every account's. */
const accountMethodsKey = (account: string) => [...keys.methods, account]

function AccountMethods({ accounts }: { accounts: readonly Account[] }) {
  const { t } = useMessages()
  const queryClient = useQueryClient()
  const queries = useQueries({
    queries: accounts.map((account) => ({
      queryKey: accountMethodsKey(account.id),
      queryFn: () => unwrap(requireBridge().getAccountMethods({ account: account.id, forceRefresh: false })),
      enabled: signedIn(account),
    })),
  })
  // "Yenile" refreshes every signed-in account's lists, each with its own account.
  const refresh = useMutation({
    mutationFn: () =>
      Promise.all(
        accounts.filter(signedIn).map(async (account) => {
          const methods = await unwrap(
            requireBridge().getAccountMethods({ account: account.id, forceRefresh: true }),
          )
          queryClient.setQueryData(accountMethodsKey(account.id), methods)
        }),
      ),
  })
  const refreshButton = (
    <RefreshButton
      onPress={() => refresh.mutate()}
      busy={refresh.isPending}
      disabled={refresh.isPending || queries.some((query) => query.isFetching)}
    />
  )
  const refreshError = appErrorOf(refresh.error)
  const groups = (list: (methods: Methods) => Method[], withErrors: boolean) =>
    accounts.map((account, index) => (
      <AccountMethodGroup
        key={account.id}
        account={account}
        query={queries[index]}
        list={list}
        withErrors={withErrors}
      />
    ))
  return (
    <>
      <Panel title={t.paymentMethods} actions={refreshButton}>
        {refreshError && <ErrorMessage error={refreshError} onRetry={() => refresh.mutate()} />}
        {groups((methods) => methods.paymentMethods, true)}
      </Panel>
      <Panel title={t.shippingMethods}>{groups((methods) => methods.shippingMethods, false)}</Panel>
    </>
  )
}

function AccountMethodGroup({
  account,
  query,
  list,
  withErrors,
}: {
  account: Account
  query: UseQueryResult<Methods> | undefined
  list: (methods: Methods) => Method[]
  withErrors: boolean
}) {
  const { t, language } = useMessages()
  const data = query?.data
  const error = withErrors ? appErrorOf(query?.error) : undefined
  return (
    <section className="account-group" aria-label={account.shortName}>
      <h3>
        <BrandTag account={account} />
      </h3>
      {data === undefined && !signedIn(account) && <p className="muted">{t.accounts.state['signed-out']}</p>}
      {data === undefined && signedIn(account) && query?.isFetching && <p className="muted">{t.loading}</p>}
      {error && <ErrorMessage error={error} onRetry={() => void query?.refetch()} />}
      {data && <MethodList methods={list(data)} empty={t.methodsEmpty} />}
      {data && <p className="hint">{t.fetchedAt(formatDateTime(data.fetchedAt, language))}</p>}
    </section>
  )
}

function MethodList({ methods, empty }: { methods: Method[]; empty: string }) {
  if (methods.length === 0) return <p className="muted">{empty}</p>
  return (
    <ul className="plain-list">
      {methods.map((method) => (
        <li key={method.key}>{method.name}</li>
      ))}
    </ul>
  )
}
