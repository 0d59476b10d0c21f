import type { BoardOrder, Language } from '../../../src-shared/domain.ts'
import { shortCodeOf } from '../../../src-shared/order-rules.ts'
import {
  ATTENTION_TEXTS,
  RETRYING_TOO_LONG_MS,
  type AttentionKind,
} from '../../../src-shared/attention-texts.ts'

export { RETRYING_TOO_LONG_MS }

type Kind = AttentionKind

export interface BrowserNotice {
  paymentKey: string
  title: string
  body: string
}

/**
 * Web mode's half of "tell staff when something needs them" (docs/decisions.md D53): from the board as the
 * renderer holds it, which orders need attention (the title's count) and which deserve a browser notification
 * now — at most one per order per state; the board seen first is remembered, not announced.
 */
export class BrowserAttention {
  readonly #retryingSince = new Map<string, number>()
  readonly #notified = new Map<string, Set<Kind>>()
  #seeded = false

  /** The board now: what needs attention (a count) and what to announce. */
  update(
    orders: readonly BoardOrder[],
    now: number,
    language: Language,
  ): { count: number; notices: BrowserNotice[] } {
    const notices: BrowserNotice[] = []
    let count = 0
    const present = new Set<string>()
    for (const { paymentKey, handover } of orders) {
      present.add(paymentKey)
      let kind: Kind | undefined
      if (handover.state === 'failed' || handover.state === 'unconfirmed') kind = handover.state
      if (handover.state === 'retrying' || handover.state === 'sending') {
        const since = this.#retryingSince.get(paymentKey) ?? now
        if (handover.state === 'retrying') this.#retryingSince.set(paymentKey, since)
        if (this.#retryingSince.has(paymentKey) && now - since > RETRYING_TOO_LONG_MS)
          kind = 'retrying-too-long'
      } else {
        this.#retryingSince.delete(paymentKey)
      }
      if (kind === undefined) continue
      count++
      const seen = this.#notified.get(paymentKey) ?? new Set<Kind>()
      this.#notified.set(paymentKey, seen)
      if (seen.has(kind)) continue
      seen.add(kind)
      if (!this.#seeded) continue
      const text = ATTENTION_TEXTS[language][kind]
      const title = text.title(shortCodeOf(paymentKey))
      const body = text.body
      notices.push({ paymentKey, title, body })
    }
    for (const key of this.#notified.keys()) if (!present.has(key)) this.#notified.delete(key)
    this.#seeded = true
    return { count, notices }
  }
}

/** The window title with the count, as the desktop app shows it: `(3) POS Companion`. */
export function titleWithCount(count: number): string {
  return count > 0 ? `(${count}) POS Companion` : 'POS Companion'
}
