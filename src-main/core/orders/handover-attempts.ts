// The outbox's engine (docs/decisions.md D17–D20): each order's latest action, held in memory only after the
// journal took it; each attempt written before it goes out and its result written before it is shown. The
// platform's on-the-way call is not idempotent: each attempt is exactly one PUT (`retry: false`). What staff
// may do with an action (press, undo, retry, check) is decided by HandoverOutbox, which drives this.
import { randomUUID } from 'node:crypto'
import { isOwed, type BoardOrder, type Handover } from '../../../src-shared/domain.ts'
import { describeThrown } from '../app-failure.ts'
import type { Clock, Logger } from '../ports.ts'
import type { Session } from '../session/session.ts'
import type { Journal } from '../storage/journal.ts'
import {
  outcomeOfFailure,
  settledDetails,
  unwrittenAttemptOutcome,
  type FailureContext,
  type Outcome,
} from './attempt-outcome.ts'
import { KeyedTimers } from './keyed-timers.ts'
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

/** An action in memory: its replayed story plus what the running app adds to it. */
export interface Action extends ActionReplay {
  handover: Handover
}

export interface HandoverAttemptsOptions {
  journal: Journal
  board: OrderBoard
  session: Pick<Session, 'isSignedOut' | 'withToken'>
  clock: Clock
  log: Logger
  /** The backoff's policy and jitter. */
  backoff: Pick<FailureContext, 'policy' | 'random'>
  /** Whether sending is held (staff's "Duraklat", docs/decisions.md D51). */
  isPaused: () => boolean
  /** After each settled attempt (the outbox compacts a journal grown large). */
  afterSettle: () => void
}

export class HandoverAttempts {
  /** The latest action of each order, by payment key. */
  readonly actions = new Map<string, Action>()
  readonly #options: HandoverAttemptsOptions
  readonly #timers: KeyedTimers
  readonly #inFlight = new Set<string>()
  #nextSeq = 0
  #disposed = false

  constructor(options: HandoverAttemptsOptions) {
    this.#options = options
    this.#timers = new KeyedTimers(options.clock)
  }

  /** Holds the journal's replayed actions and records what a crash cut off. */
  load(replayed: readonly ActionReplay[], nextSeq: number): void {
    this.#nextSeq = nextSeq
    for (const action of replayed)
      this.actions.set(action.paymentKey, { ...action, handover: handoverOf(action) })
    for (const action of this.actions.values()) {
      // The app stopped mid-send: nobody knows whether the platform got it. Recorded, then sent again at start.
      if (action.openAttempt !== undefined) {
        this.settle(action, action.openAttempt, { result: 'interrupted', outcomeUnknown: true })
      }
    }
    this.#adoptOrphans()
  }

  isInFlight(action: Action): boolean {
    return this.#inFlight.has(action.id)
  }

  /** `Geri al`: the withdrawal is journalled (throwing if the disk refuses it), then the action is gone. */
  withdraw(action: Action): void {
    const { journal, board } = this.#options
    journal.append({ type: 'withdrawn', action: action.id, at: this.#isoNow() })
    this.#timers.cancel(action.id)
    this.actions.delete(action.paymentKey)
    if (board.get(action.paymentKey)) board.setHandover(action.paymentKey, { state: 'none' })
  }

  /** A settled action whose order left the board is only history now, and history is on disk. */
  forgetSettledOffBoard(): void {
    for (const [paymentKey, action] of this.actions) {
      if (
        !isOwed(action.handover) &&
        !this.#inFlight.has(action.id) &&
        !this.#options.board.get(paymentKey)
      ) {
        this.actions.delete(paymentKey)
      }
    }
  }

  /**
   * Writes the intent to the journal (throwing if the disk refuses it) and only then holds it as the order's
   * action: the one place an action is made for a press or an adopted order.
   */
  queue(order: Pick<BoardOrder, 'paymentKey' | 'label'>, attemptsSoFar: number, sendAfter?: string): Action {
    const { paymentKey, label } = order
    const queued: QueuedRecord = { type: 'queued', action: randomUUID(), paymentKey, at: this.#isoNow() }
    if (label !== undefined) queued.label = label
    if (sendAfter !== undefined) queued.sendAfter = sendAfter
    this.#options.journal.append(queued)
    const fresh = freshAction(queued)
    const action: Action = { ...fresh, attempts: attemptsSoFar, handover: handoverOf(fresh) }
    this.actions.set(paymentKey, action)
    return action
  }

  async send(action: Action): Promise<void> {
    if (this.#disposed || this.#options.isPaused() || this.#inFlight.has(action.id)) return
    this.#inFlight.add(action.id)
    this.#timers.cancel(action.id)
    try {
      const attempt = action.attempts + 1
      const started: AttemptRecord = { type: 'attempt', action: action.id, attempt, at: this.#isoNow() }
      try {
        this.#options.journal.append(started)
      } catch (error) {
        this.#options.log.error('outbox: could not write an attempt; not sending it', {
          error: describeThrown(error),
        })
        this.settle(action, attempt, unwrittenAttemptOutcome(error, this.#momentFor(action)))
        return
      }
      action.attempts = attempt
      action.openAttempt = attempt
      action.handover = { state: 'sending', since: started.at }
      this.show(action)
      this.settle(action, attempt, await this.#attempt(action))
    } finally {
      this.#inFlight.delete(action.id)
    }
  }

  /** Writes an attempt's result, then (and only then) shows it and schedules what follows. */
  settle(action: Action, attempt: number, outcome: Outcome): void {
    const { journal, log } = this.#options
    const record = resultRecordOf(action, { seq: this.#nextSeq++, attempt, at: this.#isoNow() }, outcome)
    try {
      journal.append(record)
    } catch (error) {
      // The platform's answer stands whether or not the disk took it; after a restart the attempt reads as
      // interrupted and is resolved by the rules above, never as a silent loss.
      log.error('outbox: could not write an attempt result', { error: describeThrown(error) })
    }
    applyResult(action, record)
    action.handover = handoverOf(action)
    log.info('outbox: attempt settled', settledDetails(record))
    this.show(action)
    if (record.nextAttemptAt !== undefined) this.schedule(action, Date.parse(record.nextAttemptAt))
    this.#options.afterSettle()
  }

  schedule(action: Action, at: number): void {
    if (!this.#disposed) this.#timers.at(action.id, at, () => void this.send(action))
  }

  /** The board mirrors the outbox (it is persisted for display; the journal is the truth). */
  show(action: Action): void {
    const { board } = this.#options
    if (this.actions.get(action.paymentKey) !== action) return
    const order = board.get(action.paymentKey)
    if (!order || JSON.stringify(order.handover) === JSON.stringify(action.handover)) return
    board.setHandover(action.paymentKey, action.handover)
  }

  dispose(): void {
    this.#disposed = true
    this.#timers.cancelAll()
  }

  get isDisposed(): boolean {
    return this.#disposed
  }

  /** One PUT to the platform, and what came of it. */
  async #attempt(action: Action): Promise<Outcome> {
    const { session } = this.#options
    try {
      const confirmation = await session.withToken((client, token) =>
        client.markOnTheWay(token, action.paymentKey, { retry: false }),
      )
      return { result: 'handed-over', httpStatus: confirmation.httpStatus, outcomeUnknown: false }
    } catch (error) {
      return outcomeOfFailure(error, { ...this.#momentFor(action), isSignedOut: session.isSignedOut })
    }
  }

  /**
   * Orders the board shows as owed that the journal knows nothing of: saved by a version of the app before
   * the outbox (its `sending` was a send in flight when it stopped), or a journal lost with its disk. Their
   * outcome is unknown, so they are owed again, by the same rules as an interrupted attempt.
   */
  #adoptOrphans(): void {
    const { board, log } = this.#options
    for (const order of board.list()) {
      // Known to the journal: the journal wins (the board's copy may lag it by the one write a crash cut off).
      if (!isOwed(order.handover) || this.actions.has(order.paymentKey)) continue
      let action: Action
      try {
        // One attempt already went out (or may have), in the run that left the order sending.
        action = this.queue(order, 1)
      } catch (error) {
        log.error('outbox: could not adopt an order left sending', { error: describeThrown(error) })
        continue
      }
      this.settle(action, 1, { result: 'interrupted', outcomeUnknown: true })
      log.info('outbox: adopted an order left sending by an earlier run')
    }
  }

  #momentFor({ passingFailures, outcomeUnknown }: Action): Omit<FailureContext, 'isSignedOut'> {
    return { passingFailures, outcomeUnknown, now: this.#options.clock.now(), ...this.#options.backoff }
  }

  #isoNow(): string {
    return new Date(this.#options.clock.now()).toISOString()
  }
}
