import { useId, useState } from 'react'
import type {
  AttemptResult,
  HistoryEntry,
  HistoryStateFilter,
  Language,
  OrderHistory,
} from '../../../src-shared/domain.ts'
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
  'checked-handed-over': 'resultCheckedHandedOver',
  'checked-not-handed-over': 'resultCheckedNotHandedOver',
}

const STATE_FILTERS: readonly { value: HistoryStateFilter; text: TextKey }[] = [
  { value: 'handed-over', text: 'resultHandedOver' },
  { value: 'refused', text: 'resultRefused' },
  { value: 'unconfirmed', text: 'resultUnconfirmed' },
  { value: 'in-progress', text: 'historyStateInProgress' },
]

/** `Geçmiş`: one day's hand-overs, one row per order with its attempts folded inside, read from disk a page at a time. */
export function HistoryScreen() {
  const { t, language } = useMessages()
  const closeHistory = useUi((state) => state.closeHistory)
  const [day, setDay] = useState<string | undefined>(undefined)
  const [state, setState] = useState<HistoryStateFilter | undefined>(undefined)
  const history = useHistory({ ...(day ? { day } : {}), ...(state ? { state } : {}) })
  const exportCsv = useExportHistory()
  const first = history.data?.pages[0]
  const orders = history.data?.pages.flatMap((page) => page.orders) ?? []
  const total = first?.total ?? 0
  const error = appErrorOf(history.error)
  const exportError = appErrorOf(exportCsv.error)

  return (
    <main className="history">
      <ScreenHeader title={<h1>{t.historyTitle}</h1>} action={t.back} onAction={closeHistory} />
      <p className="muted">{t.historyIntro}</p>
      <div className="history-actions">
        <HistoryFilters
          t={t}
          days={first?.days ?? []}
          day={day ?? first?.day ?? undefined}
          state={state}
          onDay={setDay}
          onState={setState}
        />
        <button
          type="button"
          className="button primary"
          disabled={exportCsv.isPending || (first?.days.length ?? 0) === 0}
          onClick={() =>
            exportCsv.mutate(undefined, {
              onSuccess: (csv) =>
                downloadTextFile(historyFileName(new Date()), csv, 'text/csv;charset=utf-8'),
            })
          }
        >
          {t.historyExport}
        </button>
        {total > 0 && <span className="muted">{t.historyOrdersShown(orders.length, total)}</span>}
      </div>
      {exportError && <ErrorMessage error={exportError} />}
      {history.isPending && <p className="muted">{t.loading}</p>}
      {error && <ErrorMessage error={error} onRetry={() => void history.refetch()} />}
      {history.isSuccess && total === 0 && (
        <p className="muted empty">{(first?.days.length ?? 0) === 0 ? t.historyEmpty : t.historyNoMatch}</p>
      )}
      {orders.length > 0 && (
        <table className="history-table" aria-label={t.historyTitle}>
          <thead>
            <tr>
              <th scope="col">{t.historyWhen}</th>
              <th scope="col">{t.historyOrder}</th>
              <th scope="col">{t.historyResult}</th>
              <th scope="col">{t.historyAttempt}</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((row) => (
              <OrderRow key={row.paymentKey} row={row} t={t} language={language} />
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

interface FilterProps {
  t: Messages
  days: readonly string[]
  day: string | undefined
  state: HistoryStateFilter | undefined
  onDay: (day: string) => void
  onState: (state: HistoryStateFilter | undefined) => void
}

function HistoryFilters({ t, days, day, state, onDay, onState }: FilterProps) {
  const dayId = useId()
  const stateId = useId()
  return (
    <>
      <div className="history-filter">
        <label htmlFor={dayId}>{t.historyDay}</label>
        <select
          id={dayId}
          value={day ?? ''}
          disabled={days.length === 0}
          onChange={(e) => onDay(e.target.value)}
        >
          {days.map((held) => (
            <option key={held} value={held}>
              {held.split('-').reverse().join('.')}
            </option>
          ))}
        </select>
      </div>
      <div className="history-filter">
        <label htmlFor={stateId}>{t.historyState}</label>
        <select
          id={stateId}
          value={state ?? ''}
          onChange={(e) =>
            onState(e.target.value === '' ? undefined : (e.target.value as HistoryStateFilter))
          }
        >
          <option value="">{t.historyStateAll}</option>
          {STATE_FILTERS.map((filter) => (
            <option key={filter.value} value={filter.value}>
              {t[filter.text]}
            </option>
          ))}
        </select>
      </div>
    </>
  )
}

function answerOf(entry: HistoryEntry, t: Messages): string {
  const answer = entry.error
    ? describeError(entry.error, t)
    : { text: 'OK', detail: entry.httpStatus === undefined ? undefined : t.httpStatus(entry.httpStatus) }
  return answer.detail ? `${answer.text} · ${answer.detail}` : answer.text
}

function OrderRow({ row, t, language }: { row: OrderHistory; t: Messages; language: Language }) {
  const last = row.attempts.at(-1)
  return (
    <tr className={`history-${row.result}`}>
      <td>{formatRecordTime(row.at, language)}</td>
      <td>
        <span className="order-code-small">{shortCodeOf(row.paymentKey)}</span>
        {row.label && <span className="history-label"> · {row.label}</span>}
        <code className="payment-key">{row.paymentKey}</code>
      </td>
      <td>
        {t[RESULT_TEXT[row.result]]}
        {last && <span className="error-detail"> · {answerOf(last, t)}</span>}
      </td>
      <td>
        <details>
          <summary>{t.historyAttempts(row.attempts.length)}</summary>
          <ol className="history-attempts">
            {row.attempts.map((entry) => (
              <li key={entry.seq}>
                {formatRecordTime(entry.at, language)} · {t[RESULT_TEXT[entry.result]]} · {answerOf(entry, t)}
              </li>
            ))}
          </ol>
        </details>
      </td>
    </tr>
  )
}
