import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { invalidInput } from '../app-failure.ts'
import { texts } from '../../../src-shared/texts/index.ts'
import { generateIntakeKey, IntakeKeyring } from './intake-key.ts'
import { startIntakeServer, type IntakeServer } from './intake-server.ts'
import { FakeIntake, send, type RawAnswer } from '../../../test-support/core/fake-intake.ts'
import { posRequest, signRequest } from '../../../test-support/core/intake-signing.ts'

const KEY_A = '0f8fad5b-d9cb-469f-a165-70867728950e'
const KEY_B = '7c9e6679-7425-40de-944b-e07fc1f90ae7'
const JSON_TYPE = { 'Content-Type': 'application/json' }

let server: IntakeServer
let intake: FakeIntake
let key: string
/** Every answer a test saw, to check none of them ever holds the key. */
const answers: RawAnswer[] = []

beforeEach(async () => {
  intake = new FakeIntake()
  const keyring = await IntakeKeyring.open(memoryKeyStorage(), { register: () => undefined })
  key = keyring.current
  server = await startIntakeServer({ port: 0, intake, keys: keyring })
})

afterEach(async () => {
  await server.close()
  for (const answer of answers) {
    expect(answer.text).not.toContain(key)
    expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([])
  }
  answers.length = 0
})

function memoryKeyStorage() {
  let stored: string | undefined
  return {
    load: () => Promise.resolve(stored),
    save: (value: string) => {
      stored = value
      return Promise.resolve()
    },
  }
}

/** A request as the POS makes it, kept for the checks after each test. */
async function call(
  method: string,
  path: string,
  options: Omit<Parameters<typeof posRequest>[2], 'method' | 'path'> = {},
): Promise<RawAnswer & { fromApp: boolean }> {
  const answer = await posRequest(`http://127.0.0.1:${String(server.port)}`, key, {
    method,
    path,
    ...options,
  })
  answers.push(answer)
  return answer
}

const errorCode = (answer: RawAnswer) => (answer.json as { error: { code: string } }).error.code

describe('POST /v1/orders', () => {
  it('adds a new order (201) with its public view, from the POS', async () => {
    const answer = await call('POST', '/v1/orders', {
      json: { payment_key: KEY_A.toUpperCase(), shipping_method: 'delivery', courier_type: 'restaurant' },
    })
    expect(answer.status).toBe(201)
    expect(answer.json).toEqual({
      payment_key: KEY_A,
      short_code: '289-50E',
      state: 'waiting',
      eligible: true,
      updated_at: '2026-11-21T12:00:00.000Z',
    })
    expect(intake.added).toEqual([
      {
        order: { paymentKey: KEY_A, details: { shippingMethod: 'delivery', courierType: 'restaurant' } },
        source: 'pos-api',
      },
    ])
  })

  it('merges what is new into an order already on the board (200)', async () => {
    await call('POST', '/v1/orders', { json: { payment_key: KEY_A } })
    const answer = await call('POST', '/v1/orders', {
      json: { payment_key: KEY_A, shipping_method: 'pickup' },
    })
    expect(answer.status).toBe(200)
    expect(answer.json).toMatchObject({ payment_key: KEY_A, eligible: false })
    expect(intake.orders.size).toBe(1)
  })

  it('passes every field on, the label trimmed and in NFC', async () => {
    await call('POST', '/v1/orders', {
      json: {
        payment_key: ` {${KEY_A}} `,
        shipping_method: 'delivery',
        payment_method: 'CREDIT_CARD',
        courier_type: 'platform',
        // Decomposed (NFD), as some systems send it: passed on in NFC.
        label: '  Masa 5 · Ays\u0327e  ',
      },
    })
    expect(intake.added[0]?.order).toEqual({
      paymentKey: KEY_A,
      details: {
        shippingMethod: 'delivery',
        paymentMethod: 'CREDIT_CARD',
        courierType: 'platform',
        label: 'Masa 5 · Ayşe',
      },
    })
  })

  it.each([
    [{}, 'no-order-id'],
    [{ payment_key: 'no id here' }, 'no-order-id'],
    [{ payment_key: 42 }, 'no-order-id'],
    [{ payment_key: `${KEY_A} ${KEY_B}` }, 'several-order-ids'],
    [{ payment_key: KEY_A, shipping_method: 'teleport' }, 'invalid-shipping-method'],
    [{ payment_key: KEY_A, shipping_method: null }, 'invalid-shipping-method'],
    [{ payment_key: KEY_A, payment_method: '' }, 'invalid-payment-method'],
    [{ payment_key: KEY_A, payment_method: 'CASH; DROP' }, 'invalid-payment-method'],
    [{ payment_key: KEY_A, payment_method: 'X'.repeat(65) }, 'invalid-payment-method'],
    [{ payment_key: KEY_A, courier_type: 'RESTAURANT' }, 'invalid-courier-type'],
    [{ payment_key: KEY_A, label: '   ' }, 'invalid-label'],
    [{ payment_key: KEY_A, label: 'x'.repeat(121) }, 'invalid-label'],
    [{ payment_key: KEY_A, label: 'line\nbreak' }, 'invalid-label'],
    [{ payment_key: KEY_A, label: 'Masa 6\u202e9 ssaK' }, 'invalid-label'],
    [{ payment_key: KEY_A, label: 'Masa\u200b6' }, 'invalid-label'],
    [{ payment_key: KEY_A, label: 7 }, 'invalid-label'],
    [{ payment_key: KEY_A, kurye: 'platform' }, 'unknown-field'],
    [{ payment_key: KEY_A, ['__proto__']: { admin: true } }, 'unknown-field'],
  ])('refuses %j with 422 %s, adding nothing', async (body, code) => {
    const text = JSON.stringify(body)
    const answer = await call('POST', '/v1/orders', { body: text })
    expect(answer.status).toBe(422)
    expect(errorCode(answer)).toBe(code)
    expect(intake.added).toEqual([])
  })

  it('says why a label with an invisible character is refused, in both languages', async () => {
    // A bidi override, a zero-width space, a Hangul filler: nothing a person sees, so the words must name them.
    for (const label of ['Masa 6\u202e9 ssaK', 'Masa\u200b6', 'Masa\u31646']) {
      const answer = await call('POST', '/v1/orders', { json: { payment_key: KEY_A, label } })
      const { message_tr, message_en } = (answer.json as { error: Record<string, string> }).error
      expect(message_tr).toMatch(/görünmeyen karakter/)
      expect(message_en).toMatch(/invisible characters/)
    }
  })

  it.each(['not json', '[1,2]', 'null', '"text"', '{"payment_key":'])(
    'refuses %s with 400 malformed-json',
    async (text) => {
      const answer = await call('POST', '/v1/orders', { body: text })
      expect(answer.status).toBe(400)
      expect(errorCode(answer)).toBe('malformed-json')
    },
  )

  it('answers every error in the one shape, Turkish and English, with nothing of what was sent', async () => {
    const answer = await call('POST', '/v1/orders', { json: { payment_key: 'secret-looking-text' } })
    expect(answer.json).toEqual({
      error: {
        code: 'no-order-id',
        message_tr: texts.tr.intakeApi['no-order-id'],
        message_en: texts.en.intakeApi['no-order-id'],
      },
    })
    expect(answer.text).not.toContain('secret-looking-text')
  })
})

describe('GET /v1/orders/{payment_key}', () => {
  it('answers the view of an order on the board, found however the key is written', async () => {
    await call('POST', '/v1/orders', { json: { payment_key: KEY_A } })
    const answer = await call('GET', `/v1/orders/${encodeURIComponent(`{${KEY_A.toUpperCase()}}`)}`)
    expect(answer.status).toBe(200)
    expect(answer.json).toMatchObject({ payment_key: KEY_A, state: 'waiting' })
  })

  it('is 404 for an order not on the board', async () => {
    const answer = await call('GET', `/v1/orders/${KEY_B}`)
    expect(answer.status).toBe(404)
    expect(errorCode(answer)).toBe('order-not-found')
  })

  it.each([
    ['not-an-id', 'no-order-id'],
    [encodeURIComponent(`${KEY_A},${KEY_B}`), 'several-order-ids'],
    ['%E0%A4%A', 'no-order-id'],
    ['a'.repeat(300), 'no-order-id'],
  ])('refuses the path segment %s with 422 %s', async (segment, code) => {
    const answer = await call('GET', `/v1/orders/${segment}`)
    expect(answer.status).toBe(422)
    expect(errorCode(answer)).toBe(code)
  })
})

describe('POST /v1/orders/{payment_key}/handover', () => {
  beforeEach(async () => {
    await call('POST', '/v1/orders', { json: { payment_key: KEY_A, shipping_method: 'delivery' } })
  })

  it('asks the outbox for the hand-over and answers 202 with the view', async () => {
    const answer = await call('POST', `/v1/orders/${KEY_A}/handover`)
    expect(answer.status).toBe(202)
    expect(answer.json).toMatchObject({ payment_key: KEY_A, state: 'sending' })
    expect(intake.pressed).toEqual([KEY_A])
  })

  it('answers a repeat while the first is owed with 202 and the view, and presses once', async () => {
    await call('POST', `/v1/orders/${KEY_A}/handover`)
    const again = await call('POST', `/v1/orders/${KEY_A}/handover`, { json: {} })
    expect(again.status).toBe(202)
    expect(again.json).toMatchObject({ state: 'sending' })
    expect(intake.pressed).toEqual([KEY_A])
  })

  it('is refused with a clear error when Settings turned it off, and presses nothing', async () => {
    intake.allowHandover = false
    const answer = await call('POST', `/v1/orders/${KEY_A}/handover`)
    expect(answer.status).toBe(403)
    expect(errorCode(answer)).toBe('handover-disabled')
    expect(intake.pressed).toEqual([])
  })

  it('is 409 for a pickup order (D5) and 404 for one not on the board', async () => {
    await call('POST', '/v1/orders', { json: { payment_key: KEY_B, shipping_method: 'pickup' } })
    const pickup = await call('POST', `/v1/orders/${KEY_B}/handover`)
    expect([pickup.status, errorCode(pickup)]).toEqual([409, 'not-eligible'])
    const unknown = await call('POST', '/v1/orders/2c1d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f/handover')
    expect([unknown.status, errorCode(unknown)]).toEqual([404, 'order-not-found'])
    expect(intake.pressed).toEqual([])
  })

  it('maps an order that left the board between the check and the press to 404', async () => {
    intake.failNext = invalidInput('unknown-order')
    const answer = await call('POST', `/v1/orders/${KEY_A}/handover`)
    expect([answer.status, errorCode(answer)]).toEqual([404, 'order-not-found'])
  })

  it('takes no body but {}: other bodies are refused before anything is pressed', async () => {
    const extra = await call('POST', `/v1/orders/${KEY_A}/handover`, { json: { force: true } })
    expect([extra.status, errorCode(extra)]).toEqual([422, 'unknown-field'])
    const form = await call('POST', `/v1/orders/${KEY_A}/handover`, {
      body: 'a=1',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expect([form.status, errorCode(form)]).toEqual([415, 'unsupported-media-type'])
    expect(intake.pressed).toEqual([])
  })
})

describe('GET /v1/health', () => {
  it('needs no key and says only whether the app is signed in and how much is owed', async () => {
    intake.healthAnswer = { signedIn: false, owed: 3 }
    const answer = await call('GET', '/v1/health', { sign: false })
    expect(answer.status).toBe(200)
    expect(answer.json).toEqual({ signed_in: false, owed: 3 })
  })
})

describe('the intake key: signed requests', () => {
  const ROUTES = [
    ['POST', '/v1/orders'],
    ['GET', `/v1/orders/${KEY_A}`],
    ['POST', `/v1/orders/${KEY_A}/handover`],
    ['GET', '/v1/anything-else'],
  ] as const

  it('takes a request signed with the key, and signs its answer for the POS to check', async () => {
    const added = await call('POST', '/v1/orders', { json: { payment_key: KEY_A } })
    expect([added.status, added.fromApp]).toEqual([201, true])
    // Refusals after a good signature are signed too, so the POS can trust a 404 as much as a 200.
    const missing = await call('GET', `/v1/orders/${KEY_B}`)
    expect([missing.status, missing.fromApp]).toEqual([404, true])
    const unsigned = await call('GET', '/v1/health', { sign: false })
    expect(unsigned.headers['x-intake-response-signature']).toBeUndefined()
  })

  it.each([
    ['nothing', () => ({})],
    ['the key itself as a bearer header', () => ({ Authorization: `Bearer ${key}` })],
    ['a signature made with another key', () => signRequest(generateIntakeKey(), { path: '/' }).headers],
    ['no nonce', () => ({ 'X-Intake-Timestamp': '1', 'X-Intake-Signature': 'a'.repeat(64) })],
    ['a nonce too short', () => ({ ...signRequest(key, { path: '/', nonce: 'short' }).headers })],
    [
      'a signature that is not hex',
      () => ({ ...signRequest(key, { path: '/' }).headers, 'X-Intake-Signature': 'z'.repeat(64) }),
    ],
  ])('refuses %s with 401 on every route but health', async (_name, headersOf) => {
    for (const [method, path] of ROUTES) {
      const answer = await call(method, path, {
        sign: false,
        headers: headersOf(),
        json: { payment_key: KEY_A },
      })
      expect(answer.status, `${method} ${path}`).toBe(401)
      expect(answer.headers['www-authenticate']).toBe('Intake-Signature')
      expect(errorCode(answer)).toBe('unauthorized')
      expect(answer.fromApp).toBe(false)
    }
    expect(intake.added).toEqual([])
  })

  it('refuses a good signature beside a bearer header: a POS that still sends the key must stop', async () => {
    const answer = await call('POST', '/v1/orders', {
      json: { payment_key: KEY_A },
      headers: { Authorization: `Bearer ${key}` },
    })
    expect([answer.status, errorCode(answer)]).toEqual([401, 'unauthorized'])
    expect(intake.added).toEqual([])
  })

  it('refuses a signature over another method, path or body', async () => {
    const body = JSON.stringify({ payment_key: KEY_A })
    const forOrders = signRequest(key, { method: 'POST', path: '/v1/orders', body }).headers
    const tries = [
      send(server.port, {
        method: 'POST',
        path: `/v1/orders/${KEY_A}/handover`,
        headers: { ...forOrders, ...JSON_TYPE },
        body,
      }),
      send(server.port, {
        method: 'POST',
        path: '/v1/orders',
        headers: { ...forOrders, ...JSON_TYPE },
        body: body.replace(KEY_A, KEY_B),
      }),
      send(server.port, { method: 'PUT', path: '/v1/orders', headers: { ...forOrders, ...JSON_TYPE }, body }),
    ]
    expect((await Promise.all(tries)).map((answer) => answer.status)).toEqual([401, 401, 401])
    expect(intake.added).toEqual([])
  })

  it('refuses a timestamp more than 60 s away, either way, and a nonce used before', async () => {
    const now = Math.floor(Date.now() / 1000)
    for (const timestamp of [now - 120, now + 120]) {
      const answer = await call('GET', `/v1/orders/${KEY_A}`, { timestamp })
      expect(errorCode(answer)).toBe('request-expired')
    }
    // The very same headers twice, as one who overheard them would send them again.
    const once = signRequest(key, { path: `/v1/orders/${KEY_A}` }).headers
    const first = await call('GET', `/v1/orders/${KEY_A}`, { sign: false, headers: once })
    const again = await call('GET', `/v1/orders/${KEY_A}`, { sign: false, headers: once })
    expect([first.status, errorCode(again)]).toEqual([404, 'request-replayed'])
  })

  it('takes a rotated key at once, and the old one no more', async () => {
    const storage = memoryKeyStorage()
    const keyring = await IntakeKeyring.open(storage, { register: () => undefined })
    const rotating = await startIntakeServer({ port: 0, intake, keys: keyring })
    try {
      const old = keyring.current
      const get = (signWith: string) =>
        posRequest(`http://127.0.0.1:${String(rotating.port)}`, signWith, { path: `/v1/orders/${KEY_A}` })
      expect((await get(old)).status).toBe(404)
      const fresh = await keyring.rotate()
      expect((await get(old)).status).toBe(401)
      expect((await get(fresh)).status).toBe(404)
    } finally {
      await rotating.close()
    }
  })
})

describe('routes and methods', () => {
  it('is 404 for an unknown path and 405 with Allow for a known path with the wrong method', async () => {
    expect(errorCode(await call('GET', '/v2/orders'))).toBe('not-found')
    const wrong = await call('GET', '/v1/orders')
    expect([wrong.status, wrong.headers.allow]).toEqual([405, 'POST'])
    const health = await call('DELETE', '/v1/health', { sign: false })
    expect([health.status, health.headers.allow]).toEqual([405, 'GET'])
  })

  it('answers a failure of the app with 500 internal and no detail of it', async () => {
    intake.failNext = new Error('disk full at /home/staff/secret-path')
    const answer = await call('POST', '/v1/orders', { json: { payment_key: KEY_A } })
    expect([answer.status, errorCode(answer)]).toEqual([500, 'internal'])
    expect(answer.text).not.toContain('secret-path')
  })

  it('never caches an answer and says it is JSON', async () => {
    const answer = await call('GET', '/v1/health', { sign: false })
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(answer.headers['cache-control']).toBe('no-store')
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
  })
})

describe('ready for the courier (D70)', () => {
  it('`"ready": true` in POST /v1/orders says the order is ready; `false` changes nothing', async () => {
    await call('POST', '/v1/orders', { json: { payment_key: KEY_A, ready: true } })
    await call('POST', '/v1/orders', { json: { payment_key: KEY_B, ready: false } })
    expect(intake.added.map(({ order }) => order.ready)).toEqual([true, undefined])
    const wrong = await call('POST', '/v1/orders', { json: { payment_key: KEY_A, ready: 'yes' } })
    expect(wrong.status).toBe(400)
  })

  it('POST /v1/orders/{payment_key}/ready marks it and answers 200 with the view', async () => {
    await call('POST', '/v1/orders', { json: { payment_key: KEY_A, shipping_method: 'delivery' } })
    const answer = await call('POST', `/v1/orders/${KEY_A}/ready`)
    expect(answer.status).toBe(200)
    expect(answer.fromApp).toBe(true)
    expect(answer.json).toMatchObject({ payment_key: KEY_A })
    expect(intake.orders.get(KEY_A)?.readyAt).toBeDefined()
  })

  it('refuses an unknown order, another method, an unsigned call and a body with fields', async () => {
    await call('POST', '/v1/orders', { json: { payment_key: KEY_A } })
    const unknown = await call('POST', `/v1/orders/${KEY_B}/ready`)
    expect([unknown.status, errorCode(unknown)]).toEqual([404, 'order-not-found'])
    const get = await call('GET', `/v1/orders/${KEY_A}/ready`)
    expect(get.status).toBe(405)
    const unsigned = await call('POST', `/v1/orders/${KEY_A}/ready`, { sign: false })
    expect(unsigned.status).toBe(401)
    const extra = await call('POST', `/v1/orders/${KEY_A}/ready`, { json: { at: 'now' } })
    expect(errorCode(extra)).toBe('unknown-field')
    expect(intake.orders.get(KEY_A)?.readyAt).toBeUndefined()
  })
})

describe('the query of GET /v1/day-end and the empty body of a press', () => {
  it('refuses a day-end query with any parameter beside its one date, and passes a lone date on', async () => {
    for (const query of ['date=2026-11-24&x=1', 'x=1&date=2026-11-24', 'date=2026-11-24&date=2026-11-24']) {
      const answer = await call('GET', `/v1/day-end?${query}`)
      expect([answer.status, errorCode(answer)]).toEqual([422, 'invalid-date'])
    }
    expect(intake.dayEndsAsked).toEqual([])
    const lone = await call('GET', '/v1/day-end?date=2026-11-24')
    expect(lone.status).toBe(200)
    expect(intake.dayEndsAsked).toEqual(['2026-11-24'])
  })

  it.each([
    ['{}', 'an empty object'],
    [' \n{}\t ', 'an empty object in white space'],
  ])('marks ready with a body of %j (%s)', async (body) => {
    await call('POST', '/v1/orders', { json: { payment_key: KEY_A } })
    const answer = await call('POST', `/v1/orders/${KEY_A}/ready`, { body })
    expect(answer.status).toBe(200)
    expect(intake.orders.get(KEY_A)?.readyAt).toBeDefined()
  })

  it.each([
    ['x', 400, 'malformed-json'],
    ['[]', 400, 'malformed-json'],
    ['{"at":"now"}', 422, 'unknown-field'],
  ])('refuses a ready press with a body of %j: %i %s', async (body, status, code) => {
    await call('POST', '/v1/orders', { json: { payment_key: KEY_A } })
    const answer = await call('POST', `/v1/orders/${KEY_A}/ready`, { body })
    expect([answer.status, errorCode(answer)]).toEqual([status, code])
    expect(intake.orders.get(KEY_A)?.readyAt).toBeUndefined()
  })

  it('refuses a ready press whose `{}` body is not said to be JSON', async () => {
    await call('POST', '/v1/orders', { json: { payment_key: KEY_A } })
    const answer = await call('POST', `/v1/orders/${KEY_A}/ready`, {
      body: '{}',
      headers: { 'Content-Type': 'text/plain' },
    })
    expect([answer.status, errorCode(answer)]).toEqual([415, 'unsupported-media-type'])
    expect(intake.orders.get(KEY_A)?.readyAt).toBeUndefined()
  })
})

describe('the bodies of a door payment, a courier cash and a hand-over', () => {
  const DELIVERY = { shipping_method: 'delivery', courier_type: 'restaurant' }

  it.each([
    [{ x: 1 }, 422, 'unknown-field'],
    [{ method: 'CASH', x: 1 }, 422, 'unknown-field'],
    [{ method: '' }, 422, 'invalid-payment-method'],
    [{ method: 5 }, 422, 'invalid-payment-method'],
  ])('refuses a door payment with %j: %i %s', async (json, status, code) => {
    await call('POST', '/v1/orders', { json: { payment_key: KEY_A, ...DELIVERY } })
    const answer = await call('POST', `/v1/orders/${KEY_A}/door-payment`, { json })
    expect([answer.status, errorCode(answer)]).toEqual([status, code])
  })

  it.each([
    [`/v1/orders/${KEY_A}/door-payment`, { method: 'CASH' }],
    ['/v1/couriers/cash', { request_id: 'r1', courier: 'Ahmet', kind: 'float', amount_kurus: 100 }],
  ])('refuses %s whose body is not said to be JSON', async (path, json) => {
    await call('POST', '/v1/orders', { json: { payment_key: KEY_A, ...DELIVERY } })
    const answer = await call('POST', path, {
      body: JSON.stringify(json),
      headers: { 'Content-Type': 'text/plain' },
    })
    expect([answer.status, errorCode(answer)]).toEqual([415, 'unsupported-media-type'])
    expect(intake.cash.size).toBe(0)
  })

  it('refuses a hand-over body with a wrong courier and an unknown field as an unknown field', async () => {
    await call('POST', '/v1/orders', { json: { payment_key: KEY_A, ...DELIVERY } })
    const answer = await call('POST', `/v1/orders/${KEY_A}/handover`, {
      json: { courier: 5, kurye: 'Ahmet' },
    })
    expect([answer.status, errorCode(answer)]).toEqual([422, 'unknown-field'])
    const wrong = await call('POST', `/v1/orders/${KEY_A}/handover`, { json: { courier: 5 } })
    expect([wrong.status, errorCode(wrong)]).toEqual([422, 'invalid-courier'])
    expect(intake.pressed).toEqual([])
  })

  it('answers a hand-over the app failed to take with 500, never with the order as if asked for', async () => {
    await call('POST', '/v1/orders', { json: { payment_key: KEY_A, ...DELIVERY } })
    intake.failNext = new Error('the disk is gone')
    const answer = await call('POST', `/v1/orders/${KEY_A}/handover`)
    expect([answer.status, errorCode(answer)]).toEqual([500, 'internal'])
    expect(answer.text).not.toContain('disk')
  })
})
