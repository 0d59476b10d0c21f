import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ManualClock } from '../../../test-support/core/manual-clock.ts'
import { hasStayedLongEnough, sweepHandedOver, SWEEP_EVERY_MS } from './board-sweeper.ts'
import { testBoard } from '../../../test-support/core/orders/test-parts.ts'
import { ORDER, OTHER_ORDER, OutboxWorld } from '../../../test-support/core/orders/outbox-world.ts'

const MINUTE = 60_000
const ZONE = 'Europe/Istanbul'

describe('the journal, compacted while running (D55)', () => {
  let world: OutboxWorld
  beforeEach(async () => {
    world = await OutboxWorld.start()
  })
  afterEach(() => world.app.outbox.dispose())

  it("is compacted at the day's turn in the platform's time zone: settled results go to that day's file", async () => {
    world.addOrder(ORDER)
    await world.app.outbox.handOver(ORDER)
    expect(world.recordTypes()).toEqual(['queued', 'attempt', 'result:handed-over'])
    // 12:00 UTC is 15:00 in Istanbul: nine hours to its midnight.
    await world.clock.advance(9 * 60 * MINUTE - MINUTE)
    expect(world.recordTypes()).toHaveLength(3)
    await world.clock.advance(2 * MINUTE)
    expect(world.recordTypes()).toEqual([])
    expect(world.archive.days()).toEqual(['2026-11-22'])
    // History still shows it, read from the archive.
    expect(world.app.outbox.listHistory({ limit: 10, day: '2026-11-22' }).orders).toMatchObject([
      { paymentKey: ORDER, result: 'handed-over' },
    ])
  })

  it('is compacted once it passes its size, keeping what is still owed', async () => {
    world.compactAtBytes = 600
    await world.crashAndRestart()
    world.addOrder(ORDER)
    world.addOrder(OTHER_ORDER)
    world.platform.steps.push('hang')
    const owed = world.app.outbox.handOver(OTHER_ORDER)
    await world.app.outbox.handOver(ORDER)
    // The settled order left the journal; the one still in flight kept its intent and attempt.
    expect(world.recordTypes()).toEqual(['queued', 'attempt'])
    expect(world.archive.read('2026-11-22')).toMatchObject([{ paymentKey: ORDER }])
    world.platform.hanging.shift()?.()
    await owed
    await world.settle()
    expect(world.app.outbox.allHistory().map((entry) => [entry.paymentKey, entry.result])).toEqual([
      [OTHER_ORDER, 'will-retry'],
      [ORDER, 'handed-over'],
    ])
  })

  it('compacts once the journal passes its size, not when it only reaches it', async () => {
    // What one hand-over writes, measured on a world of its own.
    const measured = await OutboxWorld.start()
    measured.addOrder(ORDER)
    await measured.app.outbox.handOver(ORDER)
    const size = measured.app.journal.bytes()
    measured.app.outbox.dispose()
    world.compactAtBytes = size
    await world.crashAndRestart()
    world.addOrder(ORDER)
    await world.app.outbox.handOver(ORDER)
    expect(world.app.journal.bytes()).toBe(size)
    expect(world.recordTypes()).toHaveLength(3)
    world.addOrder(OTHER_ORDER)
    await world.app.outbox.handOver(OTHER_ORDER)
    expect(world.recordTypes()).toEqual([])
  })

  it('forgets a settled action once its order left the board: History keeps it (D55)', async () => {
    world.addOrder(ORDER)
    await world.app.outbox.handOver(ORDER)
    world.app.board.remove(ORDER)
    world.app.outbox.compact()
    // Added again, the order is new to the outbox; its hand-over is in History.
    world.addOrder(ORDER)
    world.app.outbox.showOnBoard(ORDER)
    expect(world.handover()).toEqual({ state: 'none' })
    expect(world.app.outbox.allHistory().map((entry) => entry.result)).toEqual(['handed-over'])
  })

  it('forgets, at a start, a settled action whose order is no longer on the board', async () => {
    world.addOrder(ORDER)
    await world.app.outbox.handOver(ORDER)
    world.app.board.remove(ORDER)
    await world.crashAndRestart()
    world.addOrder(ORDER)
    world.app.outbox.showOnBoard(ORDER)
    expect(world.handover()).toEqual({ state: 'none' })
  })

  it('keeps a hand-over settled and compacted away shown after a restart (the board holds final states)', async () => {
    world.addOrder(ORDER)
    await world.app.outbox.handOver(ORDER)
    world.app.outbox.compact()
    expect(world.recordTypes()).toEqual([])
    await world.crashAndRestart()
    expect(world.handover().state).toBe('handed-over')
    // Pressed again, nothing is sent: it is already handed over.
    await world.app.outbox.handOver(ORDER)
    expect(world.platform.calls).toHaveLength(1)
  })
})

describe('handed-over orders leave the board by themselves (D57)', () => {
  it("by default at the day's turn in the platform's time zone, or after the minutes set", () => {
    // 20:59 UTC is 23:59 in Istanbul.
    const at = Date.UTC(2026, 10, 21, 20, 59)
    expect(hasStayedLongEnough(at, at + MINUTE - 1, 'day-turn', ZONE)).toBe(false)
    expect(hasStayedLongEnough(at, at + MINUTE, 'day-turn', ZONE)).toBe(true)
    expect(hasStayedLongEnough(at, at + 30 * MINUTE - 1, 30, ZONE)).toBe(false)
    expect(hasStayedLongEnough(at, at + 30 * MINUTE, 30, ZONE)).toBe(true)
  })

  it('are swept while the app runs, failed ones stay, and stopping the sweep stops it', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 21, 20, 0))
    const board = testBoard({ clock })
    board.add(ORDER, {})
    board.add(OTHER_ORDER, {})
    const now = new Date(clock.now()).toISOString()
    board.setHandover(ORDER, { state: 'handed-over', at: now })
    board.setHandover(OTHER_ORDER, {
      state: 'failed',
      at: now,
      error: { code: 'internal', retryable: false },
    })
    let stay: 'day-turn' | number = 'day-turn'
    const stop = sweepHandedOver({ board, clock, timeZone: () => ZONE, stay: () => stay })
    await clock.advance(59 * MINUTE)
    expect(board.list()).toHaveLength(2)
    await clock.advance(SWEEP_EVERY_MS)
    expect(board.list().map((order) => order.paymentKey)).toEqual([OTHER_ORDER])

    board.add(ORDER, {})
    board.setHandover(ORDER, { state: 'handed-over', at: new Date(clock.now()).toISOString() })
    stay = 30
    stop()
    await clock.advance(60 * MINUTE)
    expect(board.get(ORDER)).toBeDefined()
    expect(clock.pendingTimers).toBe(0)
  })
})
