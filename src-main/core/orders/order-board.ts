import { z } from 'zod'
import { BoardOrder, OrderDetails, type Handover } from '../../../src-shared/domain.ts'
import type { OrderSource } from '../../../src-shared/intake-view.ts'
import { describeThrown, invalidInput } from '../app-failure.ts'
import type { Clock, KeyValueStore, Logger } from '../ports.ts'
import type { Journal } from '../storage/journal.ts'

/**
 * How long an order staff took off the board can be put back as it was (`Geri al`, D41). The screen offers it
 * for 5 s; the core keeps it a little longer, so a press at the last moment is not refused.
 */
export const RESTORE_WINDOW_MS = 15_000

/** Where versions before D56 kept the board, inside settings.json. */
const LEGACY_BOARD_KEY = 'board.orders'

/** One line of the board's log. */
const BoardChange = z.discriminatedUnion('op', [
  z.object({ op: z.literal('put'), order: BoardOrder }),
  z.object({ op: z.literal('remove'), paymentKey: z.string() }),
])
type BoardChange = z.infer<typeof BoardChange>

/** The log is rewritten once it holds this many lines more than twice the orders on the board. */
const SLACK_LINES = 200

export interface OrderBoardDeps {
  /** Where versions before D56 kept the board (settings.json); moved to `boardLog` at the first start. */
  store: KeyValueStore
  clock: Clock
  /** Told of every change, after it is persisted: the order as it now is, or null once it left the board. */
  onChange: (paymentKey: string, order: BoardOrder | null) => void
  /** The board's own log (D56). */
  boardLog: Journal
  log: Logger
  /**
   * Whose an order is (issue 29): an order added without an account goes to the default account, and one kept
   * from before accounts is the first account's. Left out (tests of one account), orders carry none.
   */
  accounts?: { readonly firstId: string; readonly defaultId: string }
}

/**
 * The orders staff put on the board (D7), keyed by lower-case payment_key, in the order they were added.
 * Every change of the board itself is persisted before it is announced, so the board survives a restart: one
 * fsync'd line appended to its own log per add, change or removal (docs/decisions.md D56), never settings.json
 * rewritten whole. Read back at start, the log is rewritten (write-new + fsync + rename) as one line per order
 * still on the board once it holds many more lines than orders.
 */
export class OrderBoard {
  readonly #clock: Clock
  readonly #onChange: (paymentKey: string, order: BoardOrder | null) => void
  readonly #journal: Journal
  readonly #log: Logger
  readonly #accounts: OrderBoardDeps['accounts']
  readonly #orders = new Map<string, BoardOrder>()
  /** The lines in the board's log, to know when to rewrite it. */
  #lines = 0
  /** Orders staff took off the board, kept in memory for RESTORE_WINDOW_MS (a restart forgets them). */
  readonly #takenOff = new Map<string, { order: BoardOrder; at: number }>()

  constructor({ store, clock, onChange, boardLog, log, accounts }: OrderBoardDeps) {
    this.#accounts = accounts
    this.#clock = clock
    this.#onChange = onChange
    this.#journal = boardLog
    this.#log = log
    this.#open(store)
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

  /**
   * Adds an order, or merges what `source` says of one already on the board (its hand-over stays, and so does
   * where it first came from). Staff and the POS's keyed API may change what is known; a link, the command
   * line and the drop folder only fill what is still unknown, and a change they offer is kept on the order as
   * `refusedChange` for the card to show (D71).
   */
  add(
    paymentKey: string,
    details: OrderDetails,
    source: OrderSource = 'typed',
    account?: string,
  ): BoardOrder {
    const existing = this.#orders.get(paymentKey)
    // One payment key, one account: an order already on the board under another account is refused, never moved
    // (its hand-over may be owed with that account's token).
    if (existing && account !== undefined && existing.account !== account) {
      throw invalidInput('order-other-account')
    }
    const owner = account ?? this.#accounts?.defaultId
    const order: BoardOrder = existing
      ? mergedInto(existing, details, source, new Date(this.#clock.now()).toISOString())
      : {
          paymentKey,
          ...(owner === undefined ? {} : { account: owner }),
          ...details,
          addedAt: new Date(this.#clock.now()).toISOString(),
          handover: { state: 'none' },
          source,
        }
    this.#put(order)
    return order
  }

  /**
   * The order goes to another account, while nothing has been sent for it (issue 29: one press on the card);
   * the outbox refuses it too while a hand-over is owed.
   */
  setAccount(paymentKey: string, account: string): BoardOrder {
    const order = this.require(paymentKey)
    if (order.account === account) return order
    if (order.handover.state !== 'none') throw invalidInput('already-sending')
    const moved: BoardOrder = { ...order, account }
    this.#put(moved)
    return moved
  }

  /** How many orders on the board are this account's. */
  countOf(account: string): number {
    let count = 0
    for (const order of this.#orders.values()) if (order.account === account) count++
    return count
  }

  /**
   * Takes an order off the board, for good at once (the removal is in the log before it is announced, so it
   * stands if the app stops); `undoable` keeps it a short while for `restore`.
   */
  remove(paymentKey: string, options: { undoable?: boolean } = {}): void {
    const order = this.require(paymentKey)
    this.#write({ op: 'remove', paymentKey })
    if (options.undoable) this.#keepForRestore(order)
    this.#onChange(paymentKey, null)
  }

  /** Puts back, as it was, an order taken off with `undoable` less than RESTORE_WINDOW_MS ago. */
  restore(paymentKey: string): BoardOrder {
    const onBoard = this.#orders.get(paymentKey)
    if (onBoard) return onBoard
    this.#forgetOldRemovals()
    const taken = this.#takenOff.get(paymentKey)
    this.#takenOff.delete(paymentKey)
    if (!taken) throw invalidInput('undo-window-over')
    this.#put(taken.order)
    return taken.order
  }

  #keepForRestore(order: BoardOrder): void {
    // Stryker disable next-line CallExpression: restore forgets them too; here it only keeps the map small
    this.#forgetOldRemovals()
    this.#takenOff.set(order.paymentKey, { order, at: this.#clock.now() })
  }

  /** Removals older than RESTORE_WINDOW_MS cannot be put back: forgotten, so the map holds a few seconds' worth. */
  #forgetOldRemovals(): void {
    const now = this.#clock.now()
    for (const [key, taken] of this.#takenOff) {
      if (now - taken.at > RESTORE_WINDOW_MS) this.#takenOff.delete(key)
    }
  }

  /**
   * Shows a hand-over's state. Written to the board's log only once it is final: the outbox's fsync'd journal
   * is the truth while a hand-over is owed and puts it back on the board at start, but forgets it once it is
   * settled and compacted away (D55).
   */
  setHandover(paymentKey: string, handover: Handover): BoardOrder {
    const order = { ...this.require(paymentKey), handover }
    // A final state is kept in the board's log, as the journal forgets it once compacted. (The lists of states
    // and sources sit inside their functions: Stryker's mutants of module-level values never take effect,
    // docs/development.md.)
    const final = ['handed-over', 'failed', 'unconfirmed'].includes(handover.state)
    if (final) this.#write({ op: 'put', order })
    else this.#orders.set(paymentKey, order)
    this.#onChange(paymentKey, order)
    return order
  }

  /**
   * The order is ready for the courier (docs/decisions.md D70): the time is kept with the order, and the waiting
   * limit counts from it. Marked again, it keeps the first time: a POS that repeats itself does not reset it.
   */
  markReady(paymentKey: string): BoardOrder {
    const order = this.require(paymentKey)
    if (order.readyAt !== undefined) return order
    const ready: BoardOrder = { ...order, readyAt: new Date(this.#clock.now()).toISOString() }
    this.#put(ready)
    return ready
  }

  /** Takes handed-over orders off the board whose hand-over `hasLeft` says is old enough; returns how many. */
  removeHandedOver(hasLeft: (handedOverAt: number) => boolean): number {
    let removed = 0
    for (const order of this.list()) {
      if (order.handover.state !== 'handed-over' || !hasLeft(Date.parse(order.handover.at))) continue
      this.remove(order.paymentKey)
      removed += 1
    }
    return removed
  }

  #put(order: BoardOrder): void {
    this.#write({ op: 'put', order })
    this.#onChange(order.paymentKey, order)
  }

  /**
   * A change, in the log first (a failed write changes nothing), then on the board; the caller announces it.
   * The log is rewritten once it holds more than twice as many lines as orders, plus SLACK_LINES.
   */
  #write(change: BoardChange): void {
    this.#journal.append(change)
    this.#lines += 1
    this.#apply(change)
    if (this.#lines > 2 * this.#orders.size + SLACK_LINES) this.#compact()
  }

  #apply(change: BoardChange): void {
    if (change.op === 'put') this.#orders.set(change.order.paymentKey, this.#withAccount(change.order))
    else this.#orders.delete(change.paymentKey)
  }

  /** An order kept from before accounts is the first account's (issue 29). */
  #withAccount(order: BoardOrder): BoardOrder {
    const first = this.#accounts?.firstId
    return order.account !== undefined || first === undefined ? order : { ...order, account: first }
  }

  /**
   * The board as the log tells it. On the first start after D56 the log is empty and settings.json still holds
   * the board: it is written to the log first, and only then removed from settings.json, so a crash between
   * the two leaves it in both, and the log (no longer empty) wins at the next start.
   */
  #open(legacy: KeyValueStore): void {
    const raw = this.#journal.read()
    let unreadable = 0
    for (const item of raw) {
      const parsed = BoardChange.safeParse(item)
      if (parsed.success) this.#apply(parsed.data)
      else unreadable += 1
    }
    if (unreadable > 0) this.#log.warn('board: log lines it cannot read were skipped', { unreadable })
    this.#lines = raw.length
    if (raw.length === 0) this.#migrate(legacy)
    else if (legacy.get(LEGACY_BOARD_KEY) !== undefined) legacy.delete(LEGACY_BOARD_KEY)
    // At start a rewrite is one write: the log begins each run as one line per order.
    if (this.#lines > this.#orders.size) this.#compact()
  }

  #migrate(legacy: KeyValueStore): void {
    const saved = legacy.get(LEGACY_BOARD_KEY)
    if (saved === undefined) return
    const parsed = z.array(BoardOrder).safeParse(saved)
    for (const order of parsed.success ? parsed.data : []) {
      this.#orders.set(order.paymentKey, this.#withAccount(order))
    }
    if (!parsed.success) this.#log.warn('board: the board in settings.json could not be read; not moved')
    this.#rewrite()
    legacy.delete(LEGACY_BOARD_KEY)
    this.#log.info('board: moved from settings.json to its own log', { orders: this.#orders.size })
  }

  #compact(): void {
    try {
      this.#rewrite()
    } catch (error) {
      // The log as it was is still whole; the next change tries again.
      this.#log.warn('board: could not compact its log', { error: describeThrown(error) })
    }
  }

  #rewrite(): void {
    const changes: BoardChange[] = [...this.#orders.values()].map((order) => ({ op: 'put', order }))
    this.#journal.replace(changes)
    this.#lines = changes.length
  }
}

/** Every detail an order can carry: what is known of it is never changed by another way in. */
const DETAIL_FIELDS = OrderDetails.keyof().options

function mergedInto(
  existing: BoardOrder,
  details: OrderDetails,
  source: OrderSource,
  at: string,
): BoardOrder {
  // The ways in that may change what is known of an order: staff at the till, and the POS through its key. A
  // change of a known fact is a correction, and the card says so (issue 27.3).
  if (source === 'typed' || source === 'pos-api') {
    const changed = DETAIL_FIELDS.filter(
      (field) =>
        existing[field] !== undefined && details[field] !== undefined && details[field] !== existing[field],
    )
    const corrected = { ...existing, ...details }
    if (changed.length > 0) corrected.corrected = { source, fields: changed, at }
    return corrected
  }
  const merged: BoardOrder = { ...existing }
  const refused: (keyof OrderDetails)[] = []
  for (const field of DETAIL_FIELDS) {
    const offered = details[field]
    if (offered === undefined || offered === existing[field]) continue
    if (existing[field] === undefined) Object.assign(merged, { [field]: offered })
    else refused.push(field)
  }
  if (refused.length > 0) merged.refusedChange = { source, fields: refused, at }
  return merged
}
