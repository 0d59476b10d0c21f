/**
 * Rules about orders that both sides apply, free of zod so the renderer bundle stays small.
 */
export const RESTAURANT_COURIER = 'restaurant'

/** What may be known of an order (D7): all optional. */
export interface OrderFacts {
  shippingMethod?: string | undefined
  courierType?: string | undefined
}

/**
 * An id as the platform gives them (a branch's): 1–64 visible characters, none of them a space, a control, a
 * format (bidi, zero-width), a lone surrogate, a private-use, an unassigned or another default-ignorable code
 * point. Checked whatever else is known (issue 27.4): it reaches the day-end's screen, slip and CSV as sent.
 */
const VISIBLE_ID = /^[^\p{Z}\p{C}\p{Default_Ignorable_Code_Point}]{1,64}$/u

export function isVisibleId(text: string): boolean {
  return VISIBLE_ID.test(text)
}

/** A code staff can read aloud across a counter: the key's last six hex digits, upper-case, in two groups. */
export function shortCodeOf(paymentKey: string): string {
  const tail = paymentKey.replace(/-/g, '').slice(-6).toUpperCase()
  return `${tail.slice(0, 3)}-${tail.slice(3)}`
}

/**
 * The outbox still owes the platform this hand-over: it is on its way, or will be by itself. The board may not
 * drop such an order, and tray and badge count it.
 */
export function isOwed(handover: { state: string }): boolean {
  return handover.state === 'queued' || handover.state === 'sending' || handover.state === 'retrying'
}

export type HandoverEligibility = 'eligible' | 'unknown' | 'pickup' | 'platform-courier'

/**
 * D5: where the app knows the courier type or shipping method, "Kuryeye Verildi" is offered only for
 * restaurant-courier delivery orders; where it knows neither, it sends and shows the platform's answer.
 */
export function handoverEligibility(order: OrderFacts): HandoverEligibility {
  if (order.shippingMethod === 'pickup') return 'pickup'
  if (order.courierType !== undefined && order.courierType !== RESTAURANT_COURIER) return 'platform-courier'
  if (order.courierType === RESTAURANT_COURIER && order.shippingMethod === 'delivery') return 'eligible'
  return 'unknown'
}
