// Everything the mock platform knows, as plain data with the rules of the spec applied to it. No I/O: the
// HTTP layers ask it questions and tell it what happened, so every rule here is unit-testable on its own.
import { randomBytes } from 'node:crypto'

import type {
  ArmedFault,
  MockBranch,
  MockClock,
  MockCounters,
  MockCredential,
  MockFault,
  MockLatency,
  MockMethod,
  MockOrder,
  MockRoute,
  MockTokenInfo,
} from './contract.ts'
import {
  DEMO_BRANCHES,
  DEMO_CREDENTIAL_SETS,
  ORDER_STATUS,
  PAYMENT_METHODS,
  SECOND_ACCOUNT_BRANCHES,
  SECOND_ACCOUNT_CREDENTIALS,
  SEED_ORDERS,
  SECOND_ACCOUNT_VENDOR,
  SHIPPING_METHODS,
} from './demo-data.ts'
import { RequestHolds } from './holds.ts'
import { formatPlatformDateTime } from './platform-time.ts'

export const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000
export const DEFAULT_OVERSIZED_BYTES = 2 * 1024 * 1024
export const DEFAULT_HTML_STATUS = 502
export const DEFAULT_FAULT_STATUS = 500
export const DEFAULT_RETRY_AFTER_SECONDS = 1

export interface MockSeed {
  credentials: readonly MockCredential[]
  branches: readonly MockBranch[]
  orders: readonly MockOrder[]
  paymentMethods: readonly MockMethod[]
  shippingMethods: readonly MockMethod[]
}

// The demo's restaurant, and a second account's (issue 29) beside it.
const DEMO_SEED: MockSeed = {
  credentials: [
    ...DEMO_CREDENTIAL_SETS,
    { ...SECOND_ACCOUNT_CREDENTIALS, branch_id: null, vendor: SECOND_ACCOUNT_VENDOR },
  ],
  branches: [...DEMO_BRANCHES, ...SECOND_ACCOUNT_BRANCHES],
  orders: SEED_ORDERS,
  paymentMethods: PAYMENT_METHODS,
  shippingMethods: SHIPPING_METHODS,
}

export interface MockStateOptions {
  seed?: MockSeed
  /** The real clock the mock clock is offset from; injectable so tests need no timers. */
  realNow?: () => number
  newToken?: () => string
}

/** What an accepted Access-Token allows: every branch (vendor-wide) or one, of its own account only. */
export interface TokenGrant {
  branchId: string | null
  /** The restaurant account (vendor) it acts for; left out: the demo's own. */
  vendor?: string
}

export interface IssuedToken {
  access_token: string
  expiration_date: string
}

export type HandOverResult =
  | { outcome: 'handed-over'; order: MockOrder }
  | { outcome: 'not-found' }
  | { outcome: 'wrong-courier'; order: MockOrder }
  | { outcome: 'wrong-status'; order: MockOrder }

export type CountedOutcome = 'loginsSucceeded' | 'loginsFailed' | 'unauthorized' | 'handedOver'

interface StoredToken {
  token: string
  branchId: string | null
  vendor: string | undefined
  issuedAtMs: number
  expiresAtMs: number
  revoked: boolean
}

const randomToken = () => randomBytes(32).toString('base64url')
const orderKey = (paymentKey: string) => paymentKey.toLowerCase()

const zeroCounters = (): MockCounters => ({
  requests: { login: 0, branches: 0, variables: 0, ontheway: 0 },
  faulted: { login: 0, branches: 0, variables: 0, ontheway: 0 },
  loginsSucceeded: 0,
  loginsFailed: 0,
  unauthorized: 0,
  handedOver: 0,
  onTheWayByToken: {},
})

export class MockState {
  readonly #seed: MockSeed
  readonly #realNow: () => number
  readonly #newToken: () => string

  #orders = new Map<string, MockOrder>()
  #tokens = new Map<string, StoredToken>()
  #clockOffsetMs = 0
  #expirationSkewMs = 0
  #defaultLatencyMs = 0
  #routeLatencyMs = new Map<MockRoute, number>()
  #faults: ArmedFault[] = []
  #nextFaultId = 1
  #counters = zeroCounters()
  /** MockCounters.onTheWayByToken, kept in Maps: a header's text never lands on an object's prototype. */
  #onTheWayByToken = new Map<string, Map<string, number>>()
  /** Requests parked at arrival until released: not data, but dropped with everything else on reset. */
  readonly holds = new RequestHolds()

  constructor(options: MockStateOptions = {}) {
    this.#seed = options.seed ?? DEMO_SEED
    this.#realNow = options.realNow ?? Date.now
    this.#newToken = options.newToken ?? randomToken
    this.reset()
  }

  /** Back to the seed: orders, tokens, clock, skew, latency, faults, holds (held requests end unanswered) and counters. */
  reset(): void {
    this.holds.dropAll()
    this.#orders = new Map(this.#seed.orders.map((order) => [orderKey(order.payment_key), { ...order }]))
    this.#tokens = new Map()
    this.#clockOffsetMs = 0
    this.#expirationSkewMs = 0
    this.#defaultLatencyMs = 0
    this.#routeLatencyMs = new Map()
    this.#faults = []
    this.#nextFaultId = 1
    this.resetCounters()
  }

  // --- clock -------------------------------------------------------------------------------------------------

  now(): number {
    return this.#realNow() + this.#clockOffsetMs
  }

  clock(): MockClock {
    const nowMs = this.now()
    return { nowMs, now: new Date(nowMs).toISOString(), offsetMs: this.#clockOffsetMs }
  }

  advanceClock(ms: number): MockClock {
    this.#clockOffsetMs += ms
    return this.clock()
  }

  /** Added to the written `expiration_date` only, to imitate a platform whose clock is wrong (D2). */
  get expirationSkewMs(): number {
    return this.#expirationSkewMs
  }

  setExpirationSkew(ms: number): void {
    this.#expirationSkewMs = ms
  }

  // --- credentials and tokens --------------------------------------------------------------------------------

  /** Issues a token for a matching credential set; undefined for wrong keys. */
  login(appSecretKey: string, restSecretKey: string): IssuedToken | undefined {
    const credential = this.#seed.credentials.find(
      (c) => c.app_secret_key === appSecretKey && c.rest_secret_key === restSecretKey,
    )
    if (!credential) return undefined
    const issuedAtMs = this.now()
    const stored: StoredToken = {
      token: this.#newToken(),
      branchId: credential.branch_id,
      vendor: credential.vendor,
      issuedAtMs,
      expiresAtMs: issuedAtMs + TOKEN_LIFETIME_MS,
      revoked: false,
    }
    this.#tokens.set(stored.token, stored)
    return {
      access_token: stored.token,
      expiration_date: formatPlatformDateTime(stored.expiresAtMs + this.#expirationSkewMs),
    }
  }

  /** The grant of a live token; undefined when it is missing, unknown, revoked or expired. */
  authenticate(token: string | undefined): TokenGrant | undefined {
    if (token === undefined || token === '') return undefined
    const stored = this.#tokens.get(token)
    if (!stored || !this.#isLive(stored)) return undefined
    return stored.vendor === undefined
      ? { branchId: stored.branchId }
      : { branchId: stored.branchId, vendor: stored.vendor }
  }

  listTokens(): MockTokenInfo[] {
    return [...this.#tokens.values()].map((t) => ({
      access_token: t.token,
      branch_id: t.branchId,
      ...(t.vendor === undefined ? {} : { vendor: t.vendor }),
      issued_at: new Date(t.issuedAtMs).toISOString(),
      expires_at: new Date(t.expiresAtMs).toISOString(),
      revoked: t.revoked,
      expired: this.now() >= t.expiresAtMs,
    }))
  }

  /** Ends the validity of one token (or all) now. Returns how many were live; undefined for an unknown token. */
  expireTokens(token?: string): number | undefined {
    return this.#changeTokens(token, (t) => {
      t.expiresAtMs = Math.min(t.expiresAtMs, this.now())
    })
  }

  /** Revokes one token (or all). Returns how many were live; undefined for an unknown token. */
  revokeTokens(token?: string): number | undefined {
    return this.#changeTokens(token, (t) => {
      t.revoked = true
    })
  }

  #changeTokens(token: string | undefined, change: (t: StoredToken) => void): number | undefined {
    const targets = token === undefined ? [...this.#tokens.values()] : [this.#tokens.get(token)]
    if (targets.some((t) => t === undefined)) return undefined
    let live = 0
    for (const t of targets as StoredToken[]) {
      if (this.#isLive(t)) live += 1
      change(t)
    }
    return live
  }

  #isLive(t: StoredToken): boolean {
    return !t.revoked && this.now() < t.expiresAtMs
  }

  // --- catalogue ---------------------------------------------------------------------------------------------

  branchesFor(grant: TokenGrant): MockBranch[] {
    return this.#seed.branches
      .filter((b) => b.vendor === grant.vendor && (grant.branchId === null || b.id === grant.branchId))
      .map(({ id, name }) => ({ id, name }))
  }

  variables(): { paymentMethod: MockMethod[]; shippingMethod: MockMethod[] } {
    return {
      paymentMethod: this.#seed.paymentMethods.map((m) => ({ ...m })),
      shippingMethod: this.#seed.shippingMethods.map((m) => ({ ...m })),
    }
  }

  // --- orders ------------------------------------------------------------------------------------------------

  listOrders(): MockOrder[] {
    return [...this.#orders.values()].map((o) => ({ ...o }))
  }

  getOrder(paymentKey: string): MockOrder | undefined {
    const order = this.#orders.get(orderKey(paymentKey))
    return order && { ...order }
  }

  /** Adds orders or replaces those with the same payment_key. Keys are kept in lowercase. */
  upsertOrders(orders: readonly MockOrder[]): MockOrder[] {
    return orders.map((order) => {
      const stored = {
        ...order,
        payment_key: orderKey(order.payment_key),
        branch_id: orderKey(order.branch_id),
      }
      this.#orders.set(stored.payment_key, stored)
      return { ...stored }
    })
  }

  setOrderStatus(paymentKey: string, statusId: number): MockOrder | undefined {
    const order = this.#orders.get(orderKey(paymentKey))
    if (!order) return undefined
    order.status_id = statusId
    return { ...order }
  }

  removeOrder(paymentKey: string): boolean {
    return this.#orders.delete(orderKey(paymentKey))
  }

  /**
   * The on-the-way transition (spec section 3). An order of a branch the grant cannot reach is reported as not
   * found, so that a branch-only token learns nothing about other branches; so is another account's order
   * (issue 29): one account's token never hands over another's.
   */
  handOver(grant: TokenGrant, paymentKey: string): HandOverResult {
    const order = this.#orders.get(orderKey(paymentKey))
    if (
      !order ||
      (grant.branchId !== null && order.branch_id !== orderKey(grant.branchId)) ||
      this.#vendorOf(order) !== grant.vendor
    ) {
      return { outcome: 'not-found' }
    }
    if (order.courier_type !== 'restaurant') return { outcome: 'wrong-courier', order: { ...order } }
    if (order.status_id !== ORDER_STATUS.CONFIRMED) return { outcome: 'wrong-status', order: { ...order } }
    order.status_id = ORDER_STATUS.IN_DELIVERY
    return { outcome: 'handed-over', order: { ...order } }
  }

  /** The account an order belongs to: its branch's (an order of an unknown branch: the demo's own). */
  #vendorOf(order: MockOrder): string | undefined {
    return this.#seed.branches.find((b) => orderKey(b.id) === order.branch_id)?.vendor
  }

  // --- latency -----------------------------------------------------------------------------------------------

  /** Without a route: the delay of every route, dropping per-route values. With one: that route's delay. */
  setLatency(ms: number, route?: MockRoute): MockLatency {
    if (route === undefined) {
      this.#defaultLatencyMs = ms
      this.#routeLatencyMs.clear()
    } else {
      this.#routeLatencyMs.set(route, ms)
    }
    return this.latency()
  }

  latencyFor(route: MockRoute): number {
    return this.#routeLatencyMs.get(route) ?? this.#defaultLatencyMs
  }

  latency(): MockLatency {
    return { defaultMs: this.#defaultLatencyMs, routes: Object.fromEntries(this.#routeLatencyMs) }
  }

  // --- faults ------------------------------------------------------------------------------------------------

  armFault(fault: MockFault): ArmedFault {
    const times = fault.times ?? 1
    const armed: ArmedFault = {
      id: this.#nextFaultId++,
      route: fault.route,
      kind: fault.kind,
      remaining: times === 0 ? null : times,
      status:
        fault.kind === 'status'
          ? (fault.status ?? DEFAULT_FAULT_STATUS)
          : fault.kind === 'html'
            ? (fault.status ?? DEFAULT_HTML_STATUS)
            : null,
      retryAfterSeconds:
        fault.kind === 'rate-limit' ? (fault.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS) : null,
      bytes: fault.kind === 'oversized' ? (fault.bytes ?? DEFAULT_OVERSIZED_BYTES) : null,
    }
    this.#faults.push(armed)
    return { ...armed }
  }

  /** The fault that answers this request, if any: the oldest armed one for the route or for 'any'. */
  takeFault(route: MockRoute): ArmedFault | undefined {
    const index = this.#faults.findIndex((f) => f.route === route || f.route === 'any')
    const fault = this.#faults[index]
    if (!fault) return undefined
    this.#counters.faulted[route] += 1
    if (fault.remaining !== null) {
      fault.remaining -= 1
      if (fault.remaining === 0) this.#faults.splice(index, 1)
    }
    return { ...fault }
  }

  listFaults(): ArmedFault[] {
    return this.#faults.map((f) => ({ ...f }))
  }

  clearFaults(): void {
    this.#faults = []
  }

  // --- counters ----------------------------------------------------------------------------------------------

  countRequest(route: MockRoute): void {
    this.#counters.requests[route] += 1
  }

  /** An on-the-way request: the token it carried (`""`: none) and its path's order id (`""`: none). */
  countOnTheWay(token: string, orderId: string): void {
    const byOrder = this.#onTheWayByToken.get(token) ?? new Map<string, number>()
    this.#onTheWayByToken.set(token, byOrder)
    const order = orderKey(orderId)
    byOrder.set(order, (byOrder.get(order) ?? 0) + 1)
  }

  count(outcome: CountedOutcome): void {
    this.#counters[outcome] += 1
  }

  counters(): MockCounters {
    return {
      ...this.#counters,
      requests: { ...this.#counters.requests },
      faulted: { ...this.#counters.faulted },
      onTheWayByToken: Object.fromEntries(
        [...this.#onTheWayByToken].map(([token, byOrder]) => [token, Object.fromEntries(byOrder)]),
      ),
    }
  }

  resetCounters(): void {
    this.#counters = zeroCounters()
    this.#onTheWayByToken.clear()
  }
}
