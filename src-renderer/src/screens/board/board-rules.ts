// What the rush board computes from its orders: finding an order by the code staff see, the filter, the order
// of the list (attention first), the counts at the top, and what a found order's Enter will do. Pure, so each
// rule is tested on its own. The id pattern and the ranks sit inside the functions that read them: Stryker's
// mutants of module-level values never take effect (docs/development.md, "static mutants").
import type { BoardOrder } from '../../../../src-shared/domain.ts'
import { handoverEligibility, isOwed, shortCodeOf } from '../../../../src-shared/order-rules.ts'
import { isAlreadyOnItsWay } from '../../i18n/describe-error.ts'

/**
 * The short code in what was typed or scanned, as the six hex digits the card shows (`000-009`, `000009`,
 * `abc-def` in any case), or undefined when the text is no short code (a full id, a label…).
 */
export function shortCodeIn(text: string): string | undefined {
  const match = /^\s*([0-9a-f]{3})[-\s]?([0-9a-f]{3})\s*$/i.exec(text)
  return match ? `${match[1]}-${match[2]}`.toUpperCase() : undefined
}

/** The one payment key in a text, lower-case, when it holds exactly one (the core checks again). */
export function paymentKeyIn(text: string): string | undefined {
  const ids = text.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi) ?? []
  const all = new Set(ids.map((key) => key.toLowerCase()))
  return all.size === 1 ? [...all][0] : undefined
}

/** The orders whose short code is `code` (several orders may share their last six digits). */
export function ordersWithCode(orders: readonly BoardOrder[], code: string): BoardOrder[] {
  return orders.filter((order) => shortCodeOf(order.paymentKey) === code)
}

export type StateFilter = 'all' | 'waiting' | 'sending' | 'attention' | 'handed-over'

export interface BoardFilter {
  text: string
  state: StateFilter
  /** Only this account's orders (issue 29); left out: every account's. */
  account?: string | undefined
}

type StateGroup = Exclude<StateFilter, 'all'>

/** The orders the core's attention value names (docs/decisions.md D70): failed, unconfirmed, waiting too long… */
export type AttentionKeys = ReadonlySet<string>

const NONE: AttentionKeys = new Set()

/**
 * The board's four groups of states, the same for the counts, the filter and the list's order. An order the
 * core says needs staff is in the attention group whatever its state.
 */
function groupOf(order: BoardOrder, attention: AttentionKeys = NONE): StateGroup {
  const { state } = order.handover
  if (attention.has(order.paymentKey)) return 'attention'
  if (state === 'handed-over') return 'handed-over'
  if (state === 'failed' || state === 'unconfirmed') return 'attention'
  if (isOwed(order.handover)) return 'sending'
  return 'waiting'
}

/** Code (with or without its dash), label or full id contain the filter's text; the state is the chosen one. */
export function matchesFilter(
  order: BoardOrder,
  filter: BoardFilter,
  attention: AttentionKeys = NONE,
): boolean {
  if (filter.state !== 'all' && groupOf(order, attention) !== filter.state) return false
  if (filter.account !== undefined && order.account !== filter.account) return false
  const text = filter.text.trim().toLowerCase().replace(/-/g, '')
  // An empty text is in every haystack; a missing label joins as nothing.
  const haystack = [shortCodeOf(order.paymentKey), order.label, order.paymentKey]
    .join(' ')
    .toLowerCase()
    .replace(/-/g, '')
  return haystack.includes(text)
}

/** A handed-over order stays among the active ones this long, so staff see the confirmation of their press. */
export const RECENT_HAND_OVER_MS = 60_000

/**
 * The list as the rush needs it: orders needing attention first, then those on their way, then those
 * waiting, then those just handed over, newest first within each; handed-over orders older than a minute
 * apart (shown in the folded "Verilenler" group).
 */
export function arrangeBoard(
  orders: readonly BoardOrder[],
  now: number = Date.now(),
  attention: AttentionKeys = NONE,
): { active: BoardOrder[]; handedOver: BoardOrder[] } {
  const rank: Record<StateGroup, number> = { attention: 0, sending: 1, waiting: 2, 'handed-over': 3 }
  const newestFirst = [...orders].reverse()
  const settled = (order: BoardOrder) =>
    order.handover.state === 'handed-over' && now - Date.parse(order.handover.at) >= RECENT_HAND_OVER_MS
  const active = newestFirst
    .filter((order) => !settled(order))
    .sort((a, b) => rank[groupOf(a, attention)] - rank[groupOf(b, attention)])
  return { active, handedOver: newestFirst.filter(settled) }
}

export interface BoardCounts {
  waiting: number
  sending: number
  attention: number
  handedOverToday: number
}

/** The counts at the top; "today" is the local day of `now`. */
export function boardCounts(
  orders: readonly BoardOrder[],
  now: Date,
  attention: AttentionKeys = NONE,
): BoardCounts {
  const counts: BoardCounts = { waiting: 0, sending: 0, attention: 0, handedOverToday: 0 }
  for (const order of orders) {
    const group = groupOf(order, attention)
    if (group === 'waiting') counts.waiting++
    else if (group === 'sending') counts.sending++
    else if (group === 'attention') counts.attention++
    else if (order.handover.state === 'handed-over' && sameDay(new Date(order.handover.at), now)) {
      counts.handedOverToday++
    }
  }
  return counts
}

/** Each account's orders not yet handed over (issue 29), for the account filter's choices. */
export function openCountsByAccount(orders: readonly BoardOrder[]): ReadonlyMap<string, number> {
  const counts = new Map<string, number>()
  for (const order of orders) {
    if (order.account === undefined || order.handover.state === 'handed-over') continue
    counts.set(order.account, (counts.get(order.account) ?? 0) + 1)
  }
  return counts
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate()
}

/**
 * What Enter does once a scan has found an order, as its card's main button stands (OrderActionButtons.tsx):
 * the found message must say it, because in the undo window that button takes the press back.
 */
export type FoundAs =
  | 'hand-over'
  | 'not-for-courier'
  | 'in-undo-window'
  | 'sending'
  | 'retrying'
  | 'handed-over'
  | 'failed'
  | 'on-its-way'
  | 'unconfirmed'

export function foundAs(order: BoardOrder): FoundAs {
  const eligibility = handoverEligibility(order)
  if (eligibility === 'pickup' || eligibility === 'platform-courier') return 'not-for-courier'
  const { handover } = order
  switch (handover.state) {
    case 'none':
      return 'hand-over'
    case 'queued':
      return handover.sendAt === undefined ? 'sending' : 'in-undo-window'
    case 'sending':
      return 'sending'
    case 'retrying':
      return 'retrying'
    case 'handed-over':
      return 'handed-over'
    case 'failed':
      return isAlreadyOnItsWay(handover.error) ? 'on-its-way' : 'failed'
    case 'unconfirmed':
      return 'unconfirmed'
  }
}
