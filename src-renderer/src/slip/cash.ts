import { DEFAULT_COLLECTED_AT_DOOR, isCollectedAtDoor } from '../../../src-shared/courier-rules.ts'
import { handoverEligibility, type OrderFacts } from '../../../src-shared/order-rules.ts'

/**
 * The platform's payment method key for cash: its spec lists `CASH` ("Nakit", "cash paid on delivery") and the
 * mock's demo data uses the same key. We compare the key, never the display name: names are the platform's
 * words and may change or be translated, the key is the machine identifier an order's `payment_type` holds.
 */
const CASH_PAYMENT_KEY = 'CASH'

/**
 * The courier collects the order's amount at the door only when it is paid by a method Settings say is
 * collected at the door (`collectedAtDoor`, `CASH` by default; courier-rules' isCollectedAtDoor) *and* our
 * courier delivers it: a pickup order is paid at the counter, a platform-courier order is the platform's
 * courier's business. Where the payment method is not known nothing is said rather than guessed (an unwarranted
 * "collect cash" would make the courier ask a customer who already paid by card). One rule for the card, the
 * slip and the manifest.
 */
export function courierCollectsAtDoor(
  order: OrderFacts & { paymentMethod?: string | undefined },
  collectedAtDoor: readonly string[] = DEFAULT_COLLECTED_AT_DOOR,
): boolean {
  if (!isCollectedAtDoor(order.paymentMethod, collectedAtDoor)) return false
  const eligibility = handoverEligibility(order)
  return eligibility !== 'pickup' && eligibility !== 'platform-courier'
}

/** The method collected at the door is cash itself (the slip and the card then say "nakit"). */
export function isCash(paymentMethod: string | undefined): boolean {
  return paymentMethod?.trim().toUpperCase() === CASH_PAYMENT_KEY
}
