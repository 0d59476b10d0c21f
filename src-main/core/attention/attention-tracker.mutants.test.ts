// The tracker's finer promises: what it remembers of an order's past (and forgets), when its one timer is set,
// when a ring comes at once, and that every change of the value is pushed, and nothing else.
import { describe, expect, it } from 'vitest'
import { type SessionStatus } from '../../../src-shared/domain.ts'
import {
  MIN,
  A,
  B,
  FAILED,
  SIGNED_IN,
  delivery,
  iso,
  queued,
  retrying,
  attentionWorld,
} from '../../../test-support/core/attention-world.ts'
import { ManualClock } from '../../../test-support/core/manual-clock.ts'
import { ALARM_REPEAT_MS, RETRYING_TOO_LONG_MS, UNCONFIRMED_RINGS_AFTER_MS } from './attention-rules.ts'

const TOKEN_REJECTED: SessionStatus = {
  state: 'signed-out',
  reason: 'token-rejected',
  credentialsStored: true,
  secretStorage: 'os-keychain',
  platformAddress: 'https://platform.test',
}

describe('a tracker told nothing of the accounts', () => {
  it('rings for an order all the same, naming no account and no lost sign-in', async () => {
    const clock = new ManualClock()
    const w = attentionWorld([], { clock, accountsUnknown: true })
    w.put(delivery(A, clock.now(), { account: 'acc-2' }))
    await clock.advance(15 * MIN)
    expect(w.last().orders).toEqual([
      {
        paymentKey: A,
        reason: 'waiting-too-long',
        since: iso(clock.now()),
        alarm: 'ringing',
        atStart: false,
      },
    ])
    expect(w.last()).toMatchObject({ count: 1, ring: 1 })
    expect(w.last().lostAccounts).toBeUndefined()
  })
})

describe('what the tracker remembers of an order', () => {
  it('an order on the board at start, taken back from its hand-over, counts its limit from then', async () => {
    const clock = new ManualClock()
    const w = attentionWorld(
      [delivery(A, clock.now() - 30 * MIN, { handover: queued(clock.now() - 20 * MIN) })],
      {
        clock,
      },
    )
    w.setHandover(A, { state: 'none' })
    expect(w.last().orders).toEqual([])
    await clock.advance(15 * MIN - 1)
    expect(w.last().orders).toEqual([])
    await clock.advance(1)
    expect(w.alarmOf(A)).toBe('ringing')
  })

  it('an order that came already pressed, taken back, counts its limit from then', async () => {
    const clock = new ManualClock()
    const w = attentionWorld([], { clock })
    w.put(delivery(A, clock.now() - 30 * MIN, { handover: queued(clock.now()) }))
    w.setHandover(A, { state: 'none' })
    expect(w.last().orders).toEqual([])
    await clock.advance(15 * MIN)
    expect(w.alarmOf(A)).toBe('ringing')
  })

  it('an order that arrives past its limit rings at once: its limit counts from when it was added', () => {
    const clock = new ManualClock()
    const w = attentionWorld([], { clock })
    w.put(delivery(A, clock.now() - 20 * MIN))
    expect(w.orderOf(A)).toMatchObject({ reason: 'waiting-too-long', alarm: 'ringing', atStart: false })
    expect(w.last().ring).toBe(1)
  })

  it('an order retrying at start needs staff two minutes later; one sending or queued at start never does', async () => {
    const clock = new ManualClock()
    const C = '00000000-0000-4000-8000-000000000003'
    const w = attentionWorld(
      [
        delivery(A, clock.now(), { handover: retrying(clock.now()) }),
        delivery(B, clock.now(), { handover: { state: 'sending', since: iso(clock.now()) } }),
        delivery(C, clock.now(), { handover: queued(clock.now()) }),
      ],
      { clock },
    )
    expect(w.last().orders).toEqual([])
    await clock.advance(RETRYING_TOO_LONG_MS)
    expect(w.last().orders).toEqual([
      {
        paymentKey: A,
        reason: 'retrying-too-long',
        since: iso(clock.now()),
        alarm: 'quiet',
        atStart: false,
      },
    ])
    await clock.advance(30 * MIN)
    expect(w.last().orders.map((o) => o.paymentKey)).toEqual([A])
  })

  it('an order that arrives already retrying needs staff two minutes after it was first seen', async () => {
    const clock = new ManualClock()
    const w = attentionWorld([], { clock })
    w.put(delivery(A, clock.now(), { handover: retrying(clock.now()) }))
    expect(w.last().orders).toEqual([])
    await clock.advance(RETRYING_TOO_LONG_MS - 1)
    expect(w.last().orders).toEqual([])
    await clock.advance(1)
    expect(w.orderOf(A)).toMatchObject({ reason: 'retrying-too-long', alarm: 'quiet', atStart: false })
  })

  it('a retry that lasts through sending and queued (Şimdi dene) still needs staff when its two minutes pass', async () => {
    const clock = new ManualClock()
    const w = attentionWorld([delivery(A, clock.now()), delivery(B, clock.now())], { clock })
    w.setHandover(A, retrying(clock.now()))
    w.setHandover(B, retrying(clock.now()))
    await clock.advance(MIN)
    w.setHandover(A, { state: 'sending', since: iso(clock.now()) })
    w.setHandover(B, queued(clock.now()))
    await clock.advance(MIN)
    expect(w.orderOf(A)).toMatchObject({ reason: 'retrying-too-long', alarm: 'quiet' })
    expect(w.orderOf(B)).toMatchObject({ reason: 'retrying-too-long', alarm: 'quiet' })
  })

  it('a new retry after the hand-over stopped being owed gets its own two minutes', async () => {
    const clock = new ManualClock()
    const w = attentionWorld([delivery(A, clock.now())], { clock })
    w.setHandover(A, retrying(clock.now()))
    await clock.advance(MIN)
    w.setHandover(A, { state: 'none' })
    await clock.advance(5 * MIN)
    w.setHandover(A, retrying(clock.now()))
    expect(w.last().orders).toEqual([])
    await clock.advance(RETRYING_TOO_LONG_MS)
    expect(w.orderOf(A)?.reason).toBe('retrying-too-long')
  })

  it('an order taken off the board is forgotten: put back, it is a new order and rings again', async () => {
    const clock = new ManualClock()
    const w = attentionWorld([], { clock })
    const order = delivery(A, clock.now())
    w.put(order)
    await clock.advance(15 * MIN)
    w.tracker.silence(A)
    expect(w.alarmOf(A)).toBe('silenced')
    w.remove(A)
    expect(w.last().orders).toEqual([])
    w.put(order)
    expect(w.alarmOf(A)).toBe('ringing')
  })

  it('an order on the board the tracker was not yet told of is left out until it is', () => {
    const clock = new ManualClock()
    const w = attentionWorld([], { clock })
    w.board.set(A, delivery(A, clock.now() - 30 * MIN))
    w.state.session = TOKEN_REJECTED
    expect(() => w.tracker.refresh()).not.toThrow()
    expect(w.last()).toMatchObject({ orders: [], sessionLost: true, count: 1 })
    w.tracker.orderChanged(A, delivery(A, clock.now() - 30 * MIN))
    expect(w.alarmOf(A)).toBe('ringing')
  })
})

describe('the timers', () => {
  it('an order that crosses before another begins to ring is not kept waiting for it', async () => {
    const clock = new ManualClock()
    const w = attentionWorld([], { clock })
    w.put(delivery(A, clock.now() - 14 * MIN))
    w.put(
      delivery(B, clock.now(), { handover: { state: 'unconfirmed', at: iso(clock.now()), error: FAILED } }),
    )
    expect(w.alarmOf(B)).toBe('quiet')
    await clock.advance(MIN)
    expect(w.alarmOf(A)).toBe('ringing')
    await clock.advance(UNCONFIRMED_RINGS_AFTER_MS - MIN)
    expect(w.alarmOf(B)).toBe('ringing')
  })

  it('a second order beginning to ring rings at once, and the repeat counts from that ring', async () => {
    const clock = new ManualClock()
    const w = attentionWorld([], { clock })
    w.put(delivery(A, clock.now()))
    w.put(delivery(B, clock.now() + 10_000))
    await clock.advance(15 * MIN)
    expect(w.last().ring).toBe(1)
    await clock.advance(10_000)
    expect(w.alarmOf(B)).toBe('ringing')
    expect(w.last().ring).toBe(2)
    await clock.advance(ALARM_REPEAT_MS - 1)
    expect(w.last().ring).toBe(2)
    await clock.advance(1)
    expect(w.last().ring).toBe(3)
  })

  it('an order that begins to ring just as the alarm repeats makes one ring, though the board changed meanwhile', async () => {
    const clock = new ManualClock()
    const w = attentionWorld([], { clock })
    const ringing = delivery(A, clock.now())
    w.put(ringing)
    w.put(delivery(B, clock.now() + ALARM_REPEAT_MS))
    await clock.advance(15 * MIN)
    expect(w.last().ring).toBe(1)
    // An edit of the ringing order in between: nothing about when B crosses changed.
    await clock.advance(ALARM_REPEAT_MS / 2)
    w.put({ ...ringing, label: 'Masa 4' })
    await clock.advance(ALARM_REPEAT_MS / 2)
    expect(w.alarmOf(B)).toBe('ringing')
    expect(w.last().ring).toBe(2)
  })

  it('after dispose nothing is pushed and no timer is left', async () => {
    const clock = new ManualClock()
    const w = attentionWorld([], { clock })
    w.put(delivery(A, clock.now()))
    w.put(delivery(B, clock.now() - 20 * MIN))
    expect(clock.pendingTimers).toBeGreaterThan(0)
    const pushes = w.pushed.length
    w.tracker.dispose()
    expect(clock.pendingTimers).toBe(0)
    w.state.session = TOKEN_REJECTED
    w.tracker.refresh()
    w.setHandover(B, { state: 'handed-over', at: iso(clock.now()) })
    await clock.advance(30 * MIN)
    expect(w.pushed).toHaveLength(pushes)
  })
})

describe('accounts', () => {
  it('with several accounts an order names its account; with one, the order has no account field', () => {
    const clock = new ManualClock()
    const w = attentionWorld([], { clock })
    w.put(delivery(A, clock.now() - 20 * MIN, { account: 'acc-1' }))
    expect(w.orderOf(A)).toStrictEqual({
      paymentKey: A,
      reason: 'waiting-too-long',
      since: iso(clock.now() - 5 * MIN),
      alarm: 'ringing',
      atStart: false,
    })
    expect(Object.keys(w.orderOf(A) ?? {})).not.toContain('account')
    w.state.names.set('acc-1', 'Pide Evi')
    w.tracker.refresh()
    expect(w.orderOf(A)?.account).toBe('Pide Evi')
    expect(w.pushed.at(-1)?.orders[0]?.account).toBe('Pide Evi')
    // A rename is pushed too.
    w.state.names.set('acc-1', 'Pide Evi Kadıköy')
    w.tracker.refresh()
    expect(w.pushed.at(-1)?.orders[0]?.account).toBe('Pide Evi Kadıköy')
  })

  it('one account listed: the default session alone says whether it was lost', () => {
    const w = attentionWorld()
    w.state.accounts = [{ name: 'Burger Ustası', status: SIGNED_IN }]
    w.state.session = TOKEN_REJECTED
    w.tracker.refresh()
    expect(w.last()).toMatchObject({ sessionLost: true, count: 1 })
    expect(w.last().lostAccounts).toBeUndefined()
  })

  it('another account lost as one comes back (same count) is pushed, with the new name', () => {
    const w = attentionWorld()
    w.state.accounts = [
      { name: 'Pide Evi', status: TOKEN_REJECTED },
      { name: 'Dürüm', status: SIGNED_IN },
    ]
    w.tracker.refresh()
    expect(w.pushed.at(-1)).toMatchObject({ lostAccounts: ['Pide Evi'], count: 1 })
    w.state.accounts = [
      { name: 'Pide Evi', status: SIGNED_IN },
      { name: 'Dürüm', status: TOKEN_REJECTED },
    ]
    w.tracker.refresh()
    expect(w.pushed.at(-1)).toMatchObject({ lostAccounts: ['Dürüm'], count: 1 })
  })
})

describe('pushes every change, and only changes', () => {
  it('nothing changed, with orders and lost accounts listed: no push', () => {
    const clock = new ManualClock()
    const w = attentionWorld([], { clock })
    w.state.names.set('acc-1', 'Pide Evi')
    w.state.accounts = [
      { name: 'Pide Evi', status: TOKEN_REJECTED },
      { name: 'Dürüm', status: TOKEN_REJECTED },
    ]
    w.put(delivery(A, clock.now() - 20 * MIN, { account: 'acc-1' }))
    w.put(
      delivery(B, clock.now(), { handover: { state: 'unconfirmed', at: iso(clock.now()), error: FAILED } }),
    )
    expect(w.last().orders).toHaveLength(2)
    expect(w.last().lostAccounts).toEqual(['Pide Evi', 'Dürüm'])
    const pushes = w.pushed.length
    w.tracker.refresh()
    w.put({ ...delivery(A, clock.now() - 20 * MIN, { account: 'acc-1' }), label: 'Masa 4' })
    expect(w.pushed).toHaveLength(pushes)
  })

  it('turning the alarm sound off while an order rings is pushed: the sound stops', async () => {
    const clock = new ManualClock()
    const w = attentionWorld([], { clock })
    w.put(delivery(A, clock.now()))
    await clock.advance(15 * MIN)
    expect(w.pushed.at(-1)?.sound).toBe(true)
    w.state.settings = { ...w.state.settings, alarmSound: false }
    w.tracker.refresh()
    expect(w.pushed.at(-1)).toMatchObject({ sound: false, count: 1 })
  })

  it('with the alarm sound off, Sessize al is still pushed: the order shows silenced', async () => {
    const clock = new ManualClock()
    const w = attentionWorld([], { clock, settings: { alarmSound: false } })
    w.put(delivery(A, clock.now()))
    await clock.advance(15 * MIN)
    expect(w.pushed.at(-1)?.orders[0]?.alarm).toBe('ringing')
    w.tracker.silence(A)
    expect(w.pushed.at(-1)?.orders[0]?.alarm).toBe('silenced')
  })

  it('an unconfirmed hand-over found failed (same time) is pushed with its new reason', async () => {
    const clock = new ManualClock()
    const w = attentionWorld([delivery(A, clock.now())], { clock })
    const at = iso(clock.now())
    w.setHandover(A, { state: 'unconfirmed', at, error: FAILED })
    await clock.advance(UNCONFIRMED_RINGS_AFTER_MS)
    expect(w.pushed.at(-1)?.orders[0]).toMatchObject({ reason: 'unconfirmed', alarm: 'ringing' })
    w.setHandover(A, { state: 'failed', at, error: FAILED })
    expect(w.pushed.at(-1)?.orders[0]).toMatchObject({ reason: 'failed', alarm: 'ringing' })
  })

  it('new limits that swap which order waits too long are pushed, though the count stays the same', () => {
    const clock = new ManualClock()
    const w = attentionWorld([], { clock })
    w.state.paused = true
    w.tracker.refresh()
    // A crossed its ready limit a minute ago; B, not ready, is still under its waiting limit.
    w.put(delivery(A, clock.now() - 6 * MIN, { readyAt: iso(clock.now() - 6 * MIN) }))
    w.put(delivery(B, clock.now() - 9 * MIN))
    expect(w.pushed.at(-1)?.orders.map((o) => o.paymentKey)).toEqual([A])
    // No ready limit, a waiting limit of 8: B crossed a minute ago, A is under it.
    w.state.settings = { ...w.state.settings, readyLimitMinutes: null, waitingLimitMinutes: 8 }
    w.tracker.refresh()
    expect(w.pushed.at(-1)?.orders.map((o) => o.paymentKey)).toEqual([B])
  })
})
