import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { DEMO_CREDENTIALS, DEMO_ORDER_IDS, ORDER_STATUS } from './demo-data.ts'
import type { Response } from 'undici'

import type { Envelope, TestPlatform } from '../../test-support/mock-platform/test-platform.ts'
import {
  expectErrorEnvelope,
  postJson,
  startTestPlatform,
  withToken,
} from '../../test-support/mock-platform/test-platform.ts'

let t: TestPlatform
let token: string

/**
 * The mock's latency waits go through this instead of a timer: each wait is recorded and lasts until the test
 * opens it, so a test sees that the answer waited without timing anything (D29).
 */
const waits: { ms: number; open: () => void }[] = []
const gatedSleep = (ms: number) =>
  new Promise<void>((resolve) => {
    waits.push({ ms, open: resolve })
  })

beforeAll(async () => {
  t = await startTestPlatform('faults', { sleep: gatedSleep })
})
afterAll(async () => {
  await t.stop()
})
beforeEach(async () => {
  waits.length = 0
  await t.platform.control.reset()
  token = await t.login()
  await t.platform.control.resetCounters()
})

const control = () => t.platform.control
const variables = (init = {}) => t.request('/orders/variables', withToken(token, init))
const branches = () => t.request('/restaurants/get', withToken(token))
const handOver = (id: string) => t.request(`/orders/ontheway/${id}`, withToken(token, { method: 'PUT' }))
const handOverCash = () => handOver(DEMO_ORDER_IDS.kadikoyCashDelivery)

describe('fault kinds', () => {
  it('status: answers the given 5xx with an error envelope', async () => {
    await control().injectFault({ route: 'variables', kind: 'status', status: 503 })
    const envelope = await expectErrorEnvelope(await variables(), 503, 'sunucu hatası')
    expect(envelope.message).toContain('503')
    expect((await variables()).status).toBe(200)
  })

  it('status: defaults to 500', async () => {
    await control().injectFault({ route: 'branches', kind: 'status' })
    expect((await branches()).status).toBe(500)
  })

  it('token-rejected: answers 401 yetkisiz erişim even to a valid token', async () => {
    await control().injectFault({ route: 'variables', kind: 'token-rejected' })
    const envelope = await expectErrorEnvelope(await variables(), 401, 'yetkisiz erişim')
    expect(envelope.message).toBe('Token expired or invalid')
    expect((await variables()).status).toBe(200)
  })

  it('rate-limit: answers 429 with Retry-After', async () => {
    await control().injectFault({ route: 'any', kind: 'rate-limit', retryAfterSeconds: 7 })
    const response = await branches()
    await expectErrorEnvelope(response, 429, 'çok fazla istek')
    expect(response.headers.get('retry-after')).toBe('7')
    await control().injectFault({ route: 'any', kind: 'rate-limit' })
    expect((await branches()).headers.get('retry-after')).toBe('1')
  })

  it('malformed-json: answers 200 with JSON that does not parse', async () => {
    await control().injectFault({ route: 'variables', kind: 'malformed-json' })
    const response = await variables()
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const text = await response.text()
    expect(() => JSON.parse(text) as unknown).toThrow(SyntaxError)
  })

  it('wrong-shape: answers 200 with valid JSON of the wrong shape for each route', async () => {
    await control().injectFault({ route: 'any', kind: 'wrong-shape', times: 4 })
    const login = (await (
      await t.request('/auth/login', postJson(DEMO_CREDENTIALS.vendor))
    ).json()) as Envelope
    expect(login.status).toBe(true)
    expect(login.data).not.toHaveProperty('access_token')
    const branchList = (await (await branches()).json()) as Envelope
    expect(branchList.status).toBe(true)
    expect(Array.isArray(branchList.data)).toBe(false)
    const methods = (await (await variables()).json()) as { data: { paymentMethod: unknown } }
    expect(Array.isArray(methods.data.paymentMethod)).toBe(false)
    const handOverResponse = await handOver(DEMO_ORDER_IDS.kadikoyCashDelivery)
    expect(handOverResponse.status).toBe(200)
    expect(((await handOverResponse.json()) as Envelope).status).not.toBe(true)
  })

  it('html: answers an HTML page, 502 by default or the given status', async () => {
    await control().injectFault({ route: 'variables', kind: 'html' })
    const response = await variables()
    expect(response.status).toBe(502)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await response.text()).toMatch(/^<!DOCTYPE html>/)
    await control().injectFault({ route: 'variables', kind: 'html', status: 200 })
    const portal = await variables()
    expect(portal.status).toBe(200)
    expect(portal.headers.get('content-type')).toBe('text/html; charset=utf-8')
  })

  it('oversized: answers 200 with valid JSON of exactly `bytes`, 2 MiB by default', async () => {
    await control().injectFault({ route: 'variables', kind: 'oversized' })
    const big = await variables()
    expect(big.status).toBe(200)
    expect(big.headers.get('content-length')).toBe(String(2 * 1024 * 1024))
    const bigBody = Buffer.from(await big.arrayBuffer())
    expect(bigBody.length).toBe(2 * 1024 * 1024)
    expect((JSON.parse(bigBody.toString('utf8')) as Envelope).status).toBe(true)
    await control().injectFault({ route: 'variables', kind: 'oversized', bytes: 1000 })
    expect((await (await variables()).arrayBuffer()).byteLength).toBe(1000)
  })

  it('drop: destroys the connection without an answer', async () => {
    await control().injectFault({ route: 'variables', kind: 'drop' })
    await expect(variables()).rejects.toThrow()
    expect((await variables()).status).toBe(200)
    expect((await control().counters()).requests.variables).toBe(2)
    expect((await control().counters()).faulted.variables).toBe(1)
  })

  it('hang: never answers, so the client has to give up', async () => {
    await control().injectFault({ route: 'login', kind: 'hang' })
    const giveUp = new AbortController()
    const attempt = t.request('/auth/login', { ...postJson(DEMO_CREDENTIALS.vendor), signal: giveUp.signal })
    // Once the mock has the request (and its fault fired), the only way out is the client's own.
    await expect.poll(async () => (await control().counters()).faulted.login).toBe(1)
    giveUp.abort(new Error('the client gave up'))
    await expect(attempt).rejects.toThrow('the client gave up')
    expect(await control().listTokens()).toHaveLength(1) // only the one from beforeEach
    expect((await variables()).status).toBe(200)
  })
})

describe('fault rules', () => {
  it('answers `times` requests, then lets the real handler answer', async () => {
    await control().injectFault({ route: 'branches', kind: 'status', status: 502, times: 2 })
    expect((await branches()).status).toBe(502)
    expect((await branches()).status).toBe(502)
    expect((await branches()).status).toBe(200)
    expect(await control().listFaults()).toEqual([])
  })

  it('with times: 0 answers until cleared', async () => {
    await control().injectFault({ route: 'variables', kind: 'status', times: 0 })
    for (let i = 0; i < 4; i++) expect((await variables()).status).toBe(500)
    await control().clearFaults()
    expect((await variables()).status).toBe(200)
  })

  it('touches only its own route', async () => {
    await control().injectFault({ route: 'variables', kind: 'status', status: 503 })
    expect((await branches()).status).toBe(200)
    expect((await variables()).status).toBe(503)
  })

  it('replaces the real action: no hand-over, no token', async () => {
    const id = DEMO_ORDER_IDS.kadikoyCashDelivery
    await control().injectFault({ route: 'ontheway', kind: 'status', status: 500 })
    expect((await handOver(id)).status).toBe(500)
    expect((await control().getOrder(id))?.status_id).toBe(ORDER_STATUS.CONFIRMED)

    await control().injectFault({ route: 'ontheway', kind: 'drop' })
    await expect(handOver(id)).rejects.toThrow()
    expect((await control().getOrder(id))?.status_id).toBe(ORDER_STATUS.CONFIRMED)

    await control().injectFault({ route: 'login', kind: 'malformed-json' })
    expect((await t.request('/auth/login', postJson(DEMO_CREDENTIALS.vendor))).status).toBe(200)
    expect(await control().listTokens()).toHaveLength(1)

    const counters = await control().counters()
    expect(counters).toMatchObject({ handedOver: 0, loginsSucceeded: 0, requests: { ontheway: 2, login: 1 } })

    expect((await handOver(id)).status).toBe(200)
    expect((await control().getOrder(id))?.status_id).toBe(ORDER_STATUS.IN_DELIVERY)
  })

  it('replaces even the auth check', async () => {
    await control().injectFault({ route: 'branches', kind: 'rate-limit' })
    const response = await t.request('/restaurants/get')
    expect(response.status).toBe(429)
    expect((await control().counters()).unauthorized).toBe(0)
  })
})

describe('latency', () => {
  /** Sends the request, and checks that its answer waits for a latency of `ms` and comes once that is over. */
  async function expectDelayed(send: () => Promise<Response>, ms: number): Promise<Response> {
    let answered = false
    const answer = send().then((response) => {
      answered = true
      return response
    })
    await expect.poll(() => waits.map((wait) => wait.ms)).toEqual([ms])
    // The wait is not over, so the mock cannot have answered: nothing else ends it.
    expect(answered).toBe(false)
    waits[0]?.open()
    return answer
  }

  it('delays every spec route', async () => {
    await control().setLatency(300)
    expect((await expectDelayed(variables, 300)).status).toBe(200)
    waits.length = 0
    expect((await expectDelayed(handOverCash, 300)).status).toBe(200)
  })

  it('delays one route when given one, and no other', async () => {
    expect(await control().setLatency(300, 'branches')).toEqual({ defaultMs: 0, routes: { branches: 300 } })
    expect((await variables()).status).toBe(200)
    expect(waits).toEqual([])
    expect((await expectDelayed(branches, 300)).status).toBe(200)
  })

  it('also delays a faulted answer', async () => {
    await control().setLatency(250, 'variables')
    await control().injectFault({ route: 'variables', kind: 'status', status: 503 })
    expect((await expectDelayed(variables, 250)).status).toBe(503)
  })
})

describe('counters', () => {
  it('count requests per route and every outcome', async () => {
    await t.request('/auth/login', postJson(DEMO_CREDENTIALS.branch))
    await t.request('/auth/login', postJson({ ...DEMO_CREDENTIALS.vendor, rest_secret_key: 'wrong' }))
    await t.request('/auth/login', postJson({}))
    await branches()
    await t.request('/restaurants/get', withToken('nope'))
    await variables()
    await handOver(DEMO_ORDER_IDS.kadikoyCashDelivery)
    await handOver(DEMO_ORDER_IDS.kadikoyCashDelivery)
    await control().injectFault({ route: 'variables', kind: 'status' })
    await variables()
    await t.request('/orders/nothing-here')
    expect(await control().counters()).toEqual({
      requests: { login: 3, branches: 2, variables: 2, ontheway: 2 },
      faulted: { login: 0, branches: 0, variables: 1, ontheway: 0 },
      loginsSucceeded: 1,
      loginsFailed: 2,
      unauthorized: 1,
      handedOver: 1,
      onTheWayByToken: { [token]: { [DEMO_ORDER_IDS.kadikoyCashDelivery]: 2 } },
    })
    await control().resetCounters()
    expect(await control().counters()).toEqual({
      requests: { login: 0, branches: 0, variables: 0, ontheway: 0 },
      faulted: { login: 0, branches: 0, variables: 0, ontheway: 0 },
      loginsSucceeded: 0,
      loginsFailed: 0,
      unauthorized: 0,
      handedOver: 0,
      onTheWayByToken: {},
    })
  })
})

describe('close', () => {
  it('ends hung, delayed and held connections instead of waiting for them', async () => {
    const own = await startTestPlatform('close')
    await own.platform.control.injectFault({ route: 'variables', kind: 'hang', times: 0 })
    await own.platform.control.setLatency(60_000, 'branches')
    await own.platform.control.hold('login')
    const hung = own.request('/orders/variables')
    const delayed = own.request('/restaurants/get')
    const held = own.request('/auth/login', postJson(DEMO_CREDENTIALS.vendor))
    const settled = Promise.allSettled([hung, delayed, held])
    // Wait until the server has all three requests, then close under them.
    await expect.poll(async () => (await own.platform.control.counters()).requests.variables).toBe(1)
    await expect.poll(async () => (await own.platform.control.counters()).requests.branches).toBe(1)
    await expect.poll(async () => (await own.platform.control.holds()).waiting.login).toBe(1)
    await own.stop()
    const results = await settled
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected'])
  })
})
