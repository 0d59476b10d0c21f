// "Kuryeye Verildi", made durable (issue 5, D5, D9). A press is written to the journal before anything is
// sent; every attempt is written before it goes out and its result before it is shown. Whatever happens in
// between — a dropped connection, a 503, a crash, a restart — the journal says what is still owed.
//
// Exactly once. The platform's on-the-way call is not idempotent: a second PUT for an order already IN_DELIVERY
// is refused (the platform's words, e.g. 409 `sipariş durumu uygun değil`). So:
// 1. The outbox sends each attempt once (`retry: false`) and owns every retry itself; a 401 goes through the
//    session's one re-login first, which is safe because the platform checks the token before it acts.
// 2. `handed-over` is shown only after the platform answered `status: true`, and only after that answer is in
//    the journal: an action the platform confirmed is never sent again, even after a crash.
// 3. An attempt whose answer never came (a timeout, a cut connection, a 5xx, an answer we could not read, a crash
//    mid-send) may have gone through. It is sent again — the intent must not be lost — and if the platform
//    then refuses with an error the spec does not name (`platform-refused`, as the "not CONFIRMED" refusal is),
//    the order becomes `unconfirmed`: probably handed over by the earlier attempt, never claimed as handed over
//    (D5), shown with the platform's words so staff can check. `sipariş bulunamadı` and `URL hatalı` cannot be
//    caused by an earlier success and stay plain `failed`.
import { randomUUID } from 'node:crypto'
import type { HistoryQuery } from '../../../src-shared/contract.ts'
import {
  handoverEligibility,
  type BoardOrder,
  type Handover,
  type HistoryEntry,
  type HistoryPage,
  type SessionStatus,
} from '../../../src-shared/domain.ts'
import type { AppError } from '../../../src-shared/errors.ts'
import { invalidInput, toAppError } from '../app-failure.ts'
import { PlatformError } from '../platform/platform-error.ts'
import type { Clock, Logger } from '../ports.ts'
import type { Session } from '../session/session.ts'
import type { Journal } from '../storage/journal.ts'
import type { OrderBoard } from './order-board.ts'
import {
  compactJournal,
  handoverOf,
  historyEntryOf,
  replayJournal,
  type ActionReplay,
  type AttemptRecord,
  type QueuedRecord,
  type ResultRecord,
} from './outbox-journal.ts'
import {
  DEFAULT_RETRY_POLICY,
  kindOfFailure,
  mayHaveReachedPlatform,
  retryDelayMs,
  type RetryPolicy,
} from './retry-policy.ts'

/** The history is kept this long; older entries go when the journal is compacted at start. */
export const HISTORY_RETENTION_MS = 180 * 24 * 60 * 60 * 1000

export interface HandoverOutboxOptions {
  journal: Journal
  board: OrderBoard
  /**
   * What the outbox needs of the session: a token for each attempt (with D3's re-login), whether there is one,
   * and its changes (a session that comes back sends what was held for it).
   */
  session: Pick<Session, 'isSignedIn' | 'withToken' | 'onChange'>
  clock: Clock
  log: Logger
  policy?: RetryPolicy
  /** In [0, 1): the backoff's jitter. */
  random?: () => number
}

/** An action in memory: its replayed story plus what the running app adds to it. */
interface Action extends ActionReplay {
  handover: Handover
}

type Outcome = Pick<ResultRecord, 'result' | 'httpStatus' | 'error' | 'nextAttemptAt' | 'outcomeUnknown'>

const PENDING_STATES: ReadonlySet<Handover['state']> = new Set(['queued', 'sending', 'retrying'])

export function isPending(handover: Handover): boolean {
  return PENDING_STATES.has(handover.state)
}

export class HandoverOutbox {
  readonly #journal: Journal
  readonly #board: OrderBoard
  readonly #session: HandoverOutboxOptions['session']
  readonly #clock: Clock
  readonly #log: Logger
  readonly #policy: RetryPolicy
  readonly #random: () => number
  /** The latest action of each order, by payment key. */
  readonly #actions = new Map<string, Action>()
  readonly #history: HistoryEntry[] = []
  readonly #timers = new Map<string, () => void>()
  readonly #inFlight = new Set<string>()
  #nextSeq = 0
  #disposed = false
  readonly #stopFollowingSession: () => void

  constructor(options: HandoverOutboxOptions) {
    this.#journal = options.journal
    this.#board = options.board
    this.#session = options.session
    this.#clock = options.clock
    this.#log = options.log
    this.#policy = options.policy ?? DEFAULT_RETRY_POLICY
    this.#random = options.random ?? Math.random
    this.#open()
    this.#stopFollowingSession = options.session.onChange((status) => this.#sendWhatWaitedForSignIn(status))
  }

  /** Sends what was left owing at the last stop; call once the session has had its chance to sign in again. */
  start(): void {
    for (const action of this.#actions.values()) {
      const { handover } = action
      if (handover.state === 'queued' && (!handover.waitingForSignIn || this.#session.isSignedIn)) {
        void this.#send(action)
      } else if (handover.state === 'retrying') {
        this.#schedule(action, Date.parse(handover.nextAttemptAt))
      }
    }
  }

  /**
   * Staff pressed "Kuryeye Verildi". The intent is durable before this returns anything; the answer is the
   * order after the first attempt (handed over, retrying, failed…), or after the write when it must wait.
   */
  async press(paymentKey: string): Promise<BoardOrder> {
    const order = this.#board.require(paymentKey)
    const current = this.#actions.get(paymentKey)
    if (current && isPending(current.handover)) throw invalidInput('already-sending')
    if (order.handover.state === 'handed-over') return order
    const eligibility = handoverEligibility(order)
    if (eligibility === 'pickup' || eligibility === 'platform-courier') throw invalidInput('not-eligible')

    const queued: QueuedRecord = { type: 'queued', action: randomUUID(), paymentKey, at: this.#isoNow() }
    if (order.label !== undefined) queued.label = order.label
    // If this write fails, it throws: the press is refused and nothing is claimed.
    this.#journal.append(queued)
    const action: Action = {
      id: queued.action,
      paymentKey,
      label: order.label,
      queuedAt: queued.at,
      attempts: 0,
      passingFailures: 0,
      outcomeUnknown: false,
      openAttempt: undefined,
      last: undefined,
      handover: { state: 'queued', since: queued.at, waitingForSignIn: false },
    }
    this.#actions.set(paymentKey, action)
    this.#show(action)
    await this.#send(action)
    return this.#board.require(paymentKey)
  }

  /** An order whose hand-over is still owed stays on the board: removing it would drop the staff's intent. */
  assertRemovable(paymentKey: string): void {
    const action = this.#actions.get(paymentKey)
    if (action && isPending(action.handover)) throw invalidInput('already-sending')
  }

  /** After an order is (re)added to the board: it shows what the outbox knows of it. */
  showOnBoard(paymentKey: string): void {
    const action = this.#actions.get(paymentKey)
    if (action) this.#show(action)
  }

  /** A session that comes back sends what was held for it. */
  #sendWhatWaitedForSignIn(status: SessionStatus): void {
    if (status.state !== 'signed-in') return
    for (const action of this.#actions.values()) {
      if (action.handover.state === 'queued' && action.handover.waitingForSignIn) void this.#send(action)
    }
  }

  listHistory(query: HistoryQuery): HistoryPage {
    const before = query.beforeSeq
    const older = before === undefined ? this.#history : this.#history.filter((entry) => entry.seq < before)
    const page = older.slice(Math.max(0, older.length - query.limit)).reverse()
    const oldest = page.at(-1)
    return {
      entries: page,
      nextBeforeSeq: oldest !== undefined && older.length > page.length ? oldest.seq : null,
      total: this.#history.length,
    }
  }

  /** Every history entry, newest first. */
  allHistory(): HistoryEntry[] {
    return [...this.#history].reverse()
  }

  /** Each order's hand-over as the outbox holds it, for a support bundle. */
  snapshot(): { paymentKey: string; handover: Handover; attempts: number }[] {
    return [...this.#actions.values()].map(({ paymentKey, handover, attempts }) => ({
      paymentKey,
      handover,
      attempts,
    }))
  }

  dispose(): void {
    this.#disposed = true
    this.#stopFollowingSession()
    for (const cancel of this.#timers.values()) cancel()
    this.#timers.clear()
  }

  /** Reads the journal back, records what a crash cut off, and brings the board in line with it. */
  #open(): void {
    const raw = this.#journal.read()
    const compacted = compactJournal(raw, this.#clock.now(), HISTORY_RETENTION_MS)
    if (compacted.length < raw.length) {
      try {
        this.#journal.replace(compacted)
      } catch (error) {
        // Compaction only saves space; the journal as it was is still whole.
        this.#log.warn('outbox: could not compact the journal', { error: String(error) })
      }
    }
    const replay = replayJournal(compacted)
    if (replay.unreadable > 0) {
      this.#log.warn('outbox: journal records it cannot read were left alone', { count: replay.unreadable })
    }
    this.#nextSeq = Math.max(-1, ...replay.results.map((record) => record.seq)) + 1
    this.#history.push(...replay.results.map(historyEntryOf))
    for (const replayed of replay.actions) {
      this.#actions.set(replayed.paymentKey, { ...replayed, handover: handoverOf(replayed) })
    }
    for (const action of this.#actions.values()) {
      // The app stopped mid-send: nobody knows whether the platform got it. Recorded, then sent again at start.
      if (action.openAttempt !== undefined) {
        this.#settle(action, action.openAttempt, { result: 'interrupted', outcomeUnknown: true })
      }
    }
    this.#adoptOrphans()
    for (const order of this.#board.list()) this.showOnBoard(order.paymentKey)
  }

  /**
   * Orders the board shows as owed that the journal knows nothing of: saved by a version of the app before
   * the outbox (its `sending` was a send in flight when it stopped), or a journal lost with its disk. Their
   * outcome is unknown, so they are owed again, by the same rules as an interrupted attempt.
   */
  #adoptOrphans(): void {
    for (const order of this.#board.list()) {
      const known = this.#actions.get(order.paymentKey)
      // Known to the journal: the journal wins (the board's copy may lag it by the one write a crash cut off).
      if (!isPending(order.handover) || known) continue
      const at = this.#isoNow()
      const queued: QueuedRecord = { type: 'queued', action: randomUUID(), paymentKey: order.paymentKey, at }
      if (order.label !== undefined) queued.label = order.label
      try {
        this.#journal.append(queued)
      } catch (error) {
        this.#log.error('outbox: could not adopt an order left sending', { error: String(error) })
        continue
      }
      const action: Action = {
        id: queued.action,
        paymentKey: order.paymentKey,
        label: order.label,
        queuedAt: at,
        attempts: 1,
        passingFailures: 0,
        outcomeUnknown: false,
        openAttempt: undefined,
        last: undefined,
        handover: { state: 'queued', since: at, waitingForSignIn: false },
      }
      this.#actions.set(order.paymentKey, action)
      this.#settle(action, 1, { result: 'interrupted', outcomeUnknown: true })
      this.#log.info('outbox: adopted an order left sending by an earlier run')
    }
  }

  async #send(action: Action): Promise<void> {
    if (this.#disposed || this.#inFlight.has(action.id)) return
    this.#inFlight.add(action.id)
    this.#cancelTimer(action.id)
    try {
      const attempt = action.attempts + 1
      const started: AttemptRecord = { type: 'attempt', action: action.id, attempt, at: this.#isoNow() }
      try {
        this.#journal.append(started)
      } catch (error) {
        // Not sent: an attempt that is not written down could not be recognised after a crash.
        this.#log.error('outbox: could not write an attempt; not sending it', { error: String(error) })
        const outcome = this.#passing(action, { ...toAppError(error), retryable: true }, undefined)
        this.#settle(action, attempt, { ...outcome, outcomeUnknown: false })
        return
      }
      action.attempts = attempt
      action.openAttempt = attempt
      action.handover = { state: 'sending', since: started.at }
      this.#show(action)
      let outcome: Outcome
      try {
        const confirmation = await this.#session.withToken((client, token) =>
          client.markOnTheWay(token, action.paymentKey, { retry: false }),
        )
        outcome = { result: 'handed-over', httpStatus: confirmation.httpStatus, outcomeUnknown: false }
      } catch (error) {
        outcome = this.#judge(action, error)
      }
      this.#settle(action, attempt, outcome)
    } finally {
      this.#inFlight.delete(action.id)
    }
  }

  #judge(action: Action, thrown: unknown): Outcome {
    const error = toAppError(thrown)
    switch (kindOfFailure(error)) {
      case 'refused':
        return {
          result: action.outcomeUnknown && error.code === 'platform-refused' ? 'unconfirmed' : 'refused',
          error,
          outcomeUnknown: false,
        }
      case 'needs-sign-in':
        // Signed in again meanwhile (the staff were quick): no sign-in event is coming, so retry instead.
        if (!this.#session.isSignedIn) return { result: 'waiting-for-sign-in', error, outcomeUnknown: false }
        return this.#passing(action, error, undefined)
      case 'passing':
        return this.#passing(action, error, thrown instanceof PlatformError ? thrown.retryAfterMs : undefined)
    }
  }

  #passing(action: Action, error: AppError, retryAfterMs: number | undefined): Outcome {
    const delay = retryDelayMs(action.passingFailures + 1, this.#random, retryAfterMs, this.#policy)
    return {
      result: 'will-retry',
      error,
      nextAttemptAt: new Date(this.#clock.now() + delay).toISOString(),
      outcomeUnknown: mayHaveReachedPlatform(error),
    }
  }

  /** Writes an attempt's result, then (and only then) shows it and schedules what follows. */
  #settle(action: Action, attempt: number, outcome: Outcome): void {
    const record: ResultRecord = {
      type: 'result',
      seq: this.#nextSeq++,
      action: action.id,
      paymentKey: action.paymentKey,
      attempt,
      at: this.#isoNow(),
      ...outcome,
    }
    if (action.label !== undefined) record.label = action.label
    try {
      this.#journal.append(record)
    } catch (error) {
      // The platform's answer stands whether or not the disk took it; after a restart the attempt reads as
      // interrupted and is resolved by the rules above, never as a silent loss.
      this.#log.error('outbox: could not write an attempt result', { error: String(error) })
    }
    action.openAttempt = undefined
    if (record.result === 'will-retry' || record.result === 'interrupted') action.passingFailures += 1
    action.outcomeUnknown ||= record.outcomeUnknown
    action.last = record
    action.handover = handoverOf(action)
    this.#history.push(historyEntryOf(record))
    this.#log.info('outbox: attempt settled', {
      result: record.result,
      attempt,
      ...(record.error ? { code: record.error.code } : {}),
      ...(record.httpStatus !== undefined ? { httpStatus: record.httpStatus } : {}),
    })
    this.#show(action)
    if (record.nextAttemptAt !== undefined) this.#schedule(action, Date.parse(record.nextAttemptAt))
  }

  #schedule(action: Action, at: number): void {
    if (this.#disposed) return
    this.#cancelTimer(action.id)
    const delay = Math.max(0, at - this.#clock.now())
    this.#timers.set(
      action.id,
      this.#clock.setTimer(delay, () => {
        this.#timers.delete(action.id)
        void this.#send(action)
      }),
    )
  }

  #cancelTimer(actionId: string): void {
    this.#timers.get(actionId)?.()
    this.#timers.delete(actionId)
  }

  /** The board mirrors the outbox (it is persisted for display; the journal is the truth). */
  #show(action: Action): void {
    if (this.#actions.get(action.paymentKey) !== action) return
    const order = this.#board.get(action.paymentKey)
    if (!order || JSON.stringify(order.handover) === JSON.stringify(action.handover)) return
    this.#board.setHandover(action.paymentKey, action.handover)
  }

  #isoNow(): string {
    return new Date(this.#clock.now()).toISOString()
  }
}
