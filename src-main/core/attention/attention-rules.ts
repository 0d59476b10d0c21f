// When an order needs staff, and when it rings (docs/decisions.md D70): pure, so each rule is tested on its own
// with times given by hand. The tracker (attention-tracker.ts) remembers what these rules need of the past.
import type { AttentionReason, AttentionSettings } from '../../../src-shared/attention.ts'
import type { BoardOrder, Handover } from '../../../src-shared/domain.ts'
import { handoverEligibility, RESTAURANT_COURIER } from '../../../src-shared/order-rules.ts'

/** Retrying by itself for longer than this, an order needs someone (the notification says "2 minutes"). */
export const RETRYING_TOO_LONG_MS = 2 * 60_000

/** An unconfirmed hand-over probably went through: it rings only if nobody checked the panel for this long. */
export const UNCONFIRMED_RINGS_AFTER_MS = 3 * 60_000

/** The alarm sounds again this often while an order rings and nobody acts. */
export const ALARM_REPEAT_MS = 20_000

const MINUTE_MS = 60_000

/** What the rules need to remember of an order's past; the tracker keeps it. */
export interface OrderMemory {
  /** When the order was first seen retrying, for as long as its hand-over stays owed. */
  retryingSince?: number
  /** When the order last came back to no hand-over (taken back, checked not handed over): staff acted then. */
  noneSince?: number
}

/**
 * What an order may come to need: from `at` on it needs staff for `reason`, and from `ringsAt` on (null: never)
 * the alarm rings for it.
 */
export interface Watch {
  reason: AttentionReason
  at: number
  ringsAt: number | null
}

/** The limits that apply: Settings' minutes. */
export type WaitingLimits = Pick<AttentionSettings, 'waitingLimitMinutes' | 'readyLimitMinutes'>

/**
 * The moment an order waiting for its hand-over has waited too long: the ready limit from when it was ready, or
 * the waiting limit from when it was added; counted again from when staff last brought it back to waiting.
 * Undefined when no limit applies.
 */
function waitingDeadline(
  order: Pick<BoardOrder, 'addedAt' | 'readyAt'>,
  noneSince: number | undefined,
  limits: WaitingLimits,
): number | undefined {
  let from: number
  let minutes: number
  if (order.readyAt !== undefined && limits.readyLimitMinutes !== null) {
    from = Date.parse(order.readyAt)
    minutes = limits.readyLimitMinutes
  } else if (limits.waitingLimitMinutes !== null) {
    from = Date.parse(order.addedAt)
    minutes = limits.waitingLimitMinutes
  } else {
    return undefined
  }
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, `undefined > from` is false, and an equal `noneSince` sets the same `from`
  if (noneSince !== undefined && noneSince > from) from = noneSince
  return from + minutes * MINUTE_MS
}

/**
 * What an order may come to need, from its hand-over and its past; undefined when nothing can (handed over, on
 * its way, pickup, a platform courier, an order whose courier is not known, no limit set).
 */
export function watchOf(order: BoardOrder, memory: OrderMemory, limits: WaitingLimits): Watch | undefined {
  const { handover } = order
  switch (handover.state) {
    case 'failed': {
      const at = Date.parse(handover.at)
      return { reason: 'failed', at, ringsAt: at }
    }
    case 'unconfirmed': {
      const at = Date.parse(handover.at)
      return { reason: 'unconfirmed', at, ringsAt: at + UNCONFIRMED_RINGS_AFTER_MS }
    }
    case 'retrying':
    case 'sending':
    case 'queued':
      // The app keeps trying by itself: staff should look at the network, but nobody forgot the order.
      if (memory.retryingSince === undefined) return undefined
      return { reason: 'retrying-too-long', at: memory.retryingSince + RETRYING_TOO_LONG_MS, ringsAt: null }
    case 'none': {
      // Only where the app knows the restaurant's courier delivers it: never a false alarm for a pickup.
      if (!restaurantDelivers(order)) return undefined
      const deadline = waitingDeadline(order, memory.noneSince, limits)
      return deadline === undefined
        ? undefined
        : { reason: 'waiting-too-long', at: deadline, ringsAt: deadline }
    }
    // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, a state no case takes ends the switch with undefined too
    case 'handed-over':
      return undefined
  }
}

/**
 * The restaurant's courier delivers it: eligible (a restaurant-courier delivery), or, with its shipping method not
 * said, known to be ours by its courier type or a courier of ours named for it. A typed order gives a courier type
 * or a courier and rarely a shipping method, and our courier does not take a pickup.
 */
function restaurantDelivers(order: BoardOrder): boolean {
  const eligibility = handoverEligibility(order)
  if (eligibility !== 'unknown') return eligibility === 'eligible'
  if (order.shippingMethod !== undefined) return false
  // A platform courier type was answered above: the type here is ours or not given.
  return order.courierType === RESTAURANT_COURIER || order.courier !== undefined
}

/** How the memory follows a change of an order's hand-over seen at `now`. */
export function rememberChange(
  memory: OrderMemory,
  before: Handover['state'] | undefined,
  after: Handover['state'],
  now: number,
): void {
  if (after === 'retrying') memory.retryingSince ??= now
  // Between two retries the order is `sending` (or `queued` after Şimdi dene): it has not stopped retrying.
  else if (after !== 'sending' && after !== 'queued') delete memory.retryingSince
  if (after === 'none' && before !== undefined && before !== 'none') memory.noneSince = now
}
