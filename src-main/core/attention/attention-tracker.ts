// The one attention value (docs/decisions.md D70), kept up to date from the core's events and timers.
import type {
  AlarmState,
  Attention,
  AttentionOrder,
  AttentionReason,
  AttentionSettings,
} from '../../../src-shared/attention.ts'
import type { BoardOrder, Handover, SessionStatus } from '../../../src-shared/domain.ts'
import type { Clock } from '../ports.ts'
import { ALARM_REPEAT_MS, rememberChange, watchOf, type OrderMemory } from './attention-rules.ts'

export interface AttentionTrackerDeps {
  board: { list(): readonly BoardOrder[] }
  clock: Clock
  settings: () => AttentionSettings
  /** "Duraklat": nothing rings while sending is paused. */
  isPaused: () => boolean
  session: () => SessionStatus
  /**
   * With two accounts or more (issue 29), each account's short name and session: any of them the platform ended
   * counts, named. Undefined or fewer than two: `session` (the default account's) alone says.
   */
  accountSessions?: () => readonly { name: string; status: SessionStatus }[] | undefined
  /**
   * Whether another program holds the intake's port (left out by tests of other things). Read at each refresh:
   * the core refreshes after every try to listen, which is when it can change.
   */
  intakePortTaken?: () => boolean
  /** Whether the drop folder was swapped after it was checked, and nothing more is taken from it (issue 27). */
  dropFolderChanged?: () => boolean
  /** Told of every change of the value (never twice the same). */
  onChange: (attention: Attention) => void
  /** An order's account's short name when there are several accounts (issue 29); undefined with one. */
  accountName?: (account: string | undefined) => string | undefined
}

/** One crossing: an order began to need staff for a reason; it lasts while the reason holds. */
interface Crossing {
  reason: AttentionReason
  /** When it began, as the value says it: made once per crossing rather than at every change. */
  since: string
  silenced: boolean
  atStart: boolean
}

interface Tracked extends OrderMemory {
  state: Handover['state']
  crossing?: Crossing
}

/**
 * Remembers, per order, what the rules need of its past (when it started retrying, when staff brought it back to
 * waiting, its crossing and whether it was silenced), recomputes the value on every change and at the next
 * moment something will cross, and rings every ALARM_REPEAT_MS while an order rings.
 */
export class AttentionTracker {
  readonly #deps: AttentionTrackerDeps
  readonly #orders = new Map<string, Tracked>()
  #value: Attention
  #ring = 0
  #ringing = new Set<string>()
  #cancelNext: (() => void) | undefined
  #nextAt = Infinity
  #cancelRepeat: (() => void) | undefined
  #disposed = false

  /** Seeds from the board as it stands: what needs staff already is `atStart`, summed up, never rung. */
  constructor(deps: AttentionTrackerDeps) {
    this.#deps = deps
    const now = deps.clock.now()
    for (const order of deps.board.list()) {
      const tracked: Tracked = { state: order.handover.state }
      if (order.handover.state === 'retrying') tracked.retryingSince = now
      this.#orders.set(order.paymentKey, tracked)
    }
    this.#value = this.#compute(true)
  }

  current(): Attention {
    return this.#value
  }

  /** Every `orderChanged`: its past is remembered, and the value recomputed. */
  orderChanged(paymentKey: string, order: BoardOrder | null): void {
    if (order === null) {
      this.#orders.delete(paymentKey)
    } else {
      const tracked = this.#orders.get(paymentKey)
      const state = order.handover.state
      if (tracked) {
        rememberChange(tracked, tracked.state, state, this.#deps.clock.now())
        tracked.state = state
      } else {
        const added: Tracked = { state }
        rememberChange(added, undefined, state, this.#deps.clock.now())
        this.#orders.set(paymentKey, added)
      }
    }
    this.refresh()
  }

  /**
   * **Sessize al**: this order's alarm stops for this crossing only; a new crossing of it rings again. Returns
   * whether it was ringing (or silenced already).
   */
  silence(paymentKey: string): boolean {
    const crossing = this.#orders.get(paymentKey)?.crossing
    if (!crossing) return false
    crossing.silenced = true
    this.refresh()
    return true
  }

  /** Recomputes now: after a change the tracker hears of by a call (pause, settings, the session). */
  refresh(): void {
    if (this.#disposed) return
    const next = this.#compute(false)
    if (sameAttention(next, this.#value)) return
    this.#value = next
    this.#deps.onChange(next)
  }

  dispose(): void {
    this.#disposed = true
    this.#cancelNext?.()
    this.#cancelRepeat?.()
  }

  #compute(atStart: boolean): Attention {
    const { clock, settings, board } = this.#deps
    const now = clock.now()
    const limits = settings()
    const paused = this.#deps.isPaused()
    const orders: AttentionOrder[] = []
    const ringing = new Set<string>()
    let next = Infinity
    let crossedWhileClosed = 0
    for (const order of board.list()) {
      const tracked = this.#orders.get(order.paymentKey)
      if (!tracked) continue
      const watch = watchOf(order, tracked, limits)
      if (!watch || now < watch.at) {
        delete tracked.crossing
        // Stryker disable next-line EqualityOperator: equivalent, an equal value sets the same `next`
        if (watch && watch.at < next) next = watch.at
        continue
      }
      let crossing = tracked.crossing
      if (crossing?.reason !== watch.reason) {
        const since = new Date(watch.at).toISOString()
        crossing = { reason: watch.reason, since, silenced: false, atStart }
        tracked.crossing = crossing
      }
      let alarm: AlarmState
      if (crossing.atStart) alarm = 'quiet'
      else if (crossing.silenced) alarm = 'silenced'
      else if (watch.ringsAt === null || paused) alarm = 'quiet'
      else if (now < watch.ringsAt) {
        alarm = 'quiet'
        // Stryker disable next-line EqualityOperator: equivalent, an equal value sets the same `next`
        if (watch.ringsAt < next) next = watch.ringsAt
      } else alarm = 'ringing'
      if (alarm === 'ringing') ringing.add(order.paymentKey)
      if (crossing.atStart && crossing.reason === 'waiting-too-long') crossedWhileClosed++
      const account = this.#deps.accountName?.(order.account)
      orders.push({
        paymentKey: order.paymentKey,
        reason: crossing.reason,
        since: crossing.since,
        alarm,
        atStart: crossing.atStart,
        ...(account === undefined ? {} : { account }),
      })
    }
    this.#scheduleNext(next)
    this.#followRinging(ringing)
    const accounts = this.#deps.accountSessions?.()
    const lostAccounts =
      accounts && accounts.length > 1
        ? accounts.filter((one) => isSessionLost(one.status)).map((one) => one.name)
        : undefined
    const lost = lostAccounts ? lostAccounts.length : isSessionLost(this.#deps.session()) ? 1 : 0
    const sessionLost = lost > 0
    const intakePortTaken = this.#deps.intakePortTaken?.() ?? false
    const dropFolderChanged = this.#deps.dropFolderChanged?.() ?? false
    return {
      orders,
      sessionLost,
      ...(lostAccounts && lostAccounts.length > 0 ? { lostAccounts } : {}),
      intakePortTaken,
      dropFolderChanged,
      paused,
      crossedWhileClosed,
      count: orders.length + lost + (intakePortTaken ? 1 : 0) + (dropFolderChanged ? 1 : 0),
      sound: ringing.size > 0 && limits.alarmSound,
      ring: this.#ring,
    }
  }

  /** One timer, at the next moment an order will cross or begin to ring. */
  #scheduleNext(at: number): void {
    if (at === this.#nextAt) return
    this.#cancelNext?.()
    this.#cancelNext = undefined
    this.#nextAt = at
    if (at === Infinity) return
    const delay = Math.max(0, at - this.#deps.clock.now())
    this.#cancelNext = this.#deps.clock.setTimer(delay, () => {
      this.#cancelNext = undefined
      this.#nextAt = Infinity
      this.refresh()
    })
  }

  /** A ring at once when an order begins to ring, then every ALARM_REPEAT_MS while any rings. */
  #followRinging(ringing: Set<string>): void {
    const newcomer = [...ringing].some((key) => !this.#ringing.has(key))
    this.#ringing = ringing
    if (ringing.size === 0) {
      this.#cancelRepeat?.()
      this.#cancelRepeat = undefined
      return
    }
    if (!newcomer && this.#cancelRepeat) return
    this.#ring++
    this.#cancelRepeat?.()
    this.#repeat()
  }

  #repeat(): void {
    this.#cancelRepeat = this.#deps.clock.setTimer(ALARM_REPEAT_MS, () => {
      this.#cancelRepeat = undefined
      // Stryker disable next-line ConditionalExpression,LogicalOperator: a guard; the repeat is cancelled when nothing rings and at dispose
      if (this.#disposed || this.#ringing.size === 0) return
      this.#ring++
      this.#repeat()
      this.refresh()
    })
  }
}

/**
 * Whether two values say the same: the value is recomputed on every change, so it is compared by its content,
 * every field and every order's (both are made only by #compute, so their keys come in the same order).
 */
function sameAttention(a: Attention, b: Attention): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/** A session ended by the platform's refusal, not by staff signing out: hand-overs owed cannot be sent. */
function isSessionLost(status: SessionStatus): boolean {
  return (
    // Stryker disable next-line ConditionalExpression: equivalent, only a signed-out status has a `reason`
    status.state === 'signed-out' &&
    (status.reason === 'token-rejected' || status.reason === 'wrong-credentials')
  )
}
