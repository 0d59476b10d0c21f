// The board's own storage (docs/decisions.md D56): an append-only log of changes, one fsync'd line per add,
// change or removal, instead of the whole board rewritten into settings.json on every change. Read back at
// start, it is rewritten (write-new + fsync + rename) as one line per order still on the board once it holds
// many more lines than orders.
import { z } from 'zod'
import { BoardOrder } from '../../../src-shared/domain.ts'
import { describeThrown } from '../app-failure.ts'
import type { KeyValueStore, Logger } from '../ports.ts'
import type { Journal } from '../storage/journal.ts'

/** Where versions before D56 kept the board, inside settings.json. */
export const LEGACY_BOARD_KEY = 'board.orders'

const BoardChange = z.discriminatedUnion('op', [
  z.object({ op: z.literal('put'), order: BoardOrder }),
  z.object({ op: z.literal('remove'), paymentKey: z.string() }),
])
type BoardChange = z.infer<typeof BoardChange>

/** The log is rewritten once it holds this many lines more than twice the orders on the board. */
const SLACK_LINES = 200

export class BoardLog {
  readonly #journal: Journal
  readonly #log: Logger
  #lines = 0

  constructor(journal: Journal, log: Logger) {
    this.#journal = journal
    this.#log = log
  }

  /**
   * The board as the log tells it. On the first start after D56 the log is empty and settings.json still holds
   * the board: it is written to the log first, and only then removed from settings.json, so a crash between
   * the two leaves it in both, and the log (no longer empty) wins at the next start.
   */
  open(legacy: KeyValueStore): Map<string, BoardOrder> {
    const raw = this.#journal.read()
    const orders = new Map<string, BoardOrder>()
    let unreadable = 0
    for (const item of raw) {
      const parsed = BoardChange.safeParse(item)
      if (!parsed.success) unreadable += 1
      else if (parsed.data.op === 'put') orders.set(parsed.data.order.paymentKey, parsed.data.order)
      else orders.delete(parsed.data.paymentKey)
    }
    if (unreadable > 0) this.#log.warn('board: log lines it cannot read were skipped', { unreadable })
    this.#lines = raw.length
    if (raw.length === 0) this.#migrate(legacy, orders)
    else if (legacy.get(LEGACY_BOARD_KEY) !== undefined) legacy.delete(LEGACY_BOARD_KEY)
    // At start a rewrite is one write: the log begins each run as one line per order.
    if (this.#lines > orders.size) this.#compact(orders)
    return orders
  }

  put(order: BoardOrder, all: ReadonlyMap<string, BoardOrder>): void {
    this.#append({ op: 'put', order }, all)
  }

  /** `all` is the board before the removal: a rewrite this causes leaves the removed order out. */
  remove(paymentKey: string, all: ReadonlyMap<string, BoardOrder>): void {
    this.#journal.append({ op: 'remove', paymentKey })
    this.#lines += 1
    if (this.#lines > 2 * all.size + SLACK_LINES) {
      this.#compact(new Map([...all].filter(([key]) => key !== paymentKey)))
    }
  }

  /** `all` is the board before the change: a rewrite this causes includes `order` as it now is. */
  #append(change: Extract<BoardChange, { op: 'put' }>, all: ReadonlyMap<string, BoardOrder>): void {
    this.#journal.append(change)
    this.#lines += 1
    if (this.#lines > 2 * all.size + SLACK_LINES) {
      this.#compact(new Map([...all, [change.order.paymentKey, change.order]]))
    }
  }

  #migrate(legacy: KeyValueStore, orders: Map<string, BoardOrder>): void {
    const saved = legacy.get(LEGACY_BOARD_KEY)
    if (saved === undefined) return
    const parsed = z.array(BoardOrder).safeParse(saved)
    for (const order of parsed.success ? parsed.data : []) orders.set(order.paymentKey, order)
    if (!parsed.success) this.#log.warn('board: the board in settings.json could not be read; not moved')
    this.#rewrite(orders)
    legacy.delete(LEGACY_BOARD_KEY)
    this.#log.info('board: moved from settings.json to its own log', { orders: orders.size })
  }

  #compact(orders: ReadonlyMap<string, BoardOrder>): void {
    try {
      this.#rewrite(orders)
    } catch (error) {
      // The log as it was is still whole; the next change tries again.
      this.#log.warn('board: could not compact its log', { error: describeThrown(error) })
    }
  }

  #rewrite(orders: ReadonlyMap<string, BoardOrder>): void {
    const changes: BoardChange[] = [...orders.values()].map((order) => ({ op: 'put', order }))
    this.#journal.replace(changes)
    this.#lines = changes.length
  }
}
