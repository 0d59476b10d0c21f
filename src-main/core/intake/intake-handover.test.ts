// The intake's one add path and one hand-over over the real board and the real outbox (with the outbox tests'
// fake platform and session), and once through the real server: what createCore wires is what these run.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { toAppError } from '../app-failure.ts'
import { ORDER, OTHER_ORDER, OutboxWorld } from '../../../test-support/core/orders/outbox-world.ts'
import { fakeCipher, MemoryStore } from '../../../test-support/core/memory-adapters.ts'
import { posRequest } from '../../../test-support/core/intake-signing.ts'
import { testCourierDay } from '../../../test-support/core/courier-parts.ts'
import { silentLogger } from '../ports.ts'
import { IntakeArea } from './intake-area.ts'
import { IntakeKeyring } from './intake-key.ts'
import { intakeKeyStorage } from './intake-key-storage.ts'

let world: OutboxWorld
let port: IntakeArea

beforeEach(async () => {
  world = await OutboxWorld.start()
  world.app.outbox.start()
  const storage = intakeKeyStorage(new MemoryStore(), fakeCipher('strong'), silentLogger)
  port = new IntakeArea({
    board: world.app.board,
    outbox: world.app.outbox,
    session: world.app.session,
    keyring: await IntakeKeyring.open(storage, { register: () => undefined }),
    settings: { get: () => ({ intakePort: 0, intakeHandover: true, dropFolder: null }) },
    clock: world.clock,
    log: world.log,
    couriers: testCourierDay({
      board: world.app.board,
      outbox: world.app.outbox,
      clock: world.clock,
      log: world.log,
    }),
  })
})

afterEach(() => port.stop())

const restaurantDelivery = { courierType: 'restaurant', shippingMethod: 'delivery' } as const

describe('IntakeArea as the IntakePort', () => {
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
    expect(world.app.board.get(ORDER)?.source).toBe('pos-api')
  })

  it('answers a hand-over once the intent is written, before the platform has answered', async () => {
    await port.addOrder({ paymentKey: ORDER, details: restaurantDelivery }, 'pos-api')
    world.platform.steps.push('hang')
    const view = await port.handOver(ORDER)
    expect(view.state).toBe('sending')
    expect(world.recordTypes()).toEqual(['queued', 'attempt'])
    expect(port.health()).toEqual({ signedIn: true, owed: 1 })
    // A second ask while it is owed is the outbox's refusal, which the server answers as 202 with the view.
    const second = await port.handOver(ORDER).catch((error: unknown) => toAppError(error).problem)
    expect(second).toBe('already-sending')
    world.platform.hanging.shift()?.()
    await world.settle()
    expect(port.getOrder(ORDER)?.state).toBe('retrying')
    expect(world.platform.calls).toHaveLength(1)
  })

  it('passes the outbox refusals on at once, and sends nothing', async () => {
    await port.addOrder({ paymentKey: OTHER_ORDER, details: { shippingMethod: 'pickup' } }, 'pos-api')
    const problem = (key: string) => port.handOver(key).catch((error: unknown) => toAppError(error).problem)
    expect(await problem(OTHER_ORDER)).toBe('not-eligible')
    expect(await problem('11111111-2222-4333-8444-555555555555')).toBe('unknown-order')
    expect(world.platform.calls).toEqual([])
  })

  it('refuses when the intent cannot be written, so nothing is claimed', async () => {
    await port.addOrder({ paymentKey: ORDER, details: restaurantDelivery }, 'pos-api')
    world.app.journal.failNextAppend = true
    await expect(port.handOver(ORDER)).rejects.toThrow(/ENOSPC/)
    expect(port.getOrder(ORDER)?.state).toBe('waiting')
    expect(world.log.lines.filter((line) => line.includes('asked for through the API failed'))).toEqual([])
  })
})

describe('the intake API on the real board and outbox', () => {
  it('adds an order, hands it over exactly once, and shows it handed over', async () => {
    await port.serve({ port: 0 })
    const { url, key } = port.info()
    if (url === null) throw new Error('the intake API is not serving')
    // Signed at the world's time: the app checks a request's time against its own clock.
    const timestamp = () => Math.floor(world.clock.now() / 1000)
    const body = { payment_key: ORDER, shipping_method: 'delivery', courier_type: 'restaurant' }
    const added = await posRequest(url, key, { path: '/v1/orders', json: body, timestamp: timestamp() })
    expect(added.status).toBe(201)
    const handover = () =>
      posRequest(url, key, { method: 'POST', path: `/v1/orders/${ORDER}/handover`, timestamp: timestamp() })
    expect((await handover()).status).toBe(202)
    await world.settle()
    const shown = await posRequest(url, key, { path: `/v1/orders/${ORDER}`, timestamp: timestamp() })
    expect(shown.json).toMatchObject({ payment_key: ORDER, state: 'handed-over' })
    // Asked again after it is handed over: nothing is sent twice.
    expect(await handover()).toMatchObject({ status: 202, json: { state: 'handed-over' } })
    expect(world.platform.calls).toHaveLength(1)
    expect(world.platform.handedOver).toBe(1)
  })
})
