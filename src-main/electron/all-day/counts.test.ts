import { describe, expect, it } from 'vitest'
import type { Handover } from '../../../src-shared/domain.ts'
import { countHandovers } from './counts.ts'

const AT = '2026-11-22T10:00:00.000Z'
const error = { problem: 'network', message: 'offline' } as unknown as Extract<
  Handover,
  { state: 'failed' }
>['error']
const entry = (paymentKey: string, handover: Handover) => ({ paymentKey, handover })

describe('countHandovers', () => {
  it('counts owed (queued, sending, retrying), failed (failed, unconfirmed) and those needing attention', () => {
    const orders = [
      entry('a', { state: 'queued', since: AT, waitingForSignIn: true }),
      entry('b', { state: 'sending', since: AT }),
      entry('c', { state: 'retrying', nextAttemptAt: AT, attempts: 3, error }),
      entry('d', { state: 'failed', at: AT, error }),
      entry('e', { state: 'unconfirmed', at: AT, error }),
      entry('f', { state: 'handed-over', at: AT }),
      entry('g', { state: 'none' }),
    ]
    expect(countHandovers(orders)).toEqual({ owed: 3, failed: 2, attention: 2 })
    expect(countHandovers(orders, new Set(['c']))).toEqual({ owed: 3, failed: 2, attention: 3 })
  })

  it('counts a retrying-too-long key only while the order is still owed', () => {
    expect(countHandovers([entry('c', { state: 'handed-over', at: AT })], new Set(['c']))).toEqual({
      owed: 0,
      failed: 0,
      attention: 0,
    })
  })
})
