import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_CREDENTIALS, DEMO_ORDER_IDS, ORDER_STATUS } from '../../e2e/mock-platform/demo-data.ts'
import { startMockPlatform, type MockPlatform } from '../../e2e/mock-platform/server.ts'
import type { BoardOrder } from '../../src-shared/domain.ts'
import type { Result } from '../../src-shared/errors.ts'
import { createNodeFetch } from '../web/node-fetch.ts'
import { type Core } from './create-core.ts'
import { silentLogger } from './ports.ts'
import { openDataFiles, type DataFiles } from './storage/data-files.ts'
import { MemoryStore } from '../../test-support/core/memory-adapters.ts'
import { coreOnMock, VENDOR_KEYS } from '../../test-support/core/core-on-mock.ts'

/** The real core with the real platform client, against the real HTTPS mock platform. */
let mock: MockPlatform
let dataDir: string

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'core-integration-'))
  mock = await startMockPlatform({ dataDir, port: 0 })
})
afterAll(async () => {
  await mock.close()
  await rm(dataDir, { recursive: true, force: true })
})
beforeEach(() => mock.control.reset())

const vendor: { appSecretKey: string; restSecretKey: string } = VENDOR_KEYS
const branch = {
  appSecretKey: DEMO_CREDENTIALS.branch.app_secret_key,
  restSecretKey: DEMO_CREDENTIALS.branch.rest_secret_key,
}

async function makeCore(
  options: { trustMockCa?: boolean; timeoutMs?: number; store?: MemoryStore; files?: DataFiles } = {},
) {
  const store = options.store ?? new MemoryStore()
  const core = await coreOnMock(mock, {
    ...options.files,
    // Fast, so the tests need not wait for the real backoff; the jitter is the real one.
    handoverRetry: { baseDelayMs: 50, maxDelayMs: 200, maxRetryAfterMs: 5000 },
    store,
    ...(options.trustMockCa === false ? { createFetch: () => createNodeFetch({}) } : {}),
    platformTuning: {
      timeoutMs: options.timeoutMs ?? 2000,
      retry: { limit: 2, baseDelayMs: 5, maxDelayMs: 20 },
    },
  })
  return { core, store }
}

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`)
  return result.value
}

async function signedIn(credentials = vendor): Promise<{ core: Core; store: MemoryStore }> {
  const made = await makeCore()
  value(await made.core.handlers.signIn({ platformAddress: mock.baseUrl, ...credentials }))
  return made
}

describe('the core against the mock platform', () => {
  it('signs in with vendor credentials and shows every branch', async () => {
    const { core } = await signedIn()
    const branches = value(await core.handlers.listBranches(undefined))
    expect(branches.map((b) => b.name)).toEqual([
      'Kadıköy Moda',
      'Beşiktaş Çarşı',
      'Çankaya Tunalı',
      'Karşıyaka Çarşı',
    ])
    expect(value(await core.handlers.getSession(undefined))).toMatchObject({
      state: 'signed-in',
      scope: 'vendor',
    })
  })

  it('signs in with branch credentials and shows one branch', async () => {
    const { core } = await signedIn(branch)
    expect(value(await core.handlers.listBranches(undefined))).toEqual([
      { id: DEMO_CREDENTIALS.branch.branchId, name: 'Kadıköy Moda' },
    ])
    expect(value(await core.handlers.getSession(undefined))).toMatchObject({ scope: 'branch' })
  })

  it('makes exactly one login for 100 concurrent calls on a token the platform has expired', async () => {
    // An attempt that outlives the client's timeout is sent again (D9), and the mock has counted both: on a busy
    // machine one of 200 attempts did, and 201 requests were seen. With a timeout past the test's own, no attempt
    // times out, so every request counted is one the session chose to send.
    const { core } = await makeCore({ timeoutMs: 60_000 })
    value(await core.handlers.signIn({ platformAddress: mock.baseUrl, ...vendor }))
    await mock.control.expireTokens()
    await mock.control.resetCounters()
    const results = await Promise.all(
      Array.from({ length: 100 }, () => core.handlers.listBranches(undefined)),
    )
    expect(results.every((result) => result.ok)).toBe(true)
    const counters = await mock.control.counters()
    expect(counters.requests.login).toBe(1)
    expect(counters.requests.branches).toBe(200)
  })

  it('caches the methods per D10 and refreshes them on demand', async () => {
    const { core } = await signedIn()
    await mock.control.resetCounters()
    const first = value(await core.handlers.getMethods({ forceRefresh: false }))
    const second = value(await core.handlers.getMethods({ forceRefresh: false }))
    expect(first.paymentMethods.map((m) => m.name)).toEqual(['Nakit', 'Kredi Kartı', 'Banka Kartı'])
    expect(first.shippingMethods.map((m) => m.key)).toEqual(['delivery', 'pickup'])
    expect(second).toEqual(first)
    expect((await mock.control.counters()).requests.variables).toBe(1)
    await core.handlers.getMethods({ forceRefresh: true })
    expect((await mock.control.counters()).requests.variables).toBe(2)
  })

  it('hands an eligible order to the courier, and the platform has it IN_DELIVERY', async () => {
    const { core } = await signedIn()
    const id = DEMO_ORDER_IDS.kadikoyCashDelivery
    value(
      await core.handlers.addOrder({
        text: `https://panel/orders/${id.toUpperCase()}`,
        courierType: 'restaurant',
        shippingMethod: 'delivery',
      }),
    )
    const order = value(await core.handlers.handOverOrder({ paymentKey: id }))
    expect(order.handover.state).toBe('handed-over')
    expect((await mock.control.getOrder(id))?.status_id).toBe(ORDER_STATUS.IN_DELIVERY)
    // Pressing again sends nothing more.
    await mock.control.resetCounters()
    expect(value(await core.handlers.handOverOrder({ paymentKey: id })).handover.state).toBe('handed-over')
    expect((await mock.control.counters()).requests.ontheway).toBe(0)
  })

  it("shows the platform's refusal for an unknown order and for one that is not the restaurant's courier", async () => {
    const { core } = await signedIn()
    const unknown = '11111111-2222-4333-8444-555555555555'
    value(await core.handlers.addOrder({ text: unknown }))
    const notFound = value(await core.handlers.handOverOrder({ paymentKey: unknown }))
    expect(notFound.handover).toMatchObject({
      state: 'failed',
      error: { code: 'order-not-found', platformError: 'sipariş bulunamadı' },
    })

    const platformCourier = DEMO_ORDER_IDS.kadikoyPlatformCourierDelivery
    value(await core.handlers.addOrder({ text: platformCourier }))
    const refused = value(await core.handlers.handOverOrder({ paymentKey: platformCourier }))
    expect(refused.handover).toMatchObject({
      state: 'failed',
      error: { code: 'platform-refused', httpStatus: 409 },
    })
    expect((await mock.control.getOrder(platformCourier))?.status_id).toBe(ORDER_STATUS.CONFIRMED)
  })

  it('does not send an order known to be a platform-courier or pickup order (D5)', async () => {
    const { core } = await signedIn()
    await mock.control.resetCounters()
    value(await core.handlers.addOrder({ text: DEMO_ORDER_IDS.kadikoyCashPickup, shippingMethod: 'pickup' }))
    const result = await core.handlers.handOverOrder({ paymentKey: DEMO_ORDER_IDS.kadikoyCashPickup })
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input', problem: 'not-eligible' } })
    expect((await mock.control.counters()).requests.ontheway).toBe(0)
  })

  describe('the hand-over outbox', () => {
    const id = DEMO_ORDER_IDS.kadikoyCashDelivery
    const restaurantDelivery = { text: id, courierType: 'restaurant', shippingMethod: 'delivery' }

    /** The next state of the order that `accept` takes, as the core announces it. */
    function announced(core: Core, accept: (order: BoardOrder) => boolean): Promise<BoardOrder> {
      return new Promise((resolve) => {
        const off = core.subscribe((event, payload) => {
          if (event !== 'orderChanged') return
          const { order } = payload as { order: BoardOrder | null }
          if (order && accept(order)) {
            off()
            resolve(order)
          }
        })
      })
    }

    it('retries a 503 by itself and hands the order over once', async () => {
      const { core } = await signedIn()
      value(await core.handlers.addOrder(restaurantDelivery))
      await mock.control.injectFault({ route: 'ontheway', kind: 'status', status: 503, times: 2 })
      await mock.control.resetCounters()
      const handedOver = announced(core, (order) => order.handover.state === 'handed-over')
      const first = value(await core.handlers.handOverOrder({ paymentKey: id }))
      expect(first.handover).toMatchObject({
        state: 'retrying',
        error: { code: 'server-error', httpStatus: 503 },
      })
      await handedOver
      const counters = await mock.control.counters()
      expect(counters.requests.ontheway).toBe(3)
      expect(counters.handedOver).toBe(1)
      expect((await mock.control.getOrder(id))?.status_id).toBe(ORDER_STATUS.IN_DELIVERY)
      const history = value(await core.handlers.listHistory({ limit: 10 }))
      expect(history.orders).toHaveLength(1)
      expect(history.orders[0]?.attempts.reverse().map((entry) => [entry.result, entry.httpStatus])).toEqual([
        ['handed-over', 200],
        ['will-retry', 503],
        ['will-retry', 503],
      ])
    })

    it("waits at least as long as the platform's Retry-After", async () => {
      const { core } = await signedIn()
      value(await core.handlers.addOrder(restaurantDelivery))
      await mock.control.injectFault({ route: 'ontheway', kind: 'rate-limit', retryAfterSeconds: 1 })
      const before = Date.now()
      const first = value(await core.handlers.handOverOrder({ paymentKey: id }))
      if (first.handover.state !== 'retrying')
        throw new Error(`expected retrying, got ${first.handover.state}`)
      expect(Date.parse(first.handover.nextAttemptAt) - before).toBeGreaterThanOrEqual(1000)
      await announced(core, (order) => order.handover.state === 'handed-over')
      expect((await mock.control.counters()).handedOver).toBe(1)
    })

    it('keeps its journal on disk: a core started again on the same data does not send a confirmed order', async () => {
      const folder = await mkdtemp(join(tmpdir(), 'core-journal-'))
      try {
        const store = new MemoryStore()
        const first = await makeCore({ store, files: openDataFiles(folder, silentLogger) })
        value(await first.core.handlers.signIn({ platformAddress: mock.baseUrl, ...vendor }))
        value(await first.core.handlers.addOrder(restaurantDelivery))
        expect(value(await first.core.handlers.handOverOrder({ paymentKey: id })).handover.state).toBe(
          'handed-over',
        )
        first.core.dispose()

        await mock.control.resetCounters()
        const again = await makeCore({ store, files: openDataFiles(folder, silentLogger) })
        await again.core.start()
        expect(value(await again.core.handlers.handOverOrder({ paymentKey: id })).handover.state).toBe(
          'handed-over',
        )
        expect(value(await again.core.handlers.listHistory({ limit: 10 })).orders[0]?.attempts).toHaveLength(
          1,
        )
        expect((await mock.control.counters()).requests.ontheway).toBe(0)
      } finally {
        await rm(folder, { recursive: true, force: true })
      }
    })

    it('exports the history as CSV', async () => {
      const { core } = await signedIn()
      value(await core.handlers.addOrder({ ...restaurantDelivery, label: 'Masa 4' }))
      value(await core.handlers.handOverOrder({ paymentKey: id }))
      const csv = value(await core.handlers.exportHistoryCsv(undefined))
      expect(csv.startsWith('\uFEFFTarih;')).toBe(true)
      expect(csv).toContain(`;000-001;${id};Masa 4;1;Kuryeye verildi;200;OK;;;\r\n`)
    })

    it('keeps an order with a hand-over still owed on the board', async () => {
      const { core } = await signedIn()
      value(await core.handlers.addOrder(restaurantDelivery))
      await mock.control.injectFault({ route: 'ontheway', kind: 'status', status: 503, times: 0 })
      value(await core.handlers.handOverOrder({ paymentKey: id }))
      expect(await core.handlers.removeOrder({ paymentKey: id })).toMatchObject({
        ok: false,
        error: { problem: 'already-sending' },
      })
      expect(value(await core.handlers.listOrders(undefined))).toHaveLength(1)
      core.dispose()
    })
  })

  describe('bad answers give a specific error and leave settings and the board untouched', () => {
    async function signInFails(
      made: Awaited<ReturnType<typeof makeCore>>,
      platformAddress = mock.baseUrl,
      credentials = vendor,
    ) {
      value(await made.core.handlers.addOrder({ text: DEMO_ORDER_IDS.kadikoyCashDelivery }))
      const before = made.store.asText()
      const result = await made.core.handlers.signIn({ platformAddress, ...credentials })
      expect(made.store.asText()).toBe(before)
      if (result.ok) throw new Error('sign-in should have failed')
      return result.error
    }

    it('wrong credentials', async () => {
      expect(
        await signInFails(await makeCore(), mock.baseUrl, { ...vendor, restSecretKey: 'nope' }),
      ).toMatchObject({
        code: 'wrong-credentials',
        platformError: 'yetkisiz erişim',
        retryable: false,
      })
      expect((await mock.control.counters()).requests.login).toBe(1)
    })

    it('an unreachable host', async () => {
      const closedPort = await freePort()
      expect(await signInFails(await makeCore(), `https://127.0.0.1:${closedPort}`)).toMatchObject({
        code: 'unreachable',
        retryable: true,
      })
    })

    it('a certificate the app does not trust', async () => {
      expect(await signInFails(await makeCore({ trustMockCa: false }))).toMatchObject({
        code: 'untrusted-certificate',
      })
    })

    it.each([
      ['malformed JSON', { kind: 'malformed-json' as const }, 'unexpected-answer'],
      ['a wrong shape', { kind: 'wrong-shape' as const }, 'unexpected-answer'],
      ['an HTML error page', { kind: 'html' as const, times: 0 }, 'server-error'],
      ['a 5xx', { kind: 'status' as const, status: 503, times: 0 }, 'server-error'],
    ])('%s', async (_label, fault, code) => {
      await mock.control.injectFault({ route: 'login', ...fault })
      expect(await signInFails(await makeCore())).toMatchObject({ code })
    })

    it('a timeout', async () => {
      await mock.control.injectFault({ route: 'login', kind: 'hang', times: 0 })
      expect(await signInFails(await makeCore({ timeoutMs: 200 }))).toMatchObject({
        code: 'timeout',
        retryable: true,
      })
    })
  })
})

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (typeof address !== 'object' || address === null) throw new Error('no port')
  return address.port
}
