import {
  CASH_PAYMENT_KEY,
  DEFAULT_COLLECTED_AT_DOOR,
  doorTenderOf,
  paymentMethodKey,
} from '../../../src-shared/courier-rules.ts'
import { handoverEligibility, type OrderFacts } from '../../../src-shared/order-rules.ts'

/**
 * The courier collects the order's amount at the door only when the one rule of the tender at the door
 * (courier-rules' `doorTenderOf`, which the core's settlement follows too) says cash *and* our courier delivers
 * it: a pickup order is paid at the counter, a platform-courier order is the platform's courier's business. Where
 * the payment method is not known nothing is said rather than guessed (an unwarranted "collect cash" would make
 * the courier ask a customer who already paid by card). One rule for the card, the slip and the manifest.
 */
export function courierCollectsAtDoor(
  order: OrderFacts & { paymentMethod?: string | undefined; doorMethod?: string | undefined },
  collectedAtDoor: readonly string[] = DEFAULT_COLLECTED_AT_DOOR,
): boolean {
  if (doorTenderOf(order.paymentMethod, order.doorMethod, collectedAtDoor) !== 'cash') return false
  const eligibility = handoverEligibility(order)
  return eligibility !== 'pickup' && eligibility !== 'platform-courier'
}

/** The method collected at the door is cash itself (the slip and the card then say "nakit"). */
export function isCash(paymentMethod: string | undefined): boolean {
  return paymentMethod !== undefined && paymentMethodKey(paymentMethod) === CASH_PAYMENT_KEY
}
