import { Notification } from 'electron'
import { ATTENTION_TEXTS, RETRYING_TOO_LONG_MS } from '../../../src-shared/attention-texts.ts'
import type { BoardOrder, Language, SessionStatus } from '../../../src-shared/domain.ts'
import { shortCodeOf } from '../../../src-shared/order-rules.ts'
import { isSignedIn } from '../../../src-shared/session-rules.ts'
import { mainTexts } from '../../texts.ts'

// Retrying by itself for longer than this, an order needs someone to look (the same rule in web mode).
export { RETRYING_TOO_LONG_MS }

/** How often the shell asks the notifier whether some order has now been retrying too long. */
export const ATTENTION_CHECK_INTERVAL_MS = 15_000

export type AttentionKind = 'failed' | 'unconfirmed' | 'retrying-too-long' | 'session'

/** What a click on the notification does: open the app at that order, or at the sign-in. */
export type AttentionAction = { type: 'open-order'; paymentKey: string } | { type: 'open-sign-in' }

export interface AttentionNotification {
  /** One per order per state (`<payment_key>:<kind>`), or `session`. */
  id: string
  kind: AttentionKind
  title: string
  body: string
  action: AttentionAction
}

export interface AttentionNotifierDeps {
  /** Milliseconds since the epoch; injected so tests move time by hand. */
  clock: () => number
  /** The Settings switch: off, nothing is shown (and nothing piles up to be shown later). */
  enabled: () => boolean
  language: () => Language
  notify: (notification: AttentionNotification) => void
}

interface Tracked {
  /** When this order was first seen retrying, for as long as it stays owed. */
  retryingSince?: number
  notified: Set<AttentionKind>
}

/**
 * Decides, from the core's stream of order and session changes, when to tell staff something needs them:
 * a hand-over `failed` or `unconfirmed`, retrying for more than 2 minutes, or the session could not be
 * renewed. At most one notification per order per state; the shell shows them and wires the click.
 */
export class AttentionNotifier {
  private readonly orders = new Map<string, Tracked>()
  private sessionLive = false
  private sessionNotified = false

  private readonly deps: AttentionNotifierDeps

  constructor(deps: AttentionNotifierDeps) {
    this.deps = deps
  }

  /** The board as it stands at start: remembered, not announced (staff see it when they open the app). */
  seed(orders: Iterable<BoardOrder>): void {
    for (const order of orders) {
      const tracked = this.track(order.paymentKey)
      const { state } = order.handover
      if (state === 'failed' || state === 'unconfirmed') tracked.notified.add(state)
      if (state === 'retrying') tracked.retryingSince = this.deps.clock()
    }
  }

  orderChanged({ paymentKey, order }: { paymentKey: string; order: BoardOrder | null }): void {
    if (!order) {
      this.orders.delete(paymentKey)
      return
    }
    const tracked = this.track(paymentKey)
    const { handover } = order
    switch (handover.state) {
      case 'failed':
      case 'unconfirmed':
        delete tracked.retryingSince
        this.announce(paymentKey, tracked, handover.state)
        return
      case 'retrying':
        tracked.retryingSince ??= this.deps.clock()
        this.checkOrder(paymentKey, tracked)
        return
      case 'queued':
      case 'sending':
        // Between two retries the order is `sending`: it has not stopped retrying.
        return
      case 'handed-over':
      case 'none':
        delete tracked.retryingSince
        return
    }
  }

  /** "Cannot be renewed": a live session ended by the platform's refusal, not by the staff signing out. */
  sessionChanged(status: SessionStatus): void {
    if (isSignedIn(status)) {
      this.sessionLive = true
      this.sessionNotified = false
      return
    }
    if (status.state !== 'signed-out') return
    const wasLive = this.sessionLive
    this.sessionLive = false
    const refused = status.reason === 'token-rejected' || status.reason === 'wrong-credentials'
    if (!wasLive || !refused || this.sessionNotified) return
    this.sessionNotified = true
    if (!this.deps.enabled()) return
    const t = mainTexts[this.deps.language()].shell
    this.deps.notify({
      id: 'session',
      kind: 'session',
      title: t.sessionTitle,
      body: t.sessionBody,
      action: { type: 'open-sign-in' },
    })
  }

  /** Looks for orders that have now been retrying too long; the shell calls it every few seconds. */
  check(): void {
    for (const [paymentKey, tracked] of this.orders) this.checkOrder(paymentKey, tracked)
  }

  /** The orders retrying for longer than 2 minutes right now (they count towards the badge). */
  retryingTooLong(): ReadonlySet<string> {
    const now = this.deps.clock()
    const keys = new Set<string>()
    for (const [paymentKey, { retryingSince }] of this.orders) {
      if (retryingSince !== undefined && now - retryingSince > RETRYING_TOO_LONG_MS) keys.add(paymentKey)
    }
    return keys
  }

  private track(paymentKey: string): Tracked {
    let tracked = this.orders.get(paymentKey)
    if (!tracked) {
      tracked = { notified: new Set() }
      this.orders.set(paymentKey, tracked)
    }
    return tracked
  }

  private checkOrder(paymentKey: string, tracked: Tracked): void {
    if (tracked.retryingSince === undefined) return
    if (this.deps.clock() - tracked.retryingSince > RETRYING_TOO_LONG_MS) {
      this.announce(paymentKey, tracked, 'retrying-too-long')
    }
  }

  private announce(paymentKey: string, tracked: Tracked, kind: Exclude<AttentionKind, 'session'>): void {
    if (tracked.notified.has(kind)) return
    // Recorded even when notifications are off, so turning them on later does not bring a burst of old news.
    tracked.notified.add(kind)
    if (!this.deps.enabled()) return
    const text = ATTENTION_TEXTS[this.deps.language()][kind]
    this.deps.notify({
      id: `${paymentKey}:${kind}`,
      kind,
      title: text.title(shortCodeOf(paymentKey)),
      body: text.body,
      action: { type: 'open-order', paymentKey },
    })
  }
}

/**
 * Shows one notification from the main process and routes its click. Each shown notification is held until
 * clicked or closed: one that is garbage-collected loses its click handler (seen on Windows).
 */
export function createNotificationShower(
  onAction: (action: AttentionAction) => void,
): (notification: AttentionNotification) => void {
  const shown = new Set<object>()
  return (notification) => {
    if (!Notification.isSupported()) return
    const note = new Notification({ title: notification.title, body: notification.body })
    shown.add(note)
    note.on('click', () => {
      shown.delete(note)
      onAction(notification.action)
    })
    note.on('close', () => shown.delete(note))
    note.show()
  }
}
