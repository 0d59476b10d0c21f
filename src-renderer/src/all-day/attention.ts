import type { BoardOrder, Language } from '../../../src-shared/domain.ts'
import { shortCodeOf } from '../../../src-shared/order-rules.ts'

/** Retrying by itself for longer than this, an order needs someone (the same rule as the desktop app's). */
export const RETRYING_TOO_LONG_MS = 2 * 60_000

type Kind = 'failed' | 'unconfirmed' | 'retrying-too-long'

export interface BrowserNotice {
  paymentKey: string
  title: string
  body: string
}

const texts = {
  tr: {
    failed: (code: string) => [
      `Sipariş ${code}: teslim başarısız`,
      'Platform kabul etmedi. Ayrıntı için siparişi açın.',
    ],
    unconfirmed: (code: string) => [
      `Sipariş ${code}: teyit edilemedi`,
      'Büyük olasılıkla platforma ulaştı; platform panelinden kontrol edin.',
    ],
    'retrying-too-long': (code: string) => [
      `Sipariş ${code}: 2 dakikadır gönderilemiyor`,
      'Uygulama denemeye devam ediyor. Ağ bağlantısını kontrol edin.',
    ],
  },
  en: {
    failed: (code: string) => [
      `Order ${code}: hand-over failed`,
      'The platform refused it. Open the order for details.',
    ],
    unconfirmed: (code: string) => [
      `Order ${code}: not confirmed`,
      'It most likely reached the platform; check on the platform’s panel.',
    ],
    'retrying-too-long': (code: string) => [
      `Order ${code}: not sent for 2 minutes`,
      'The app keeps trying. Check the network connection.',
    ],
  },
} satisfies Record<Language, Record<Kind, (code: string) => string[]>>

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
      const [title = '', body = ''] = texts[language][kind](shortCodeOf(paymentKey))
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
