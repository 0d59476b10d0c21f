// "Kuryeye Verildi", made durable (docs/decisions.md D17–D20). A press is written to the journal before anything
// is sent; every attempt is written before it goes out and its result before it is shown (HandoverAttempts), so
// after a dropped connection, a 503, a crash or a restart the journal says what is still owed. `handed-over` is
// shown only for a journalled `status: true`, and a refusal after a lost answer becomes `unconfirmed`, never
// claimed either way (D20). This class decides what staff may do: press, undo, try now, check, pause.
import type { HistoryQuery } from '../../../src-shared/contract.ts'
import {
  handoverEligibility,
  isOwed,
  type BoardOrder,
  type Handover,
  type HistoryEntry,
  type HistoryPage,
  type SessionStatus,
} from '../../../src-shared/domain.ts'
import { describeThrown, invalidInput } from '../app-failure.ts'
import type { Clock, Logger } from '../ports.ts'
import type { Session } from '../session/session.ts'
import { MemoryHistoryArchive, type HistoryArchive } from '../storage/history-archive.ts'
import type { Journal } from '../storage/journal.ts'
import { msUntilNextDay } from '../time/platform-day.ts'
import type { Outcome } from './attempt-outcome.ts'
import { HandoverAttempts, type Action } from './handover-attempts.ts'
import { allHistoryNewestFirst, historyPage, type HistorySource } from './history-query.ts'
import { COMPACT_AT_BYTES, compactIntoArchive, openCompacted } from './journal-compaction.ts'
import type { OrderBoard } from './order-board.ts'
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy.ts'

export interface HandoverOutboxOptions {
  journal: Journal
  board: OrderBoard
  /** A token for each attempt (with D3's re-login), whether there is one, and its changes (to resume on). */
  session: Pick<Session, 'isSignedOut' | 'withToken' | 'onChange'>
  clock: Clock
  log: Logger
  policy?: RetryPolicy
  /** In [0, 1): the backoff's jitter. */
  random?: () => number
  /** Where settled results go when the journal is compacted (D55); in memory when left out (tests). */
  archive?: HistoryArchive
  /** The platform's time zone: its days are History's days and the journal's day's turn. */
  timeZone?: () => string
  /** The journal is compacted while running once it is this large (bytes), and at every day's turn. */
  compactAtBytes?: number
  /** The undo window of a press, in ms (D40); read at each press. 0 (the default) sends at once. */
  undoWindowMs?: () => number
}

export class HandoverOutbox {
  readonly #journal: Journal
  readonly #board: OrderBoard
  readonly #session: HandoverOutboxOptions['session']
  readonly #clock: Clock
  readonly #log: Logger
  readonly #attempts: HandoverAttempts
  /** The latest action of each order, by payment key (held by the attempts). */
  readonly #actions: Map<string, Action>
  readonly #history: HistorySource
  readonly #compactAtBytes: number
  readonly #undoWindowMs: () => number
  #cancelDayTurn: () => void = () => undefined
  /** Staff's "Duraklat": presses are still journalled, nothing goes out until "Sürdür" (docs/decisions.md D51). */
  #paused = false
  readonly #stopFollowingSession: () => void

  constructor(options: HandoverOutboxOptions) {
    this.#journal = options.journal
    this.#board = options.board
    this.#session = options.session
    this.#clock = options.clock
    this.#log = options.log
    this.#attempts = new HandoverAttempts({
      ...options,
      backoff: { policy: options.policy ?? DEFAULT_RETRY_POLICY, random: options.random ?? Math.random },
      isPaused: () => this.#paused,
      afterSettle: () => {
        if (this.#journal.bytes() > this.#compactAtBytes) this.compact()
      },
    })
    this.#actions = this.#attempts.actions
    this.#history = {
      journal: options.journal,
      archive: options.archive ?? new MemoryHistoryArchive(),
      timeZone: options.timeZone ?? (() => 'Europe/Istanbul'),
    }
    this.#compactAtBytes = options.compactAtBytes ?? COMPACT_AT_BYTES
    this.#undoWindowMs = options.undoWindowMs ?? (() => 0)
    this.#open()
    this.#scheduleDayTurn()
    this.#stopFollowingSession = options.session.onChange((status) => this.#sendWhatWaitedForSignIn(status))
  }

  /** Sends what was left owing at the last stop; call once the session has had its chance to sign in again. */
  start(): void {
    for (const action of this.#actions.values()) {
      const { handover } = action
      if (handover.state === 'queued' && handover.sendAt !== undefined) {
        // A window that ran out while the app was stopped is over: the press stands and is sent now (D40).
        this.#attempts.schedule(action, Date.parse(handover.sendAt))
      } else if (handover.state === 'queued' && (!handover.waitingForSignIn || !this.#session.isSignedOut)) {
        void this.#attempts.send(action)
      } else if (handover.state === 'retrying') {
        this.#attempts.schedule(action, Date.parse(handover.nextAttemptAt))
      }
    }
  }

  /**
   * Staff pressed "Kuryeye Verildi". The intent is durable before this returns anything; the answer is the
   * order after the first attempt (handed over, retrying, failed…), or after the write when it must wait.
   */
  async handOver(paymentKey: string): Promise<BoardOrder> {
    const order = this.#board.require(paymentKey)
    const current = this.#actions.get(paymentKey)
    if (current && isOwed(current.handover)) throw invalidInput('already-sending')
    if (order.handover.state === 'handed-over') return order
    const eligibility = handoverEligibility(order)
    if (eligibility === 'pickup' || eligibility === 'platform-courier') throw invalidInput('not-eligible')

    // If this write fails, it throws: the press is refused and nothing is claimed.
    const windowMs = Math.max(0, this.#undoWindowMs())
    const sendAfter = windowMs > 0 ? new Date(this.#clock.now() + windowMs).toISOString() : undefined
    const action = this.#attempts.queue(order, 0, sendAfter)
    this.#attempts.show(action)
    if (sendAfter === undefined) await this.#attempts.send(action)
    else this.#attempts.schedule(action, Date.parse(sendAfter))
    return this.#board.require(paymentKey)
  }

  /** `Geri al`: a press still inside its undo window is taken back, durably; after it, nothing can be (D40). */
  withdraw(paymentKey: string): BoardOrder {
    const action = this.#actions.get(paymentKey)
    const { handover } = action ?? {}
    if (!action || handover?.state !== 'queued' || handover.sendAt === undefined || action.attempts > 0) {
      throw invalidInput('undo-window-over')
    }
    if (this.#attempts.isInFlight(action)) throw invalidInput('undo-window-over')
    this.#attempts.withdraw(action)
    return this.#board.require(paymentKey)
  }

  /** `Şimdi dene`: a hand-over waiting for its next try is tried now instead. */
  async sendNow(paymentKey: string): Promise<BoardOrder> {
    const action = this.#actions.get(paymentKey)
    const state = action?.handover.state
    if (!action || (state !== 'retrying' && state !== 'queued')) throw invalidInput('not-waiting')
    await this.#attempts.send(action)
    return this.#board.require(paymentKey)
  }

  /**
   * Staff checked an `unconfirmed` order on the platform's own panel and say whether it was handed over. The
   * answer is written as the action's last result, so History shows it (D42); "not handed over" frees the
   * order for a new press.
   */
  acknowledge(paymentKey: string, handedOver: boolean): BoardOrder {
    const action = this.#actions.get(paymentKey)
    if (!action || action.handover.state !== 'unconfirmed') throw invalidInput('not-unconfirmed')
    const outcome: Outcome = {
      result: handedOver ? 'checked-handed-over' : 'checked-not-handed-over',
      outcomeUnknown: false,
    }
    this.#attempts.settle(action, Math.max(1, action.attempts), outcome)
    return this.#board.require(paymentKey)
  }

  /** An order whose hand-over is still owed stays on the board: removing it would drop the staff's intent. */
  assertRemovable(paymentKey: string): void {
    const action = this.#actions.get(paymentKey)
    if (action && isOwed(action.handover)) throw invalidInput('already-sending')
  }

  /** After an order is (re)added to the board: it shows what the outbox knows of it. */
  showOnBoard(paymentKey: string): void {
    const action = this.#actions.get(paymentKey)
    if (action) this.#attempts.show(action)
  }

  /** A session that comes back sends what was held for it. */
  #sendWhatWaitedForSignIn(status: SessionStatus): void {
    if (status.state !== 'signed-in') return
    for (const action of this.#actions.values()) {
      if (action.handover.state === 'queued' && action.handover.waitingForSignIn)
        void this.#attempts.send(action)
    }
  }

  /** One page of one day's history, one row per order, read from disk now (D55). */
  listHistory(query: HistoryQuery): HistoryPage {
    return historyPage(this.#history, query)
  }

  /** Every history entry kept, newest first, read from disk now. */
  allHistory(): HistoryEntry[] {
    return allHistoryNewestFirst(this.#history)
  }

  /**
   * Moves settled results to the archive and forgets the actions the board no longer shows, so neither the
   * journal nor memory grows with the months (D55). A failure costs nothing: the journal is still whole.
   */
  compact(): void {
    try {
      compactIntoArchive({ ...this.#history, timeZone: this.#history.timeZone(), now: this.#clock.now() })
    } catch (error) {
      this.#log.warn('outbox: could not compact the journal', { error: describeThrown(error) })
    }
    this.#attempts.forgetSettledOffBoard()
  }

  /** Staff stopped sending for a while (e.g. during a network change): owed hand-overs wait, still journalled. */
  pauseSending(): void {
    this.#paused = true
  }

  /** Sending again: everything owed goes out now rather than at the end of its backoff. */
  resumeSending(): void {
    this.#paused = false
    this.retryOwedNow()
  }

  get isPaused(): boolean {
    return this.#paused
  }

  /**
   * After the computer wakes or the network comes back: owed hand-overs are tried now rather than at the end
   * of their backoff (a queued one held for sign-in still waits for it). Nothing while paused.
   */
  retryOwedNow(): void {
    if (this.#paused || this.#attempts.isDisposed) return
    const now = this.#clock.now()
    for (const action of this.#actions.values()) {
      const { handover } = action
      if (handover.state === 'retrying') void this.#attempts.send(action)
      else if (handover.state === 'queued' && !heldBack(handover, this.#session.isSignedOut, now)) {
        void this.#attempts.send(action)
      }
    }
  }

  /** How many hand-overs are still owed to the platform (queued, sending or retrying by itself). */
  countOwed(): number {
    let owed = 0
    for (const { handover } of this.#actions.values()) if (isOwed(handover)) owed++
    return owed
  }

  dispose(): void {
    this.#attempts.dispose()
    this.#stopFollowingSession()
    this.#cancelDayTurn()
  }

  /** Reads the journal back, records what a crash cut off, and brings the board in line with it. */
  #open(): void {
    const parts = { ...this.#history, timeZone: this.#history.timeZone(), now: this.#clock.now() }
    const { replay, nextSeq } = openCompacted(parts, this.#log)
    this.#attempts.load(replay.actions, nextSeq)
    for (const order of this.#board.list()) this.showOnBoard(order.paymentKey)
    this.#attempts.forgetSettledOffBoard()
  }

  /** At each day's turn in the platform's time zone, the journal is compacted (D55). */
  #scheduleDayTurn(): void {
    if (this.#attempts.isDisposed) return
    const delay = msUntilNextDay(this.#clock.now(), this.#history.timeZone())
    this.#cancelDayTurn = this.#clock.setTimer(delay, () => {
      this.compact()
      this.#scheduleDayTurn()
    })
  }
}

/**
 * A queued press that must still wait: held for a sign-in while signed out, or inside its undo window (D40),
 * which only its own timer ends.
 */
function heldBack(
  handover: Extract<Handover, { state: 'queued' }>,
  isSignedOut: boolean,
  now: number,
): boolean {
  if (handover.waitingForSignIn && isSignedOut) return true
  const sendAt = 'sendAt' in handover ? handover.sendAt : undefined
  return typeof sendAt === 'string' && Date.parse(sendAt) > now
}
