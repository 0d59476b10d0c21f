// "Kuryeye Verildi", made durable (docs/decisions.md D17–D20). A press is written to the journal before anything
// is sent; every attempt is written before it goes out and its result before it is shown, so after a dropped
// connection, a 503, a crash or a restart the journal says what is still owed. `handed-over` is shown only for a
// journalled `status: true`, and a refusal after a lost answer becomes `unconfirmed`, never claimed either way
// (D20). The platform's on-the-way call is not idempotent: each attempt is exactly one PUT (`retry: false`).
// Public methods decide what staff may do (press, undo, try now, check, pause); the private ones run the attempts.
import { randomUUID } from 'node:crypto'
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
import { AppFailure, describeThrown, invalidInput } from '../app-failure.ts'
import type { Clock, Logger } from '../ports.ts'
import type { Session } from '../session/session.ts'
import type { HistoryArchive } from '../storage/history-archive.ts'
import type { Journal } from '../storage/journal.ts'
import { onEachDayTurn } from '../time/platform-day.ts'
import {
  outcomeOfFailure,
  settledDetails,
  unwrittenAttemptOutcome,
  type FailureContext,
  type Outcome,
} from './attempt-outcome.ts'
import { allHistoryNewestFirst, historyPage, KeptDayHistory } from './history-query.ts'
import { COMPACT_AT_BYTES, compactIntoArchive, openCompacted } from './journal-compaction.ts'
import type { OrderBoard } from './order-board.ts'
import {
  applyResult,
  freshAction,
  handoverOf,
  resultRecordOf,
  type ActionReplay,
  type AttemptRecord,
  type QueuedRecord,
} from './outbox-journal.ts'
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy.ts'

/**
 * Each account's own session (issue 29): an attempt gets a token only from its own account's, with D3's
 * re-login; whether that account is signed in; and its changes, to send what waited for it.
 */
export interface OutboxSessions {
  /** None for an account the app does not have: its hand-overs wait, and never borrow another's token. */
  sessionOf(account: string): Pick<Session, 'isSignedOut' | 'withToken'> | undefined
  onSessionChange(listener: (account: string, status: SessionStatus) => void): () => void
  /** Whose the presses journalled before accounts are. */
  readonly firstId: string
}

export interface HandoverOutboxDeps {
  journal: Journal
  board: OrderBoard
  sessions: OutboxSessions
  clock: Clock
  log: Logger
  /** Where settled results go when the journal is compacted (D55). */
  archive: HistoryArchive
  /** The platform's time zone: its days are History's days and the journal's day's turn. */
  timeZone: () => string
  /** The undo window of a press, in ms (D40); read at each press. 0 sends at once. */
  undoWindowMs: () => number
  policy?: RetryPolicy
  /** In [0, 1): the backoff's jitter. */
  random?: () => number
  /** The journal is compacted while running once it is this large (bytes), and at every day's turn. */
  compactAtBytes?: number
}

/** An action in memory: its replayed story plus what the running app adds to it. */
interface Action extends ActionReplay {
  /** Resolved: a press journalled before accounts is the first account's. */
  account: string
  handover: Handover
  /** Cancels its one timer (its next attempt, or the end of its undo window); a no-op once it fired. */
  cancelTimer?: () => void
}

export class HandoverOutbox {
  readonly #deps: HandoverOutboxDeps
  readonly #policy: RetryPolicy
  readonly #random: () => number
  readonly #compactAtBytes: number
  /** The latest action of each order, by payment key, held only after the journal took it. */
  readonly #actions = new Map<string, Action>()
  readonly #inFlight = new Set<string>()
  #nextSeq = 0
  #disposed = false
  /** Staff's "Duraklat": presses are still journalled, nothing goes out until "Sürdür" (docs/decisions.md D51). */
  #paused = false
  readonly #keptDay = new KeptDayHistory()
  readonly #cancelDayTurn: () => void
  readonly #stopFollowingSession: () => void

  constructor(deps: HandoverOutboxDeps) {
    this.#deps = deps
    this.#policy = deps.policy ?? DEFAULT_RETRY_POLICY
    this.#random = deps.random ?? Math.random
    this.#compactAtBytes = deps.compactAtBytes ?? COMPACT_AT_BYTES
    this.#open()
    // At each day's turn in the platform's time zone, the journal is compacted (D55).
    this.#cancelDayTurn = onEachDayTurn(deps.clock, deps.timeZone, () => this.compact())
    this.#stopFollowingSession = deps.sessions.onSessionChange((account, status) =>
      this.#sendWhatWaitedForSignIn(account, status),
    )
  }

  /** Sends what was left owing at the last stop; call once the session has had its chance to sign in again. */
  start(): void {
    for (const action of this.#actions.values()) {
      const { handover } = action
      switch (handover.state) {
        case 'queued':
          // A window that ran out while the app was stopped is over: the press stands and is sent now (D40).
          if (handover.sendAt !== undefined) this.#schedule(action, Date.parse(handover.sendAt))
          else if (!handover.waitingForSignIn || !this.#isSignedOut(action.account)) void this.#send(action)
          break
        case 'retrying':
          this.#schedule(action, Date.parse(handover.nextAttemptAt))
      }
    }
  }

  /**
   * Staff pressed "Kuryeye Verildi". The intent is durable before this returns anything; the answer is the
   * order after the first attempt (handed over, retrying, failed…), or after the write when it must wait.
   */
  async handOver(paymentKey: string): Promise<BoardOrder> {
    const { board, clock } = this.#deps
    const order = board.require(paymentKey)
    const current = this.#actions.get(paymentKey)
    if (current && isOwed(current.handover)) throw invalidInput('already-sending')
    if (order.handover.state === 'handed-over') return order
    const eligibility = handoverEligibility(order)
    if (eligibility === 'pickup' || eligibility === 'platform-courier') throw invalidInput('not-eligible')

    // If this write fails, it throws: the press is refused and nothing is claimed.
    const windowMs = Math.max(0, this.#deps.undoWindowMs())
    const sendAfter = windowMs > 0 ? new Date(clock.now() + windowMs).toISOString() : undefined
    const action = this.#queue(order, 0, sendAfter)
    this.#show(action)
    if (sendAfter === undefined) await this.#send(action)
    else this.#schedule(action, Date.parse(sendAfter))
    return board.require(paymentKey)
  }

  /** `Geri al`: a press still inside its undo window is taken back, durably; after it, nothing can be (D40). */
  withdraw(paymentKey: string): BoardOrder {
    const { journal, board } = this.#deps
    const action = this.#actions.get(paymentKey)
    // Inside its window a press is `queued` with its `sendAt`: nothing has been sent (its first attempt makes it
    // `sending`), and its order is on the board (an owed order cannot be removed).
    if (action?.handover.state !== 'queued' || action.handover.sendAt === undefined) {
      throw invalidInput('undo-window-over')
    }
    // The withdrawal is journalled (throwing if the disk refuses it), then the action is gone.
    journal.append({ type: 'withdrawn', action: action.id, at: this.#isoNow() })
    this.#cancelTimer(action)
    this.#actions.delete(paymentKey)
    return board.setHandover(paymentKey, { state: 'none' })
  }

  /** `Şimdi dene`: a hand-over waiting for its next try is tried now instead. */
  async sendNow(paymentKey: string): Promise<BoardOrder> {
    const action = this.#actions.get(paymentKey)
    const state = action?.handover.state
    if (!action || (state !== 'retrying' && state !== 'queued')) throw invalidInput('not-waiting')
    await this.#send(action)
    return this.#deps.board.require(paymentKey)
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
    this.#settle(action, Math.max(1, action.attempts), outcome)
    return this.#deps.board.require(paymentKey)
  }

  /** An order whose hand-over is still owed stays on the board: removing it would drop the staff's intent. */
  assertRemovable(paymentKey: string): void {
    const action = this.#actions.get(paymentKey)
    if (action && isOwed(action.handover)) throw invalidInput('already-sending')
  }

  /** After an order is (re)added to the board: it shows what the outbox knows of it. */
  showOnBoard(paymentKey: string): void {
    const action = this.#actions.get(paymentKey)
    if (action) this.#show(action)
  }

  /** One page of one day's history, one row per order, read from disk now (D55). */
  listHistory(query: HistoryQuery): HistoryPage {
    return historyPage(this.#history(), query)
  }

  /** One day's history entries, oldest first: the courier day-end's input (D65), kept for the last day asked. */
  dayHistory(day: string): { entries: HistoryEntry[]; days: string[] } {
    return this.#keptDay.read(this.#history(), day)
  }

  /** Every history entry kept, newest first, read from disk now. */
  allHistory(): HistoryEntry[] {
    return allHistoryNewestFirst(this.#history())
  }

  /**
   * Moves settled results to the archive and forgets the actions the board no longer shows, so neither the
   * journal nor memory grows with the months (D55). A failure costs nothing: the journal is still whole.
   */
  compact(): void {
    this.#keptDay.forget()
    try {
      compactIntoArchive(this.#compactionParts())
    } catch (error) {
      this.#deps.log.warn('outbox: could not compact the journal', { error: describeThrown(error) })
    }
    this.#forgetSettledOffBoard()
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
    const now = this.#deps.clock.now()
    for (const action of this.#actions.values()) {
      const { handover } = action
      if (handover.state === 'retrying') void this.#send(action)
      else if (handover.state === 'queued' && !heldBack(handover, this.#isSignedOut(action.account), now)) {
        void this.#send(action)
      }
    }
  }

  /** How many hand-overs are still owed to the platform (queued, sending or retrying by itself); of one account. */
  countOwed(account?: string): number {
    let owed = 0
    for (const action of this.#actions.values()) {
      if (isOwed(action.handover) && (account === undefined || action.account === account)) owed++
    }
    return owed
  }

  /** The payment keys whose hand-over is still owed (queued, sending or retrying): not delivered packages yet. */
  owedNow(): string[] {
    const owed: string[] = []
    for (const [paymentKey, { handover }] of this.#actions) if (isOwed(handover)) owed.push(paymentKey)
    return owed
  }

  dispose(): void {
    this.#disposed = true
    // A withdrawn action's timer was cancelled with it; a forgotten one's (settled) had nothing left to do.
    for (const action of this.#actions.values()) this.#cancelTimer(action)
    // Stryker disable next-line CallExpression: equivalent, a stopped outbox's #send returns at once; this frees the listener
    this.#stopFollowingSession()
    this.#cancelDayTurn()
  }

  /**
   * Reads the journal back, records what a crash cut off (the app stopped mid-send: nobody knows whether the
   * platform got it, so it is sent again at start), and brings the board in line with it.
   */
  #open(): void {
    const { replay, nextSeq } = openCompacted(this.#compactionParts(), this.#deps.log)
    this.#nextSeq = nextSeq
    for (const action of replay.actions) {
      const account = action.account ?? this.#deps.sessions.firstId
      this.#actions.set(action.paymentKey, { ...action, account, handover: handoverOf(action) })
    }
    for (const action of this.#actions.values()) {
      if (action.openAttempt !== undefined) {
        this.#settle(action, action.openAttempt, { result: 'interrupted', outcomeUnknown: true })
      }
    }
    this.#adoptOrphans()
    for (const order of this.#deps.board.list()) this.showOnBoard(order.paymentKey)
    this.#forgetSettledOffBoard()
  }

  /**
   * Orders the board shows as owed that the journal knows nothing of: saved by a version of the app before
   * the outbox (its `sending` was a send in flight when it stopped), or a journal lost with its disk. Their
   * outcome is unknown, so they are owed again, by the same rules as an interrupted attempt.
   */
  #adoptOrphans(): void {
    const { board, log } = this.#deps
    for (const order of board.list()) {
      // Known to the journal: the journal wins (the board's copy may lag it by the one write a crash cut off).
      if (!isOwed(order.handover) || this.#actions.has(order.paymentKey)) continue
      let action: Action
      try {
        // One attempt already went out (or may have), in the run that left the order sending.
        action = this.#queue(order, 1)
      } catch (error) {
        log.error('outbox: could not adopt an order left sending', { error: describeThrown(error) })
        continue
      }
      this.#settle(action, 1, { result: 'interrupted', outcomeUnknown: true })
      log.info('outbox: adopted an order left sending by an earlier run')
    }
  }

  /**
   * Writes the intent to the journal (throwing if the disk refuses it) and only then holds it as the order's
   * action: the one place an action is made for a press or an adopted order.
   */
  #queue(
    order: Pick<BoardOrder, 'paymentKey' | 'label' | 'account'>,
    attemptsSoFar: number,
    sendAfter?: string,
  ): Action {
    const { paymentKey, label } = order
    // The order's own account, journalled with the press: a replay sends it with that account's token only.
    const account = order.account ?? this.#deps.sessions.firstId
    const queued: QueuedRecord = {
      type: 'queued',
      action: randomUUID(),
      paymentKey,
      account,
      at: this.#isoNow(),
    }
    // Stryker disable next-line ConditionalExpression: equivalent, the journal's JSON drops an undefined field
    if (label !== undefined) queued.label = label
    // Stryker disable next-line ConditionalExpression: equivalent, the journal's JSON drops an undefined field
    if (sendAfter !== undefined) queued.sendAfter = sendAfter
    this.#deps.journal.append(queued)
    const fresh = freshAction(queued)
    const action: Action = { ...fresh, account, attempts: attemptsSoFar, handover: handoverOf(fresh) }
    this.#actions.set(paymentKey, action)
    return action
  }

  async #send(action: Action): Promise<void> {
    if (this.#disposed || this.#paused) return
    // Stryker disable all: a defence that no path reaches: only `queued` and `retrying` actions are sent, an
    // attempt makes its action `sending` before it awaits anything, and it cancels the action's timer.
    if (this.#inFlight.has(action.id)) return
    this.#inFlight.add(action.id)
    // Stryker restore all
    this.#cancelTimer(action)
    try {
      const attempt = action.attempts + 1
      const started: AttemptRecord = { type: 'attempt', action: action.id, attempt, at: this.#isoNow() }
      try {
        this.#deps.journal.append(started)
      } catch (error) {
        this.#deps.log.error('outbox: could not write an attempt; not sending it', {
          error: describeThrown(error),
        })
        this.#settle(action, attempt, unwrittenAttemptOutcome(error, this.#momentFor(action)))
        return
      }
      action.attempts = attempt
      action.openAttempt = attempt
      action.handover = { state: 'sending', since: started.at }
      this.#show(action)
      this.#settle(action, attempt, await this.#attempt(action))
    } finally {
      this.#inFlight.delete(action.id)
    }
  }

  /** One PUT to the platform with the action's own account's token (never another's), and what came of it. */
  async #attempt(action: Action): Promise<Outcome> {
    const session = this.#deps.sessions.sessionOf(action.account)
    try {
      if (!session) throw new AppFailure({ code: 'signed-out', retryable: false })
      const confirmation = await session.withToken((client, token) =>
        client.markOnTheWay(token, action.paymentKey, { retry: false }),
      )
      return { result: 'handed-over', httpStatus: confirmation.httpStatus, outcomeUnknown: false }
    } catch (error) {
      return outcomeOfFailure(error, {
        ...this.#momentFor(action),
        isSignedOut: this.#isSignedOut(action.account),
      })
    }
  }

  /** The account is signed out, or is not one the app has. */
  #isSignedOut(account: string): boolean {
    return this.#deps.sessions.sessionOf(account)?.isSignedOut ?? true
  }

  /** Writes an attempt's result, then (and only then) shows it and schedules what follows. */
  #settle(action: Action, attempt: number, outcome: Outcome): void {
    const { journal, log } = this.#deps
    const record = resultRecordOf(action, { seq: this.#nextSeq++, attempt, at: this.#isoNow() }, outcome)
    try {
      journal.append(record)
      this.#keptDay.follow(record)
    } catch (error) {
      // The platform's answer stands whether or not the disk took it; after a restart the attempt reads as
      // interrupted and is resolved by the rules above, never as a silent loss.
      log.error('outbox: could not write an attempt result', { error: describeThrown(error) })
      this.#keptDay.forget()
    }
    applyResult(action, record)
    action.handover = handoverOf(action)
    log.info('outbox: attempt settled', settledDetails(record))
    this.#show(action)
    if (record.nextAttemptAt !== undefined) this.#schedule(action, Date.parse(record.nextAttemptAt))
    if (journal.bytes() > this.#compactAtBytes) this.compact()
  }

  /** Sends `action` at `at` (epoch ms; at once if that has passed), replacing its earlier timer. */
  #schedule(action: Action, at: number): void {
    if (this.#disposed) return
    const { clock } = this.#deps
    // Stryker disable next-line CallExpression: a second timer would be due at the same moment, and #send cancels it
    this.#cancelTimer(action)
    action.cancelTimer = clock.setTimer(Math.max(0, at - clock.now()), () => void this.#send(action))
  }

  #cancelTimer(action: Action): void {
    action.cancelTimer?.()
  }

  /** The board mirrors the outbox (it is persisted for display; the journal is the truth). */
  #show(action: Action): void {
    const { board } = this.#deps
    const order = board.get(action.paymentKey)
    if (!order || JSON.stringify(order.handover) === JSON.stringify(action.handover)) return
    board.setHandover(action.paymentKey, action.handover)
  }

  /** A settled action whose order left the board is only history now, and history is on disk. */
  #forgetSettledOffBoard(): void {
    for (const [paymentKey, action] of this.#actions) {
      if (!isOwed(action.handover) && !this.#deps.board.get(paymentKey)) {
        this.#actions.delete(paymentKey)
      }
    }
  }

  /** An account's session that comes back sends what was held for it, and only that. */
  #sendWhatWaitedForSignIn(account: string, status: SessionStatus): void {
    if (status.state !== 'signed-in') return
    for (const action of this.#actions.values()) {
      if (action.account !== account) continue
      // Stryker disable next-line ConditionalExpression: only a `queued` hand-over has `waitingForSignIn`
      if (action.handover.state === 'queued' && action.handover.waitingForSignIn) void this.#send(action)
    }
  }

  /** Where History is read from, and whose the results journalled before accounts are. */
  #history() {
    const { journal, archive, timeZone, sessions } = this.#deps
    return { journal, archive, timeZone, firstAccount: sessions.firstId }
  }

  #compactionParts() {
    const { journal, archive, timeZone, clock } = this.#deps
    return { journal, archive, timeZone: timeZone(), now: clock.now() }
  }

  #momentFor({ passingFailures, outcomeUnknown }: Action): Omit<FailureContext, 'isSignedOut'> {
    return {
      passingFailures,
      outcomeUnknown,
      now: this.#deps.clock.now(),
      policy: this.#policy,
      random: this.#random,
    }
  }

  #isoNow(): string {
    return new Date(this.#deps.clock.now()).toISOString()
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
  // Stryker disable next-line ConditionalExpression: with no window, Date.parse(undefined) is NaN, never > now
  return handover.sendAt !== undefined && Date.parse(handover.sendAt) > now
}
