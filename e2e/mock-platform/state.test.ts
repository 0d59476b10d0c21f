import { describe, expect, it } from 'vitest'

import type { MockOrder } from './contract.ts'
import {
  DEMO_BRANCH_IDS,
  DEMO_BRANCHES,
  DEMO_CREDENTIALS,
  DEMO_ORDER_IDS,
  DEMO_ORDERS,
  SEED_ORDERS,
  ORDER_STATUS,
  PAYMENT_METHODS,
  SHIPPING_METHODS,
  SECOND_ACCOUNT_CREDENTIALS,
  SECOND_ACCOUNT_ORDER_IDS,
} from './demo-data.ts'
import { MockState, TOKEN_LIFETIME_MS } from './state.ts'

// 2025-01-01 21:30:00 UTC is 2025-01-02 00:30:00 in Istanbul: the written date crosses midnight and a year-end
// boundary is near, which catches a formatter that uses UTC fields.
const REAL_NOW = Date.UTC(2025, 0, 1, 21, 30, 0)
const HOUR = 60 * 60 * 1000

function makeState() {
  let tokenCount = 0
  return new MockState({ realNow: () => REAL_NOW, newToken: () => `token-${++tokenCount}` })
}

const vendor = DEMO_CREDENTIALS.vendor
const branch = DEMO_CREDENTIALS.branch
const vendorGrant = { branchId: null }
const branchGrant = { branchId: branch.branchId }

describe('demo data', () => {
  it('covers every kind of order the tests need', () => {
    const of = (id: string) => DEMO_ORDERS.find((o) => o.payment_key === id)
    for (const method of ['CASH', 'CREDIT_CARD', 'DEBIT_CARD']) {
      expect(
        DEMO_ORDERS.some(
          (o) =>
            o.courier_type === 'restaurant' && o.shipping_method === 'delivery' && o.payment_type === method,
        ),
      ).toBe(true)
    }
    expect(DEMO_ORDERS.some((o) => o.courier_type === 'platform')).toBe(true)
    expect(DEMO_ORDERS.some((o) => o.shipping_method === 'pickup' && o.courier_type === 'restaurant')).toBe(
      true,
    )
    expect(of(DEMO_ORDER_IDS.besiktasInDelivery)?.status_id).toBe(ORDER_STATUS.IN_DELIVERY)
    const eligibleInBranch = DEMO_ORDERS.filter(
      (o) =>
        o.branch_id === branch.branchId &&
        o.courier_type === 'restaurant' &&
        o.status_id === ORDER_STATUS.CONFIRMED,
    )
    expect(eligibleInBranch.length).toBeGreaterThanOrEqual(2)
    expect(new Set(DEMO_ORDERS.map((o) => o.branch_id)).size).toBe(DEMO_BRANCHES.length)
    for (const o of DEMO_ORDERS) expect(o.payment_key).toBe(o.payment_key.toLowerCase())
    expect(new Set(DEMO_ORDERS.map((o) => o.payment_key)).size).toBe(DEMO_ORDERS.length)
    expect(Object.keys(DEMO_ORDER_IDS)).toHaveLength(DEMO_ORDERS.length)
  })

  it('uses one application secret for both credential sets', () => {
    expect(vendor.app_secret_key).toBe(branch.app_secret_key)
    expect(vendor.rest_secret_key).not.toBe(branch.rest_secret_key)
  })
})

describe('MockState login and tokens', () => {
  it('issues a token for each credential set and none for wrong keys', () => {
    const state = makeState()
    expect(state.login(vendor.app_secret_key, vendor.rest_secret_key)?.access_token).toBe('token-1')
    expect(state.login(branch.app_secret_key, branch.rest_secret_key)?.access_token).toBe('token-2')
    expect(state.login(vendor.app_secret_key, 'wrong')).toBeUndefined()
    expect(state.login('wrong', vendor.rest_secret_key)).toBeUndefined()
    expect(state.login(vendor.app_secret_key, branch.rest_secret_key.toUpperCase())).toBeUndefined()
    expect(state.authenticate('token-1')).toEqual({ branchId: null })
    expect(state.authenticate('token-2')).toEqual({ branchId: branch.branchId })
  })

  it('makes random base64url tokens of 32 bytes by default', () => {
    const state = new MockState()
    const a = state.login(vendor.app_secret_key, vendor.rest_secret_key)?.access_token ?? ''
    const b = state.login(vendor.app_secret_key, vendor.rest_secret_key)?.access_token ?? ''
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(a, 'base64url')).toHaveLength(32)
    expect(a).not.toBe(b)
  })

  it('writes the expiry 24 h ahead in Istanbul local time', () => {
    const state = makeState()
    expect(state.login(vendor.app_secret_key, vendor.rest_secret_key)?.expiration_date).toBe(
      '2025-01-03 00:30:00',
    )
  })

  it('applies the expiration skew to the written date only', () => {
    const state = makeState()
    state.setExpirationSkew(2 * HOUR)
    const issued = state.login(vendor.app_secret_key, vendor.rest_secret_key)
    expect(issued?.expiration_date).toBe('2025-01-03 02:30:00')
    state.advanceClock(TOKEN_LIFETIME_MS)
    expect(state.authenticate(issued?.access_token)).toBeUndefined()
  })

  it('expires a token exactly 24 h after issue on the mock clock', () => {
    const state = makeState()
    const token = state.login(vendor.app_secret_key, vendor.rest_secret_key)?.access_token
    state.advanceClock(TOKEN_LIFETIME_MS - 1)
    expect(state.authenticate(token)).toEqual(vendorGrant)
    state.advanceClock(1)
    expect(state.authenticate(token)).toBeUndefined()
    expect(state.listTokens()[0]?.expired).toBe(true)
  })

  it('rejects missing, empty and unknown tokens', () => {
    const state = makeState()
    state.login(vendor.app_secret_key, vendor.rest_secret_key)
    expect(state.authenticate(undefined)).toBeUndefined()
    expect(state.authenticate('')).toBeUndefined()
    expect(state.authenticate('token-99')).toBeUndefined()
  })

  it('expires and revokes one token or all, counting the live ones', () => {
    const state = makeState()
    for (let i = 0; i < 3; i++) state.login(vendor.app_secret_key, vendor.rest_secret_key)
    expect(state.expireTokens('token-1')).toBe(1)
    expect(state.expireTokens('token-1')).toBe(0)
    expect(state.authenticate('token-1')).toBeUndefined()
    expect(state.authenticate('token-2')).toEqual(vendorGrant)
    expect(state.revokeTokens('token-2')).toBe(1)
    expect(state.authenticate('token-2')).toBeUndefined()
    expect(state.expireTokens('nope')).toBeUndefined()
    expect(state.revokeTokens('nope')).toBeUndefined()
    expect(state.revokeTokens()).toBe(1)
    expect(state.authenticate('token-3')).toBeUndefined()
    expect(state.listTokens().map((t) => [t.access_token, t.revoked, t.expired])).toEqual([
      ['token-1', true, true],
      ['token-2', true, false],
      ['token-3', true, false],
    ])
    const more = makeState()
    more.login(vendor.app_secret_key, vendor.rest_secret_key)
    more.login(branch.app_secret_key, branch.rest_secret_key)
    expect(more.expireTokens()).toBe(2)
    expect(more.authenticate('token-2')).toBeUndefined()
  })

  it('lists tokens with their scope and mock-clock times', () => {
    const state = makeState()
    state.advanceClock(HOUR)
    state.login(branch.app_secret_key, branch.rest_secret_key)
    expect(state.listTokens()).toEqual([
      {
        access_token: 'token-1',
        branch_id: branch.branchId,
        issued_at: new Date(REAL_NOW + HOUR).toISOString(),
        expires_at: new Date(REAL_NOW + HOUR + TOKEN_LIFETIME_MS).toISOString(),
        revoked: false,
        expired: false,
      },
    ])
  })
})

describe('MockState clock', () => {
  it('is the real clock plus an offset that advance moves either way', () => {
    const state = makeState()
    expect(state.clock()).toEqual({ nowMs: REAL_NOW, now: new Date(REAL_NOW).toISOString(), offsetMs: 0 })
    expect(state.advanceClock(5000).nowMs).toBe(REAL_NOW + 5000)
    expect(state.advanceClock(-2000)).toMatchObject({ nowMs: REAL_NOW + 3000, offsetMs: 3000 })
  })
})

describe('MockState catalogue', () => {
  it('gives vendor-wide grants every branch and branch grants their own', () => {
    const state = makeState()
    expect(state.branchesFor(vendorGrant)).toEqual(DEMO_BRANCHES)
    expect(state.branchesFor(branchGrant)).toEqual([
      { id: DEMO_BRANCH_IDS.kadikoyModa, name: 'Kadıköy Moda' },
    ])
  })

  it('lists the payment and shipping methods', () => {
    expect(makeState().variables()).toEqual({
      paymentMethod: PAYMENT_METHODS,
      shippingMethod: SHIPPING_METHODS,
    })
  })
})

describe('MockState orders and hand-over', () => {
  it('hands over a confirmed restaurant-courier order once', () => {
    const state = makeState()
    const id = DEMO_ORDER_IDS.kadikoyCashDelivery
    expect(state.handOver(branchGrant, id)).toMatchObject({ outcome: 'handed-over' })
    expect(state.getOrder(id)?.status_id).toBe(ORDER_STATUS.IN_DELIVERY)
    expect(state.handOver(branchGrant, id)).toMatchObject({ outcome: 'wrong-status' })
  })

  it('matches the order id case-insensitively', () => {
    const state = makeState()
    const id = DEMO_ORDER_IDS.kadikoyCreditCardDelivery
    expect(state.handOver(vendorGrant, id.toUpperCase()).outcome).toBe('handed-over')
    expect(state.getOrder(id.toUpperCase())?.status_id).toBe(ORDER_STATUS.IN_DELIVERY)
  })

  it('refuses a platform-courier order and a non-confirmed order without changing them', () => {
    const state = makeState()
    const platformOrder = DEMO_ORDER_IDS.kadikoyPlatformCourierDelivery
    expect(state.handOver(vendorGrant, platformOrder)).toMatchObject({
      outcome: 'wrong-courier',
      order: { courier_type: 'platform' },
    })
    expect(state.getOrder(platformOrder)?.status_id).toBe(ORDER_STATUS.CONFIRMED)
    expect(state.handOver(vendorGrant, DEMO_ORDER_IDS.besiktasInDelivery)).toMatchObject({
      outcome: 'wrong-status',
      order: { status_id: ORDER_STATUS.IN_DELIVERY },
    })
    state.setOrderStatus(DEMO_ORDER_IDS.kadikoyCashPickup, 5)
    expect(state.handOver(vendorGrant, DEMO_ORDER_IDS.kadikoyCashPickup).outcome).toBe('wrong-status')
    expect(state.getOrder(DEMO_ORDER_IDS.kadikoyCashPickup)?.status_id).toBe(5)
  })

  it('hides other branches from a branch grant and unknown orders from everyone', () => {
    const state = makeState()
    const elsewhere = DEMO_ORDER_IDS.besiktasDebitCardDelivery
    expect(state.handOver(branchGrant, elsewhere)).toEqual({ outcome: 'not-found' })
    expect(state.getOrder(elsewhere)?.status_id).toBe(ORDER_STATUS.CONFIRMED)
    expect(state.handOver(vendorGrant, elsewhere).outcome).toBe('handed-over')
    expect(state.handOver(vendorGrant, '00000000-0000-4000-8000-000000000000')).toEqual({
      outcome: 'not-found',
    })
  })

  it('upserts with lowercase keys, replaces by key, sets status and removes', () => {
    const state = makeState()
    const fresh: MockOrder = {
      payment_key: 'AAAAAAAA-BBBB-4CCC-8DDD-EEEEEEEEEEEE',
      courier_type: 'restaurant',
      status_id: ORDER_STATUS.CONFIRMED,
      payment_type: 'CASH',
      shipping_method: 'delivery',
      branch_id: DEMO_BRANCH_IDS.cankayaTunali.toUpperCase(),
    }
    expect(state.upsertOrders([fresh])[0]?.payment_key).toBe('aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee')
    expect(state.listOrders()).toHaveLength(SEED_ORDERS.length + 1)
    expect(state.getOrder(fresh.payment_key)?.branch_id).toBe(DEMO_BRANCH_IDS.cankayaTunali)
    state.upsertOrders([{ ...fresh, courier_type: 'platform' }])
    expect(state.listOrders()).toHaveLength(SEED_ORDERS.length + 1)
    expect(state.getOrder(fresh.payment_key)?.courier_type).toBe('platform')
    expect(state.setOrderStatus(fresh.payment_key, 7)?.status_id).toBe(7)
    expect(state.setOrderStatus('00000000-0000-4000-8000-000000000000', 7)).toBeUndefined()
    expect(state.removeOrder(fresh.payment_key)).toBe(true)
    expect(state.removeOrder(fresh.payment_key)).toBe(false)
    expect(state.getOrder(fresh.payment_key)).toBeUndefined()
  })

  it('hands out copies, so callers cannot change the state behind its back', () => {
    const state = makeState()
    const order = state.getOrder(DEMO_ORDER_IDS.kadikoyCashDelivery)
    if (order) order.status_id = 99
    const listed = state.listOrders()[0]
    if (listed) listed.courier_type = 'platform'
    expect(state.getOrder(DEMO_ORDER_IDS.kadikoyCashDelivery)).toEqual(DEMO_ORDERS[0])
  })
})

describe('MockState with a second restaurant account (issue 29)', () => {
  it('hands over each account’s orders only with its own token: the other’s is told the order is not found', () => {
    const state = makeState()
    const demo = state.authenticate(state.login(vendor.app_secret_key, vendor.rest_secret_key)?.access_token)
    const second = SECOND_ACCOUNT_CREDENTIALS
    const pide = state.authenticate(state.login(second.app_secret_key, second.rest_secret_key)?.access_token)
    if (!demo || !pide) throw new Error('both accounts sign in')
    expect(state.handOver(demo, SECOND_ACCOUNT_ORDER_IDS.pideCashDelivery)).toEqual({ outcome: 'not-found' })
    expect(state.handOver(pide, DEMO_ORDER_IDS.kadikoyCashDelivery)).toEqual({ outcome: 'not-found' })
    // Neither refusal changed the order: its own account's token still hands it over, once.
    expect(state.handOver(pide, SECOND_ACCOUNT_ORDER_IDS.pideCashDelivery).outcome).toBe('handed-over')
    expect(state.handOver(demo, DEMO_ORDER_IDS.kadikoyCashDelivery).outcome).toBe('handed-over')
    expect(state.branchesFor(pide).map((b) => b.name)).toEqual(['Pide Evi Moda'])
    expect(state.branchesFor(demo)).toEqual(DEMO_BRANCHES)
  })
})

describe('MockState latency', () => {
  it('has a default for all routes that a per-route value overrides', () => {
    const state = makeState()
    expect(state.latencyFor('login')).toBe(0)
    state.setLatency(100)
    state.setLatency(250, 'variables')
    expect(state.latencyFor('login')).toBe(100)
    expect(state.latencyFor('variables')).toBe(250)
    expect(state.latency()).toEqual({ defaultMs: 100, routes: { variables: 250 } })
    state.setLatency(0)
    expect(state.latencyFor('variables')).toBe(0)
  })
})

describe('MockState faults', () => {
  it('answers once by default, then is gone', () => {
    const state = makeState()
    state.armFault({ route: 'login', kind: 'status' })
    expect(state.takeFault('branches')).toBeUndefined()
    expect(state.takeFault('login')).toMatchObject({ kind: 'status', status: 500 })
    expect(state.takeFault('login')).toBeUndefined()
  })

  it('counts down `times` and keeps times: 0 until cleared', () => {
    const state = makeState()
    state.armFault({ route: 'variables', kind: 'drop', times: 2 })
    expect(state.takeFault('variables')?.remaining).toBe(1)
    expect(state.takeFault('variables')?.remaining).toBe(0)
    expect(state.takeFault('variables')).toBeUndefined()
    state.armFault({ route: 'any', kind: 'hang', times: 0 })
    for (let i = 0; i < 5; i++) expect(state.takeFault('ontheway')?.kind).toBe('hang')
    expect(state.listFaults()).toHaveLength(1)
    state.clearFaults()
    expect(state.takeFault('ontheway')).toBeUndefined()
  })

  it('serves faults oldest first across a route and `any`', () => {
    const state = makeState()
    state.armFault({ route: 'any', kind: 'html' })
    state.armFault({ route: 'login', kind: 'rate-limit' })
    expect(state.takeFault('login')?.kind).toBe('html')
    expect(state.takeFault('login')?.kind).toBe('rate-limit')
  })

  it('fills in the defaults each kind uses and nulls the rest', () => {
    const state = makeState()
    expect(state.armFault({ route: 'login', kind: 'html' })).toEqual({
      id: 1,
      route: 'login',
      kind: 'html',
      remaining: 1,
      status: 502,
      retryAfterSeconds: null,
      bytes: null,
    })
    expect(state.armFault({ route: 'any', kind: 'rate-limit' })).toMatchObject({
      retryAfterSeconds: 1,
      status: null,
    })
    expect(state.armFault({ route: 'any', kind: 'oversized' })).toMatchObject({ bytes: 2 * 1024 * 1024 })
    expect(state.armFault({ route: 'any', kind: 'status', status: 503, times: 0 })).toMatchObject({
      id: 4,
      status: 503,
      remaining: null,
    })
  })
})

describe('MockState counters and reset', () => {
  it('counts and resets counters, handing out copies', () => {
    const state = makeState()
    state.countRequest('login')
    state.countRequest('login')
    state.countRequest('ontheway')
    state.count('loginsSucceeded')
    state.count('unauthorized')
    state.armFault({ route: 'any', kind: 'drop', times: 1 })
    state.takeFault('branches')
    state.takeFault('branches')
    const snapshot = state.counters()
    expect(snapshot).toEqual({
      requests: { login: 2, branches: 0, variables: 0, ontheway: 1 },
      // One fault armed for one request: fired once, not for the second request.
      faulted: { login: 0, branches: 1, variables: 0, ontheway: 0 },
      loginsSucceeded: 1,
      loginsFailed: 0,
      unauthorized: 1,
      handedOver: 0,
      onTheWayByToken: {},
    })
    snapshot.requests.login = 100
    snapshot.faulted.branches = 100
    expect(state.counters().requests.login).toBe(2)
    expect(state.counters().faulted.branches).toBe(1)
    state.resetCounters()
    expect(state.counters().requests.login).toBe(0)
    expect(state.counters().faulted.branches).toBe(0)
  })

  it('returns everything to the seed', () => {
    const state = makeState()
    const token = state.login(vendor.app_secret_key, vendor.rest_secret_key)?.access_token
    state.handOver(vendorGrant, DEMO_ORDER_IDS.kadikoyCashDelivery)
    state.removeOrder(DEMO_ORDER_IDS.karsiyakaDebitCardPickup)
    state.advanceClock(HOUR)
    state.setExpirationSkew(HOUR)
    state.setLatency(100, 'login')
    state.armFault({ route: 'any', kind: 'drop', times: 0 })
    state.count('handedOver')
    state.reset()
    expect(state.listOrders()).toEqual(SEED_ORDERS)
    expect(state.authenticate(token)).toBeUndefined()
    expect(state.listTokens()).toEqual([])
    expect(state.clock().offsetMs).toBe(0)
    expect(state.expirationSkewMs).toBe(0)
    expect(state.latency()).toEqual({ defaultMs: 0, routes: {} })
    expect(state.listFaults()).toEqual([])
    expect(state.armFault({ route: 'any', kind: 'drop' }).id).toBe(1)
    expect(state.counters().handedOver).toBe(0)
  })
})
