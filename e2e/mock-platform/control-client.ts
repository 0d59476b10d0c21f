// A typed client of the control API, for tests, the demo and benchmarks. It trusts the mock's CA explicitly,
// like every client of the mock must (D8): certificate checks are never turned off.
import { Agent, fetch } from 'undici'

import type {
  ArmedFault,
  MockClock,
  MockCounters,
  MockFault,
  MockHolds,
  MockLatency,
  MockOrder,
  MockRoute,
  MockTokenInfo,
} from './contract.ts'

export type { MockFault, MockOrder } from './contract.ts'

export interface MockControl {
  /** Everything back to the seed: orders, tokens, clock, expiration skew, latency, faults, counters. */
  reset(): Promise<void>
  listOrders(): Promise<MockOrder[]>
  /** Undefined when no order has that payment_key (case-insensitive). */
  getOrder(id: string): Promise<MockOrder | undefined>
  /** Adds the orders or replaces those with the same payment_key; returns them as stored (lowercase keys). */
  upsertOrders(orders: readonly MockOrder[]): Promise<MockOrder[]>
  setOrderStatus(id: string, status_id: number): Promise<MockOrder>
  /** False when there was no such order. */
  removeOrder(id: string): Promise<boolean>
  listTokens(): Promise<MockTokenInfo[]>
  /** Expires one token, or all of them; returns how many were live. Throws for an unknown token. */
  expireTokens(token?: string): Promise<number>
  /** Revokes one token, or all of them; returns how many were live. Throws for an unknown token. */
  revokeTokens(token?: string): Promise<number>
  /** Moves the mock clock (token issue and expiry) by `ms`; negative goes back. */
  advanceClock(ms: number): Promise<MockClock>
  getClock(): Promise<MockClock>
  /** Shifts the written expiration_date only (a platform with a wrong clock); validity is unchanged. */
  setExpirationSkew(ms: number): Promise<void>
  /** Without a route: delay for every spec route (drops per-route values). With one: that route only. */
  setLatency(ms: number, route?: MockRoute): Promise<MockLatency>
  injectFault(fault: MockFault): Promise<ArmedFault>
  listFaults(): Promise<ArmedFault[]>
  clearFaults(): Promise<void>
  /** Holds the route's next `times` requests (default 1) at arrival, until `release`. */
  hold(route: MockRoute, times?: number): Promise<MockHolds>
  holds(): Promise<MockHolds>
  /**
   * Lets the held requests of the route (or of every route) go on and disarms its holds; resolves once they
   * have been answered, with how many there were.
   */
  release(route?: MockRoute): Promise<number>
  counters(): Promise<MockCounters>
  resetCounters(): Promise<void>
  /** Closes the client's connections. */
  close(): Promise<void>
}

export class MockControlError extends Error {
  readonly status: number
  readonly body: string

  constructor(method: string, path: string, status: number, body: string) {
    super(`mock control ${method} ${path} answered ${status}: ${body}`)
    this.name = 'MockControlError'
    this.status = status
    this.body = body
  }
}

export function createMockControl(origin: string, caPem: string): MockControl {
  // A new connection per control call (pipelining 0: no keep-alive). A kept-alive socket the mock's server has
  // just closed fails the next call with "fetch failed"; on a loaded machine the client's idle timer fires late
  // enough to reuse one (seen twice in one benchmark run). Control calls are few, so a handshake each costs little.
  const dispatcher = new Agent({ connect: { ca: caPem }, pipelining: 0 })

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const url = new URL(`/_mock${path}`, origin)
    const response = await fetch(url, {
      method,
      dispatcher,
      ...(body === undefined
        ? {}
        : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
    })
    const text = await response.text()
    if (!response.ok) throw new MockControlError(method, path, response.status, text)
    return JSON.parse(text) as T
  }

  async function orNotFound<T>(request: Promise<T>): Promise<T | undefined> {
    try {
      return await request
    } catch (error) {
      if (error instanceof MockControlError && error.status === 404) return undefined
      throw error
    }
  }

  const orderPath = (id: string) => `/orders/${encodeURIComponent(id)}`

  return {
    reset: async () => {
      await call('POST', '/reset')
    },
    listOrders: async () => (await call<{ orders: MockOrder[] }>('GET', '/orders')).orders,
    getOrder: async (id) => (await orNotFound(call<{ order: MockOrder }>('GET', orderPath(id))))?.order,
    upsertOrders: async (orders) =>
      (await call<{ orders: MockOrder[] }>('POST', '/orders', { orders })).orders,
    setOrderStatus: async (id, status_id) =>
      (await call<{ order: MockOrder }>('PUT', `${orderPath(id)}/status`, { status_id })).order,
    removeOrder: async (id) => (await orNotFound(call('DELETE', orderPath(id)))) !== undefined,
    listTokens: async () => (await call<{ tokens: MockTokenInfo[] }>('GET', '/tokens')).tokens,
    expireTokens: async (token) =>
      (await call<{ affected: number }>('POST', '/tokens/expire', token === undefined ? {} : { token }))
        .affected,
    revokeTokens: async (token) =>
      (await call<{ affected: number }>('POST', '/tokens/revoke', token === undefined ? {} : { token }))
        .affected,
    advanceClock: (ms) => call<MockClock>('POST', '/clock/advance', { ms }),
    getClock: () => call<MockClock>('GET', '/clock'),
    setExpirationSkew: async (ms) => {
      await call('PUT', '/expiration-skew', { ms })
    },
    setLatency: (ms, route) =>
      call<MockLatency>('PUT', '/latency', route === undefined ? { ms } : { ms, route }),
    injectFault: async (fault) => (await call<{ fault: ArmedFault }>('POST', '/faults', fault)).fault,
    listFaults: async () => (await call<{ faults: ArmedFault[] }>('GET', '/faults')).faults,
    clearFaults: async () => {
      await call('DELETE', '/faults')
    },
    hold: (route, times) =>
      call<MockHolds>('POST', '/holds', times === undefined ? { route } : { route, times }),
    holds: () => call<MockHolds>('GET', '/holds'),
    release: async (route) =>
      (await call<{ released: number }>('POST', '/holds/release', route === undefined ? {} : { route }))
        .released,
    counters: () => call<MockCounters>('GET', '/counters'),
    resetCounters: async () => {
      await call('POST', '/counters/reset')
    },
    close: () => dispatcher.close(),
  }
}
