import { Agent, fetch } from 'undici'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import type { MockControl, MockOrder } from './control-client.ts'
import { MockControlError } from './control-client.ts'
import { DEMO_BRANCH_IDS, DEMO_CREDENTIALS, DEMO_ORDER_IDS, ORDER_STATUS, SEED_ORDERS } from './demo-data.ts'
import { parsePlatformDateTime } from './platform-time.ts'
import type { TestPlatform } from '../../test-support/mock-platform/test-platform.ts'
import { postJson, startTestPlatform, withToken } from '../../test-support/mock-platform/test-platform.ts'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
/** The mock's real clock, injected: every time the tests check is computed, none read off the wall clock. */
const NOW = Date.parse('2026-03-10T09:00:00Z')
let t: TestPlatform
let control: MockControl
let raw: Agent

beforeAll(async () => {
  t = await startTestPlatform('control', { realNow: () => NOW })
  control = t.platform.control
  raw = new Agent({ connect: { ca: t.platform.caPem } })
})
afterAll(async () => {
  await raw.close()
  await t.stop()
})
beforeEach(async () => {
  await control.reset()
})

const rawControl = (path: string, init: { method?: string; body?: string } = {}) =>
  fetch(`${t.platform.origin}/_mock${path}`, { ...init, dispatcher: raw })

const newOrder: MockOrder = {
  payment_key: '5b3c1d2e-0f4a-4b6c-9d8e-7f6a5b4c3d2e',
  courier_type: 'restaurant',
  status_id: ORDER_STATUS.CONFIRMED,
  payment_type: 'CREDIT_CARD',
  shipping_method: 'delivery',
  branch_id: DEMO_BRANCH_IDS.kadikoyModa,
}

describe('orders', () => {
  it('lists the seed orders', async () => {
    expect(await control.listOrders()).toEqual(SEED_ORDERS)
  })

  it('gets one order, case-insensitively, and undefined for an unknown one', async () => {
    expect(await control.getOrder(DEMO_ORDER_IDS.cankayaPlatformCourierDelivery.toUpperCase())).toMatchObject(
      {
        courier_type: 'platform',
        branch_id: DEMO_BRANCH_IDS.cankayaTunali,
      },
    )
    expect(await control.getOrder('00000000-0000-4000-8000-000000000000')).toBeUndefined()
  })

  it('adds and replaces orders, which the platform then serves', async () => {
    expect(
      await control.upsertOrders([{ ...newOrder, payment_key: newOrder.payment_key.toUpperCase() }]),
    ).toEqual([newOrder])
    expect(await control.listOrders()).toHaveLength(SEED_ORDERS.length + 1)
    await control.upsertOrders([{ ...newOrder, courier_type: 'platform' }])
    expect(await control.listOrders()).toHaveLength(SEED_ORDERS.length + 1)
    const token = await t.login(DEMO_CREDENTIALS.branch)
    const refused = await t.request(
      `/orders/ontheway/${newOrder.payment_key}`,
      withToken(token, { method: 'PUT' }),
    )
    expect(refused.status).toBe(409)
    await control.upsertOrders([newOrder])
    const accepted = await t.request(
      `/orders/ontheway/${newOrder.payment_key}`,
      withToken(token, { method: 'PUT' }),
    )
    expect(accepted.status).toBe(200)
  })

  it('sets an order status, which the platform then honours', async () => {
    const id = DEMO_ORDER_IDS.besiktasInDelivery
    expect(await control.setOrderStatus(id, ORDER_STATUS.CONFIRMED)).toMatchObject({
      payment_key: id,
      status_id: 2,
    })
    const response = await t.request(`/orders/ontheway/${id}`, withToken(await t.login(), { method: 'PUT' }))
    expect(response.status).toBe(200)
    await expect(control.setOrderStatus('00000000-0000-4000-8000-000000000000', 2)).rejects.toMatchObject({
      status: 404,
    })
  })

  it('removes an order, after which the platform does not know it', async () => {
    const id = DEMO_ORDER_IDS.kadikoyCashDelivery
    expect(await control.removeOrder(id)).toBe(true)
    expect(await control.removeOrder(id)).toBe(false)
    const response = await t.request(`/orders/ontheway/${id}`, withToken(await t.login(), { method: 'PUT' }))
    expect(response.status).toBe(404)
  })

  it('refuses invalid orders with 400', async () => {
    for (const bad of [
      { ...newOrder, payment_key: 'not-a-uuid' },
      { ...newOrder, status_id: 2.5 },
      { ...newOrder, courier_type: '' },
      { ...newOrder, extra: true },
    ]) {
      await expect(control.upsertOrders([bad])).rejects.toMatchObject({ status: 400 })
    }
    expect(await control.listOrders()).toEqual(SEED_ORDERS)
  })
})

describe('tokens', () => {
  it('lists issued tokens with their scope', async () => {
    const vendorToken = await t.login()
    const branchToken = await t.login(DEMO_CREDENTIALS.branch)
    const tokens = await control.listTokens()
    expect(
      tokens.map((token) => [token.access_token, token.branch_id, token.revoked, token.expired]),
    ).toEqual([
      [vendorToken, null, false, false],
      [branchToken, DEMO_CREDENTIALS.branch.branchId, false, false],
    ])
    const first = tokens[0]
    expect(Date.parse(first?.expires_at ?? '') - Date.parse(first?.issued_at ?? '')).toBe(DAY)
  })

  it('expires all tokens at once', async () => {
    const tokens = [await t.login(), await t.login()]
    expect(await control.expireTokens()).toBe(2)
    for (const token of tokens)
      expect((await t.request('/orders/variables', withToken(token))).status).toBe(401)
    expect((await control.listTokens()).every((token) => token.expired)).toBe(true)
  })

  it('revokes one token, leaving the others live', async () => {
    const [kept, revoked] = [await t.login(), await t.login()]
    expect(await control.revokeTokens(revoked)).toBe(1)
    expect((await t.request('/orders/variables', withToken(revoked))).status).toBe(401)
    expect((await t.request('/orders/variables', withToken(kept))).status).toBe(200)
    expect(await control.revokeTokens()).toBe(1)
    expect((await t.request('/orders/variables', withToken(kept))).status).toBe(401)
  })

  it('answers 404 for an unknown token', async () => {
    await expect(control.expireTokens('unknown')).rejects.toBeInstanceOf(MockControlError)
    await expect(control.revokeTokens('unknown')).rejects.toMatchObject({ status: 404 })
  })
})

describe('clock and expiration skew', () => {
  it('advances the mock clock, which issues and expires tokens', async () => {
    expect(await control.getClock()).toEqual({ nowMs: NOW, now: '2026-03-10T09:00:00.000Z', offsetMs: 0 })
    const moved = await control.advanceClock(2 * DAY)
    expect(moved).toEqual({ nowMs: NOW + 2 * DAY, now: '2026-03-12T09:00:00.000Z', offsetMs: 2 * DAY })

    const response = await t.request('/auth/login', postJson(DEMO_CREDENTIALS.vendor))
    const { data } = (await response.json()) as { data: { expiration_date: string } }
    // Issued on the moved clock, valid 24 h, written in Istanbul's wall clock (UTC+3).
    expect(data.expiration_date).toBe('2026-03-13 12:00:00')
    expect(parsePlatformDateTime(data.expiration_date)).toBe(NOW + 3 * DAY)
  })

  it('shifts the written expiration_date but not the real validity', async () => {
    await control.setExpirationSkew(3 * HOUR)
    const response = await t.request('/auth/login', postJson(DEMO_CREDENTIALS.vendor))
    const { data } = (await response.json()) as { data: { access_token: string; expiration_date: string } }
    expect(parsePlatformDateTime(data.expiration_date)).toBe(NOW + DAY + 3 * HOUR)
    await control.advanceClock(DAY + 1000)
    expect((await t.request('/orders/variables', withToken(data.access_token))).status).toBe(401)
    const skew = (await (await rawControl('/expiration-skew')).json()) as { ms: number }
    expect(skew.ms).toBe(3 * HOUR)
  })
})

describe('latency and faults through the control API', () => {
  it('reports latency settings', async () => {
    await control.setLatency(50)
    expect(await control.setLatency(120, 'ontheway')).toEqual({ defaultMs: 50, routes: { ontheway: 120 } })
    expect(await (await rawControl('/latency')).json()).toEqual({ defaultMs: 50, routes: { ontheway: 120 } })
  })

  it('lists armed faults with their defaults and clears them', async () => {
    const armed = await control.injectFault({ route: 'login', kind: 'oversized', times: 3 })
    expect(armed).toMatchObject({ route: 'login', kind: 'oversized', remaining: 3, bytes: 2 * 1024 * 1024 })
    expect(await control.listFaults()).toEqual([armed])
    await control.clearFaults()
    expect(await control.listFaults()).toEqual([])
  })

  it('refuses invalid faults and latency with 400', async () => {
    const invalid = [
      () => control.injectFault({ route: 'login', kind: 'status', status: 404 }),
      () => control.injectFault({ route: 'nowhere' as 'login', kind: 'drop' }),
      () => control.injectFault({ route: 'login', kind: 'explode' as 'drop' }),
      () => control.injectFault({ route: 'login', kind: 'drop', times: -1 }),
      () => control.injectFault({ route: 'login', kind: 'oversized', bytes: 10 }),
      () => control.setLatency(-5),
      () => control.setLatency(10, 'nowhere' as 'login'),
    ]
    for (const call of invalid) await expect(call()).rejects.toMatchObject({ status: 400 })
    expect(await control.listFaults()).toEqual([])
  })

  it('is itself never faulted, delayed, counted or authenticated', async () => {
    await control.injectFault({ route: 'any', kind: 'drop', times: 0 })
    await control.setLatency(600_000)
    expect(await control.listOrders()).toHaveLength(SEED_ORDERS.length)
    expect((await control.getClock()).offsetMs).toBe(0)
    expect(await control.counters()).toMatchObject({
      requests: { login: 0, branches: 0, variables: 0, ontheway: 0 },
    })
  })
})

describe('holds', () => {
  const ORDER = DEMO_ORDER_IDS.kadikoyCashDelivery
  const none = { login: 0, branches: 0, variables: 0, ontheway: 0 }
  const handOver = (token: string) =>
    t.request(`/orders/ontheway/${ORDER}`, withToken(token, { method: 'PUT' }))

  it('parks a request at arrival until released, and the release answers once it was answered', async () => {
    const token = await t.login()
    expect(await control.hold('ontheway')).toEqual({ armed: { ...none, ontheway: 1 }, waiting: none })
    let answered = false
    const put = handOver(token).then((response) => {
      answered = true
      return response
    })
    // The signal a test waits on: the request is parked, and the platform has not acted on it.
    await expect.poll(async () => (await control.holds()).waiting.ontheway).toBe(1)
    expect(await control.holds()).toEqual({ armed: none, waiting: { ...none, ontheway: 1 } })
    expect((await control.getOrder(ORDER))?.status_id).toBe(ORDER_STATUS.CONFIRMED)
    expect(answered).toBe(false)

    expect(await control.release('ontheway')).toBe(1)
    // Released and handled before the release answered: the outcome is there to read at once.
    expect((await control.getOrder(ORDER))?.status_id).toBe(ORDER_STATUS.IN_DELIVERY)
    expect((await control.counters()).handedOver).toBe(1)
    expect((await put).status).toBe(200)
    expect(await control.holds()).toEqual({ armed: none, waiting: none })
  })

  it('holds only as many requests as asked: the next one goes straight through', async () => {
    const token = await t.login()
    await control.hold('ontheway', 1)
    const first = handOver(token)
    await expect.poll(async () => (await control.holds()).waiting.ontheway).toBe(1)
    expect((await handOver(token)).status).toBe(200)
    expect(await control.release()).toBe(1)
    // The held one reached the handler after the order had moved on: it refuses, and nothing is done twice.
    expect((await first).status).toBe(409)
    expect((await control.counters()).handedOver).toBe(1)
  })

  it('ends a held request unanswered on reset, so it cannot act on the fresh state', async () => {
    const token = await t.login()
    await control.hold('ontheway')
    const put = handOver(token)
    await expect.poll(async () => (await control.holds()).waiting.ontheway).toBe(1)
    await control.reset()
    await expect(put).rejects.toThrow()
    expect((await control.getOrder(ORDER))?.status_id).toBe(ORDER_STATUS.CONFIRMED)
    expect((await control.counters()).handedOver).toBe(0)
    expect(await control.holds()).toEqual({ armed: none, waiting: none })
  })

  it('refuses an unknown route or a hold of no request with 400', async () => {
    await expect(control.hold('nowhere' as 'login')).rejects.toMatchObject({ status: 400 })
    await expect(control.hold('login', 0)).rejects.toMatchObject({ status: 400 })
    expect(await control.holds()).toEqual({ armed: none, waiting: none })
  })
})

describe('reset', () => {
  it('returns orders, tokens, clock, skew, latency, faults and counters to the seed', async () => {
    const token = await t.login()
    await t.request(
      `/orders/ontheway/${DEMO_ORDER_IDS.kadikoyCashDelivery}`,
      withToken(token, { method: 'PUT' }),
    )
    await control.upsertOrders([newOrder])
    await control.advanceClock(HOUR)
    await control.setExpirationSkew(HOUR)
    await control.setLatency(200, 'variables')
    await control.injectFault({ route: 'branches', kind: 'status', times: 0 })

    await control.reset()

    expect(await control.counters()).toEqual({
      requests: { login: 0, branches: 0, variables: 0, ontheway: 0 },
      faulted: { login: 0, branches: 0, variables: 0, ontheway: 0 },
      loginsSucceeded: 0,
      loginsFailed: 0,
      unauthorized: 0,
      handedOver: 0,
      onTheWayByToken: {},
    })
    expect(await control.listOrders()).toEqual(SEED_ORDERS)
    expect(await control.listTokens()).toEqual([])
    expect((await t.request('/orders/variables', withToken(token))).status).toBe(401)
    expect((await control.getClock()).offsetMs).toBe(0)
    expect(await (await rawControl('/expiration-skew')).json()).toEqual({ ms: 0 })
    expect(await (await rawControl('/latency')).json()).toEqual({ defaultMs: 0, routes: {} })
    expect(await control.listFaults()).toEqual([])
    expect((await t.request('/restaurants/get', withToken(await t.login()))).status).toBe(200)
  })
})

describe('control API surface', () => {
  it('answers JSON 404 for unknown routes and 405 with Allow for wrong methods', async () => {
    const unknown = await rawControl('/nothing')
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const wrongMethod = await rawControl('/reset', { method: 'GET' })
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.headers.get('allow')).toBe('POST')
  })

  it('answers 400 to a body that is not JSON', async () => {
    const response = await rawControl('/clock/advance', { method: 'POST', body: '{ms: 5' })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ error: 'body is not valid JSON' })
    expect((await control.getClock()).offsetMs).toBe(0)
  })

  it('treats an empty body as "all" where a target is optional', async () => {
    await t.login()
    const response = await rawControl('/tokens/revoke', { method: 'POST' })
    expect(await response.json()).toEqual({ affected: 1 })
  })
})
