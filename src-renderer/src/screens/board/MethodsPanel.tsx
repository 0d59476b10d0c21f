import type { Method } from '../../../../src-shared/domain.ts'
import { appErrorOf } from '../../api.ts'
import { ErrorMessage } from '../../components/ErrorMessage.tsx'
import { Panel } from '../../components/Panel.tsx'
import { formatDateTime } from '../../i18n/index.ts'
import { useMessages } from '../../i18n/use-messages.tsx'
import { useMethods, useRefreshMethods } from '../../queries.ts'

/** Payment and shipping methods by name, when they were fetched, and a refresh that bypasses the cache. */
export function MethodsPanel() {
  const { t, language } = useMessages()
  const methods = useMethods(true)
  const refresh = useRefreshMethods()
  const error = appErrorOf(refresh.error ?? methods.error)
  const refreshButton = (
    <button
      type="button"
      className="button secondary small"
      onClick={() => refresh.mutate()}
      disabled={refresh.isPending || methods.isFetching}
    >
      {refresh.isPending ? t.loading : t.refresh}
    </button>
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
