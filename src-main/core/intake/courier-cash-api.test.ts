// The courier's whole cash through the intake (issue 28, docs/intake-api.md): POST /v1/couriers/cash,
// POST /v1/orders/{payment_key}/door-payment and GET /v1/day-end's new fields. The real core against the HTTPS
// mock, every request signed.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_ORDER_IDS } from '../../../e2e/mock-platform/demo-data.ts'
import { startMockPlatform, type MockPlatform } from '../../../e2e/mock-platform/server.ts'
import { coreOnMock, VENDOR_KEYS } from '../../../test-support/core/core-on-mock.ts'
import { posRequest } from '../../../test-support/core/intake-signing.ts'
import type { CallName, CallOutput } from '../../../src-shared/contract.ts'
import type { Core } from '../create-core.ts'
import { dispatch } from '../dispatch.ts'
import { silentLogger } from '../ports.ts'

let mock: MockPlatform
let dataDir: string
let core: Core
let intake: { url: string; key: string }

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'courier-cash-api-'))
  mock = await startMockPlatform({ dataDir, port: 0 })
})
afterAll(async () => {
  await mock.close()
  await rm(dataDir, { recursive: true, force: true })
})
beforeEach(async () => {
  await mock.control.reset()
  core = await coreOnMock(mock)
  await call('signIn', { platformAddress: mock.baseUrl, ...VENDOR_KEYS })
  await core.intake.serve({ port: 0 })
  const info = core.intake.info()
  if (info.url === null) throw new Error('the intake is not serving')
  intake = { url: info.url, key: info.key }
})
afterEach(async () => {
  await core.intake.stop()
  core.dispose()
})

const ids = DEMO_ORDER_IDS
const DELIVERY = { shipping_method: 'delivery', courier_type: 'restaurant' }
const REQUEST_ID = 'pos-drawer-000000001'

async function call<C extends CallName>(name: C, payload?: unknown): Promise<CallOutput<C>> {
  const result = await dispatch(core.handlers, name, payload, silentLogger)
  if (!result.ok) throw new Error(`${name}: ${JSON.stringify(result.error)}`)
  return result.value as CallOutput<C>
}
const post = (path: string, json: unknown) =>
  posRequest(intake.url, intake.key, { method: 'POST', path, json })
const get = (path: string) => posRequest(intake.url, intake.key, { path })
const codeOf = (answer: { json: unknown }) => (answer.json as { error?: { code?: string } }).error?.code
const cash = (fields: Record<string, unknown> = {}) => ({
  request_id: REQUEST_ID,
  courier: 'Ahmet',
  kind: 'float',
  amount_kurus: 10_000,
  ...fields,
})

describe('POST /v1/couriers/cash', () => {
  it('records a movement once: 201, the same request again 200, another body under its id 409', async () => {
    await call('addCourier', { requestId: 'a', name: 'Ahmet' })
    const first = await post('/v1/couriers/cash', cash({ note: 'bozuk para' }))
    expect([first.status, first.fromApp]).toEqual([201, true])
    expect(first.json).toMatchObject({
      request_id: REQUEST_ID,
      courier: 'Ahmet',
      kind: 'float',
      amount_kurus: 10_000,
      note: 'bozuk para',
    })
    const again = await post('/v1/couriers/cash', cash({ note: 'bozuk para' }))
    expect([again.status, again.json]).toEqual([200, first.json])
    const other = await post('/v1/couriers/cash', cash({ note: 'bozuk para', amount_kurus: 20_000 }))
    expect([other.status, codeOf(other)]).toEqual([409, 'request-id-reused'])
    // Nothing doubled: one float of 100,00 ₺ in the day-end.
    const dayEnd = (await get('/v1/day-end')).json as { couriers: { float_kurus: number }[] }
    expect(dayEnd.couriers).toMatchObject([{ float_kurus: 10_000 }])
  })

  it.each([
    [{ kurye: 'Ahmet' }, 'unknown-field'],
    [{ request_id: 'short' }, 'invalid-request-id'],
    [{ request_id: 'has space in it 0000' }, 'invalid-request-id'],
    [{ kind: 'tip' }, 'invalid-kind'],
    [{ amount_kurus: 12.5 }, 'invalid-cash-amount'],
    [{ amount_kurus: 0 }, 'invalid-cash-amount'],
    [{ amount_kurus: '100' }, 'invalid-cash-amount'],
    [{ amount_kurus: 1_000_000_001 }, 'invalid-cash-amount'],
    [{ courier: 'Kimse' }, 'unknown-courier'],
    [{ courier: 'Ahmet\nYılmaz' }, 'invalid-courier'],
    [{ note: 'iki\nsatır' }, 'invalid-note'],
  ])('refuses %j with 422 %s and records nothing', async (fields, code) => {
    await call('addCourier', { requestId: 'a', name: 'Ahmet' })
    const answer = await post('/v1/couriers/cash', cash(fields))
    expect([answer.status, codeOf(answer), answer.fromApp]).toEqual([422, code, true])
    expect((await call('getCourierToday')).couriers).toEqual([])
  })
})

describe('POST /v1/orders/{payment_key}/door-payment', () => {
  it('records what the customer paid at the door; the card total stands apart from the cash', async () => {
    await call('addCourier', { requestId: 'a', name: 'Ahmet' })
    const key = ids.kadikoyCashDelivery
    await post('/v1/orders', {
      payment_key: key,
      ...DELIVERY,
      payment_method: 'CASH',
      amount_kurus: 39990,
      courier: 'Ahmet',
    })
    await post(`/v1/orders/${key}/handover`, {})
    await expect.poll(async () => (await call('getCourierToday')).couriers[0]?.packages).toBe(1)
    const methods = await call('getMethods', { forceRefresh: false })
    const card = methods.paymentMethods.find((method) => method.key !== 'CASH')?.key
    if (card === undefined) throw new Error('the mock lists no method but cash')
    const answer = await post(`/v1/orders/${key}/door-payment`, { method: card })
    expect([answer.status, answer.fromApp]).toEqual([200, true])
    expect(answer.json).toMatchObject({ payment_key: key })
    const dayEnd = (await get('/v1/day-end')).json as { couriers: Record<string, unknown>[] }
    expect(dayEnd.couriers[0]).toMatchObject({ cash_to_collect_kurus: 0, card_at_door_kurus: 39990 })
  })

  it('answers 404 for an order not on the board and 422 for a method the platform does not list', async () => {
    const key = ids.kadikoyCashDelivery
    const missing = await post(`/v1/orders/${key}/door-payment`, { method: 'CASH' })
    expect([missing.status, codeOf(missing)]).toEqual([404, 'order-not-found'])
    await post('/v1/orders', { payment_key: key, ...DELIVERY, payment_method: 'CASH', amount_kurus: 100 })
    const unlisted = await post(`/v1/orders/${key}/door-payment`, { method: 'NO_SUCH_METHOD' })
    expect([unlisted.status, codeOf(unlisted)]).toEqual([422, 'unknown-payment-method'])
    const extra = await post(`/v1/orders/${key}/door-payment`, { method: 'CASH', amount: 1 })
    expect([extra.status, codeOf(extra)]).toEqual([422, 'unknown-field'])
  })
})
