// The platform client against the real HTTPS mock platform: real TLS, real sockets, faults injected by the mock.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import {
  DEMO_BRANCHES,
  DEMO_BRANCH_IDS,
  DEMO_CREDENTIALS,
  DEMO_ORDER_IDS,
  ORDER_STATUS,
  PAYMENT_METHODS,
  SHIPPING_METHODS,
} from '../../../e2e/mock-platform/demo-data.ts'
import type { MockPlatform } from '../../../e2e/mock-platform/server.ts'
import { startMockPlatform } from '../../../e2e/mock-platform/server.ts'
import { AppError } from '../../../src-shared/errors.ts'
import { createNodeFetch } from '../../web/node-fetch.ts'
import type { PlatformClient, PlatformClientDeps } from './platform-client.ts'
import { createPlatformClient, PlatformCallError } from './platform-client.ts'

const vendor = {
  appSecretKey: DEMO_CREDENTIALS.vendor.app_secret_key,
  restSecretKey: DEMO_CREDENTIALS.vendor.rest_secret_key,
}
const branchOnly = {
  appSecretKey: DEMO_CREDENTIALS.branch.app_secret_key,
  restSecretKey: DEMO_CREDENTIALS.branch.rest_secret_key,
}
/** Small delays so that retries cost milliseconds; two retries, three attempts. */
const FAST_RETRY = { limit: 2, baseDelayMs: 10, maxDelayMs: 50 }

let platform: MockPlatform
let dataDir: string
let trustingFetch: typeof fetch

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'platform-client-'))
  platform = await startMockPlatform({ dataDir, port: 0 })
  trustingFetch = createNodeFetch({ extraCaPem: platform.caPem })
})

afterAll(async () => {
  await platform.close()
  await rm(dataDir, { recursive: true, force: true })
})

beforeEach(async () => {
  await platform.control.reset()
})

function client(overrides: Partial<PlatformClientDeps> = {}): PlatformClient {
  return createPlatformClient({
    redactText: (text) => text,
    baseUrl: platform.baseUrl,
    fetch: trustingFetch,
    userAgent: 'pos-companion/0.1.0-test',
    timeoutMs: 5_000,
    retry: FAST_RETRY,
    ...overrides,
  })
}

/** A fetch that counts its calls, to see attempts the mock cannot count (those that never reach it). */
function countingFetch(inner: typeof fetch): { fetch: typeof fetch; calls: () => number } {
  let calls = 0
  return {
    fetch: (input, init) => {
      calls += 1
      return inner(input, init)
    },
    calls: () => calls,
  }
}

async function rejection(promise: Promise<unknown>): Promise<PlatformCallError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(PlatformCallError)
    // What crosses the bridge must satisfy the shared schema (lengths, codes).
    expect(AppError.safeParse((error as PlatformCallError).appError).success).toBe(true)
    return error as PlatformCallError
  }
  throw new Error('expected the call to fail')
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  return (await rejection(promise)).appError
}

const requests = async () => (await platform.control.counters()).requests

describe('happy paths', () => {
  it('logs in and returns the token with its expiration date as written', async () => {
    const session = await client().login(vendor)
    expect(session.accessToken).toMatch(/^\S+$/)
    expect(session.expirationDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect((await platform.control.counters()).loginsSucceeded).toBe(1)
  })

  it('lists every branch for vendor credentials and one for branch credentials', async () => {
    const api = client()
    const vendorToken = (await api.login(vendor)).accessToken
    expect(await api.listBranches(vendorToken)).toEqual(DEMO_BRANCHES)

    const branchToken = (await api.login(branchOnly)).accessToken
    expect(await api.listBranches(branchToken)).toEqual([
      { id: DEMO_BRANCH_IDS.kadikoyModa, name: 'Kadıköy Moda' },
    ])
    // The mock answers 401 to a request without a valid Access-Token: none came.
    expect((await platform.control.counters()).unauthorized).toBe(0)
  })

  it('reads the payment and shipping methods', async () => {
    const api = client()
    const token = (await api.login(vendor)).accessToken
    expect(await api.getVariables(token)).toEqual({
      paymentMethods: PAYMENT_METHODS,
      shippingMethods: SHIPPING_METHODS,
    })
  })

  it('marks a restaurant-courier order on the way', async () => {
    const api = client()
    const token = (await api.login(vendor)).accessToken
    await expect(api.markOnTheWay(token, DEMO_ORDER_IDS.kadikoyCashDelivery)).resolves.toEqual({
      httpStatus: 200,
    })
    expect((await platform.control.getOrder(DEMO_ORDER_IDS.kadikoyCashDelivery))?.status_id).toBe(
      ORDER_STATUS.IN_DELIVERY,
    )
    expect((await platform.control.counters()).handedOver).toBe(1)
  })

  it('joins paths to a base address given with a trailing slash as well', async () => {
    const session = await client({ baseUrl: `${platform.baseUrl}/` }).login(vendor)
    expect(session.accessToken).toMatch(/^\S+$/)
  })
})

describe("the platform's error strings (D4)", () => {
  it('maps `yetkisiz erişim` on login to wrong-credentials, without a retry', async () => {
    const error = await failure(client().login({ ...vendor, restSecretKey: 'not-the-secret' }))
    expect(error).toEqual({
      code: 'wrong-credentials',
      retryable: false,
      httpStatus: 401,
      platformError: 'yetkisiz erişim',
      platformMessage: 'Invalid credentials',
    })
    expect((await requests()).login).toBe(1)
  })

  it('maps `eksik alan` to missing-credentials', async () => {
    const error = await failure(client().login({ ...vendor, restSecretKey: '' }))
    expect(error).toMatchObject({
      code: 'missing-credentials',
      retryable: false,
      httpStatus: 422,
      platformError: 'eksik alan',
    })
  })

  it('maps `yetkisiz erişim` elsewhere to signed-out, once, leaving re-login to the session layer', async () => {
    const api = client()
    const token = (await api.login(vendor)).accessToken
    await platform.control.expireTokens()
    const error = await failure(api.listBranches(token))
    expect(error).toEqual({
      code: 'signed-out',
      retryable: false,
      httpStatus: 401,
      platformError: 'yetkisiz erişim',
      platformMessage: 'Token expired or invalid',
    })
    await platform.control.revokeTokens()
    expect(await failure(api.getVariables(token))).toMatchObject({ code: 'signed-out' })
    expect(await failure(api.markOnTheWay(token, DEMO_ORDER_IDS.kadikoyCashDelivery))).toMatchObject({
      code: 'signed-out',
    })
    const counted = await requests()
    expect([counted.login, counted.branches, counted.variables, counted.ontheway]).toEqual([1, 1, 1, 1])
  })

  it('maps `sipariş bulunamadı`, `URL hatalı` and an unknown string', async () => {
    const api = client()
    const token = (await api.login(vendor)).accessToken
    expect(await failure(api.markOnTheWay(token, '0d3e1f00-5a1b-4c2d-8e3f-1000000000ff'))).toMatchObject({
      code: 'order-not-found',
      retryable: false,
      httpStatus: 404,
      platformError: 'sipariş bulunamadı',
    })
    expect(await failure(api.markOnTheWay(token, 'not-a-uuid'))).toMatchObject({
      code: 'malformed-url',
      retryable: false,
      httpStatus: 400,
      platformError: 'URL hatalı',
    })
    const refused = await failure(api.markOnTheWay(token, DEMO_ORDER_IDS.kadikoyPlatformCourierDelivery))
    expect(refused).toMatchObject({
      code: 'platform-refused',
      retryable: false,
      httpStatus: 409,
      platformError: 'kurye tipi uygun değil',
    })
    expect(refused.platformMessage).toContain('courier')
    expect((await requests()).ontheway).toBe(3)
  })

  it('says the address is wrong, not an order number, when `URL hatalı` answers any other call', async () => {
    // The mock's origin without its API path (`/integrations`): every call finds no endpoint there.
    const atOrigin = client({ baseUrl: new URL(platform.baseUrl).origin })
    expect(await failure(atOrigin.login(vendor))).toMatchObject({
      code: 'wrong-address',
      retryable: false,
      httpStatus: 404,
      platformError: 'URL hatalı',
    })
    const token = (await client().login(vendor)).accessToken
    expect(await failure(atOrigin.listBranches(token))).toMatchObject({ code: 'wrong-address' })
    expect(await failure(atOrigin.getVariables(token))).toMatchObject({ code: 'wrong-address' })
    expect(await failure(atOrigin.markOnTheWay(token, DEMO_ORDER_IDS.kadikoyCashDelivery))).toMatchObject({
      code: 'malformed-url',
    })
  })

  it('never puts a secret or a token in the error', async () => {
    const wrongSecret = 'the-wrong-secret-9f8e7d'
    const loginError = await rejection(client().login({ ...vendor, restSecretKey: wrongSecret }))
    const api = client()
    const token = (await api.login(vendor)).accessToken
    await platform.control.revokeTokens()
    const callError = await rejection(api.listBranches(token))
    for (const [error, secret] of [
      [loginError, wrongSecret],
      [loginError, vendor.appSecretKey],
      [callError, token],
    ] as const) {
      const shown = [error.message, String(error), JSON.stringify(error), error.stack ?? '']
      for (const text of shown) expect(text).not.toContain(secret)
    }
  })
})

describe('retries (D9)', () => {
  it('honours Retry-After on 429 and then succeeds', async () => {
    const api = client({ retry: { limit: 2, baseDelayMs: 10, maxDelayMs: 5_000 } })
    const token = (await api.login(vendor)).accessToken
    await platform.control.injectFault({ route: 'branches', kind: 'rate-limit', retryAfterSeconds: 1 })
    // The waits the client asks for, read off its timers rather than timed: no wall-clock assertion.
    const timers = vi.spyOn(globalThis, 'setTimeout')
    try {
      expect(await api.listBranches(token)).toHaveLength(DEMO_BRANCHES.length)
      // Exactly the platform's 1 s before the retry (the policy's own backoff would be under 10 ms).
      expect(timers.mock.calls.map(([, ms]) => ms)).toContain(1000)
    } finally {
      timers.mockRestore()
    }
    expect((await requests()).branches).toBe(2)
  })

  it('gives up on 429 after the last retry with rate-limited', async () => {
    const api = client()
    const token = (await api.login(vendor)).accessToken
    await platform.control.injectFault({
      route: 'variables',
      kind: 'rate-limit',
      retryAfterSeconds: 0,
      times: 0,
    })
    expect(await failure(api.getVariables(token))).toEqual({
      code: 'rate-limited',
      retryable: true,
      httpStatus: 429,
      platformError: 'çok fazla istek',
      platformMessage: 'Too many requests',
    })
    expect((await requests()).variables).toBe(FAST_RETRY.limit + 1)
  })

  it('retries a 5xx and succeeds when the platform recovers', async () => {
    const api = client()
    const token = (await api.login(vendor)).accessToken
    await platform.control.injectFault({ route: 'variables', kind: 'status', status: 503, times: 2 })
    expect((await api.getVariables(token)).paymentMethods).toEqual(PAYMENT_METHODS)
    expect((await requests()).variables).toBe(3)
  })

  it('gives up on 5xx with server-error, keeping the envelope', async () => {
    const api = client()
    const token = (await api.login(vendor)).accessToken
    await platform.control.injectFault({ route: 'branches', kind: 'status', status: 500, times: 0 })
    expect(await failure(api.listBranches(token))).toMatchObject({
      code: 'server-error',
      retryable: true,
      httpStatus: 500,
      platformError: 'sunucu hatası',
    })
    expect((await requests()).branches).toBe(3)
  })

  it('treats an HTML 502 page as a server error', async () => {
    const api = client()
    const token = (await api.login(vendor)).accessToken
    await platform.control.injectFault({ route: 'branches', kind: 'html', times: 0 })
    expect(await failure(api.listBranches(token))).toEqual({
      code: 'server-error',
      retryable: true,
      httpStatus: 502,
    })
    expect((await requests()).branches).toBe(3)
  })

  it('retries login (a POST) on 5xx', async () => {
    await platform.control.injectFault({ route: 'login', kind: 'status', status: 502 })
    expect((await client().login(vendor)).accessToken).toMatch(/^\S+$/)
    const counters = await platform.control.counters()
    expect(counters.requests.login).toBe(2)
    expect(counters.loginsSucceeded).toBe(1)
  })

  it("hands a 429's Retry-After to callers that own their retries", async () => {
    const api = client()
    const token = (await api.login(vendor)).accessToken
    await platform.control.injectFault({ route: 'ontheway', kind: 'rate-limit', retryAfterSeconds: 7 })
    const thrown: unknown = await api
      .markOnTheWay(token, DEMO_ORDER_IDS.kadikoyCashDelivery, { retry: false })
      .catch((error: unknown) => error)
    if (!(thrown instanceof PlatformCallError)) throw new Error('expected a PlatformCallError')
    expect(thrown.retryAfterMs).toBe(7000)
    expect(thrown.appError).toMatchObject({ code: 'rate-limited', retryable: true, httpStatus: 429 })
    expect((await requests()).ontheway).toBe(1)
  })

  it('makes exactly one attempt with retry: false', async () => {
    const api = client()
    const token = (await api.login(vendor)).accessToken
    await platform.control.injectFault({ route: 'ontheway', kind: 'status', status: 503, times: 0 })
    const error = await failure(api.markOnTheWay(token, DEMO_ORDER_IDS.kadikoyCashDelivery, { retry: false }))
    expect(error).toMatchObject({ code: 'server-error', retryable: true, httpStatus: 503 })
    expect((await requests()).ontheway).toBe(1)

    await expect(api.markOnTheWay(token, DEMO_ORDER_IDS.kadikoyCashDelivery)).rejects.toThrow(
      PlatformCallError,
    )
    expect((await requests()).ontheway).toBe(1 + FAST_RETRY.limit + 1)
  })
})

describe('broken connections and answers', () => {
  it('retries a dropped connection, then succeeds', async () => {
    await platform.control.injectFault({ route: 'login', kind: 'drop' })
    expect((await client().login(vendor)).accessToken).toMatch(/^\S+$/)
    expect((await requests()).login).toBe(2)
  })

  it('reports unreachable when the connection keeps dropping', async () => {
    const api = client()
    const token = (await api.login(vendor)).accessToken
    await platform.control.injectFault({ route: 'branches', kind: 'drop', times: 0 })
    expect(await failure(api.listBranches(token))).toEqual({ code: 'unreachable', retryable: true })
    expect((await requests()).branches).toBe(3)
  })

  it('times out an attempt that hangs, retries it, then reports timeout', async () => {
    const api = client({ timeoutMs: 200, retry: { limit: 1, baseDelayMs: 10, maxDelayMs: 50 } })
    const token = (await api.login(vendor)).accessToken
    await platform.control.injectFault({ route: 'variables', kind: 'hang', times: 0 })
    expect(await failure(api.getVariables(token))).toEqual({ code: 'timeout', retryable: true })
    expect((await requests()).variables).toBe(2)
  })

  it('refuses an answer over the size cap, without retrying', async () => {
    const api = client()
    const token = (await api.login(vendor)).accessToken
    await platform.control.injectFault({ route: 'branches', kind: 'oversized', times: 0 }) // 2 MiB
    expect(await failure(api.listBranches(token))).toEqual({
      code: 'unexpected-answer',
      retryable: false,
      httpStatus: 200,
    })
    expect((await requests()).branches).toBe(1)

    await platform.control.clearFaults()
    const tiny = client({ maxResponseBytes: 100 })
    expect(await failure(tiny.listBranches(token))).toMatchObject({ code: 'unexpected-answer' })
  })

  it('refuses malformed JSON without retrying', async () => {
    await platform.control.injectFault({ route: 'login', kind: 'malformed-json', times: 0 })
    expect(await failure(client().login(vendor))).toEqual({
      code: 'unexpected-answer',
      retryable: false,
      httpStatus: 200,
    })
    expect((await requests()).login).toBe(1)
  })

  it('refuses an answer of the wrong shape on every route', async () => {
    const api = client()
    const token = (await api.login(vendor)).accessToken
    await platform.control.injectFault({ route: 'any', kind: 'wrong-shape', times: 0 })
    const calls = [
      () => api.login(vendor),
      () => api.listBranches(token),
      () => api.getVariables(token),
      () => api.markOnTheWay(token, DEMO_ORDER_IDS.kadikoyCashDelivery),
    ]
    for (const call of calls) {
      expect(await failure(call())).toEqual({ code: 'unexpected-answer', retryable: false, httpStatus: 200 })
    }
    // The fault answered in place of the handler: the order was not handed over behind it.
    expect((await platform.control.getOrder(DEMO_ORDER_IDS.kadikoyCashDelivery))?.status_id).toBe(
      ORDER_STATUS.CONFIRMED,
    )
  })
})

describe('transport security (D8)', () => {
  it('reports an untrusted certificate without retrying when the private CA is not configured', async () => {
    const counting = countingFetch(createNodeFetch())
    const error = await rejection(client({ fetch: counting.fetch }).login(vendor))
    expect(error.appError).toEqual({ code: 'untrusted-certificate', retryable: false })
    expect(error.message).toMatch(
      /UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_GET_ISSUER/,
    )
    expect(counting.calls()).toBe(1)
    expect((await requests()).login).toBe(0)
  })

  it('refuses an http:// base address before any request', () => {
    const counting = countingFetch(trustingFetch)
    const plain = platform.baseUrl.replace('https://', 'http://')
    let thrown: unknown
    try {
      client({ baseUrl: plain, fetch: counting.fetch })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(PlatformCallError)
    expect((thrown as PlatformCallError).appError).toEqual({ code: 'insecure-address', retryable: false })
    expect(counting.calls()).toBe(0)
  })
})
