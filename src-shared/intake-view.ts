/**
 * What the world outside the app sees of an order that came in through the POS intake (D45): the public
 * view the local intake API answers, and where an order came from. Free of zod (like order-rules.ts) so the
 * renderer can show an order's source without bundling it.
 */
import type { BoardOrder, Handover } from './domain.ts'
import { handoverEligibility, shortCodeOf } from './order-rules.ts'

/** Every way an order reaches the board; the board shows it beside the order. */
export const ORDER_SOURCES = ['pos-api', 'link', 'command-line', 'drop-folder', 'typed'] as const
export type OrderSource = (typeof ORDER_SOURCES)[number]

/** The hand-over states the API names; stable for integrators, unlike the outbox's own. */
export type PublicOrderState =
  | 'waiting' // on the board, no hand-over asked for yet
  | 'sending' // asked for; written down and on its way to the platform
  | 'retrying' // owed: sent again by itself (after a passing failure, or once staff sign in again)
  | 'handed-over' // the platform answered `status: true` (D5)
  | 'failed' // the platform refused it: staff must look
  | 'unconfirmed' // probably reached the platform, but it never said so: staff check its panel

/** The order as the intake API answers it: nothing else of the order, and never a secret. */
export interface PublicOrderView {
  payment_key: string
  /** The code staff read aloud across the counter, as the board shows it. */
  short_code: string
  state: PublicOrderState
  /** D5: false when the order is known to be pickup or platform-courier, so it offers no hand-over. */
  eligible: boolean
  /** ISO time of the latest change the app knows of. */
  updated_at: string
  /** The account it belongs to, by short name (issue 29); left out when the app has none yet. */
  account?: string
}

export function publicStateOf(handover: Handover): PublicOrderState {
  switch (handover.state) {
    case 'none':
      return 'waiting'
    case 'queued':
      // Held until sign-in is owed and goes by itself, as a retry does; otherwise it is about to be sent.
      return handover.waitingForSignIn ? 'retrying' : 'sending'
    case 'sending':
    case 'retrying':
    case 'handed-over':
    case 'failed':
    case 'unconfirmed':
      return handover.state
  }
}

/**
 * The public view of a board order. `changedAt` is when the app last saw the order change (a merge of new
 * details, a hand-over step without a time of its own such as `retrying`); the latest known time wins.
 */
export function toPublicOrderView(order: BoardOrder, changedAt?: string, account?: string): PublicOrderView {
  const eligibility = handoverEligibility(order)
  return {
    payment_key: order.paymentKey,
    short_code: shortCodeOf(order.paymentKey),
    state: publicStateOf(order.handover),
    eligible: eligibility !== 'pickup' && eligibility !== 'platform-courier',
    updated_at: latestIso([order.addedAt, handoverTimeOf(order.handover), changedAt]),
    ...(account === undefined ? {} : { account }),
  }
}

/** When the hand-over reached its state, where the state says; a retry's time is its next attempt, not a change. */
function handoverTimeOf(handover: Handover): string | undefined {
  switch (handover.state) {
    case 'queued':
    case 'sending':
      return handover.since
    case 'handed-over':
    case 'failed':
    case 'unconfirmed':
      return handover.at
    case 'none':
    case 'retrying':
      return undefined
  }
}

function latestIso(times: (string | undefined)[]): string {
  let latest = Number.NEGATIVE_INFINITY
  for (const time of times) {
    const ms = time === undefined ? Number.NaN : Date.parse(time)
    if (ms > latest) latest = ms
  }
  return new Date(latest).toISOString()
}
