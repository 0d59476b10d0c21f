import type { Attention, AttentionReason } from './attention.ts'
import type { Language } from './domain.ts'
import { shortCodeOf } from './order-rules.ts'
import { texts } from './texts/index.ts'

/** One notification to show: about an order (a click brings it forward), the session, or the intake's port. */
export interface AttentionNotice {
  /** One per crossing (`<payment_key>:<reason>:<since>`), or `session`, `intake-port`. */
  id: string
  kind: AttentionReason | 'session' | 'intake-port'
  /** The order a click brings forward; absent for the session and the port. */
  paymentKey?: string
  title: string
  body: string
}

/**
 * Which notifications the attention value calls for now, in both shells (the desktop app's OS notifications,
 * web mode's browser notifications; docs/decisions.md D50, D53, D70): one per crossing, never for what needed
 * staff already when the app started or when this window first looked (staff see it when they look), none
 * while sending is paused. Decides only: the shell shows them.
 */
export class AttentionAnnouncer {
  #announced = new Set<string>()
  #seeded = false
  #sessionLost = false
  /** The accounts whose lost sessions were announced (several accounts, issue 29). */
  #lostAccounts = new Set<string>()
  #portTaken = false

  update(attention: Attention, language: Language): AttentionNotice[] {
    const notices: AttentionNotice[] = []
    const present = new Set<string>()
    for (const order of attention.orders) {
      const id = `${order.paymentKey}:${order.reason}:${order.since}`
      present.add(id)
      if (this.#announced.has(id)) continue
      // While paused nothing is announced, nor remembered: after Sürdür, what still needs staff is.
      if (attention.paused && this.#seeded) continue
      this.#announced.add(id)
      if (!this.#seeded || order.atStart) continue
      const text = texts[language].notices.orders[order.reason]
      notices.push({
        id,
        kind: order.reason,
        paymentKey: order.paymentKey,
        // With several accounts, whose order it is comes first (issue 29).
        title: `${order.account === undefined ? '' : `${order.account} · `}${text.title(shortCodeOf(order.paymentKey))}`,
        body: text.body,
      })
    }
    // Forgotten once over, so the set holds only what needs staff now.
    for (const id of this.#announced) if (!present.has(id)) this.#announced.delete(id)
    // With several accounts, each account newly lost is announced, named first; one account: as before.
    const lost = attention.lostAccounts ?? []
    const newlyLost = lost.filter((name) => !this.#lostAccounts.has(name))
    if (attention.sessionLost && (!this.#sessionLost || newlyLost.length > 0) && this.#seeded) {
      const text = texts[language].notices.session
      const title = newlyLost.length > 0 ? `${newlyLost.join(', ')} · ${text.title}` : text.title
      notices.push({ id: 'session', kind: 'session', title, body: text.body })
    }
    this.#lostAccounts = new Set(lost)
    if (attention.intakePortTaken && !this.#portTaken && this.#seeded)
      notices.push({
        id: 'intake-port',
        kind: 'intake-port',
        ...texts[language].notices['intake-port'],
      })
    this.#sessionLost = attention.sessionLost
    this.#portTaken = attention.intakePortTaken
    this.#seeded = true
    return notices
  }
}

/** The window title with the number of things needing staff, in both shells: `(3) POS Companion`. */
export function titleWithCount(count: number, appName = 'POS Companion'): string {
  return count > 0 ? `(${String(count)}) ${appName}` : appName
}
