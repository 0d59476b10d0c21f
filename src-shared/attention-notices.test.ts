import { describe, expect, it } from 'vitest'
import { NO_ATTENTION, type Attention, type AttentionOrder } from './attention.ts'
import { AttentionAnnouncer, titleWithCount } from './attention-notices.ts'

const A = '3f2b8c1e-9d4a-4b7e-8c21-5a6f0e9d1b72'
const B = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f'
const SINCE = '2026-11-21T12:15:00.000Z'

function order(paymentKey: string, extra: Partial<AttentionOrder> = {}): AttentionOrder {
  return { paymentKey, reason: 'waiting-too-long', since: SINCE, alarm: 'ringing', atStart: false, ...extra }
}
const with_ = (orders: AttentionOrder[], extra: Partial<Attention> = {}): Attention => ({
  ...NO_ATTENTION,
  orders,
  count: orders.length,
  ...extra,
})

describe('AttentionAnnouncer', () => {
  it('announces each crossing once, naming the order, after the first look', () => {
    const announcer = new AttentionAnnouncer()
    expect(announcer.update(with_([order(A)]), 'tr')).toEqual([])
    const notices = announcer.update(with_([order(A), order(B)]), 'tr')
    expect(notices).toEqual([
      {
        id: `${B}:waiting-too-long:${SINCE}`,
        kind: 'waiting-too-long',
        paymentKey: B,
        title: 'Sipariş 2D3-E4F: bekleme süresi doldu',
        body: 'Kurye aldıysa “Kuryeye Verildi”ye basın; müşteri ancak o zaman haberdar olur.',
      },
    ])
    expect(announcer.update(with_([order(A), order(B, { alarm: 'silenced' })]), 'tr')).toEqual([])
  })

  it('a new crossing of the same order is news again; one that needed staff at start never is', () => {
    const announcer = new AttentionAnnouncer()
    announcer.update(NO_ATTENTION, 'en')
    expect(announcer.update(with_([order(A, { atStart: true, alarm: 'quiet' })]), 'en')).toEqual([])
    expect(announcer.update(NO_ATTENTION, 'en')).toEqual([])
    const failed = announcer.update(
      with_([order(A, { reason: 'failed', since: '2026-11-21T12:30:00.000Z' })]),
      'en',
    )
    expect(failed.map((notice) => notice.title)).toEqual(['Order 9D1-B72: hand-over failed'])
  })

  it('nothing while paused; after Sürdür what still needs staff is announced', () => {
    const announcer = new AttentionAnnouncer()
    announcer.update(NO_ATTENTION, 'tr')
    expect(announcer.update(with_([order(A, { alarm: 'quiet' })], { paused: true }), 'tr')).toEqual([])
    expect(announcer.update(with_([order(A)]), 'tr')).toHaveLength(1)
  })

  it('the session lost and the port taken, once each time they begin', () => {
    const announcer = new AttentionAnnouncer()
    announcer.update(NO_ATTENTION, 'tr')
    const lost = announcer.update(
      { ...NO_ATTENTION, sessionLost: true, intakePortTaken: true, count: 2 },
      'tr',
    )
    expect(lost.map((notice) => notice.id)).toEqual(['session', 'intake-port'])
    expect(
      announcer.update({ ...NO_ATTENTION, sessionLost: true, intakePortTaken: true, count: 2 }, 'tr'),
    ).toEqual([])
  })

  it('titles the window with the count', () => {
    expect(titleWithCount(0)).toBe('POS Companion')
    expect(titleWithCount(3)).toBe('(3) POS Companion')
  })
})
