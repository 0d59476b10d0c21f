/**
 * The IntakePort over the core's own parts (the board, the outbox, the session, Settings), given as plain
 * functions so it fits the core however it is arranged. The shells build one per core and hand it to the
 * intake server, the link/command-line handler and the drop folder.
 */
import type { BoardOrder, OrderDetails } from '../../../src-shared/domain.ts'
import { toPublicOrderView, type OrderSource } from '../../../src-shared/intake-view.ts'
import type { IntakeHealth, IntakePort } from './intake-port.ts'
import type { IntakeOrder } from './order-input.ts'

export interface BoardIntakeDependencies {
  /** `board.get`. */
  getOrder(paymentKey: string): BoardOrder | undefined
  /**
   * The board's one intake path: `board.add` + `outbox.showOnBoard`, recording where the order came from
   * (the board shows it). Adds, or merges what is new; never hands over.
   */
  addOrder(paymentKey: string, details: OrderDetails, source: OrderSource): BoardOrder
  /**
   * `outbox.handOver`: its refusals (AppFailure `unknown-order`, `not-eligible`, `already-sending`) come before
   * its first `await`, and so does the journal write; what follows is the first attempt at the platform.
   */
  press(paymentKey: string): Promise<BoardOrder>
  health(): IntakeHealth
  /** The Settings switch for hand-overs through the API. */
  handoverAllowed(): boolean
  now(): number
  /** A press's later failure, once the API has answered: logged, as the outbox shows it on the board anyway. */
  onBackgroundFailure?(error: unknown): void
}

export interface BoardIntakePort extends IntakePort {
  /** Call on every `orderChanged`: the view's `updated_at` follows changes without a time of their own. */
  noteChanged(paymentKey: string): void
  /** Call when an order leaves the board. */
  forget(paymentKey: string): void
}

export function createBoardIntakePort(deps: BoardIntakeDependencies): BoardIntakePort {
  const changedAt = new Map<string, string>()
  const viewOf = (order: BoardOrder) => toPublicOrderView(order, changedAt.get(order.paymentKey))
  const note = (paymentKey: string) => changedAt.set(paymentKey, new Date(deps.now()).toISOString())

  return {
    addOrder(order: IntakeOrder, source: OrderSource) {
      const created = deps.getOrder(order.paymentKey) === undefined
      const added = deps.addOrder(order.paymentKey, order.details, source)
      note(order.paymentKey)
      return Promise.resolve({ view: viewOf(added), created })
    },
    getOrder(paymentKey) {
      const order = deps.getOrder(paymentKey)
      return order ? viewOf(order) : undefined
    },
    async requestHandover(paymentKey) {
      const pressing = deps.press(paymentKey)
      let refusal: { error: unknown } | undefined
      pressing.catch((error: unknown) => {
        if (refusal === undefined) refusal = { error }
      })
      // A press refused at once is already rejected: its catch runs before this one turn of the microtask
      // queue ends. A press that is still pending has written its intent and is now talking to the platform.
      await Promise.resolve()
      if (refusal) throw refusal.error
      pressing.catch((error: unknown) => deps.onBackgroundFailure?.(error))
      const order = deps.getOrder(paymentKey)
      if (!order) throw new Error('intake: the order left the board while it was pressed')
      return viewOf(order)
    },
    health: () => deps.health(),
    handoverAllowed: () => deps.handoverAllowed(),
    noteChanged: note,
    forget: (paymentKey) => changedAt.delete(paymentKey),
  }
}
