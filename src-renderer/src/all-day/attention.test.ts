import { describe, expect, it } from 'vitest'
import type { BoardOrder } from '../../../src-shared/domain.ts'
import { BrowserAttention, RETRYING_TOO_LONG_MS, titleWithCount } from './attention.ts'

const KEY = '0d3e1f00-5a1b-4c2d-8e3f-100000000001'
const OTHER = '0d3e1f00-5a1b-4c2d-8e3f-100000000002'
const at = '2026-11-22T10:00:00.000Z'
const error = { code: 'timeout', retryable: true } as const
const order = (paymentKey: string, handover: BoardOrder['handover']): BoardOrder => ({
  paymentKey,
  addedAt: at,
  handover,
})

describe('BrowserAttention (web mode)', () => {
  it('remembers the board seen first without announcing it, then announces each new failure once', () => {
    const attention = new BrowserAttention()
    const failed = order(KEY, { state: 'failed', at, error: { code: 'order-not-found', retryable: false } })
    expect(attention.update([failed], 0, 'tr')).toEqual({ count: 1, notices: [] })
    const unconfirmed = order(OTHER, {
      state: 'unconfirmed',
      at,
      error: { code: 'order-not-found', retryable: false },
    })
    const next = attention.update([failed, unconfirmed], 1, 'tr')
    expect(next.count).toBe(2)
    expect(next.notices).toEqual([
      {
        paymentKey: OTHER,
        title: expect.stringContaining('teyit edilemedi') as string,
        body: expect.any(String) as string,
      },
    ])
    expect(attention.update([failed, unconfirmed], 2, 'tr').notices).toEqual([])
  })

  it('counts and announces an order retrying for more than 2 minutes, through its sending moments', () => {
    const attention = new BrowserAttention()
    attention.update([], 0, 'en')
    const retrying = order(KEY, { state: 'retrying', attempts: 1, nextAttemptAt: at, error })
    expect(attention.update([retrying], 0, 'en')).toEqual({ count: 0, notices: [] })
    const sending = order(KEY, { state: 'sending', since: at })
    expect(attention.update([sending], RETRYING_TOO_LONG_MS / 2, 'en').count).toBe(0)
    const late = attention.update([retrying], RETRYING_TOO_LONG_MS + 1, 'en')
    expect(late.count).toBe(1)
    expect(late.notices[0]?.title).toMatch(/not sent for 2 minutes/)
    expect(
      attention.update([order(KEY, { state: 'handed-over', at })], RETRYING_TOO_LONG_MS + 2, 'en').count,
    ).toBe(0)
  })

  it('puts the count in the window title as the desktop app does', () => {
    expect(titleWithCount(3)).toBe('(3) POS Companion')
    expect(titleWithCount(0)).toBe('POS Companion')
  })
})
