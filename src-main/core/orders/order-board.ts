import { z } from 'zod'
import { BoardOrder, type Handover, type OrderDetails } from '../../../src-shared/domain.ts'
import { invalidInput } from '../app-failure.ts'
import type { Clock, KeyValueStore } from '../ports.ts'

const BOARD_KEY = 'board.orders'

/**
 * The orders staff put on the board (D7), keyed by lower-case payment_key, in the order they were added.
 * Every change of the board itself is persisted before it is announced, so the board survives a restart.
 */
export class OrderBoard {
  readonly #store: KeyValueStore
  readonly #clock: Clock
  readonly #onChange: (paymentKey: string, order: BoardOrder | null) => void
  readonly #orders = new Map<string, BoardOrder>()

  constructor(
    store: KeyValueStore,
    clock: Clock,
    onChange: (paymentKey: string, order: BoardOrder | null) => void,
  ) {
    this.#store = store
    this.#clock = clock
    this.#onChange = onChange
    const saved = z.array(BoardOrder).safeParse(store.get(BOARD_KEY))
    for (const order of saved.success ? saved.data : []) this.#orders.set(order.paymentKey, order)
  }

  list(): BoardOrder[] {
    return [...this.#orders.values()]
  }

  get(paymentKey: string): BoardOrder | undefined {
    return this.#orders.get(paymentKey)
  }

  require(paymentKey: string): BoardOrder {
    const order = this.#orders.get(paymentKey)
    if (!order) throw invalidInput('unknown-order')
    return order
  }

  /** Adds an order, or fills in what is newly known of one already on the board (its hand-over stays). */
  add(paymentKey: string, details: OrderDetails): BoardOrder {
    const existing = this.#orders.get(paymentKey)
    const order: BoardOrder = existing
      ? { ...existing, ...details }
      : {
          paymentKey,
          ...details,
          addedAt: new Date(this.#clock.now()).toISOString(),
          handover: { state: 'none' },
        }
    this.#put(order)
    return order
  }

  remove(paymentKey: string): void {
    if (!this.#orders.delete(paymentKey)) throw invalidInput('unknown-order')
    this.#persist()
    this.#onChange(paymentKey, null)
  }

  /**
   * Shows a hand-over's state. Not written to disk here: the outbox's fsync'd journal is the truth about
   * hand-overs and puts them back on the board at start, so rewriting the whole board on every state change
   * would only cost a disk flush per step of every hand-over.
   */
  setHandover(paymentKey: string, handover: Handover): BoardOrder {
    const order = { ...this.require(paymentKey), handover }
    this.#orders.set(paymentKey, order)
    this.#onChange(paymentKey, order)
    return order
  }

  #put(order: BoardOrder): void {
    this.#orders.set(order.paymentKey, order)
    this.#persist()
    this.#onChange(order.paymentKey, order)
  }

  #persist(): void {
    this.#store.set(BOARD_KEY, this.list())
  }
}
