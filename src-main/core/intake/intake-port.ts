/**
 * What the intake's ways in (the API, a link, the command line, the drop folder) need of the app: the board's
 * one add path and the outbox's one hand-over. The core's IntakeArea is the one implementation.
 */
import type { OrderSource, PublicOrderView } from '../../../src-shared/intake-view.ts'
import type { PublicDayEnd } from '../couriers/courier-day.ts'
import type { PosCash, PublicCashRecord } from '../couriers/pos-cash.ts'
import type { IntakeOrder } from './order-input.ts'

export interface IntakePort {
  /**
   * Adds the order, or merges what is new into the one already on the board by the board's rule (its
   * hand-over stays; only the POS's API and staff may change what is known, D71). `created` is true only when
   * the order was not on the board before. Never hands over.
   */
  addOrder(order: IntakeOrder, source: OrderSource): Promise<{ view: PublicOrderView; created: boolean }>
  /** The order's public view, or undefined when it is not on the board. `paymentKey` is lower-case. */
  getOrder(paymentKey: string): PublicOrderView | undefined
  /**
   * "Kuryeye Verildi" exactly as the button asks for it: through the durable outbox, exactly once. Resolves as
   * soon as the intent is in the journal (not after the platform answered) with the view at that moment; an
   * order already handed over resolves with its view and sends nothing. Rejects with the core's AppFailure:
   * `invalid-input` + `unknown-order` (→ 404), `not-eligible` (→ 409), `already-sending` (→ 202 with the
   * current view: the hand-over asked for earlier is still on its way, nothing is sent twice). `courier` names
   * who takes it (a working courier's name): refused `unknown-courier`, or `courier-required` when Settings
   * require one and none is named (→ 422); nothing is written or sent then (D65).
   */
  handOver(paymentKey: string, courier?: string): Promise<PublicOrderView>
  /** `GET /v1/day-end`: the courier settlement of a day (`YYYY-MM-DD`, today when left out; D65). */
  dayEnd(day?: string): PublicDayEnd
  /**
   * `POST /v1/couriers/cash` (issue 28): a courier's cash movement under the POS's request id; `created` false
   * when the same request was recorded before (nothing written). Rejects with the courier's refusals:
   * `unknown-courier` / `courier-retired`, `id-reused` (another body under a used id), `day-full`.
   */
  courierCash(cash: PosCash): { record: PublicCashRecord; created: boolean }
  /**
   * `POST /v1/orders/{payment_key}/door-payment`: what the customer paid at the door. The order's view, or
   * undefined when it is not on the board; rejects `method-not-listed` for a method the platform does not list.
   */
  doorPayment(paymentKey: string, method: string): Promise<PublicOrderView | undefined>
  /**
   * The order is ready for the courier (D70): the waiting limit counts from now; marked again, the first time
   * stands. The view, or undefined when the order is not on the board.
   */
  markReady(paymentKey: string): PublicOrderView | undefined
  /** For `GET /v1/health`, which needs no key: nothing more than this. */
  health(): IntakeHealth
  /** The Settings switch: may the API hand over? Read on every request, so a change applies at once. */
  handoverAllowed(): boolean
}

export interface IntakeHealth {
  signedIn: boolean
  /** Hand-overs the outbox still owes the platform (queued, sending or retrying). */
  owed: number
  /** Each account by short name and whether it is signed in (issue 29); nothing secret. */
  accounts?: { account: string; signedIn: boolean }[]
}

/** Checks a presented intake key; the current key is read on every request, so a rotation applies at once. */
export interface IntakeKeyCheck {
  matches(candidate: string): boolean
}
