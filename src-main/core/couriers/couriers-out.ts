// The board's courier strip ("Ahmet · 3 paket · 399,90 ₺ nakit", issue 21): who carries what right now. Pure,
// over what the ledger holds of today and yesterday and the board's orders, so a test states it in a few lines.
//
// A package is out with a courier when its latest assignment names them, was made today (the platform's day),
// after that courier's last cash record (the return: what they carried before it is settled), and its hand-over
// is under way or done (an order whose press was taken back, or that failed, is not out).
import type { CourierOut } from '../../../src-shared/couriers.ts'
import { isCollectedAtDoor } from '../../../src-shared/courier-rules.ts'
import type { BoardOrder } from '../../../src-shared/domain.ts'
import { dayOf } from '../time/platform-day.ts'
import type { LedgerCourier } from './day-end.ts'
import type { LedgerLive } from './courier-ledger.ts'

export interface CouriersOutInput extends LedgerLive {
  couriers: readonly LedgerCourier[]
  /** Today, `YYYY-MM-DD` in `timeZone`. */
  today: string
  timeZone: string
  /** The board's order, when it is still on the board (its amount and hand-over are the latest word). */
  boardOrder: (paymentKey: string) => BoardOrder | undefined
  collectedAtDoor: readonly string[]
}

/** Hand-over states in which the package has left, or is leaving, with its courier. */
const OUT_STATES: ReadonlySet<BoardOrder['handover']['state']> = new Set([
  'queued',
  'sending',
  'retrying',
  'handed-over',
  'unconfirmed',
])

/** One line per working courier with a package out, by name. */
export function couriersOut(input: CouriersOutInput): CourierOut[] {
  // Any return counts, yesterday's too: every assignment made today has a higher seq than it.
  const lastReturn = new Map<string, number>()
  for (const cash of input.cash) {
    lastReturn.set(cash.courierId, Math.max(lastReturn.get(cash.courierId) ?? cash.seq, cash.seq))
  }
  // Keyed by courier id; an assignment to nobody (null) finds no line.
  const lines = new Map<string | null, CourierOut>()
  for (const courier of input.couriers) {
    if (courier.retired) continue
    lines.set(courier.id, {
      courierId: courier.id,
      name: courier.name,
      packages: 0,
      cashToCollectKurus: 0,
      amountUnknown: 0,
      paymentKeys: [],
    })
  }
  const assignments = [...input.assignments].sort((a, b) => a.seq - b.seq)
  for (const assignment of assignments) {
    const line = lines.get(assignment.courierId)
    if (!line) continue
    if (dayOf(Date.parse(assignment.at), input.timeZone) !== input.today) continue
    // Stryker disable next-line EqualityOperator: equivalent, no assignment has the seq of a cash record.
    if (assignment.seq < (lastReturn.get(line.courierId) ?? -1)) continue
    const order = input.boardOrder(assignment.paymentKey)
    if (order && !OUT_STATES.has(order.handover.state)) continue
    const noted = input.orders.get(assignment.paymentKey)
    const paymentMethod = order?.paymentMethod ?? noted?.paymentMethod
    const amountKurus = order?.amountKurus ?? noted?.amountKurus
    line.packages += 1
    line.paymentKeys.push(assignment.paymentKey)
    if (!isCollectedAtDoor(paymentMethod, input.collectedAtDoor)) continue
    if (amountKurus === undefined) line.amountUnknown += 1
    else line.cashToCollectKurus += amountKurus
  }
  return [...lines.values()]
    .filter((line) => line.packages > 0)
    .sort((a, b) => a.name.localeCompare(b.name, 'tr'))
}
