import { once } from 'node:events'
import { connect } from 'node:tls'

import type { Response } from 'undici'
import { Agent, fetch } from 'undici'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import {
  DEMO_BRANCH_IDS,
  DEMO_BRANCHES,
  DEMO_CREDENTIALS,
  DEMO_ORDER_IDS,
  ORDER_STATUS,
  PAYMENT_METHODS,
  SECOND_ACCOUNT_CREDENTIALS,
  SECOND_ACCOUNT_ORDER_IDS,
  SHIPPING_METHODS,
} from './demo-data.ts'
import { parsePlatformDateTime } from './platform-time.ts'
import type { Envelope, TestPlatform } from '../../test-support/mock-platform/test-platform.ts'
import {
  expectErrorEnvelope,
  postJson,
  startTestPlatform,
  withToken,
} from '../../test-support/mock-platform/test-platform.ts'

const DAY = 24 * 60 * 60 * 1000
/**
 * The mock's real clock, injected: 21:30 UTC is already the next day in Istanbul (UTC+3), so the written
 * expiration below shows the exact offset, not merely "not UTC".
 */
const NOW = Date.parse('2026-07-01T21:30:00Z')
let t: TestPlatform

beforeAll(async () => {
  t = await startTestPlatform('api', { realNow: () => NOW })
})
afterAll(async () => {
  await t.stop()
})
beforeEach(async () => {
  await t.platform.control.reset()
})

const vendorKeys = DEMO_CREDENTIALS.vendor
const branchKeys = DEMO_CREDENTIALS.branch
const { app_secret_key, rest_secret_key } = vendorKeys
const onTheWay = (id: string, token: string) =>
  t.request(`/orders/ontheway/${id}`, withToken(token, { method: 'PUT' }))

describe('transport', () => {
  it('serves a base URL under /integrations on 127.0.0.1', () => {
    expect(t.platform.baseUrl).toBe(`https://127.0.0.1:${t.platform.port}/integrations`)
    expect(t.platform.origin).toBe(`https://127.0.0.1:${t.platform.port}`)
  })

  it('is refused by a client that does not trust the test CA (real TLS)', async () => {
    const untrusting = new Agent()
    const attempt = fetch(`${t.platform.baseUrl}/auth/login`, {
      ...postJson(vendorKeys),
      dispatcher: untrusting,
    })
    await expect(attempt).rejects.toMatchObject({
      cause: { code: expect.stringMatching(/CERT|ISSUER|LEAF_SIGNATURE/) as unknown },
    })
    await untrusting.close()
    expect((await t.platform.control.counters()).requests.login).toBe(0)
  })

  it('does not answer plain HTTP', async () => {
    await expect(fetch(`http://127.0.0.1:${t.platform.port}/integrations/orders/variables`)).rejects.toThrow()
  })

  it('answers unknown paths with a 404 `URL hatalı` envelope, inside and outside the prefix', async () => {
    await expectErrorEnvelope(await t.request('/orders/unknown'), 404, 'URL hatalı')
    await expectErrorEnvelope(await t.request('/restaurants/get/'), 404, 'URL hatalı')
    await expectErrorEnvelope(await t.request(''), 404, 'URL hatalı')
    const dispatcher = new Agent({ connect: { ca: t.platform.caPem } })
    await expectErrorEnvelope(
      await fetch(`${t.platform.origin}/auth/login`, { dispatcher }),
      404,
      'URL hatalı',
    )
    await dispatcher.close()
  })

  it('answers a wrong method with a 405 envelope and an Allow header', async () => {
    const getLogin = await t.request('/auth/login')
    await expectErrorEnvelope(getLogin, 405, 'yöntem desteklenmiyor')
    expect(getLogin.headers.get('allow')).toBe('POST')
    const postBranches = await t.request('/restaurants/get', { method: 'POST' })
    await expectErrorEnvelope(postBranches, 405, 'yöntem desteklenmiyor')
    expect(postBranches.headers.get('allow')).toBe('GET')
    const getOnTheWay = await t.request(`/orders/ontheway/${DEMO_ORDER_IDS.kadikoyCashDelivery}`)
    expect(getOnTheWay.status).toBe(405)
    expect((await t.platform.control.getOrder(DEMO_ORDER_IDS.kadikoyCashDelivery))?.status_id).toBe(2)
  })
})

describe('POST /auth/login', () => {
  it('issues an opaque token valid for 24 h, written in Istanbul local time', async () => {
    const response = await t.request('/auth/login', postJson(vendorKeys))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const body = (await response.json()) as {
      status: boolean
      data: { access_token: string; expiration_date: string }
    }
    expect(body.status).toBe(true)
    expect(body.data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // Issued 2026-07-01 21:30 UTC, valid 24 h: 2026-07-02 21:30 UTC, which Istanbul (UTC+3 all year) writes as
    // 00:30 on the 3rd.
    expect(body.data.expiration_date).toBe('2026-07-03 00:30:00')
    expect(parsePlatformDateTime(body.data.expiration_date, 'Europe/Istanbul')).toBe(NOW + DAY)
    const tokens = await t.platform.control.listTokens()
    expect(tokens.map((token) => token.access_token)).toEqual([body.data.access_token])
  })

  it('issues a different token on every login', async () => {
    const tokens = new Set([await t.login(), await t.login(), await t.login(branchKeys)])
    expect(tokens.size).toBe(3)
  })

  it.each([
    ['a wrong restaurant secret', { app_secret_key, rest_secret_key: 'wrong' }],
    ['a wrong application secret', { app_secret_key: 'wrong', rest_secret_key }],
    ['swapped secrets', { app_secret_key: rest_secret_key, rest_secret_key: app_secret_key }],
    ['a secret with extra whitespace', { app_secret_key, rest_secret_key: ` ${rest_secret_key}` }],
  ])('answers 401 `yetkisiz erişim` for %s', async (_case, body) => {
    const envelope = await expectErrorEnvelope(
      await t.request('/auth/login', postJson(body)),
      401,
      'yetkisiz erişim',
    )
    expect(envelope.message).toBe('Invalid credentials')
    expect(await t.platform.control.listTokens()).toEqual([])
  })

  it.each([
    ['app_secret_key missing', JSON.stringify({ rest_secret_key }), 'app_secret_key'],
    ['rest_secret_key missing', JSON.stringify({ app_secret_key }), 'rest_secret_key'],
    [
      'app_secret_key not a string',
      JSON.stringify({ app_secret_key: 42, rest_secret_key }),
      'app_secret_key',
    ],
    ['rest_secret_key null', JSON.stringify({ app_secret_key, rest_secret_key: null }), 'rest_secret_key'],
    ['app_secret_key empty', JSON.stringify({ app_secret_key: '', rest_secret_key }), 'app_secret_key'],
    [
      'rest_secret_key whitespace',
      JSON.stringify({ app_secret_key, rest_secret_key: ' \t ' }),
      'rest_secret_key',
    ],
    ['the body not JSON', `app_secret_key=${app_secret_key}`, 'JSON'],
    ['the body empty', '', 'JSON'],
    ['the body a JSON array', JSON.stringify([app_secret_key, rest_secret_key]), 'JSON'],
    ['the body JSON null', 'null', 'JSON'],
  ])('answers 422 `eksik alan` with %s', async (_case, body, named) => {
    const response = await t.request('/auth/login', {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json' },
    })
    const envelope = await expectErrorEnvelope(response, 422, 'eksik alan')
    expect(envelope.message).toContain(named)
    expect(await t.platform.control.listTokens()).toEqual([])
  })

  it('answers 413 to a body over 64 KiB', async () => {
    const body = JSON.stringify({ app_secret_key, rest_secret_key, padding: 'x'.repeat(70 * 1024) })
    const response = await t.request('/auth/login', { method: 'POST', body })
    expect(response.status).toBe(413)
    expect(((await response.json()) as Envelope).status).toBe(false)
    expect(await t.platform.control.listTokens()).toEqual([])
    // Without a Content-Length (chunked), the limit is enforced while reading.
    const kibibyte = new TextEncoder().encode('x'.repeat(1024))
    let sent = 0
    const chunks = new ReadableStream<Uint8Array>({
      pull: (controller) => (sent++ < 70 ? controller.enqueue(kibibyte) : controller.close()),
    })
    const streamed = await t.request('/auth/login', { method: 'POST', body: chunks, duplex: 'half' })
    expect(streamed.status).toBe(413)
    expect(await t.platform.control.counters()).toMatchObject({ loginsFailed: 2, loginsSucceeded: 0 })
    // A body just under the limit is read normally.
    const fits = JSON.stringify({ app_secret_key, rest_secret_key, padding: 'x'.repeat(60 * 1024) })
    expect((await t.request('/auth/login', { method: 'POST', body: fits })).status).toBe(200)
  })

  it('answers 413 from the declared Content-Length alone, without waiting for the body', async () => {
    const socket = connect({
      host: '127.0.0.1',
      port: t.platform.port,
      ca: t.platform.caPem,
      servername: 'localhost',
    })
    await once(socket, 'secureConnect')
    socket.write(
      'POST /integrations/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10000000\r\n\r\n',
    )
    let answer = ''
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')))
    await expect.poll(() => answer).toMatch(/^HTTP\/1\.1 413 /)
    socket.destroy()
  })
})

describe('Access-Token', () => {
  const protectedCalls: [string, (token: string) => Promise<Response>][] = [
    ['GET /restaurants/get', (token) => t.request('/restaurants/get', withToken(token))],
    ['GET /orders/variables', (token) => t.request('/orders/variables', withToken(token))],
    ['PUT /orders/ontheway', (token) => onTheWay(DEMO_ORDER_IDS.kadikoyCashDelivery, token)],
  ]

  const expectUnauthorized = async (response: Response) => {
    const envelope = await expectErrorEnvelope(response, 401, 'yetkisiz erişim')
    expect(envelope.message).toBe('Token expired or invalid')
  }

  it.each(protectedCalls)('%s needs a live token', async (_name, call) => {
    await expectUnauthorized(await call(''))
    await expectUnauthorized(await call('not-a-token'))

    const revoked = await t.login()
    expect(await t.platform.control.revokeTokens(revoked)).toBe(1)
    await expectUnauthorized(await call(revoked))

    const expired = await t.login()
    expect(await t.platform.control.expireTokens(expired)).toBe(1)
    await expectUnauthorized(await call(expired))

    expect((await call(await t.login())).status).toBe(200)
    expect((await t.platform.control.getOrder(DEMO_ORDER_IDS.kadikoyCashDelivery))?.status_id).toBe(
      _name.startsWith('PUT') ? ORDER_STATUS.IN_DELIVERY : ORDER_STATUS.CONFIRMED,
    )
  })

  it('is rejected when the header is absent altogether', async () => {
    await expectUnauthorized(await t.request('/orders/variables'))
  })

  it('expires when the mock clock passes 24 h after issue', async () => {
    const token = await t.login()
    await t.platform.control.advanceClock(DAY - 10_000)
    expect((await t.request('/orders/variables', withToken(token))).status).toBe(200)
    await t.platform.control.advanceClock(10_001)
    await expectUnauthorized(await t.request('/orders/variables', withToken(token)))
    expect((await t.request('/orders/variables', withToken(await t.login()))).status).toBe(200)
  })

  it('is checked before the URL and the order', async () => {
    await expectUnauthorized(await onTheWay('not-a-uuid', 'bogus'))
    await expectUnauthorized(await onTheWay('00000000-0000-4000-8000-000000000000', 'bogus'))
  })
})

describe('GET /restaurants/get', () => {
  it('lists every branch for vendor credentials, with their Turkish names intact', async () => {
    const response = await t.request('/restaurants/get', withToken(await t.login()))
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await response.json()).toEqual({ status: true, data: DEMO_BRANCHES })
    expect(DEMO_BRANCHES.map((b) => b.name)).toContain('Beşiktaş Çarşı')
  })

  it('lists only its own branch for branch credentials', async () => {
    const response = await t.request('/restaurants/get', withToken(await t.login(branchKeys)))
    expect(await response.json()).toEqual({
      status: true,
      data: [{ id: DEMO_BRANCH_IDS.kadikoyModa, name: 'Kadıköy Moda' }],
    })
  })
})

describe('GET /orders/variables', () => {
  it('lists the payment and shipping methods', async () => {
    const response = await t.request('/orders/variables', withToken(await t.login(branchKeys)))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await response.json()).toEqual({
      status: true,
      data: { paymentMethod: PAYMENT_METHODS, shippingMethod: SHIPPING_METHODS },
    })
  })
})

describe('PUT /orders/ontheway/{order_id}', () => {
  it('moves a confirmed restaurant-courier order to IN_DELIVERY', async () => {
    const id = DEMO_ORDER_IDS.kadikoyCashDelivery
    const response = await onTheWay(id, await t.login(branchKeys))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await response.json()).toEqual({ status: true, data: 'OK' })
    expect((await t.platform.control.getOrder(id))?.status_id).toBe(ORDER_STATUS.IN_DELIVERY)
  })

  it('matches the id case-insensitively', async () => {
    const id = DEMO_ORDER_IDS.kadikoyCreditCardDelivery
    expect((await onTheWay(id.toUpperCase(), await t.login())).status).toBe(200)
    expect((await t.platform.control.getOrder(id))?.status_id).toBe(ORDER_STATUS.IN_DELIVERY)
  })

  it('answers 409 `sipariş durumu uygun değil` when the order is not CONFIRMED, also on a repeat', async () => {
    const token = await t.login()
    const inDelivery = await onTheWay(DEMO_ORDER_IDS.besiktasInDelivery, token)
    const envelope = await expectErrorEnvelope(inDelivery, 409, 'sipariş durumu uygun değil')
    expect(envelope.message).toMatch(/CONFIRMED/)

    expect((await onTheWay(DEMO_ORDER_IDS.kadikoyCashPickup, token)).status).toBe(200)
    await expectErrorEnvelope(
      await onTheWay(DEMO_ORDER_IDS.kadikoyCashPickup, token),
      409,
      'sipariş durumu uygun değil',
    )
  })

  it('answers 409 `kurye tipi uygun değil` for a platform courier, leaving the order alone', async () => {
    const id = DEMO_ORDER_IDS.cankayaPlatformCourierDelivery
    const envelope = await expectErrorEnvelope(
      await onTheWay(id, await t.login()),
      409,
      'kurye tipi uygun değil',
    )
    expect(envelope.message).toMatch(/courier/i)
    expect((await t.platform.control.getOrder(id))?.status_id).toBe(ORDER_STATUS.CONFIRMED)
  })

  it('answers 404 `sipariş bulunamadı` for an unknown order', async () => {
    const response = await onTheWay('00000000-0000-4000-8000-000000000000', await t.login())
    await expectErrorEnvelope(response, 404, 'sipariş bulunamadı')
  })

  it("hides another branch's order from branch credentials but not from vendor ones", async () => {
    const id = DEMO_ORDER_IDS.besiktasDebitCardDelivery
    await expectErrorEnvelope(await onTheWay(id, await t.login(branchKeys)), 404, 'sipariş bulunamadı')
    expect((await t.platform.control.getOrder(id))?.status_id).toBe(ORDER_STATUS.CONFIRMED)
    expect((await onTheWay(id, await t.login())).status).toBe(200)
    expect((await t.platform.control.getOrder(id))?.status_id).toBe(ORDER_STATUS.IN_DELIVERY)
  })

  it.each([
    ['an id that is not a UUID', '/orders/ontheway/12345'],
    [
      'a UUID with a bad character',
      `/orders/ontheway/${DEMO_ORDER_IDS.kadikoyCashDelivery.replace(/.$/, 'g')}`,
    ],
    ['an extra path segment', `/orders/ontheway/${DEMO_ORDER_IDS.kadikoyCashDelivery}/extra`],
    ['a trailing slash', `/orders/ontheway/${DEMO_ORDER_IDS.kadikoyCashDelivery}/`],
    ['no id', '/orders/ontheway'],
    ['an empty id', '/orders/ontheway/'],
    ['a broken percent-encoding', '/orders/ontheway/%E0%A4%A'],
  ])('answers 400 `URL hatalı` for %s', async (_case, path) => {
    const response = await t.request(path, withToken(await t.login(), { method: 'PUT' }))
    await expectErrorEnvelope(response, 400, 'URL hatalı')
    expect((await t.platform.control.getOrder(DEMO_ORDER_IDS.kadikoyCashDelivery))?.status_id).toBe(
      ORDER_STATUS.CONFIRMED,
    )
  })

  it('counts its requests per token and per order, whatever the answer (issue 29)', async () => {
    const demo = await t.login()
    const pide = await t.login(SECOND_ACCOUNT_CREDENTIALS)
    const ours = DEMO_ORDER_IDS.kadikoyCashDelivery
    const theirs = SECOND_ACCOUNT_ORDER_IDS.pideCashDelivery
    expect((await onTheWay(ours, demo)).status).toBe(200)
    // The demo's token on Pide Evi's order, in capitals: refused, and counted under the order's own id.
    await expectErrorEnvelope(await onTheWay(theirs.toUpperCase(), demo), 404, 'sipariş bulunamadı')
    expect((await onTheWay(theirs, pide)).status).toBe(200)
    expect((await t.request(`/orders/ontheway/${ours}`, { method: 'PUT' })).status).toBe(401)
    expect((await t.request('/orders/ontheway/12345', withToken(pide, { method: 'PUT' }))).status).toBe(400)
    expect((await t.platform.control.counters()).onTheWayByToken).toEqual({
      [demo]: { [ours]: 1, [theirs]: 1 },
      [pide]: { [theirs]: 1, '': 1 },
      '': { [ours]: 1 },
    })
    await t.platform.control.resetCounters()
    expect((await t.platform.control.counters()).onTheWayByToken).toEqual({})
  })

  it('accepts a percent-encoded UUID and ignores a query string', async () => {
    const id = DEMO_ORDER_IDS.karsiyakaCreditCardDelivery
    const response = await t.request(
      `/orders/ontheway/${encodeURIComponent(id).replace('-', '%2D')}?source=test`,
      withToken(await t.login(), { method: 'PUT' }),
    )
    expect(response.status).toBe(200)
  })
})
