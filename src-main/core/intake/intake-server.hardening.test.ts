import fc from 'fast-check'
import { connect, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { ManualClock } from '../../../test-support/core/manual-clock.ts'
import { recordingLogger } from '../../../test-support/core/memory-adapters.ts'
import { anyText, FUZZ_RUNS_IO, paymentKey } from '../../../test-support/core/fuzz.ts'
import { MAX_BODY_BYTES } from './http-guards.ts'
import { generateIntakeKey } from './intake-key.ts'
import { startIntakeServer, type IntakeServer, type IntakeServerDeps } from './intake-server.ts'
import { FakeIntake, send, type RawAnswer } from '../../../test-support/core/fake-intake.ts'
import { posRequest, signRequest } from '../../../test-support/core/intake-signing.ts'

const KEY = generateIntakeKey()
const ORDER = '0f8fad5b-d9cb-469f-a165-70867728950e'
const POST_JSON = { 'Content-Type': 'application/json' }
/** The signature headers for one request, made with the key as a POS makes them. */
const signed = (method: string, path: string, body?: string | Buffer) =>
  signRequest(KEY, { method, path, ...(body === undefined ? {} : { body }) }).headers

/** For tests that send many requests about something else than the rate. */
const NO_RATE_LIMIT = { limit: 1_000_000, windowMs: 1000 }

const servers: IntakeServer[] = []
const sockets: Socket[] = []

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function start(options: Partial<IntakeServerDeps> = {}) {
  const intake = new FakeIntake()
  const server = await startIntakeServer({
    port: 0,
    intake,
    keys: { current: KEY },
    ...options,
  })
  servers.push(server)
  return { server, intake }
}

const codeOf = (answer: RawAnswer) => (answer.json as { error?: { code: string } }).error?.code
const postOrder = (port: number, body: string | Buffer, headers: Record<string, string> = POST_JSON) =>
  send(port, {
    method: 'POST',
    path: '/v1/orders',
    headers: { ...signed('POST', '/v1/orders', body), ...headers },
    body,
  })

/** A raw TCP client: what it was sent back, once the server closes the connection. */
function rawConnection(port: number): { socket: Socket; closed: Promise<string> } {
  const socket = connect(port, '127.0.0.1')
  sockets.push(socket)
  const closed = new Promise<string>((resolve) => {
    let received = ''
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')))
    socket.on('error', () => undefined)
    socket.on('close', () => resolve(received))
  })
  return { socket, closed }
}

describe('who may call: the Host header (DNS rebinding)', () => {
  it.each([
    ['a rebinding name with the right port', (port: number) => `attacker.example:${String(port)}`],
    ['a rebinding name without a port', () => 'attacker.example'],
    ['loopback with another port', (port: number) => `127.0.0.1:${String(port + 1)}`],
    ['the loopback address without the port', () => '127.0.0.1'],
    ['the IPv6 loopback', (port: number) => `[::1]:${String(port)}`],
    ['a name that only starts like ours', (port: number) => `127.0.0.1:${String(port)}.attacker.example`],
  ])('refuses %s with 403, even with the key', async (_name, hostOf) => {
    const { server, intake } = await start()
    const answer = await postOrder(server.port, JSON.stringify({ payment_key: ORDER }), {
      ...POST_JSON,
      Host: hostOf(server.port),
    })
    expect([answer.status, codeOf(answer)]).toEqual([403, 'host-not-allowed'])
    expect(intake.added).toEqual([])
    const health = await send(server.port, { path: '/v1/health', headers: { Host: hostOf(server.port) } })
    expect(health.status).toBe(403)
  })

  it('takes localhost with its port, in any case', async () => {
    const { server } = await start()
    const answer = await send(server.port, {
      path: '/v1/health',
      headers: { Host: `LocalHost:${String(server.port)}` },
    })
    expect(answer.status).toBe(200)
  })

  it('listens on 127.0.0.1 only', async () => {
    const { server } = await start()
    expect(server.url).toBe(`http://127.0.0.1:${String(server.port)}`)
    await expect(
      new Promise((resolve, reject) => {
        const probe = connect(server.port, '::1')
        probe.on('connect', () => reject(new Error('reachable on ::1')))
        probe.on('error', resolve)
      }),
    ).resolves.toBeDefined()
  })

  it('says the port is taken with Node’s EADDRINUSE', async () => {
    const { server } = await start()
    await expect(start({ port: server.port })).rejects.toMatchObject({ code: 'EADDRINUSE' })
  })
})

describe('what a web page could send: CORS, content types', () => {
  it('refuses a CORS preflight (OPTIONS) and never sends a CORS header', async () => {
    const { server } = await start()
    const preflight = await send(server.port, {
      method: 'OPTIONS',
      path: '/v1/orders',
      headers: {
        Origin: 'https://attacker.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type',
      },
    })
    expect([preflight.status, codeOf(preflight)]).toEqual([405, 'method-not-allowed'])
    expect(preflight.headers.allow).toBe('GET, POST')
    const withOrigin = await postOrder(server.port, JSON.stringify({ payment_key: ORDER }), {
      ...POST_JSON,
      Origin: 'https://attacker.example',
    })
    for (const answer of [preflight, withOrigin]) {
      expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([])
    }
  })

  it.each([
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'text/plain',
    'text/plain; charset=utf-8',
    'application/json; charset=iso-8859-1',
    'application/jsonp',
    'application/json-patch+json',
  ])('refuses a body sent as %s with 415, adding nothing', async (contentType) => {
    const { server, intake } = await start()
    const answer = await postOrder(server.port, JSON.stringify({ payment_key: ORDER }), {
      'Content-Type': contentType,
    })
    expect([answer.status, codeOf(answer)]).toEqual([415, 'unsupported-media-type'])
    expect(intake.added).toEqual([])
  })

  it('refuses a body with no Content-Type at all, and takes JSON with charset=utf-8', async () => {
    const { server } = await start()
    const body = JSON.stringify({ payment_key: ORDER })
    expect((await postOrder(server.port, body, {})).status).toBe(415)
    const utf8 = await postOrder(server.port, body, {
      'Content-Type': 'Application/JSON; charset="UTF-8"',
    })
    expect(utf8.status).toBe(201)
  })

  it('refuses a body that is not UTF-8 as malformed', async () => {
    const { server } = await start()
    const answer = await postOrder(server.port, Buffer.from([0x7b, 0xff, 0xfe, 0x7d]))
    expect([answer.status, codeOf(answer)]).toEqual([400, 'malformed-json'])
  })
})

describe('how much: body size, rate, time, connections', () => {
  it('takes a body of exactly 16 KiB and refuses one byte more with 413', async () => {
    const { server, intake } = await start()
    const json = JSON.stringify({ payment_key: ORDER })
    const exact = json + ' '.repeat(MAX_BODY_BYTES - json.length)
    expect((await postOrder(server.port, exact)).status).toBe(201)
    const over = await postOrder(server.port, `${exact} `)
    expect([over.status, codeOf(over)]).toEqual([413, 'body-too-large'])
    expect(intake.added).toHaveLength(1)
  })

  it('refuses an oversize body sent in chunks, without a declared length', async () => {
    const { server } = await start()
    const { socket, closed } = rawConnection(server.port)
    const chunk = 'x'.repeat(4096)
    const signature = Object.entries(signed('POST', '/v1/orders'))
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')
    socket.write(
      `POST /v1/orders HTTP/1.1\r\nHost: 127.0.0.1:${String(server.port)}\r\n${signature}` +
        'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
    )
    for (let sent = 0; sent <= 4 * MAX_BODY_BYTES; sent += chunk.length) socket.write(`1000\r\n${chunk}\r\n`)
    socket.write('0\r\n\r\n')
    // The rest of the body is read and dropped: the same connection answers the next request.
    socket.write(
      `GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1:${String(server.port)}\r\nConnection: close\r\n\r\n`,
    )
    const received = await closed
    expect(received).toMatch(/^HTTP\/1\.1 413 /)
    expect(received).toContain('"body-too-large"')
    expect(received).toMatch(/HTTP\/1\.1 200 OK[^]*"signed_in":true/)
  })

  it('answers the 51st request within a second with 429 and Retry-After, and lets requests in again after', async () => {
    const clock = new ManualClock()
    const { server } = await start({ clock })
    const health = () => send(server.port, { path: '/v1/health' })
    for (let index = 0; index < 50; index++) expect((await health()).status).toBe(200)
    const limited = await health()
    expect([limited.status, codeOf(limited), limited.headers['retry-after']]).toEqual([
      429,
      'rate-limited',
      '1',
    ])
    await clock.advance(999)
    expect((await health()).status).toBe(429)
    await clock.advance(1)
    expect((await health()).status).toBe(200)
  })

  it('counts refused requests too, so a key cannot be guessed faster than the limit', async () => {
    const clock = new ManualClock()
    const { server } = await start({ clock, limits: { rateLimit: { limit: 3, windowMs: 1000 } } })
    const wrong = () =>
      send(server.port, { path: `/v1/orders/${ORDER}`, headers: { Authorization: 'Bearer x' } })
    for (let index = 0; index < 3; index++) expect((await wrong()).status).toBe(401)
    expect((await wrong()).status).toBe(429)
  })

  it('closes a slow-loris connection that never finishes its headers (headersTimeout)', async () => {
    const { server } = await start({
      limits: { headersTimeoutMs: 50, requestTimeoutMs: 100 },
    })
    const { socket, closed } = rawConnection(server.port)
    socket.write(`GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1:${String(server.port)}\r\nX-Slow: 1`)
    expect(await closed).toMatch(/^HTTP\/1\.1 408 /)
  })

  it('over its cap, closes the oldest connection not proven by a signed request, never a proven one', async () => {
    const { server } = await start({ limits: { maxConnections: 2 } })
    const path = `/v1/orders/${ORDER}`
    const signedGet = () =>
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${String(server.port)}\r\n` +
      Object.entries(signed('GET', path))
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      '\r\n'
    const pos = rawConnection(server.port)
    let posReceived = ''
    pos.socket.on('data', (chunk: Buffer) => (posReceived += chunk.toString('latin1')))
    pos.socket.write(signedGet())
    await expect.poll(() => posReceived).toMatch(/^HTTP\/1\.1 404 /)
    const idle = rawConnection(server.port)
    await new Promise((resolve) => idle.socket.once('connect', resolve))
    const newer = rawConnection(server.port)
    // The idle one made room for the newer one; the POS's kept-alive connection was left alone.
    expect(await idle.closed).toBe('')
    newer.socket.write(`GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1:${String(server.port)}\r\n\r\n`)
    pos.socket.write(signedGet())
    await expect.poll(() => posReceived.match(/HTTP\/1\.1 404 /g)?.length).toBe(2)
  })

  it('keeps answering the signed POS through a flood of unsigned requests and slow connections', async () => {
    const { server } = await start()
    const url = `http://127.0.0.1:${String(server.port)}`
    const host = `Host: 127.0.0.1:${String(server.port)}\r\n`
    // Slowloris: more connections than the cap, each stuck in its headers.
    for (let index = 0; index < 40; index++)
      rawConnection(server.port).socket.write(`GET /v1/health HTTP/1.1\r\n${host}X-Slow: `)
    let flooding = true
    let flooded = 0
    const flood = async () => {
      while (flooding) {
        flooded += 1
        const wrongKey = generateIntakeKey()
        await Promise.all([
          send(server.port, { path: '/v1/health' }).catch(() => undefined),
          send(server.port, {
            method: 'POST',
            path: '/v1/orders',
            headers: {
              ...signRequest(wrongKey, { method: 'POST', path: '/v1/orders', body: '{}' }).headers,
              ...POST_JSON,
            },
            body: '{}',
          }).catch(() => undefined),
        ])
      }
    }
    const flooders = Array.from({ length: 8 }, flood)
    let answered = 0
    for (let index = 0; index < 30; index++) {
      const answer = await posRequest(url, KEY, { path: `/v1/orders/${ORDER}` })
      if (answer.status === 404 && answer.fromApp) answered += 1
    }
    flooding = false
    await Promise.all(flooders)
    expect(flooded).toBeGreaterThan(30)
    expect(answered).toBe(30)
  })
})

describe('the nonce: spent only by a request acted on (issue 27.4)', () => {
  /** One signed request, kept to be sent again exactly as it was (the same nonce, time and body). */
  const keptRequest = (clock: ManualClock, body: string) => {
    const headers = {
      ...signRequest(KEY, {
        method: 'POST',
        path: '/v1/orders',
        body,
        timestamp: Math.floor(clock.now() / 1000),
      }).headers,
      ...POST_JSON,
    }
    return (port: number) => send(port, { method: 'POST', path: '/v1/orders', headers, body })
  }

  it('a request answered 429 is taken when the POS sends it again as it was', async () => {
    const clock = new ManualClock()
    const { server, intake } = await start({ clock, limits: { rateLimit: { limit: 2, windowMs: 1000 } } })
    const first = keptRequest(clock, JSON.stringify({ payment_key: ORDER }))
    const other = keptRequest(clock, JSON.stringify({ payment_key: '3f2b7c9e-1a4d-4e8b-9c2f-5d6e7f8a9b0c' }))
    const third = keptRequest(clock, JSON.stringify({ payment_key: '7c9e6679-7425-40de-944b-e07fc1f90ae7' }))
    expect((await first(server.port)).status).toBe(201)
    expect((await other(server.port)).status).toBe(201)
    const limited = await third(server.port)
    expect([limited.status, codeOf(limited)]).toEqual([429, 'rate-limited'])
    await clock.advance(1000)
    const again = await third(server.port)
    expect([again.status, codeOf(again)]).toEqual([201, undefined])
    expect(intake.added).toHaveLength(3)
    // One acted on is spent: the same request again is a replay.
    const replayed = await first(server.port)
    expect([replayed.status, codeOf(replayed)]).toEqual([401, 'request-replayed'])
  })

  it.each([
    ['a bad field', JSON.stringify({ payment_key: ORDER, label: 7 }), [422, 'invalid-label']],
    ['an unknown field', JSON.stringify({ payment_key: ORDER, kurye: 'Ahmet' }), [422, 'unknown-field']],
    ['a body that is not JSON', '{"payment_key":', [400, 'malformed-json']],
    ['a body over 16 KiB', ' '.repeat(MAX_BODY_BYTES + 1), [413, 'body-too-large']],
  ] as const)(
    'a request refused for %s is refused the same way again, not as a replay',
    async (_name, body, why) => {
      const clock = new ManualClock()
      const { server, intake } = await start({ clock, limits: { rateLimit: NO_RATE_LIMIT } })
      const request = keptRequest(clock, body)
      for (let index = 0; index < 2; index++) {
        const answer = await request(server.port)
        expect([answer.status, codeOf(answer)]).toEqual(why)
      }
      expect(intake.added).toEqual([])
    },
  )

  it('remembers no nonce of a request refused for the rate: a signed flood leaves each one to send again', async () => {
    const clock = new ManualClock()
    const { server, intake } = await start({ clock, limits: { rateLimit: { limit: 2, windowMs: 1000 } } })
    const keys = Array.from(
      { length: 12 },
      (_, index) => `0f8fad5b-d9cb-469f-a165-${String(index).padStart(12, '0')}`,
    )
    const requests = keys.map((key) => keptRequest(clock, JSON.stringify({ payment_key: key })))
    const flood = await Promise.all(requests.map((request) => request(server.port)))
    expect(flood.filter((answer) => answer.status === 201)).toHaveLength(2)
    expect(flood.filter((answer) => answer.status === 429)).toHaveLength(10)
    // Each refused one, sent again as it was, two a second: taken, never `request-replayed`.
    for (const [index, request] of requests.entries()) {
      if (flood[index]?.status !== 429) continue
      let answer = await request(server.port)
      while (answer.status === 429) {
        await clock.advance(1000)
        answer = await request(server.port)
      }
      expect([answer.status, codeOf(answer)]).toEqual([201, undefined])
    }
    expect(new Set(intake.added.map((entry) => entry.order.paymentKey)).size).toBe(12)
  })

  it('holds no more nonces than its bound: one over it, at the edge of two windows, is answered 429', async () => {
    const clock = new ManualClock()
    // One a second: the bound is 120 (replayStoreBound), each nonce held 120 s.
    const { server, intake } = await start({ clock, limits: { rateLimit: { limit: 1, windowMs: 1000 } } })
    const post = (index: number) =>
      keptRequest(
        clock,
        JSON.stringify({ payment_key: `0f8fad5b-d9cb-469f-a165-${String(index).padStart(12, '0')}` }),
      )(server.port)
    for (let index = 0; index < 120; index++) {
      expect((await post(index)).status).toBe(201)
      await clock.advance(1000)
    }
    // 120 s after the first: the rate lets it through, the first nonce is still held, the store is full.
    const full = await post(120)
    expect([full.status, codeOf(full), full.headers['retry-after']]).toEqual([429, 'rate-limited', '1'])
    await clock.advance(1)
    expect((await post(120)).status).toBe(201)
    expect(intake.added).toHaveLength(121)
  })
})

describe('whatever a POS sends (fuzz)', () => {
  const field = (valid: fc.Arbitrary<unknown>) =>
    fc.option(fc.oneof(valid, anyText(160), fc.integer(), fc.boolean(), fc.constant(null)), {
      nil: undefined,
    })

  it('answers 200/201 with a valid view, or 400/422 in the error shape: never 500, never anything it was not sent', async () => {
    const { server, intake } = await start({ limits: { rateLimit: NO_RATE_LIMIT } })
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            payment_key: fc.oneof(paymentKey, anyText(80)),
            shipping_method: field(fc.constantFrom('delivery', 'pickup')),
            payment_method: field(fc.constantFrom('CASH', 'CREDIT_CARD')),
            courier_type: field(fc.constantFrom('restaurant', 'platform')),
            label: field(anyText(130)),
            extra: field(fc.string()),
          },
          { requiredKeys: [] },
        ),
        async (body) => {
          const before = intake.added.length
          const answer = await postOrder(server.port, JSON.stringify(body))
          expect([200, 201, 400, 422]).toContain(answer.status)
          if (answer.status >= 400) {
            expect(Object.keys((answer.json as { error: object }).error).sort()).toEqual([
              'code',
              'message_en',
              'message_tr',
            ])
            expect(intake.added.length).toBe(before)
            return
          }
          const added = intake.added.at(-1)?.order
          expect(added?.paymentKey).toMatch(/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/)
          expect(['delivery', 'pickup', undefined]).toContain(added?.details.shippingMethod)
          expect(['restaurant', 'platform', undefined]).toContain(added?.details.courierType)
          expect(body.extra).toBeUndefined()
        },
      ),
      FUZZ_RUNS_IO,
    )
  })

  it('answers any path with a JSON error or a view, never a crash', async () => {
    const { server } = await start({ limits: { rateLimit: NO_RATE_LIMIT } })
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          anyText(100).map((text) => Buffer.from(text)),
          fc.uint8Array(),
        ),
        async (bytes) => {
          // Every byte percent-encoded: lone surrogates, invalid UTF-8, slashes and NULs reach the router.
          const path = `/v1/orders/${[...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')}`
          const answer = await send(server.port, { path, headers: signed('GET', path) })
          expect([404, 422]).toContain(answer.status)
          expect(codeOf(answer)).toMatch(/^(order-not-found|no-order-id|several-order-ids|not-found)$/)
        },
      ),
      FUZZ_RUNS_IO,
    )
  })
})

describe('the log', () => {
  it('never holds a key sent, and a flood of refusals writes one line per code per minute', async () => {
    const clock = new ManualClock()
    const log = recordingLogger()
    const { server } = await start({ clock, log, limits: { rateLimit: NO_RATE_LIMIT } })
    const wrongKey = generateIntakeKey()
    for (let index = 0; index < 20; index++) {
      await send(server.port, {
        path: `/v1/orders/${ORDER}`,
        headers: { Authorization: `Bearer ${wrongKey}` },
      })
    }
    await send(server.port, {
      path: '/v1/health',
      headers: { Authorization: `Bearer ${KEY}`, Host: 'attacker.example' },
    })
    expect(log.lines.filter((line) => line.includes('"reason":"unauthorized"'))).toHaveLength(1)
    await clock.advance(60_000)
    await send(server.port, { path: `/v1/orders/${ORDER}`, headers: { Authorization: `Bearer ${wrongKey}` } })
    expect(log.lines.filter((line) => line.includes('"reason":"unauthorized"')).at(-1)).toContain(
      '"refusedSinceLastLine":19',
    )
    expect(log.lines.some((line) => line.includes('"reason":"host-not-allowed"'))).toBe(true)
    for (const line of log.lines) {
      expect(line).not.toContain(KEY)
      expect(line).not.toContain(wrongKey)
    }
  })
})

describe('what a refusal says, in its headers and in the log', () => {
  it('a request that failed in the app spends its nonce: sent again as it was, it is a replay', async () => {
    const clock = new ManualClock()
    const { server, intake } = await start({ clock, limits: { rateLimit: NO_RATE_LIMIT } })
    const body = JSON.stringify({ payment_key: ORDER })
    const headers = {
      ...signRequest(KEY, {
        method: 'POST',
        path: '/v1/orders',
        body,
        timestamp: Math.floor(clock.now() / 1000),
      }).headers,
      ...POST_JSON,
    }
    intake.failNext = new Error('the disk is gone')
    const failed = await send(server.port, { method: 'POST', path: '/v1/orders', headers, body })
    expect([failed.status, codeOf(failed)]).toEqual([500, 'internal'])
    const again = await send(server.port, { method: 'POST', path: '/v1/orders', headers, body })
    expect([again.status, codeOf(again)]).toEqual([401, 'request-replayed'])
    expect(intake.added).toEqual([])
  })

  it('only a 401 asks for the signature, and only a rate refusal says when to come back', async () => {
    const { server } = await start({ limits: { rateLimit: NO_RATE_LIMIT } })
    const notFound = await send(server.port, { path: '/v1/nothing', headers: signed('GET', '/v1/nothing') })
    expect(notFound.status).toBe(404)
    expect(notFound.headers['www-authenticate']).toBeUndefined()
    expect(notFound.headers['retry-after']).toBeUndefined()
    const unsigned = await send(server.port, { path: `/v1/orders/${ORDER}` })
    expect(unsigned.status).toBe(401)
    expect(unsigned.headers['www-authenticate']).toBe('Intake-Signature')
    expect(unsigned.headers['retry-after']).toBeUndefined()
  })

  it('a refusal for the Host is not signed, though the request was', async () => {
    const { server } = await start()
    const answer = await send(server.port, {
      path: '/v1/health',
      headers: { ...signed('GET', '/v1/health'), Host: 'evil.example' },
    })
    expect([answer.status, codeOf(answer)]).toEqual([403, 'host-not-allowed'])
    expect(answer.headers['x-intake-response-signature']).toBeUndefined()
  })

  it('logs a failure of the app as an error with its cause, and a refusal with its code and a short path', async () => {
    const log = recordingLogger()
    const { server, intake } = await start({ log, limits: { rateLimit: NO_RATE_LIMIT } })
    intake.failNext = new Error('the disk is gone')
    const body = JSON.stringify({ payment_key: ORDER })
    await send(server.port, {
      method: 'POST',
      path: '/v1/orders',
      headers: { ...signed('POST', '/v1/orders', body), ...POST_JSON },
      body,
    })
    const errors = log.lines.filter((line) => line.startsWith('error '))
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain('intake: a request failed')
    expect(errors[0]).toContain('the disk is gone')
    expect(log.lines.some((line) => line.includes('refused a request'))).toBe(false)

    const long = `/v1/${'x'.repeat(300)}`
    await send(server.port, { path: long, headers: signed('GET', long) })
    const refused = log.lines.filter((line) => line.includes('intake: refused a request'))
    expect(refused).toHaveLength(1)
    expect(refused[0]).toContain('"reason":"not-found"')
    expect(refused[0]).toContain('"method":"GET"')
    expect(refused[0]).toContain(`"path":"${long.slice(0, 120)}"`)
    expect(refused[0]).not.toContain(long.slice(0, 121))
    expect(log.lines.filter((line) => line.startsWith('error '))).toHaveLength(1)
  })
})

describe('a signed request whose body cannot be read', () => {
  it('counts against the rate of unkeyed callers: its signature was never checked', async () => {
    const clock = new ManualClock()
    const { server } = await start({ clock, limits: { rateLimit: { limit: 3, windowMs: 1000 } } })
    const body = ' '.repeat(MAX_BODY_BYTES + 1)
    const answers: (string | undefined)[] = []
    for (let index = 0; index < 4; index++) answers.push(codeOf(await postOrder(server.port, body)))
    expect(answers).toEqual(['body-too-large', 'body-too-large', 'body-too-large', 'rate-limited'])
  })
})

describe('a request-target that is not a path', () => {
  it('is not the health route (so it asks for a signature), and the log keeps no part of it', async () => {
    const log = recordingLogger()
    const { server } = await start({ log })
    const { socket, closed } = rawConnection(server.port)
    const host = `127.0.0.1:${String(server.port)}`
    socket.write(`GET http://${host}/v1/health HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)
    expect(await closed).toMatch(/^HTTP\/1\.1 401 /)
    const refused = log.lines.filter((line) => line.includes('intake: refused a request'))
    expect(refused).toHaveLength(1)
    expect(refused[0]).toContain('"path":""')
  })
})

describe('the log of the intake’s server', () => {
  it('names it: its lines start with "intake:"', async () => {
    const log = recordingLogger()
    const { server } = await start({ log })
    expect(log.lines).toContainEqual(expect.stringContaining('intake: serving'))
    expect(log.lines.join('\n')).toContain(`"port":${String(server.port)}`)
  })
})
