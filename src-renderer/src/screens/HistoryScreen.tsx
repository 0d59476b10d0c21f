import type { AttemptResult, HistoryEntry, Language } from '../../../src-shared/domain.ts'
import { shortCodeOf } from '../../../src-shared/order-rules.ts'
import { appErrorOf } from '../api.ts'
import { ErrorMessage } from '../components/ErrorMessage.tsx'
import { ScreenHeader } from '../components/ScreenHeader.tsx'
import { downloadTextFile, historyFileName } from '../download.ts'
import { describeError } from '../i18n/describe-error.ts'
import { formatRecordTime } from '../i18n/index.ts'
import type { Messages, TextKey } from '../i18n/messages.ts'
import { useMessages } from '../i18n/use-messages.tsx'
import { useExportHistory, useHistory } from '../queries.ts'
import { useUi } from '../state.ts'

const RESULT_TEXT: Record<AttemptResult, TextKey> = {
  'handed-over': 'resultHandedOver',
  refused: 'resultRefused',
  unconfirmed: 'resultUnconfirmed',
  'will-retry': 'resultWillRetry',
  'waiting-for-sign-in': 'resultWaitingForSignIn',
  interrupted: 'resultInterrupted',
}

/** `Geçmiş`: every hand-over attempt, newest first, a page at a time, and the whole of it as CSV. */
export function HistoryScreen() {
  const { t, language } = useMessages()
  const closeHistory = useUi((state) => state.closeHistory)
  const history = useHistory()
  const exportCsv = useExportHistory()
  const entries = history.data?.pages.flatMap((page) => page.entries) ?? []
  const total = history.data?.pages[0]?.total ?? 0
  const error = appErrorOf(history.error)
  const exportError = appErrorOf(exportCsv.error)

  return (
    <main className="history">
      <ScreenHeader title={<h1>{t.historyTitle}</h1>} action={t.back} onAction={closeHistory} />
      <p className="muted">{t.historyIntro}</p>
      <div className="history-actions">
        <button
          type="button"
          className="button primary"
          disabled={exportCsv.isPending || total === 0}
          onClick={() =>
            exportCsv.mutate(undefined, {
              onSuccess: (csv) =>
                downloadTextFile(historyFileName(new Date()), csv, 'text/csv;charset=utf-8'),
            })
          }
        >
          {t.historyExport}
        </button>
        {total > 0 && <span className="muted">{t.historyShown(entries.length, total)}</span>}
      </div>
      {exportError && <ErrorMessage error={exportError} />}
      {history.isPending && <p className="muted">{t.loading}</p>}
      {error && <ErrorMessage error={error} onRetry={() => void history.refetch()} />}
      {history.isSuccess && total === 0 && <p className="muted empty">{t.historyEmpty}</p>}
      {entries.length > 0 && (
        <table className="history-table" aria-label={t.historyTitle}>
          <thead>
            <tr>
              <th scope="col">{t.historyWhen}</th>
              <th scope="col">{t.historyOrder}</th>
              <th scope="col">{t.historyAttempt}</th>
              <th scope="col">{t.historyResult}</th>
              <th scope="col">{t.historyAnswer}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <HistoryRow key={entry.seq} entry={entry} t={t} language={language} />
            ))}
          </tbody>
        </table>
      )}
      {history.hasNextPage && (
        <button
          type="button"
          className="button secondary"
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {t.historyMore}
        </button>
      )}
    </main>
  )
}

function HistoryRow({ entry, t, language }: { entry: HistoryEntry; t: Messages; language: Language }) {
  const answer = entry.error
    ? describeError(entry.error, t)
    : { text: 'OK', detail: entry.httpStatus === undefined ? undefined : t.httpStatus(entry.httpStatus) }
  return (
    <tr className={`history-${entry.result}`}>
      <td>{formatRecordTime(entry.at, language)}</td>
      <td>
        <span className="order-code-small">{shortCodeOf(entry.paymentKey)}</span>
        {entry.label && <span className="history-label"> · {entry.label}</span>}
        <code className="payment-key">{entry.paymentKey}</code>
      </td>
      <td>{entry.attempt}</td>
      <td>{t[RESULT_TEXT[entry.result]]}</td>
      <td>
        {answer.text}
        {answer.detail && <span className="error-detail"> · {answer.detail}</span>}
      </td>
    </tr>
  )
}
