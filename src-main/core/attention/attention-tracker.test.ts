import { describe, expect, it } from 'vitest'
import type { Attention } from '../../../src-shared/attention.ts'
import { DEFAULT_SETTINGS, type Handover, type SessionStatus } from '../../../src-shared/domain.ts'
import {
  MIN,
  A,
  B,
  FAILED,
  SIGNED_IN,
  delivery,
  attentionWorld,
} from '../../../test-support/core/attention-world.ts'
import { ManualClock } from '../../../test-support/core/manual-clock.ts'
import { ALARM_REPEAT_MS, RETRYING_TOO_LONG_MS, UNCONFIRMED_RINGS_AFTER_MS } from './attention-rules.ts'
import { AttentionTracker } from './attention-tracker.ts'

describe('the waiting limit', () => {
  it('rings when an eligible order crosses its limit, at that moment, and not a moment before', async () => {
    const clock = new ManualClock()
    const w = attentionWorld([], { clock })
    w.put(delivery(A, clock.now()))
    await clock.advance(15 * MIN - 1)
    expect(w.last().orders).toEqual([])
    expect(w.last().ring).toBe(0)
    await clock.advance(1)
    expect(w.last().orders).toEqual([
      {
        paymentKey: A,
        reason: 'waiting-too-long',
        since: new Date(clock.now()).toISOString(),
        alarm: 'ringing',
        atStart: false,
      },
    ])
    expect(w.last()).toMatchObject({ count: 1, sound: true, ring: 1 })
  })

  it('repeats the ring every ALARM_REPEAT_MS until someone hands it over, then stops', async () => {
    const clock = new ManualClock()
    const w = attentionWorld([], { clock })
    w.put(delivery(A, clock.now()))
    await clock.advance(15 * MIN)
    await clock.advance(ALARM_REPEAT_MS)
    await clock.advance(ALARM_REPEAT_MS)
    expect(w.last().ring).toBe(3)
    w.setHandover(A, { state: 'queued', since: new Date(clock.now()).toISOString(), waitingForSignIn: false })
    expect(w.last()).toMatchObject({ orders: [], sound: false, count: 0 })
    await clock.advance(10 * ALARM_REPEAT_MS)
    expect(w.last().ring).toBe(3)
  })

  it('Sessize al silences that order only; another crossing rings again', async () => {
    const clock = new ManualClock()
    const w = attentionWorld([], { clock })
    w.put(delivery(A, clock.now()))
    w.put(delivery(B, clock.now() + MIN))
    await clock.advance(15 * MIN)
    expect(w.tracker.silence(A)).toBe(true)
    expect(w.alarmOf(A)).toBe('silenced')
    expect(w.last().sound).toBe(false)
    const ringBefore = w.last().ring
    await clock.advance(2 * ALARM_REPEAT_MS)
    expect(w.last().ring).toBe(ringBefore)
    await clock.advance(MIN - 2 * ALARM_REPEAT_MS)
    expect(w.alarmOf(B)).toBe('ringing')
    expect(w.alarmOf(A)).toBe('silenced')
    expect(w.last().ring).toBe(ringBefore + 1)
  })

  it('rings once per crossing: an edit of the order keeps it silenced; a new limit after staff act rings anew', async () => {
    const clock = new ManualClock()
    const w = attentionWorld([], { clock })
    w.put(delivery(A, clock.now()))
    await clock.advance(15 * MIN)
    w.tracker.silence(A)
    w.put({ ...delivery(A, clock.now() - 15 * MIN), label: 'Masa 4' })
    expect(w.alarmOf(A)).toBe('silenced')
    // Pressed, then taken back (Geri al): staff acted, so the limit counts again from now.
    w.setHandover(A, { state: 'queued', since: new Date(clock.now()).toISOString(), waitingForSignIn: false })
    w.setHandover(A, { state: 'none' })
    expect(w.last().orders).toEqual([])
    await clock.advance(15 * MIN)
    expect(w.alarmOf(A)).toBe('ringing')
  })

  it('never rings for pickup, a platform courier, or an order whose courier is not known', async () => {
    const clock = new ManualClock()
    const w = attentionWorld([], { clock })
    w.put(delivery(A, clock.now(), { shippingMethod: 'pickup' }))
    w.put(delivery(B, clock.now(), { courierType: 'platform' }))
    w.put({
      paymentKey: '00000000-0000-4000-8000-000000000001',
      addedAt: new Date(clock.now()).toISOString(),
      handover: { state: 'none' },
    })
    await clock.advance(120 * MIN)
    expect(w.last()).toMatchObject({ orders: [], ring: 0, count: 0 })
    expect(w.pushed).toEqual([])
  })

  it('rings for a typed restaurant-courier order, or one with our courier named, whose shipping is not said', async () => {
    const clock = new ManualClock()
    const w = attentionWorld([], { clock })
    const C = '00000000-0000-4000-8000-000000000002'
    const D = '00000000-0000-4000-8000-000000000003'
    w.put({
      paymentKey: A,
      addedAt: new Date(clock.now()).toISOString(),
      handover: { state: 'none' },
      courierType: 'restaurant',
      source: 'typed',
    })
    w.put({
      paymentKey: B,
      addedAt: new Date(clock.now()).toISOString(),
      handover: { state: 'none' },
      courier: { id: 'c1', name: 'Ahmet' },
    })
    // Said otherwise, it stays quiet: a shipping method that is no delivery, or a platform courier named.
    w.put({
      paymentKey: C,
      addedAt: new Date(clock.now()).toISOString(),
      handover: { state: 'none' },
      courierType: 'restaurant',
      shippingMethod: 'table',
    })
    w.put({
      paymentKey: D,
      addedAt: new Date(clock.now()).toISOString(),
      handover: { state: 'none' },
      courierType: 'platform',
      courier: { id: 'c1', name: 'Ahmet' },
    })
    await clock.advance(15 * MIN)
    expect(w.alarmOf(A)).toBe('ringing')
    expect(w.alarmOf(B)).toBe('ringing')
    expect(w.alarmOf(C)).toBeUndefined()
    expect(w.alarmOf(D)).toBeUndefined()
  })

  it('never rings for an order handed over or taken off before its limit, and none is left to ring', async () => {
    const clock = new ManualClock()
    const w = attentionWorld([], { clock })
    w.put(delivery(A, clock.now()))
    w.put(delivery(B, clock.now()))
    w.setHandover(A, { state: 'handed-over', at: new Date(clock.now()).toISOString() })
    w.remove(B)
    await clock.advance(60 * MIN)
    expect(w.last().ring).toBe(0)
    expect(clock.pendingTimers).toBe(0)
  })

  it('the limit can be turned off; a shorter one applies at once', async () => {
    const clock = new ManualClock()
    const w = attentionWorld([], { clock, settings: { waitingLimitMinutes: null } })
    w.put(delivery(A, clock.now() - 30 * MIN))
    await clock.advance(60 * MIN)
    expect(w.last().orders).toEqual([])
    w.state.settings = { ...w.state.settings, waitingLimitMinutes: 1 }
    w.tracker.refresh()
    expect(w.alarmOf(A)).toBe('ringing')
  })

  it('the alarm setting off: the order still needs staff and shows it, but no sound is asked for', async () => {
    const clock = new ManualClock()
    const w = attentionWorld([], { clock, settings: { alarmSound: false } })
    w.put(delivery(A, clock.now()))
    await clock.advance(15 * MIN)
    expect(w.last()).toMatchObject({ count: 1, sound: false })
    expect(w.alarmOf(A)).toBe('ringing')
  })
})

describe('the ready rule', () => {
  it('counts the ready limit (5 min) from ready, not the waiting limit from added', async () => {
    const clock = new ManualClock()
    const w = attentionWorld([], { clock })
    w.put(delivery(A, clock.now()))
    await clock.advance(2 * MIN)
    w.put(delivery(A, clock.now() - 2 * MIN, { readyAt: new Date(clock.now()).toISOString() }))
    await clock.advance(5 * MIN - 1)
    expect(w.last().orders).toEqual([])
    await clock.advance(1)
    expect(w.alarmOf(A)).toBe('ringing')
  })

  it('ready off (null): the waiting limit from added applies', async () => {
    const clock = new ManualClock()
    const w = attentionWorld([], { clock, settings: { readyLimitMinutes: null } })
    w.put(delivery(A, clock.now(), { readyAt: new Date(clock.now()).toISOString() }))
    await clock.advance(14 * MIN)
    expect(w.last().orders).toEqual([])
    await clock.advance(MIN)
    expect(w.alarmOf(A)).toBe('ringing')
  })
})

describe('hand-overs that need staff', () => {
  it('a failed hand-over rings at once', () => {
    const clock = new ManualClock()
    const w = attentionWorld([delivery(A, clock.now())], { clock })
    w.setHandover(A, { state: 'failed', at: new Date(clock.now()).toISOString(), error: FAILED })
    expect(w.alarmOf(A)).toBe('ringing')
    expect(w.last().orders[0]?.reason).toBe('failed')
  })

  it('an unconfirmed hand-over needs staff at once and rings only after a few minutes; the panel check stops it', async () => {
    const clock = new ManualClock()
    const w = attentionWorld([delivery(A, clock.now())], { clock })
    w.setHandover(A, { state: 'unconfirmed', at: new Date(clock.now()).toISOString(), error: FAILED })
    expect(w.alarmOf(A)).toBe('quiet')
    expect(w.last().count).toBe(1)
    await clock.advance(UNCONFIRMED_RINGS_AFTER_MS)
    expect(w.alarmOf(A)).toBe('ringing')
    w.setHandover(A, { state: 'handed-over', at: new Date(clock.now()).toISOString() })
    expect(w.last()).toMatchObject({ orders: [], sound: false })
  })

  it('retrying for over 2 minutes needs staff (the network) but never rings', async () => {
    const clock = new ManualClock()
    const w = attentionWorld([delivery(A, clock.now())], { clock })
    const retrying: Handover = {
      state: 'retrying',
      nextAttemptAt: new Date(clock.now() + 5000).toISOString(),
      attempts: 1,
      error: FAILED,
    }
    w.setHandover(A, retrying)
    await clock.advance(RETRYING_TOO_LONG_MS - 1)
    // Between two retries it is sending: still retrying.
    w.setHandover(A, { state: 'sending', since: new Date(clock.now()).toISOString() })
    w.setHandover(A, retrying)
    expect(w.last().orders).toEqual([])
    await clock.advance(1)
    expect(w.last().orders[0]).toMatchObject({ reason: 'retrying-too-long', alarm: 'quiet' })
    expect(w.last().ring).toBe(0)
  })
})

describe('no false alarms', () => {
  it('at start: orders that crossed while the app was closed are summed up in one line, never rung', async () => {
    const clock = new ManualClock()
    const w = attentionWorld(
      [
        delivery(A, clock.now() - 40 * MIN),
        delivery(B, clock.now() - 20 * MIN),
        delivery('00000000-0000-4000-8000-000000000003', clock.now() - 10 * MIN),
        delivery('00000000-0000-4000-8000-000000000004', clock.now() - 10 * MIN, {
          handover: { state: 'failed', at: new Date(clock.now() - MIN).toISOString(), error: FAILED },
        }),
      ],
      { clock },
    )
    expect(w.last()).toMatchObject({ crossedWhileClosed: 2, count: 3, sound: false, ring: 0 })
    expect(w.last().orders.every((order) => order.alarm === 'quiet' && order.atStart)).toBe(true)
    // The order still under its limit at start rings when it crosses, as any other.
    await clock.advance(5 * MIN)
    expect(w.alarmOf('00000000-0000-4000-8000-000000000003')).toBe('ringing')
    expect(w.last()).toMatchObject({ crossedWhileClosed: 2, ring: 1 })
    // Handed over, a crossed-while-closed order leaves the summary.
    w.setHandover(A, { state: 'handed-over', at: new Date(clock.now()).toISOString() })
    expect(w.last().crossedWhileClosed).toBe(1)
  })

  it('a restart forgets nothing that matters: the same board at a new start rings nothing', async () => {
    const clock = new ManualClock()
    const first = attentionWorld([delivery(A, clock.now())], { clock })
    await clock.advance(15 * MIN)
    expect(first.alarmOf(A)).toBe('ringing')
    first.tracker.dispose()
    const again = attentionWorld([delivery(A, clock.now() - 15 * MIN)], { clock })
    expect(again.alarmOf(A)).toBe('quiet')
    expect(again.last().sound).toBe(false)
  })

  it('not while paused with Duraklat: the paused state is shown; after Sürdür what still waits rings', async () => {
    const clock = new ManualClock()
    const w = attentionWorld([], { clock })
    w.put(delivery(A, clock.now()))
    w.state.paused = true
    w.tracker.refresh()
    expect(w.last().paused).toBe(true)
    await clock.advance(20 * MIN)
    expect(w.last()).toMatchObject({ count: 1, sound: false, ring: 0 })
    expect(w.alarmOf(A)).toBe('quiet')
    w.state.paused = false
    w.tracker.refresh()
    expect(w.alarmOf(A)).toBe('ringing')
    expect(w.last().ring).toBe(1)
  })

  it('pausing stops a ringing alarm', async () => {
    const clock = new ManualClock()
    const w = attentionWorld([], { clock })
    w.put(delivery(A, clock.now()))
    await clock.advance(15 * MIN)
    w.state.paused = true
    w.tracker.refresh()
    const ring = w.last().ring
    await clock.advance(5 * ALARM_REPEAT_MS)
    expect(w.last()).toMatchObject({ sound: false, ring })
  })

  it('pushes a value only when it changed', async () => {
    const clock = new ManualClock()
    const w = attentionWorld([], { clock })
    w.put(delivery(A, clock.now()))
    w.put({ ...delivery(A, clock.now()), label: 'x' })
    w.tracker.refresh()
    expect(w.pushed).toEqual([])
    await clock.advance(15 * MIN)
    expect(w.pushed).toHaveLength(1)
  })

  it('silencing an order that does not ring changes nothing', () => {
    const w = attentionWorld([delivery(A, Date.UTC(2026, 10, 21, 12))])
    expect(w.tracker.silence(A)).toBe(false)
    expect(w.tracker.silence(B)).toBe(false)
    expect(w.pushed).toEqual([])
  })
})

describe('the session and the intake port', () => {
  it('a session the platform ended counts; signing out does not', () => {
    const w = attentionWorld()
    w.state.session = { ...signedOut('signed-out-by-staff') }
    w.tracker.refresh()
    expect(w.last()).toMatchObject({ sessionLost: false, count: 0 })
    w.state.session = signedOut('token-rejected')
    w.tracker.refresh()
    expect(w.last()).toMatchObject({ sessionLost: true, count: 1, sound: false })
  })

  it('with several accounts, each account whose session the platform ended counts, named (issue 29)', () => {
    const clock = new ManualClock()
    const pushed: Attention[] = []
    const sessions: { name: string; status: SessionStatus }[] = [
      { name: 'Burger Ustası', status: SIGNED_IN },
      { name: 'Pide Evi', status: SIGNED_IN },
      { name: 'Dürüm', status: SIGNED_IN },
    ]
    const tracker = new AttentionTracker({
      board: { list: () => [] },
      clock,
      settings: () => DEFAULT_SETTINGS,
      isPaused: () => false,
      // The default account's session: signed in, as the sign-in screen sees it.
      session: () => SIGNED_IN,
      accountSessions: () => sessions,
      onChange: (attention) => pushed.push(attention),
    })
    const set = (index: number, status: SessionStatus) => {
      const one = sessions[index]
      if (one) one.status = status
      tracker.refresh()
      return tracker.current()
    }
    expect(set(1, signedOut('signed-out-by-staff'))).toMatchObject({ sessionLost: false, count: 0 })
    expect(set(1, signedOut('wrong-credentials'))).toMatchObject({
      sessionLost: true,
      lostAccounts: ['Pide Evi'],
      count: 1,
    })
    expect(set(2, signedOut('token-rejected'))).toMatchObject({
      sessionLost: true,
      lostAccounts: ['Pide Evi', 'Dürüm'],
      count: 2,
    })
    expect(set(1, SIGNED_IN)).toMatchObject({ lostAccounts: ['Dürüm'], count: 1 })
    expect(pushed.at(-1)).toMatchObject({ lostAccounts: ['Dürüm'] })
    expect(set(2, SIGNED_IN)).toMatchObject({ sessionLost: false, count: 0 })
    expect(tracker.current().lostAccounts).toBeUndefined()
  })

  it('the intake port taken by another program counts from the refresh after a try to listen', () => {
    const w = attentionWorld()
    w.state.portTaken = true
    w.tracker.refresh()
    expect(w.last()).toMatchObject({ intakePortTaken: true, count: 1 })
    w.state.portTaken = false
    w.tracker.refresh()
    expect(w.last()).toMatchObject({ intakePortTaken: false, count: 0 })
  })
})

function signedOut(reason: 'signed-out-by-staff' | 'token-rejected' | 'wrong-credentials'): SessionStatus {
  return {
    state: 'signed-out',
    reason,
    credentialsStored: true,
    secretStorage: 'os-keychain',
    platformAddress: 'https://platform.test',
  }
}
