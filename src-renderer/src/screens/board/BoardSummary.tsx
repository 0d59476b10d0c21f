import type { BoardOrder } from '../../../../src-shared/domain.ts'
import {
  boardCounts,
  openCountsByAccount,
  type AttentionKeys,
  type BoardFilter,
  type StateFilter,
} from './board-rules.ts'
import { useAccountTags } from '../../components/BrandTag.tsx'
import { useMessages } from '../../i18n/use-messages.tsx'

/** The counts at the top of the board (docs/decisions.md D43): what waits, what is on its way, what needs a look. */
export function BoardCounts({
  orders,
  attention,
}: {
  orders: readonly BoardOrder[]
  /** The orders the core's attention value names (D70). */
  attention: AttentionKeys
}) {
  const rt = useMessages().t.board
  const counts = boardCounts(orders, new Date(), attention)
  const items: [string, number, string][] = [
    ['waiting', counts.waiting, rt.countWaiting],
    ['sending', counts.sending, rt.countSending],
    ['attention', counts.attention, rt.countAttention],
    ['handed-over', counts.handedOverToday, rt.countHandedOverToday],
  ]
  return (
    <dl className="board-counts" aria-label={rt.counts}>
      {items.map(([kind, count, label]) => (
        <div
          key={kind}
          className={`board-count count-${kind}${kind === 'attention' && count > 0 ? ' alert' : ''}`}
        >
          <dt>{label}</dt>
          <dd>{count}</dd>
        </div>
      ))}
    </dl>
  )
}

const STATES: StateFilter[] = ['all', 'waiting', 'sending', 'attention', 'handed-over']

/** The board's filter: by code (with or without its dash), note or id, and by state. */
export function BoardFilterBar({
  filter,
  onChange,
  orders = [],
}: {
  filter: BoardFilter
  onChange: (filter: BoardFilter) => void
  /** The board's orders, for each account's count (issue 29). */
  orders?: readonly BoardOrder[] | undefined
}) {
  const rt = useMessages().t.board
  const { t } = useMessages()
  const accounts = useAccountTags()
  const openCounts = openCountsByAccount(orders)
  const stateText: Record<StateFilter, string> = {
    all: rt.stateAll,
    waiting: rt.stateWaiting,
    sending: rt.stateSending,
    attention: rt.stateAttention,
    'handed-over': rt.stateHandedOver,
  }
  return (
    <div className="board-filter" role="search">
      <label className="board-filter-text">
        <span>{rt.filter}</span>
        <input
          type="search"
          value={filter.text}
          placeholder={rt.filterHint}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange({ ...filter, text: event.target.value })}
        />
      </label>
      <label className="board-filter-state">
        <span>{rt.filterState}</span>
        <select
          value={filter.state}
          onChange={(event) => onChange({ ...filter, state: event.target.value as StateFilter })}
        >
          {STATES.map((state) => (
            <option key={state} value={state}>
              {stateText[state]}
            </option>
          ))}
        </select>
      </label>
      {/* With two accounts or more: by account, each with its orders not yet handed over (issue 29). */}
      {accounts.several && (
        <label className="board-filter-state">
          <span>{t.accounts.filter}</span>
          <select
            value={filter.account ?? ''}
            onChange={(event) => onChange({ ...filter, account: event.target.value || undefined })}
          >
            <option value="">{t.accounts.filterAll}</option>
            {accounts.list.map((account) => (
              <option key={account.id} value={account.id}>
                {`${account.shortName} (${openCounts.get(account.id) ?? 0})`}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  )
}
