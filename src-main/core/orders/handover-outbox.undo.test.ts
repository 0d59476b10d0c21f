// The rush board's core half (docs/decisions.md D40–D42): the undo window before anything is sent, `Şimdi dene`,
// and the panel check of an `unconfirmed` order.
import { beforeEach, describe, expect, it } from 'vitest'
import { toAppError } from '../app-failure.ts'
import { RENEW_BEFORE_EXPIRY_MS } from '../session/token-expiry.ts'
import {
  ORDER,
  OTHER_ORDER,
  OutboxWorld,
  UNAVAILABLE,
} from '../../../test-support/core/orders/outbox-world.ts'

const SECOND = 1000
let world: OutboxWorld
beforeEach(async () => {
  world = await OutboxWorld.start()
  // Read at every press, so a change in Settings holds from the next press.
  world.undoWindowMs = 5 * SECOND
  world.addOrder(ORDER, 'Masa 4')
})

function problemOf(thrown: () => unknown): string | undefined {
  try {
    thrown()
  } catch (error) {
    return toAppError(error).problem
  }
  return undefined
}

describe('the undo window', () => {
  it('journals the press with its send-after time and sends nothing before it runs out', async () => {
    const order = await world.app.outbox.handOver(ORDER)
    const sendAt = new Date(world.clock.now() + 5 * SECOND).toISOString()
    expect(order.handover).toMatchObject({ state: 'queued', sendAt })
    expect(world.journal.records).toEqual([expect.objectContaining({ type: 'queued', sendAfter: sendAt })])
    expect(world.app.outbox.countOwed()).toBe(1)
    await world.clock.advance(4 * SECOND)
    expect(world.platform.calls).toHaveLength(0)
    await world.clock.advance(1 * SECOND)
    await world.settle()
    expect(world.platform.calls).toHaveLength(1)
    expect(world.handover().state).toBe('handed-over')
  })

  it('Geri al inside the window takes the press back durably: nothing is sent, even after a restart', async () => {
    await world.app.outbox.handOver(ORDER)
    const order = world.app.outbox.withdraw(ORDER)
    expect(order.handover).toEqual({ state: 'none' })
    expect(world.recordTypes()).toEqual(['queued', 'withdrawn'])
    await world.clock.advance(10 * SECOND)
    await world.crashAndRestart()
    await world.clock.advance(10 * SECOND)
    await world.settle()
    expect(world.platform.calls).toHaveLength(0)
    expect(world.handover()).toEqual({ state: 'none' })
    expect(world.app.outbox.countOwed()).toBe(0)
  })

  it('after Geri al the order is free: pressed again, it gets a new window and is sent once', async () => {
    await world.app.outbox.handOver(ORDER)
    world.app.outbox.withdraw(ORDER)
    expect(world.app.outbox.countOwed()).toBe(0)
    world.app.outbox.retryOwedNow()
    await world.clock.advance(2 * SECOND)
    const order = await world.app.outbox.handOver(ORDER)
    expect(order.handover).toMatchObject({ state: 'queued', sendAt: expect.any(String) as string })
    await world.clock.advance(5 * SECOND)
    await world.settle()
    expect(world.platform.calls).toHaveLength(1)
    expect(world.handover().state).toBe('handed-over')
  })

  it('refuses Geri al once the window has run out (the hand-over is already being sent)', async () => {
    await world.app.outbox.handOver(ORDER)
    await world.clock.advance(5 * SECOND)
    await world.settle()
    expect(problemOf(() => world.app.outbox.withdraw(ORDER))).toBe('undo-window-over')
    expect(world.platform.calls).toHaveLength(1)
  })

  it('Geri al is refused for a press made with no window, even while it waits to be sent', async () => {
    world.undoWindowMs = 0
    world.app.outbox.pauseSending()
    await world.app.outbox.handOver(ORDER)
    expect(world.handover()).toMatchObject({ state: 'queued' })
    expect(problemOf(() => world.app.outbox.withdraw(ORDER))).toBe('undo-window-over')
    expect(problemOf(() => world.app.outbox.withdraw(OTHER_ORDER))).toBe('undo-window-over')
    world.app.outbox.resumeSending()
    await world.settle()
    expect(world.handover().state).toBe('handed-over')
    expect(world.recordTypes()).not.toContain('withdrawn')
  })

  it('a window that ran out while paused is sent by Sürdür at that very moment', async () => {
    world.app.outbox.pauseSending()
    await world.app.outbox.handOver(ORDER)
    await world.clock.advance(5 * SECOND)
    expect(world.platform.calls).toHaveLength(0)
    world.app.outbox.resumeSending()
    await world.settle()
    expect(world.handover().state).toBe('handed-over')
  })

  it('a press whose window had not run out when the app died is still sent at start: the press stands', async () => {
    await world.app.outbox.handOver(ORDER)
    await world.clock.advance(2 * SECOND)
    await world.crashAndRestart()
    expect(world.handover()).toMatchObject({ state: 'queued' })
    await world.clock.advance(3 * SECOND)
    await world.settle()
    expect(world.platform.calls).toHaveLength(1)
    expect(world.handover().state).toBe('handed-over')
  })

  it('a second start leaves one timer for the press, and it is sent once', async () => {
    await world.app.outbox.handOver(ORDER)
    await world.crashAndRestart()
    world.app.outbox.start()
    await world.clock.advance(5 * SECOND)
    await world.settle()
    expect(world.platform.calls).toHaveLength(1)
    expect(world.recordTypes().filter((type) => type === 'attempt')).toHaveLength(1)
  })

  it('a press whose window ran out while the app was stopped is sent at once at start', async () => {
    await world.app.outbox.handOver(ORDER)
    world.app.journal.dead = true
    world.app.outbox.dispose()
    await world.clock.advance(60 * SECOND)
    await world.boot()
    world.app.outbox.start()
    await world.settle()
    expect(world.platform.calls).toHaveLength(1)
  })
})

// Every other way the outbox sends by itself (a session coming back, a wake, the network, Sürdür, a start) must
// leave a press alone while its countdown still shows: only the end of its window sends it (D40).
describe('the undo window against the other ways to send', () => {
  /** The press is still taken back, and nothing goes out even long after its window would have ended. */
  async function expectStillUndoable(): Promise<void> {
    expect(world.platform.calls).toHaveLength(0)
    expect(world.handover()).toMatchObject({ state: 'queued', sendAt: expect.any(String) as string })
    expect(world.app.outbox.withdraw(ORDER).handover).toEqual({ state: 'none' })
    await world.clock.advance(60 * SECOND)
    await world.settle()
    expect(world.platform.calls).toHaveLength(0)
  }

  it('a token renewal inside the window sends nothing', async () => {
    const status = world.app.session.status()
    if (status.state === 'signed-out' || status.expiresAt === undefined) throw new Error('not signed in')
    const expiresAt = Date.parse(status.expiresAt)
    await world.clock.advance(expiresAt - RENEW_BEFORE_EXPIRY_MS - 2 * SECOND - world.clock.now())
    await world.app.outbox.handOver(ORDER)
    await world.clock.advance(2 * SECOND)
    await world.settle()
    expect(world.platform.logins).toBe(2)
    expect(world.app.session.status().state).toBe('signed-in')
    await expectStillUndoable()
  })

  it('the first branch list fixing the scope inside the window sends nothing', async () => {
    const statuses: string[] = []
    world.app.session.onChange((status) => statuses.push('scope' in status ? String(status.scope) : 'none'))
    await world.app.outbox.handOver(ORDER)
    world.app.session.noteBranchCount(1)
    await world.settle()
    expect(statuses).toEqual(['branch'])
    await expectStillUndoable()
  })

  it('a wake or the network coming back inside the window sends what is retrying, not the press', async () => {
    world.undoWindowMs = 0
    world.addOrder(OTHER_ORDER)
    world.platform.steps.push({ fail: UNAVAILABLE })
    await world.app.outbox.handOver(OTHER_ORDER)
    expect(world.handover(OTHER_ORDER).state).toBe('retrying')
    world.undoWindowMs = 5 * SECOND
    await world.app.outbox.handOver(ORDER)
    world.platform.calls.length = 0
    world.app.outbox.retryOwedNow()
    await world.settle()
    expect(world.handover(OTHER_ORDER).state).toBe('handed-over')
    expect(world.platform.calls.map((call) => call.paymentKey)).toEqual([OTHER_ORDER])
    world.platform.calls.length = 0
    await expectStillUndoable()
  })

  it('Sürdür inside the window sends nothing; the window still ends it', async () => {
    world.app.outbox.pauseSending()
    await world.app.outbox.handOver(ORDER)
    await world.clock.advance(2 * SECOND)
    world.app.outbox.resumeSending()
    await world.settle()
    expect(world.platform.calls).toHaveLength(0)
    await world.clock.advance(3 * SECOND)
    await world.settle()
    expect(world.handover().state).toBe('handed-over')
  })

  it('a restart inside the window, and the sign-in after it, send nothing: Geri al still works', async () => {
    await world.app.outbox.handOver(ORDER)
    await world.clock.advance(2 * SECOND)
    await world.crashAndRestart()
    await world.settle()
    await world.app.session.resume()
    world.app.outbox.retryOwedNow()
    await world.settle()
    await expectStillUndoable()
    expect(world.recordTypes()).toEqual(['queued', 'withdrawn'])
  })

  it('Geri al after a restart is durable: nothing is sent after the next start either', async () => {
    await world.app.outbox.handOver(ORDER)
    await world.crashAndRestart()
    world.app.outbox.withdraw(ORDER)
    await world.crashAndRestart()
    await world.clock.advance(60 * SECOND)
    await world.settle()
    expect(world.platform.calls).toHaveLength(0)
    expect(world.handover()).toEqual({ state: 'none' })
    expect(world.app.outbox.countOwed()).toBe(0)
  })
})

describe('Şimdi dene', () => {
  it('sends a retrying hand-over now instead of at its next try', async () => {
    world.undoWindowMs = 0
    world.platform.steps.push({ fail: UNAVAILABLE })
    await world.app.outbox.handOver(ORDER)
    expect(world.handover().state).toBe('retrying')
    const order = await world.app.outbox.sendNow(ORDER)
    expect(order.handover.state).toBe('handed-over')
    expect(world.platform.calls).toHaveLength(2)
  })

  it('is refused for an order that waits for nothing', async () => {
    await expect(world.app.outbox.sendNow(ORDER)).rejects.toMatchObject({
      appError: { problem: 'not-waiting' },
    })
  })

  it('is refused once the hand-over is settled, handed over or failed, and sends nothing', async () => {
    world.undoWindowMs = 0
    world.addOrder(OTHER_ORDER)
    world.platform.known.delete(OTHER_ORDER)
    await world.app.outbox.handOver(ORDER)
    await world.app.outbox.handOver(OTHER_ORDER)
    expect(world.handover(OTHER_ORDER).state).toBe('failed')
    for (const key of [ORDER, OTHER_ORDER]) {
      await expect(world.app.outbox.sendNow(key)).rejects.toMatchObject({
        appError: { problem: 'not-waiting' },
      })
    }
    expect(world.platform.calls).toHaveLength(2)
  })

  it('while paused, is taken for a press that waits but sends nothing: Duraklat wins', async () => {
    world.undoWindowMs = 0
    world.app.outbox.pauseSending()
    await world.app.outbox.handOver(ORDER)
    expect((await world.app.outbox.sendNow(ORDER)).handover.state).toBe('queued')
    expect(world.platform.calls).toHaveLength(0)
  })
})

describe('the panel check of an unconfirmed order', () => {
  async function unconfirmed(): Promise<void> {
    world.undoWindowMs = 0
    world.platform.steps.push('act-then-time-out')
    await world.app.outbox.handOver(ORDER)
    await world.clock.advance(2 * SECOND)
    expect(world.handover().state).toBe('unconfirmed')
  }

  it('"handed over" settles it as handed over and History records the staff check', async () => {
    await unconfirmed()
    const order = world.app.outbox.acknowledge(ORDER, true)
    expect(order.handover.state).toBe('handed-over')
    expect(world.app.outbox.allHistory()[0]).toMatchObject({ result: 'checked-handed-over' })
    // A person looked: the journal no longer holds the outcome as unknown.
    expect(world.journal.records.at(-1)).toMatchObject({
      result: 'checked-handed-over',
      outcomeUnknown: false,
    })
    await world.crashAndRestart()
    expect(world.handover().state).toBe('handed-over')
  })

  it('"not handed over" frees the order for a new press, recorded in History', async () => {
    await unconfirmed()
    expect(world.app.outbox.acknowledge(ORDER, false).handover).toEqual({ state: 'none' })
    expect(world.app.outbox.allHistory()[0]).toMatchObject({ result: 'checked-not-handed-over' })
    await world.app.outbox.handOver(ORDER)
    expect(world.platform.calls).toHaveLength(3)
  })

  it.each([true, false])(
    'is a final word: compaction moves it to the archive (handed over: %s)',
    async (handedOver) => {
      await unconfirmed()
      world.app.outbox.acknowledge(ORDER, handedOver)
      world.app.outbox.compact()
      expect(world.recordTypes()).toEqual([])
      expect(world.app.outbox.allHistory()[0]).toMatchObject({
        result: handedOver ? 'checked-handed-over' : 'checked-not-handed-over',
      })
    },
  )

  // The journal is compacted at every start and day's turn: an `unconfirmed` order still waits for staff.
  it('still finds an unconfirmed order after restarts that compacted the journal', async () => {
    await unconfirmed()
    world.app.outbox.compact()
    await world.crashAndRestart()
    await world.crashAndRestart()
    expect(world.handover().state).toBe('unconfirmed')
    expect(world.app.outbox.acknowledge(ORDER, true).handover.state).toBe('handed-over')
    expect(world.app.outbox.allHistory().map((entry) => [entry.attempt, entry.result])).toEqual([
      [2, 'checked-handed-over'],
      [2, 'unconfirmed'],
      [1, 'will-retry'],
    ])
    world.app.outbox.compact()
    expect(world.recordTypes()).toEqual([])
    expect(world.platform.calls).toHaveLength(2)
  })

  it('is refused for an order that is not unconfirmed', async () => {
    expect(problemOf(() => world.app.outbox.acknowledge(ORDER, true))).toBe('not-unconfirmed')
    world.undoWindowMs = 0
    world.platform.inDelivery.add(ORDER)
    await world.app.outbox.handOver(ORDER)
    expect(world.handover().state).toBe('failed')
    expect(problemOf(() => world.app.outbox.acknowledge(ORDER, true))).toBe('not-unconfirmed')
    expect(world.app.outbox.allHistory().map((entry) => entry.result)).toEqual(['refused'])
  })
})
