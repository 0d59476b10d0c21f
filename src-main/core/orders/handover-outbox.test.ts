import { beforeEach, describe, expect, it, vi } from 'vitest'
import { AppFailure, toAppError } from '../app-failure.ts'
import { RENEW_BEFORE_EXPIRY_MS } from '../session/token-expiry.ts'
import { HISTORY_RETENTION_DAYS } from './journal-compaction.ts'
import {
  NOT_CONFIRMED,
  NOT_FOUND,
  ORDER,
  OTHER_ORDER,
  OutboxWorld,
  UNAVAILABLE,
  ADDRESS,
  KEYS,
} from '../../../test-support/core/orders/outbox-world.ts'
import { OUTBOX_SETTINGS, TEST_ACCOUNT, testBoard } from '../../../test-support/core/orders/test-parts.ts'
import { ManualClock } from '../../../test-support/core/manual-clock.ts'
import type { SessionStatus } from '../../../src-shared/domain.ts'
import type { PlatformClient } from '../platform/platform-client.ts'
import { silentLogger } from '../ports.ts'
import { MemoryHistoryArchive } from '../storage/history-archive.ts'
import { MemoryJournal } from '../storage/memory-journal.ts'
import { HandoverOutbox, type OutboxSessions } from './handover-outbox.ts'

let world: OutboxWorld
beforeEach(async () => {
  world = await OutboxWorld.start()
  world.addOrder(ORDER, 'Masa 4')
})

async function problemOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise
  } catch (error) {
    return toAppError(error).problem
  }
  throw new Error('expected a refusal')
}

const SECOND = 1000

describe('a press of "Kuryeye Verildi"', () => {
  it('writes the intent and the attempt before it sends, and the confirmation before it shows it', async () => {
    const seenAtSend: string[][] = []
    world.platform.onCall = () => seenAtSend.push(world.recordTypes())
    const order = await world.app.outbox.handOver(ORDER)
    expect(seenAtSend).toEqual([['queued', 'attempt']])
    expect(world.recordTypes()).toEqual(['queued', 'attempt', 'result:handed-over'])
    expect(order.handover).toEqual({ state: 'handed-over', at: new Date(world.clock.now()).toISOString() })
    expect(world.platform.handedOver).toBe(1)
    // The outbox owns the retries: the client makes exactly one attempt each time.
    expect(world.platform.calls.map((call) => call.options)).toEqual([{ retry: false }])
    // The platform's `status: true` leaves nothing unknown about this action.
    expect(world.journal.records.at(-1)).toMatchObject({ result: 'handed-over', outcomeUnknown: false })
    expect(world.log.lines).toContain(
      'info outbox: attempt settled {"result":"handed-over","attempt":1,"httpStatus":200}',
    )
  })

  it('leaves no timer behind once the platform confirmed it', async () => {
    // The session's renewal and the journal's day turn.
    const before = world.clock.pendingTimers
    await world.app.outbox.handOver(ORDER)
    expect(world.clock.pendingTimers).toBe(before)
  })

  it('counts what is owed, and names it, until it is settled', async () => {
    world.addOrder(OTHER_ORDER)
    world.platform.steps.push({ fail: UNAVAILABLE })
    await world.app.outbox.handOver(ORDER)
    await world.app.outbox.handOver(OTHER_ORDER)
    expect(world.app.outbox.countOwed()).toBe(1)
    expect(world.app.outbox.owedNow()).toEqual([ORDER])
    await world.app.outbox.sendNow(ORDER)
    expect(world.app.outbox.countOwed()).toBe(0)
    expect(world.app.outbox.owedNow()).toEqual([])
  })

  it('follows the retry policy it is given', async () => {
    world.policy.baseDelayMs = 10 * SECOND
    world.platform.steps.push({ fail: UNAVAILABLE })
    await world.app.outbox.handOver(ORDER)
    expect(world.handover()).toMatchObject({
      state: 'retrying',
      nextAttemptAt: new Date(world.clock.now() + 5 * SECOND).toISOString(),
    })
  })

  it('records the attempt in the history with the platform status', async () => {
    await world.app.outbox.handOver(ORDER)
    expect(world.app.outbox.allHistory()).toEqual([
      {
        seq: 0,
        paymentKey: ORDER,
        account: TEST_ACCOUNT,
        label: 'Masa 4',
        attempt: 1,
        at: new Date(world.clock.now()).toISOString(),
        result: 'handed-over',
        httpStatus: 200,
      },
    ])
  })

  it('is refused for an order known to be pickup or platform-courier, and for one not on the board', async () => {
    world.app.board.add(OTHER_ORDER, { shippingMethod: 'pickup' })
    expect(await problemOf(world.app.outbox.handOver(OTHER_ORDER))).toBe('not-eligible')
    world.app.board.add(ORDER, { courierType: 'platform', shippingMethod: 'delivery' })
    expect(await problemOf(world.app.outbox.handOver(ORDER))).toBe('not-eligible')
    expect(await problemOf(world.app.outbox.handOver('11111111-2222-4333-8444-555555555555'))).toBe(
      'unknown-order',
    )
    expect(world.platform.calls).toHaveLength(0)
    expect(world.journal.records).toHaveLength(0)
  })

  it('is refused, with nothing sent, when the intent cannot be written', async () => {
    world.app.journal.failNextAppend = true
    await expect(world.app.outbox.handOver(ORDER)).rejects.toThrow(/ENOSPC/)
    expect(world.platform.calls).toHaveLength(0)
    expect(world.handover()).toEqual({ state: 'none' })
  })
})

describe('one action in flight per order', () => {
  it('refuses a second press while the first is sending, and sends once', async () => {
    world.platform.steps.push('hang')
    const first = world.app.outbox.handOver(ORDER)
    await world.settle()
    expect(world.handover().state).toBe('sending')
    expect(await problemOf(world.app.outbox.handOver(ORDER))).toBe('already-sending')
    expect(() => world.app.outbox.assertRemovable(ORDER)).toThrow('already-sending')
    world.platform.hanging.shift()?.()
    await first
    expect(world.platform.calls).toHaveLength(1)
  })

  it('lets an order be removed once its hand-over is settled, or when it was never pressed', async () => {
    world.addOrder(OTHER_ORDER)
    await world.app.outbox.handOver(ORDER)
    expect(() => world.app.outbox.assertRemovable(ORDER)).not.toThrow()
    expect(() => world.app.outbox.assertRemovable(OTHER_ORDER)).not.toThrow()
  })

  it('refuses a second press while the first waits to retry', async () => {
    world.platform.steps.push({ fail: UNAVAILABLE })
    await world.app.outbox.handOver(ORDER)
    expect(world.handover().state).toBe('retrying')
    expect(await problemOf(world.app.outbox.handOver(ORDER))).toBe('already-sending')
    expect(world.platform.calls).toHaveLength(1)
  })

  it('never sends an order the platform confirmed again', async () => {
    await world.app.outbox.handOver(ORDER)
    expect((await world.app.outbox.handOver(ORDER)).handover.state).toBe('handed-over')
    await world.crashAndRestart()
    await world.settle()
    expect((await world.app.outbox.handOver(ORDER)).handover.state).toBe('handed-over')
    expect(world.platform.calls).toHaveLength(1)
  })
})

describe('retries (D9)', () => {
  it('retries a 503 with backoff until the platform takes it, visible as retrying with the next time', async () => {
    world.random = () => 0.5
    world.platform.steps.push({ fail: UNAVAILABLE }, { fail: UNAVAILABLE })
    const start = world.clock.now()
    const after = await world.app.outbox.handOver(ORDER)
    expect(after.handover).toEqual({
      state: 'retrying',
      attempts: 1,
      nextAttemptAt: new Date(start + 1 * SECOND).toISOString(),
      error: { code: 'server-error', retryable: true, httpStatus: 503, platformError: 'sunucu hatası' },
    })
    await world.clock.advance(1 * SECOND - 1)
    expect(world.platform.calls).toHaveLength(1)
    await world.clock.advance(1)
    expect(world.platform.calls).toHaveLength(2)
    // Second failure: the ceiling doubles (4 s), half of it with this jitter.
    expect(world.handover()).toMatchObject({
      state: 'retrying',
      attempts: 2,
      nextAttemptAt: new Date(world.clock.now() + 2 * SECOND).toISOString(),
    })
    await world.clock.advance(2 * SECOND)
    expect(world.handover().state).toBe('handed-over')
    expect(world.platform.handedOver).toBe(1)
    expect(world.app.outbox.allHistory().map((entry) => entry.result)).toEqual([
      'handed-over',
      'will-retry',
      'will-retry',
    ])
  })

  it('keeps retrying through a long outage, every few minutes at most, and never gives up', async () => {
    world.random = () => 0.999
    for (let i = 0; i < 30; i += 1)
      world.platform.steps.push({ fail: { code: 'unreachable', retryable: true } })
    await world.app.outbox.handOver(ORDER)
    const waits: number[] = []
    for (let i = 0; i < 30; i += 1) {
      const handover = world.handover()
      if (handover.state !== 'retrying') throw new Error(`expected retrying, got ${handover.state}`)
      const wait = Date.parse(handover.nextAttemptAt) - world.clock.now()
      waits.push(wait)
      await world.clock.advance(wait)
    }
    expect(waits.slice(0, 5)).toEqual([1998, 3996, 7992, 15984, 31968])
    expect(Math.max(...waits)).toBeLessThanOrEqual(300_000)
    expect(waits.at(-1)).toBe(299_700)
    expect(world.handover().state).toBe('handed-over')
    expect(world.platform.calls).toHaveLength(31)
  })

  it('honours Retry-After on a 429, as a floor under the jitter', async () => {
    world.random = () => 0
    world.platform.steps.push({
      fail: { code: 'rate-limited', retryable: true, httpStatus: 429, retryAfterMs: 30 * SECOND },
    })
    await world.app.outbox.handOver(ORDER)
    expect(world.handover()).toMatchObject({
      state: 'retrying',
      nextAttemptAt: new Date(world.clock.now() + 30 * SECOND).toISOString(),
    })
    await world.clock.advance(30 * SECOND - 1)
    expect(world.platform.calls).toHaveLength(1)
    await world.clock.advance(1)
    expect(world.handover().state).toBe('handed-over')
  })

  it('caps a Retry-After too long to obey', async () => {
    world.platform.steps.push({
      fail: { code: 'rate-limited', retryable: true, httpStatus: 429, retryAfterMs: 86_400 * SECOND },
    })
    await world.app.outbox.handOver(ORDER)
    expect(world.handover()).toMatchObject({
      nextAttemptAt: new Date(world.clock.now() + world.policy.maxRetryAfterMs).toISOString(),
    })
  })

  it.each([
    ['a timeout', { code: 'timeout' as const, retryable: true }],
    ['a dropped connection', { code: 'unreachable' as const, retryable: true }],
    ['an answer it cannot read', { code: 'unexpected-answer' as const, retryable: false, httpStatus: 200 }],
  ])('retries after %s', async (_label, fail) => {
    world.platform.steps.push({ fail })
    await world.app.outbox.handOver(ORDER)
    expect(world.handover()).toMatchObject({ state: 'retrying', error: { code: fail.code } })
    await world.clock.advance(2 * SECOND)
    expect(world.handover().state).toBe('handed-over')
  })

  it.each([
    ['sipariş bulunamadı', NOT_FOUND],
    [
      'URL hatalı',
      { code: 'malformed-url' as const, retryable: false, httpStatus: 400, platformError: 'URL hatalı' },
    ],
    ['an error the spec does not name', NOT_CONFIRMED],
  ])('never retries a refusal (%s): the order fails with the platform words', async (_label, fail) => {
    world.platform.steps.push({ fail })
    await world.app.outbox.handOver(ORDER)
    expect(world.handover()).toMatchObject({
      state: 'failed',
      error: { code: fail.code, platformError: fail.platformError, httpStatus: fail.httpStatus },
    })
    await world.clock.advance(24 * 60 * 60 * SECOND)
    expect(world.platform.calls).toHaveLength(1)
    expect(world.app.outbox.allHistory().map((entry) => entry.result)).toEqual(['refused'])
  })

  it('sends again when staff press after a refusal: a new action', async () => {
    world.platform.steps.push({ fail: NOT_FOUND })
    await world.app.outbox.handOver(ORDER)
    expect((await world.app.outbox.handOver(ORDER)).handover.state).toBe('handed-over')
    expect(world.recordTypes().filter((type) => type === 'queued')).toHaveLength(2)
  })
})

describe('the session (D3)', () => {
  it('re-logs in once on a 401 and sends with the fresh token', async () => {
    world.platform.revokeTokens()
    await world.app.outbox.handOver(ORDER)
    expect(world.handover().state).toBe('handed-over')
    expect(world.platform.logins).toBe(2)
    expect(world.platform.calls).toHaveLength(2)
    expect(world.platform.handedOver).toBe(1)
    expect(world.app.outbox.allHistory()).toHaveLength(1)
  })

  it('holds the action while signed out and sends it when the staff sign in again', async () => {
    await world.app.session.signOut(false)
    const order = await world.app.outbox.handOver(ORDER)
    expect(order.handover).toMatchObject({ state: 'queued', waitingForSignIn: true })
    expect(world.platform.calls).toHaveLength(0)
    await world.clock.advance(60 * 60 * SECOND)
    expect(world.platform.calls).toHaveLength(0)
    await world.app.session.signIn({ platformAddress: ADDRESS, ...KEYS })
    await world.settle()
    expect(world.handover().state).toBe('handed-over')
    expect(world.platform.handedOver).toBe(1)
  })

  it('holds the action when the platform refuses even a fresh token, until the staff sign in', async () => {
    world.platform.steps.push({
      fail: { code: 'signed-out', retryable: false, httpStatus: 401, platformError: 'yetkisiz erişim' },
    })
    world.platform.steps.push({
      fail: { code: 'signed-out', retryable: false, httpStatus: 401, platformError: 'yetkisiz erişim' },
    })
    await world.app.outbox.handOver(ORDER)
    expect(world.app.session.isSignedOut).toBe(true)
    expect(world.handover()).toMatchObject({ state: 'queued', waitingForSignIn: true })
    await world.app.session.signIn({ platformAddress: ADDRESS, ...KEYS })
    await world.settle()
    expect(world.handover().state).toBe('handed-over')
  })
})

describe('held for sign-in, across a restart', () => {
  it('stays held at a start while still signed out, and goes out once the staff sign in', async () => {
    await world.app.session.signOut(false)
    await world.app.outbox.handOver(ORDER)
    await world.crashAndRestart()
    await world.settle()
    expect(world.app.session.isSignedOut).toBe(true)
    expect(world.handover()).toMatchObject({ state: 'queued', waitingForSignIn: true })
    // Nothing tried again at the start: still the one attempt that found no session.
    expect(world.app.outbox.allHistory().map((entry) => entry.result)).toEqual(['waiting-for-sign-in'])
    await world.app.session.signIn({ platformAddress: ADDRESS, ...KEYS })
    await world.settle()
    expect(world.handover().state).toBe('handed-over')
    expect(world.platform.calls).toHaveLength(1)
  })

  it('goes out at the start when the session is back by then', async () => {
    await world.app.session.signOut(false)
    await world.app.outbox.handOver(ORDER)
    // The staff sign in and the app dies before the held press is written as sent.
    world.app.journal.dead = true
    await world.app.session.signIn({ platformAddress: ADDRESS, ...KEYS })
    await world.settle()
    await world.crashAndRestart()
    await world.settle()
    expect(world.app.session.isSignedOut).toBe(false)
    expect(world.handover().state).toBe('handed-over')
    expect(world.platform.handedOver).toBe(1)
  })

  it('is not tried at a session change that is not a sign-in', async () => {
    await world.app.session.signOut(false)
    await world.app.outbox.handOver(ORDER)
    await world.app.session.signOut(true)
    await world.settle()
    expect(world.app.outbox.allHistory().map((entry) => entry.result)).toEqual(['waiting-for-sign-in'])
  })

  it('a press made while paused and signed out waits for the sign-in once resumed, then goes out', async () => {
    world.app.outbox.pauseSending()
    await world.app.session.signOut(false)
    await world.app.outbox.handOver(ORDER)
    world.app.outbox.resumeSending()
    await world.settle()
    expect(world.handover()).toMatchObject({ state: 'queued', waitingForSignIn: true })
    await world.app.session.signIn({ platformAddress: ADDRESS, ...KEYS })
    await world.settle()
    expect(world.handover().state).toBe('handed-over')
  })

  it('a token renewal does not hurry a hand-over waiting out its backoff', async () => {
    const status = world.app.session.status()
    if (status.state === 'signed-out' || status.expiresAt === undefined) throw new Error('not signed in')
    const renewAt = Date.parse(status.expiresAt) - RENEW_BEFORE_EXPIRY_MS
    await world.clock.advance(renewAt - 2 * SECOND - world.clock.now())
    world.platform.steps.push({
      fail: { code: 'rate-limited', retryable: true, httpStatus: 429, retryAfterMs: 60 * SECOND },
    })
    await world.app.outbox.handOver(ORDER)
    await world.clock.advance(2 * SECOND)
    await world.settle()
    expect(world.platform.logins).toBe(2)
    expect(world.platform.calls).toHaveLength(1)
    expect(world.handover().state).toBe('retrying')
    await world.clock.advance(58 * SECOND)
    expect(world.handover().state).toBe('handed-over')
  })
})

describe('exactly once, when an answer is lost', () => {
  it('shows `unconfirmed`, never `handed-over`, when a resend is refused after a lost answer', async () => {
    world.platform.steps.push('act-then-time-out')
    await world.app.outbox.handOver(ORDER)
    expect(world.handover()).toMatchObject({ state: 'retrying', error: { code: 'timeout' } })
    await world.clock.advance(2 * SECOND)
    expect(world.handover()).toMatchObject({
      state: 'unconfirmed',
      error: { code: 'platform-refused', platformError: 'sipariş durumu uygun değil', httpStatus: 409 },
    })
    expect(world.platform.handedOver).toBe(1)
    await world.clock.advance(24 * 60 * 60 * SECOND)
    expect(world.platform.calls).toHaveLength(2)
  })

  it('calls a plain refusal a failure when no earlier answer was lost', async () => {
    world.platform.inDelivery.add(ORDER)
    await world.app.outbox.handOver(ORDER)
    expect(world.handover()).toMatchObject({
      state: 'failed',
      error: { platformError: 'sipariş durumu uygun değil' },
    })
  })

  it('does not count a 429 or a 401 as a possibly lost answer', async () => {
    world.platform.steps.push({ fail: { code: 'rate-limited', retryable: true, httpStatus: 429 } })
    world.platform.steps.push({ fail: NOT_CONFIRMED })
    await world.app.outbox.handOver(ORDER)
    await world.clock.advance(2 * SECOND)
    expect(world.handover().state).toBe('failed')
  })

  /** Lets each retry fall due until the hand-over stops retrying. */
  // Bounded: a retry that is never scheduled would otherwise loop here on promises alone, starving the event
  // loop, so not even the test's own timeout could end it.
  async function untilNotRetrying(): Promise<void> {
    for (let waits = 0; ; waits += 1) {
      const handover = world.handover()
      if (handover.state !== 'retrying') return
      if (waits === 20) throw new Error('still retrying after 20 waits')
      await world.clock.advance(Date.parse(handover.nextAttemptAt) - world.clock.now())
    }
  }

  // A later attempt that proves nothing either way (a 429, an attempt that could not be written) must not
  // wash out the earlier lost answer: the refusal after it is still `unconfirmed` (D20).
  it('stays `unconfirmed`, never `failed`, when a 429 comes between the lost answer and the refusal', async () => {
    world.platform.steps.push('act-then-time-out', {
      fail: { code: 'rate-limited', retryable: true, httpStatus: 429 },
    })
    await world.app.outbox.handOver(ORDER)
    await untilNotRetrying()
    expect(world.app.outbox.allHistory().map((entry) => entry.result)).toEqual([
      'unconfirmed',
      'will-retry',
      'will-retry',
    ])
    expect(world.handover()).toMatchObject({ state: 'unconfirmed', error: { httpStatus: 409 } })
    expect(world.platform.handedOver).toBe(1)
  })

  it('stays `unconfirmed` when an attempt that could not be written comes between', async () => {
    world.platform.steps.push('act-then-time-out')
    await world.app.outbox.handOver(ORDER)
    // The next attempt's record is refused by the disk: that attempt is not sent, and proves nothing.
    world.app.journal.failNextAppend = true
    await untilNotRetrying()
    expect(world.log.lines.filter((line) => line.startsWith('error '))).toEqual([
      'error outbox: could not write an attempt; not sending it {"error":"Error: ENOSPC: no space left on device"}',
    ])
    expect(world.platform.calls).toHaveLength(2)
    expect(world.app.outbox.allHistory().map((entry) => entry.result)).toEqual([
      'unconfirmed',
      'will-retry',
      'will-retry',
    ])
    expect(world.handover().state).toBe('unconfirmed')
  })

  it('calls a refusal after an attempt the disk refused a failure: that attempt was never sent', async () => {
    world.platform.steps.push({ fail: { code: 'rate-limited', retryable: true, httpStatus: 429 } })
    await world.app.outbox.handOver(ORDER)
    world.app.journal.failNextAppend = true
    world.platform.inDelivery.add(ORDER)
    await untilNotRetrying()
    expect(world.platform.calls).toHaveLength(2)
    expect(world.handover()).toMatchObject({ state: 'failed', error: { httpStatus: 409 } })
  })

  it('stays `unconfirmed` when the lost answer and the 429 are read back after a restart', async () => {
    world.platform.steps.push('act-then-time-out', {
      fail: { code: 'rate-limited', retryable: true, httpStatus: 429 },
    })
    await world.app.outbox.handOver(ORDER)
    await world.clock.advance(1 * SECOND)
    expect(world.handover()).toMatchObject({ state: 'retrying', error: { code: 'rate-limited' } })
    await world.crashAndRestart()
    await untilNotRetrying()
    expect(world.handover().state).toBe('unconfirmed')
    expect(world.platform.calls).toHaveLength(3)
  })

  it('keeps `sipariş bulunamadı` a failure even after a lost answer', async () => {
    world.platform.steps.push({ fail: { code: 'timeout', retryable: true } }, { fail: NOT_FOUND })
    await world.app.outbox.handOver(ORDER)
    await world.clock.advance(2 * SECOND)
    expect(world.handover()).toMatchObject({ state: 'failed', error: { code: 'order-not-found' } })
  })
})

describe('crash safety', () => {
  it('resends an attempt cut off by a crash, and the platform hands over once', async () => {
    world.platform.steps.push('hang')
    void world.app.outbox.handOver(ORDER)
    await world.settle()
    expect(world.recordTypes()).toEqual(['queued', 'attempt'])
    await world.crashAndRestart()
    await world.settle()
    expect(world.handover().state).toBe('handed-over')
    expect(world.platform.handedOver).toBe(1)
    expect(world.recordTypes()).toEqual([
      'queued',
      'attempt',
      'result:interrupted',
      'attempt',
      'result:handed-over',
    ])
    expect(world.app.outbox.allHistory().map((entry) => [entry.attempt, entry.result])).toEqual([
      [2, 'handed-over'],
      [1, 'interrupted'],
    ])
  })

  it('resolves a crash after the platform acted as `unconfirmed`, with one hand-over on the platform', async () => {
    world.platform.steps.push('act-then-time-out')
    world.platform.onCall = () => {
      // The process dies while the platform is acting on its request.
      world.app.journal.dead = true
    }
    await world.app.outbox.handOver(ORDER)
    world.platform.onCall = undefined
    expect(world.log.lines.filter((line) => line.startsWith('error '))).toEqual([
      'error outbox: could not write an attempt result {"error":"Error: the process is gone"}',
    ])
    await world.crashAndRestart()
    await world.settle()
    expect(world.handover().state).toBe('unconfirmed')
    expect(world.platform.handedOver).toBe(1)
    expect(world.platform.calls).toHaveLength(2)
  })

  it('counts each crash that cut an attempt off in the backoff, as it counts a retry', async () => {
    world.platform.steps.push('hang', 'hang', { fail: UNAVAILABLE })
    void world.app.outbox.handOver(ORDER)
    await world.settle()
    await world.crashAndRestart()
    await world.settle()
    expect(world.handover().state).toBe('sending')
    await world.crashAndRestart()
    await world.settle()
    expect(world.app.outbox.allHistory().map((entry) => [entry.attempt, entry.result])).toEqual([
      [3, 'will-retry'],
      [2, 'interrupted'],
      [1, 'interrupted'],
    ])
    // Third passing failure in a row: a ceiling of 2 s · 2² = 8 s, half of it with this jitter.
    expect(world.handover()).toMatchObject({
      state: 'retrying',
      attempts: 3,
      nextAttemptAt: new Date(world.clock.now() + 4 * SECOND).toISOString(),
    })
  })

  it('sends an intent written just before a crash, before any attempt', async () => {
    world.platform.onCall = () => {
      throw new Error('must not be reached before the crash')
    }
    world.app.journal.append({
      type: 'queued',
      action: 'a1',
      paymentKey: ORDER,
      at: new Date(world.clock.now()).toISOString(),
    })
    world.platform.onCall = undefined
    await world.crashAndRestart()
    await world.settle()
    expect(world.handover().state).toBe('handed-over')
    expect(world.platform.calls).toHaveLength(1)
  })

  it('waits out a retry time across a restart, then sends', async () => {
    world.random = () => 0.5
    world.platform.steps.push({
      fail: { code: 'rate-limited', retryable: true, httpStatus: 429, retryAfterMs: 60 * SECOND },
    })
    await world.app.outbox.handOver(ORDER)
    await world.clock.advance(10 * SECOND)
    await world.crashAndRestart()
    expect(world.handover().state).toBe('retrying')
    await world.clock.advance(50 * SECOND - 1)
    expect(world.platform.calls).toHaveLength(1)
    await world.clock.advance(1)
    expect(world.handover().state).toBe('handed-over')
  })

  it('believes the journal over a board copy a crash left behind', async () => {
    await world.app.outbox.handOver(ORDER)
    // The board's copy was one write behind the journal when the process died.
    world.app.board.setHandover(ORDER, { state: 'sending', since: new Date(world.clock.now()).toISOString() })
    await world.crashAndRestart()
    await world.settle()
    expect(world.handover().state).toBe('handed-over')
    expect(world.platform.calls).toHaveLength(1)
  })

  it('takes over an order an older version left `sending`, as an unknown outcome', async () => {
    world.app.board.add(OTHER_ORDER, {})
    // The board as an older version wrote it: hand-over states in the board itself, no journal entry.
    const at = new Date(world.clock.now()).toISOString()
    const legacy = world.app.board
      .list()
      .map((order) =>
        order.paymentKey === ORDER
          ? { ...order, handover: { state: 'sending', since: at } }
          : { ...order, handover: { state: 'failed', at, error: NOT_FOUND_ERROR } },
      )
    world.store.set('board.orders', legacy)
    // …and no board log of its own (D56): the board is moved over from settings.json at this start.
    world.boardLog.replace([])
    await world.crashAndRestart()
    await world.settle()
    expect(world.handover().state).toBe('handed-over')
    expect(world.handover(OTHER_ORDER).state).toBe('failed')
    expect(world.app.outbox.allHistory().map((entry) => entry.result)).toEqual(['handed-over', 'interrupted'])
    expect(world.log.lines).toContain('info outbox: adopted an order left sending by an earlier run ')
  })

  it('calls a refusal of an adopted order `unconfirmed`: the older version may have sent it', async () => {
    const at = new Date(world.clock.now()).toISOString()
    world.store.set(
      'board.orders',
      world.app.board.list().map((order) => ({ ...order, handover: { state: 'sending', since: at } })),
    )
    world.boardLog.replace([])
    // The older version's send went through before it stopped.
    world.platform.inDelivery.add(ORDER)
    await world.crashAndRestart()
    await world.settle()
    expect(world.handover()).toMatchObject({ state: 'unconfirmed', error: { httpStatus: 409 } })
  })

  it('starts when the board lost an order the journal still owes, and settles it all the same', async () => {
    world.platform.steps.push('hang')
    void world.app.outbox.handOver(ORDER)
    await world.settle()
    world.boardLog.replace([])
    world.store.set('board.orders', [])
    await world.crashAndRestart()
    await world.settle()
    expect(world.app.board.get(ORDER)).toBeUndefined()
    expect(world.app.outbox.allHistory().map((entry) => entry.result)).toEqual(['handed-over', 'interrupted'])
    expect(world.platform.handedOver).toBe(1)
  })

  it('writes nothing to the board at a start that finds it as the journal says', async () => {
    world.addOrder(OTHER_ORDER)
    world.platform.known.delete(OTHER_ORDER)
    await world.app.outbox.handOver(ORDER)
    await world.app.outbox.handOver(OTHER_ORDER)
    await world.crashAndRestart()
    const written = world.boardLog.records.length
    await world.crashAndRestart()
    expect([world.handover(ORDER).state, world.handover(OTHER_ORDER).state]).toEqual([
      'handed-over',
      'failed',
    ])
    expect(world.boardLog.records).toHaveLength(written)
  })

  it('sends a press cut off by a crash at a start with no token yet, signing in with the stored keys', async () => {
    world.platform.steps.push('hang')
    void world.app.outbox.handOver(ORDER)
    await world.settle()
    // No token is kept, the keys are: the next start begins signed out.
    await world.app.session.signOut(false)
    await world.crashAndRestart()
    await world.settle()
    expect(world.handover().state).toBe('handed-over')
    expect(world.platform.handedOver).toBe(1)
  })
})

describe('a disk that fails', () => {
  it('costs nothing when compaction cannot rewrite the journal: it is warned of and the journal stays whole', async () => {
    await world.app.outbox.handOver(ORDER)
    const records = world.recordTypes()
    world.app.journal.dead = true
    world.app.outbox.compact()
    expect(world.recordTypes()).toEqual(records)
    expect(world.log.lines.filter((line) => line.startsWith('warn outbox:'))).toEqual([
      'warn outbox: could not compact the journal {"error":"Error: the process is gone"}',
    ])
  })

  it('logs an order left sending it could not adopt, and adopts it at the next start', async () => {
    const at = new Date(world.clock.now()).toISOString()
    const legacy = world.app.board
      .list()
      .map((order) => ({ ...order, handover: { state: 'sending', since: at } }))
    world.store.set('board.orders', legacy)
    world.boardLog.replace([])
    // The next start's first write, the adopted order's intent, is refused by the disk.
    const records = world.journal.records
    Object.defineProperty(records, 'push', {
      configurable: true,
      value: () => {
        Reflect.deleteProperty(records, 'push')
        throw new Error('ENOSPC: no space left on device')
      },
    })
    await world.crashAndRestart()
    await world.settle()
    expect(world.log.lines.filter((line) => line.startsWith('error outbox:'))).toEqual([
      'error outbox: could not adopt an order left sending {"error":"Error: ENOSPC: no space left on device"}',
    ])
    // Still shown as owed on the board: nothing is claimed, and the next start tries again.
    expect(world.handover().state).toBe('sending')
    expect(world.platform.calls).toHaveLength(0)
    await world.crashAndRestart()
    await world.settle()
    expect(world.handover().state).toBe('handed-over')
    expect(world.app.outbox.allHistory().map((entry) => entry.result)).toEqual(['handed-over', 'interrupted'])
  })
})

const NOT_FOUND_ERROR = {
  code: 'order-not-found' as const,
  retryable: false,
  httpStatus: 404,
  platformError: 'sipariş bulunamadı',
}

describe('the history', () => {
  it('folds the attempts of one order into one row, pages by order, and filters by state', async () => {
    world.platform.steps.push({ fail: UNAVAILABLE }, { fail: UNAVAILABLE })
    await world.app.outbox.handOver(ORDER)
    await world.clock.advance(60 * SECOND)
    world.addOrder(OTHER_ORDER)
    world.platform.known.delete(OTHER_ORDER)
    await world.app.outbox.handOver(OTHER_ORDER)
    const first = world.app.outbox.listHistory({ limit: 1 })
    expect(first.orders.map((row) => [row.paymentKey, row.result, row.attempts.length])).toEqual([
      [OTHER_ORDER, 'refused', 1],
    ])
    expect(first).toMatchObject({ day: '2026-11-22', days: ['2026-11-22'], nextOffset: 1, total: 2 })
    const second = world.app.outbox.listHistory({ limit: 1, offset: 1 })
    expect(second.orders[0]?.attempts.map((entry) => entry.result)).toEqual([
      'will-retry',
      'will-retry',
      'handed-over',
    ])
    expect(second.nextOffset).toBeNull()
    const handedOver = world.app.outbox.listHistory({ limit: 10, state: 'handed-over' })
    expect(handedOver.orders.map((row) => row.paymentKey)).toEqual([ORDER])
    expect(world.app.outbox.listHistory({ limit: 10, day: '2026-11-21' }).orders).toEqual([])
  })

  it("gives one day's entries oldest first, with the days it holds", async () => {
    world.platform.steps.push({ fail: UNAVAILABLE })
    await world.app.outbox.handOver(ORDER)
    await world.clock.advance(60 * SECOND)
    expect(world.app.outbox.dayHistory('2026-11-22')).toMatchObject({
      entries: [{ result: 'will-retry' }, { result: 'handed-over' }],
      days: ['2026-11-22'],
    })
    expect(world.app.outbox.dayHistory('2026-11-21').entries).toEqual([])
  })

  it('keeps the day asked for and follows each result written, never reading the journal again for it', async () => {
    expect(world.app.outbox.dayHistory('2026-11-22').entries).toEqual([])
    const reads = vi.spyOn(world.app.journal, 'read')
    world.platform.steps.push({ fail: UNAVAILABLE })
    await world.app.outbox.handOver(ORDER)
    await world.clock.advance(60 * SECOND)
    world.addOrder(OTHER_ORDER)
    world.platform.known.delete(OTHER_ORDER)
    await world.app.outbox.handOver(OTHER_ORDER)
    const kept = world.app.outbox.dayHistory('2026-11-22')
    expect(reads).not.toHaveBeenCalled()
    expect(kept.entries.map((entry) => [entry.paymentKey, entry.result])).toEqual([
      [ORDER, 'will-retry'],
      [ORDER, 'handed-over'],
      [OTHER_ORDER, 'refused'],
    ])
    // What it kept is what a fresh read of the disk gives.
    await world.crashAndRestart()
    expect(world.app.outbox.dayHistory('2026-11-22')).toEqual(kept)
  })

  it('reads the day from disk again after a result the disk refused', async () => {
    world.platform.steps.push('hang')
    const sent = world.app.outbox.handOver(ORDER)
    await vi.waitFor(() => expect(world.platform.hanging).toHaveLength(1))
    expect(world.app.outbox.dayHistory('2026-11-22').entries).toEqual([])
    world.app.journal.failNextAppend = true
    for (const release of world.platform.hanging) release()
    await sent
    // Not on disk, so not in History: the kept day says what a read says.
    expect(world.app.outbox.dayHistory('2026-11-22').entries).toEqual([])
    expect(world.app.outbox.allHistory()).toEqual([])
  })

  it('reads the day from disk again after a result write reported failed once it had reached the disk', async () => {
    world.platform.steps.push('hang')
    const sent = world.app.outbox.handOver(ORDER)
    await vi.waitFor(() => expect(world.platform.hanging).toHaveLength(1))
    expect(world.app.outbox.dayHistory('2026-11-22').entries).toEqual([])
    // The line is in the file, but its flush failed: the write is reported as failed all the same.
    const { journal } = world.app
    const append = journal.append.bind(journal)
    vi.spyOn(journal, 'append').mockImplementationOnce((record) => {
      append(record)
      throw new Error('EIO: i/o error')
    })
    for (const release of world.platform.hanging) release()
    await sent
    expect(world.app.outbox.dayHistory('2026-11-22').entries.map((entry) => entry.result)).toEqual([
      'will-retry',
    ])
  })

  it('reads the day asked for again once a compaction dropped it past its retention', async () => {
    await world.app.outbox.handOver(ORDER)
    expect(world.app.outbox.dayHistory('2026-11-22').entries).toHaveLength(1)
    await world.clock.advance((HISTORY_RETENTION_DAYS + 1) * 24 * 60 * 60 * 1000)
    expect(world.app.outbox.dayHistory('2026-11-22')).toEqual({ entries: [], days: [] })
  })

  it('survives a restart, and forgets only what is older than its retention', async () => {
    await world.app.outbox.handOver(ORDER)
    world.addOrder(OTHER_ORDER)
    await world.clock.advance((HISTORY_RETENTION_DAYS + 1) * 24 * 60 * 60 * 1000)
    await world.app.outbox.handOver(OTHER_ORDER)
    await world.crashAndRestart()
    expect(world.app.outbox.allHistory().map((entry) => entry.paymentKey)).toEqual([OTHER_ORDER])
    // Settled actions left the journal at the compaction; their results are in the archive (D55).
    expect(world.recordTypes()).toEqual([])
    // A new entry continues the sequence.
    world.app.board.add(ORDER, { courierType: 'restaurant', shippingMethod: 'delivery' })
    world.platform.inDelivery.delete(ORDER)
    world.app.board.setHandover(ORDER, { state: 'none' })
    await world.app.outbox.handOver(ORDER)
    expect(world.app.outbox.allHistory()[0]?.seq).toBe(2)
  })
})

describe('each account its own hand-overs (issue 29)', () => {
  const FIRST = '00000000-0000-4000-8000-00000000000a'
  const SECOND = '00000000-0000-4000-8000-00000000000b'
  const GONE = '00000000-0000-4000-8000-00000000000c'
  const THIRD_ORDER = '0d3e1f00-5a1b-4c2d-8e3f-100000000003'

  /** An outbox over two accounts, both signed out until the test signs one in; the platform takes every call. */
  function twoAccounts() {
    const clock = new ManualClock(Date.UTC(2026, 10, 22, 12, 0, 0))
    const signedIn = new Set<string>()
    const sent: [account: string, paymentKey: string][] = []
    const listeners: ((account: string, status: SessionStatus) => void)[] = []
    const sessionOf = (account: string) => ({
      get isSignedOut() {
        return !signedIn.has(account)
      },
      withToken<T>(call: (client: PlatformClient, token: string) => Promise<T>): Promise<T> {
        if (!signedIn.has(account)) {
          return Promise.reject(new AppFailure({ code: 'signed-out', retryable: false }))
        }
        const client = {
          markOnTheWay: (_token: string, paymentKey: string) => {
            sent.push([account, paymentKey])
            return Promise.resolve({ httpStatus: 200 })
          },
        }
        return call(client as unknown as PlatformClient, `token-${account}`)
      },
    })
    const sessions: OutboxSessions = {
      firstId: FIRST,
      sessionOf: (account) => ([FIRST, SECOND].includes(account) ? sessionOf(account) : undefined),
      onSessionChange: (listener) => {
        listeners.push(listener)
        return () => undefined
      },
    }
    const board = testBoard({ clock, accounts: { firstId: FIRST, defaultId: FIRST } })
    const outbox = new HandoverOutbox({
      journal: new MemoryJournal(),
      board,
      sessions,
      clock,
      log: silentLogger,
      archive: new MemoryHistoryArchive(),
      ...OUTBOX_SETTINGS,
    })
    const signIn = async (account: string) => {
      signedIn.add(account)
      const status: SessionStatus = {
        state: 'signed-in',
        platformAddress: ADDRESS,
        credentialsStored: true,
        secretStorage: 'os-keychain',
      }
      for (const listener of listeners) listener(account, status)
      for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve))
    }
    const add = (paymentKey: string, account: string) =>
      board.add(paymentKey, { courierType: 'restaurant', shippingMethod: 'delivery' }, 'typed', account)
    const attemptsOf = (account: string) =>
      outbox.allHistory().filter((entry) => entry.account === account).length
    return { outbox, board, sent, signIn, add, attemptsOf }
  }

  it('counts what each account owes, and a sign-in sends only what waited for that account', async () => {
    const { outbox, board, sent, signIn, add, attemptsOf } = twoAccounts()
    add(ORDER, FIRST)
    add(OTHER_ORDER, SECOND)
    add(THIRD_ORDER, SECOND)
    for (const paymentKey of [ORDER, OTHER_ORDER, THIRD_ORDER]) await outbox.handOver(paymentKey)
    expect([outbox.countOwed(FIRST), outbox.countOwed(SECOND), outbox.countOwed()]).toEqual([1, 2, 3])
    await signIn(FIRST)
    expect(sent).toEqual([[FIRST, ORDER]])
    expect(board.require(ORDER).handover.state).toBe('handed-over')
    // The other account's hand-overs were not tried again: one attempt each, still waiting.
    expect(attemptsOf(SECOND)).toBe(2)
    expect(board.require(OTHER_ORDER).handover).toMatchObject({ state: 'queued', waitingForSignIn: true })
    expect([outbox.countOwed(FIRST), outbox.countOwed(SECOND)]).toEqual([0, 2])
  })

  it('holds the hand-over of an account the app does not have for a sign-in, never borrowing a token', async () => {
    const { outbox, sent, signIn, add } = twoAccounts()
    await signIn(FIRST)
    add(ORDER, GONE)
    const order = await outbox.handOver(ORDER)
    expect(order.handover).toMatchObject({ state: 'queued', waitingForSignIn: true })
    expect(outbox.allHistory()).toMatchObject([
      { result: 'waiting-for-sign-in', error: { code: 'signed-out', retryable: false } },
    ])
    outbox.retryOwedNow()
    await signIn(SECOND)
    expect(sent).toEqual([])
    expect(outbox.allHistory()).toHaveLength(1)
  })
})
