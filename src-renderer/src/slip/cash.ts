import { handoverEligibility, type OrderFacts } from '../../../src-shared/order-rules.ts'

/**
 * The platform's payment method key for cash: its spec lists `CASH` ("Nakit", "cash paid on delivery") and the
 * mock's demo data uses the same key. We compare the key, never the display name: names are the platform's
 * words and may change or be translated, the key is the machine identifier an order's `payment_type` holds.
 */
export const CASH_PAYMENT_KEY = 'CASH'

/**
 * The courier has cash to collect only when the order is paid in cash on delivery *and* our courier delivers
 * it: a pickup order is paid at the counter, a platform-courier order is the platform's courier's business.
 * Where the payment method is not known the slip says nothing rather than guess (an unwarranted "collect
 * cash" would make the courier ask a customer who already paid by card). Same rule as the order card's note.
 */
export function courierCollectsCash(order: OrderFacts & { paymentMethod?: string | undefined }): boolean {
  if (order.paymentMethod !== CASH_PAYMENT_KEY) return false
  const eligibility = handoverEligibility(order)
  return eligibility !== 'pickup' && eligibility !== 'platform-courier'
}
