// The IntakePort over the real board and the real outbox (with the outbox tests' fake platform and session),
// and once through the real server: what the lead wires is what these tests run.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { OrderSource } from '../../../src-shared/intake-view.ts'
import { toAppError } from '../app-failure.ts'
import { ORDER, OTHER_ORDER, OutboxWorld } from '../../../test-support/core/orders/outbox-world.ts'
import { createBoardIntakePort, type BoardIntakePort } from './board-intake-port.ts'
import { startIntakeServer, type IntakeServer } from './intake-server.ts'
import { send } from '../../../test-support/core/fake-intake.ts'

let world: OutboxWorld
let port: BoardIntakePort
let sources: OrderSource[]
let backgroundFailures: unknown[]

beforeEach(async () => {
  world = await OutboxWorld.start()
  world.app.outbox.start()
  sources = []
  backgroundFailures = []
  port = createBoardIntakePort({
    getOrder: (key) => world.app.board.get(key),
    addOrder: (key, details, source) => {
      sources.push(source)
      const order = world.app.board.add(key, details)
      world.app.outbox.showOnBoard(key)
      return order
    },
    press: (key) => world.app.outbox.handOver(key),
    health: () => ({
      signedIn: !world.app.session.isSignedOut,
      owed: world.app.outbox.countOwed(),
    }),
    handoverAllowed: () => true,
    now: () => world.clock.now(),
    onBackgroundFailure: (error) => backgroundFailures.push(error),
  })
})

const restaurantDelivery = { courierType: 'restaurant', shippingMethod: 'delivery' } as const

describe('createBoardIntakePort', () => {
  it('adds, then merges, saying which, and records the source', async () => {
    const first = await port.addOrder({ paymentKey: ORDER, details: {} }, 'pos-api')
    expect([first.created, first.view.state]).toEqual([true, 'waiting'])
    await world.clock.advance(60_000)
    const again = await port.addOrder(
      { paymentKey: ORDER, details: { shippingMethod: 'pickup' } },
      'drop-folder',
    )
    expect([again.created, again.view.eligible]).toEqual([false, false])
    expect(again.view.updated_at).toBe(new Date(world.clock.now()).toISOString())
    expect(sources).toEqual(['pos-api', 'drop-folder'])
  })

  it('answers a hand-over once the intent is written, before the platform has answered', async () => {
    await port.addOrder({ paymentKey: ORDER, details: restaurantDelivery }, 'pos-api')
    world.platform.steps.push('hang')
    const view = await port.requestHandover(ORDER)
    expect(view.state).toBe('sending')
    expect(world.recordTypes()).toEqual(['queued', 'attempt'])
    expect(port.health()).toEqual({ signedIn: true, owed: 1 })
    // A second ask while it is owed is the outbox's refusal, which the server answers as 202 with the view.
    const second = await port.requestHandover(ORDER).catch((error: unknown) => toAppError(error).problem)
    expect(second).toBe('already-sending')
    world.platform.hanging.shift()?.()
    await world.settle()
    expect(port.getOrder(ORDER)?.state).toBe('retrying')
    expect(world.platform.calls).toHaveLength(1)
  })

  it('passes the outbox refusals on at once, and sends nothing', async () => {
    await port.addOrder({ paymentKey: OTHER_ORDER, details: { shippingMethod: 'pickup' } }, 'pos-api')
    const problem = (key: string) =>
      port.requestHandover(key).catch((error: unknown) => toAppError(error).problem)
    expect(await problem(OTHER_ORDER)).toBe('not-eligible')
    expect(await problem('11111111-2222-4333-8444-555555555555')).toBe('unknown-order')
    expect(world.platform.calls).toEqual([])
  })

  it('refuses when the intent cannot be written, so nothing is claimed', async () => {
    await port.addOrder({ paymentKey: ORDER, details: restaurantDelivery }, 'pos-api')
    world.app.journal.failNextAppend = true
    await expect(port.requestHandover(ORDER)).rejects.toThrow(/ENOSPC/)
    expect(port.getOrder(ORDER)?.state).toBe('waiting')
    expect(backgroundFailures).toEqual([])
  })
})

describe('the intake API on the real board and outbox', () => {
  let server: IntakeServer
  const key = 'k'.repeat(43)
  afterEach(async () => {
    await server.close()
  })

  it('adds an order, hands it over exactly once, and shows it handed over', async () => {
    server = await startIntakeServer({
      port: 0,
      intake: port,
      keys: { matches: (candidate) => candidate === key },
    })
    const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }
    const body = JSON.stringify({
      payment_key: ORDER,
      shipping_method: 'delivery',
      courier_type: 'restaurant',
    })
    expect((await send(server.port, { method: 'POST', path: '/v1/orders', headers, body })).status).toBe(201)
    const handover = () =>
      send(server.port, { method: 'POST', path: `/v1/orders/${ORDER}/handover`, headers })
    expect((await handover()).status).toBe(202)
    await world.settle()
    const shown = await send(server.port, { path: `/v1/orders/${ORDER}`, headers })
    expect(shown.json).toMatchObject({ payment_key: ORDER, state: 'handed-over' })
    // Asked again after it is handed over: nothing is sent twice.
    expect(await handover()).toMatchObject({ status: 202, json: { state: 'handed-over' } })
    expect(world.platform.calls).toHaveLength(1)
    expect(world.platform.handedOver).toBe(1)
  })
})
