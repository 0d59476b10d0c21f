import { describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS, type BoardOrder, type Handover } from '../../../src-shared/domain.ts'
import {
  rememberChange,
  RETRYING_TOO_LONG_MS,
  UNCONFIRMED_RINGS_AFTER_MS,
  watchOf,
  type OrderMemory,
  type WaitingLimits,
} from './attention-rules.ts'

const MIN = 60_000
const T0 = Date.UTC(2026, 10, 21, 12, 0, 0)
const LIMITS: WaitingLimits = {
  waitingLimitMinutes: DEFAULT_SETTINGS.waitingLimitMinutes,
  readyLimitMinutes: DEFAULT_SETTINGS.readyLimitMinutes,
}
const FAILED = { code: 'platform-refused', retryable: false } as const

function order(handover: Handover, extra: Partial<BoardOrder> = {}): BoardOrder {
  return {
    paymentKey: '3f2b8c1e-9d4a-4b7e-8c21-5a6f0e9d1b72',
    addedAt: new Date(T0).toISOString(),
    handover,
    courierType: 'restaurant',
    shippingMethod: 'delivery',
    ...extra,
  }
}

const iso = (at: number) => new Date(at).toISOString()

describe('watchOf', () => {
  it('an unconfirmed hand-over needs staff for being unconfirmed from its time, and rings a few minutes later', () => {
    expect(watchOf(order({ state: 'unconfirmed', at: iso(T0), error: FAILED }), {}, LIMITS)).toEqual({
      reason: 'unconfirmed',
      at: T0,
      ringsAt: T0 + UNCONFIRMED_RINGS_AFTER_MS,
    })
  })

  it('between two retries (sending, or queued after Şimdi dene) the order is still retrying too long, never ringing', () => {
    const memory: OrderMemory = { retryingSince: T0 }
    const expected = { reason: 'retrying-too-long', at: T0 + RETRYING_TOO_LONG_MS, ringsAt: null }
    expect(watchOf(order({ state: 'sending', since: iso(T0 + MIN) }), memory, LIMITS)).toEqual(expected)
    const queued: Handover = { state: 'queued', since: iso(T0 + MIN), waitingForSignIn: false }
    expect(watchOf(order(queued), memory, LIMITS)).toEqual(expected)
    // Sending or queued without having retried: nobody needs to look.
    expect(watchOf(order(queued), {}, LIMITS)).toBeUndefined()
  })

  it('a handed-over order needs nobody, whatever its past', () => {
    const handedOver = order({ state: 'handed-over', at: iso(T0) })
    expect(watchOf(handedOver, { retryingSince: T0, noneSince: T0 }, LIMITS)).toBeUndefined()
  })

  it('the ready limit counts from ready when staff last brought the order back before it was ready', () => {
    const readyAt = T0 + 10 * MIN
    const ready = order({ state: 'none' }, { readyAt: iso(readyAt) })
    // Taken back (Geri al) at T0 + 1 min, then ready at T0 + 10 min: the ready limit runs from ready.
    expect(watchOf(ready, { noneSince: T0 + MIN }, LIMITS)).toEqual({
      reason: 'waiting-too-long',
      at: readyAt + 5 * MIN,
      ringsAt: readyAt + 5 * MIN,
    })
    // Taken back after it was ready: from then.
    expect(watchOf(ready, { noneSince: readyAt + MIN }, LIMITS)?.at).toBe(readyAt + 6 * MIN)
  })

  it('an order with neither shipping method, courier type nor courier is not known to be ours: no limit', () => {
    const unknown = order({ state: 'none' }, { courierType: undefined, shippingMethod: undefined })
    expect(watchOf(unknown, {}, LIMITS)).toBeUndefined()
  })
})

describe('rememberChange', () => {
  it('keeps the first retry through sending and queued, and forgets it once the hand-over stops being owed', () => {
    const memory: OrderMemory = {}
    rememberChange(memory, 'none', 'retrying', T0)
    rememberChange(memory, 'retrying', 'sending', T0 + MIN)
    rememberChange(memory, 'sending', 'retrying', T0 + 2 * MIN)
    rememberChange(memory, 'retrying', 'queued', T0 + 3 * MIN)
    expect(memory.retryingSince).toBe(T0)
    for (const after of ['none', 'failed', 'unconfirmed', 'handed-over'] as const) {
      const one: OrderMemory = { retryingSince: T0 }
      rememberChange(one, 'retrying', after, T0 + MIN)
      expect(one.retryingSince, after).toBeUndefined()
    }
  })

  it('a new order, or one that stays waiting, is not one staff brought back: only a change back to none is', () => {
    const added: OrderMemory = {}
    rememberChange(added, undefined, 'none', T0)
    expect(added.noneSince).toBeUndefined()
    const edited: OrderMemory = {}
    rememberChange(edited, 'none', 'none', T0)
    expect(edited.noneSince).toBeUndefined()
    const takenBack: OrderMemory = {}
    rememberChange(takenBack, 'queued', 'none', T0 + MIN)
    expect(takenBack.noneSince).toBe(T0 + MIN)
  })

  it('pressing the hand-over again keeps when staff last brought the order back: only a change to none moves it', () => {
    const memory: OrderMemory = { noneSince: T0 }
    rememberChange(memory, 'none', 'queued', T0 + MIN)
    rememberChange(memory, 'queued', 'retrying', T0 + 2 * MIN)
    rememberChange(memory, 'retrying', 'failed', T0 + 3 * MIN)
    expect(memory.noneSince).toBe(T0)
  })
})
