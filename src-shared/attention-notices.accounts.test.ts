// Several restaurant accounts (issue 29): a notification about an order says whose it is; with one account the
// core names none and the notification is as before.
import { describe, expect, it } from 'vitest'
import { NO_ATTENTION, type Attention, type AttentionOrder } from './attention.ts'
import { AttentionAnnouncer } from './attention-notices.ts'

const A = '3f2b8c1e-9d4a-4b7e-8c21-5a6f0e9d1b72'
const SINCE = '2026-11-21T12:15:00.000Z'
const order = (extra: Partial<AttentionOrder> = {}): AttentionOrder => ({
  paymentKey: A,
  reason: 'waiting-too-long',
  since: SINCE,
  alarm: 'ringing',
  atStart: false,
  ...extra,
})
const with_ = (orders: AttentionOrder[]): Attention => ({ ...NO_ATTENTION, orders, count: orders.length })

describe('a notification with several accounts', () => {
  it('puts the order’s account first in its title', () => {
    const announcer = new AttentionAnnouncer()
    announcer.update(NO_ATTENTION, 'tr')
    const [notice] = announcer.update(with_([order({ account: 'Pide Evi' })]), 'tr')
    expect(notice?.title).toBe('Pide Evi · Sipariş 9D1-B72: bekleme süresi doldu')
  })

  it('says no account when the core names none (one account)', () => {
    const announcer = new AttentionAnnouncer()
    announcer.update(NO_ATTENTION, 'en')
    const [notice] = announcer.update(with_([order()]), 'en')
    expect(notice?.title).not.toContain('·')
  })
})
