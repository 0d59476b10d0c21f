// The outbox's switches for a companion that runs all day: "Duraklat/Sürdür" from the tray and "try now" after
// the computer wakes or the network comes back (docs/decisions.md D51).
import { beforeEach, describe, expect, it } from 'vitest'
import {
  NOT_FOUND,
  ORDER,
  OTHER_ORDER,
  OutboxWorld,
  UNAVAILABLE,
} from '../../../test-support/core/orders/outbox-world.ts'

let world: OutboxWorld
beforeEach(async () => {
  world = await OutboxWorld.start()
  world.addOrder(ORDER, 'Masa 4')
})

describe('retryOwedNow', () => {
  it('sends a retrying hand-over at once instead of at the end of its backoff', async () => {
    world.platform.steps.push({ fail: UNAVAILABLE })
    await world.app.outbox.handOver(ORDER)
    expect(world.handover().state).toBe('retrying')
    world.app.outbox.retryOwedNow()
    await world.settle()
    expect(world.handover().state).toBe('handed-over')
    expect(world.platform.calls).toHaveLength(2)
  })

  it('sends nothing that is not owed, and a hand-over once even when asked twice', async () => {
    world.addOrder(OTHER_ORDER)
    world.platform.steps.push({ fail: UNAVAILABLE })
    await world.app.outbox.handOver(ORDER)
    world.platform.steps.push('hang')
    world.app.outbox.retryOwedNow()
    world.app.outbox.retryOwedNow()
    await world.settle()
    expect(world.platform.calls).toHaveLength(2)
    expect(world.handover(OTHER_ORDER)).toEqual({ state: 'none' })
    // The hanging attempt times out (the fake's way to end it): one attempt was made, not two.
    world.platform.hanging.shift()?.()
    await world.settle()
    expect(world.platform.calls).toHaveLength(2)
  })

  it('leaves alone what is settled: a handed-over order and a failed one are not sent again', async () => {
    world.addOrder(OTHER_ORDER)
    world.platform.steps.push({ fail: NOT_FOUND })
    await world.app.outbox.handOver(OTHER_ORDER)
    await world.app.outbox.handOver(ORDER)
    expect([world.handover(ORDER).state, world.handover(OTHER_ORDER).state]).toEqual([
      'handed-over',
      'failed',
    ])
    world.app.outbox.retryOwedNow()
    await world.settle()
    expect(world.platform.calls).toHaveLength(2)
    expect(world.app.outbox.allHistory()).toHaveLength(2)
  })

  it('does not try a press held for sign-in while still signed out', async () => {
    await world.app.session.signOut(false)
    await world.app.outbox.handOver(ORDER)
    const records = world.recordTypes()
    world.app.outbox.retryOwedNow()
    await world.settle()
    expect(world.recordTypes()).toEqual(records)
    expect(world.handover()).toMatchObject({ state: 'queued', waitingForSignIn: true })
  })

  it('sends nothing once the outbox is stopped', async () => {
    world.platform.steps.push({ fail: UNAVAILABLE })
    await world.app.outbox.handOver(ORDER)
    world.app.outbox.dispose()
    world.app.outbox.retryOwedNow()
    world.app.outbox.resumeSending()
    await world.clock.advance(60 * 60_000)
    expect(world.platform.calls).toHaveLength(1)
  })
})

describe('stopping', () => {
  it('cancels every timer it set: retries, undo windows and the day turn', async () => {
    world.addOrder(OTHER_ORDER)
    world.platform.steps.push({ fail: UNAVAILABLE })
    await world.app.outbox.handOver(ORDER)
    world.undoWindowMs = 5_000
    await world.app.outbox.handOver(OTHER_ORDER)
    world.app.session.dispose()
    expect(world.clock.pendingTimers).toBe(3)
    world.app.outbox.dispose()
    // A stopped app leaves nothing behind that would keep its process alive or act later.
    expect(world.clock.pendingTimers).toBe(0)
  })

  it('schedules nothing for an attempt that ends after it stopped', async () => {
    world.platform.steps.push('hang')
    const pressed = world.app.outbox.handOver(ORDER)
    await world.settle()
    world.app.session.dispose()
    world.app.outbox.dispose()
    world.platform.hanging.shift()?.()
    await pressed
    expect(world.clock.pendingTimers).toBe(0)
  })
})

describe('pause and resume', () => {
  it('keeps a press durable while paused, sends nothing, and sends it at once on resume', async () => {
    world.app.outbox.pauseSending()
    expect(world.app.outbox.isPaused).toBe(true)
    const order = await world.app.outbox.handOver(ORDER)
    expect(order.handover.state).toBe('queued')
    expect(world.recordTypes()).toEqual(['queued'])
    expect(world.app.outbox.countOwed()).toBe(1)
    expect(world.platform.calls).toHaveLength(0)

    world.app.outbox.resumeSending()
    await world.settle()
    expect(world.app.outbox.isPaused).toBe(false)
    expect(world.handover().state).toBe('handed-over')
    expect(world.platform.calls).toHaveLength(1)
  })

  it('lets a retry that falls due while paused wait, and neither waking nor the network sends it', async () => {
    world.platform.steps.push({ fail: UNAVAILABLE })
    await world.app.outbox.handOver(ORDER)
    world.app.outbox.pauseSending()
    await world.clock.advance(10 * 60_000)
    world.app.outbox.retryOwedNow()
    await world.settle()
    expect(world.platform.calls).toHaveLength(1)
    expect(world.handover().state).toBe('retrying')

    world.app.outbox.resumeSending()
    await world.settle()
    expect(world.handover().state).toBe('handed-over')
    expect(world.platform.calls).toHaveLength(2)
  })

  it('keeps what was pressed while paused owed across a restart, and sends it once then', async () => {
    world.app.outbox.pauseSending()
    await world.app.outbox.handOver(ORDER)
    await world.crashAndRestart()
    await world.settle()
    expect(world.handover().state).toBe('handed-over')
    expect(world.platform.calls).toHaveLength(1)
  })
})
