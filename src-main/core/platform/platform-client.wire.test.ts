// What the client puts on the wire and how it reads answers the mock platform never gives, against a tiny local
// HTTPS server that records every request.
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { AppError } from '../../../src-shared/errors.ts'
import { createNodeFetch } from '../../web/node-fetch.ts'
import type { PlatformClient, PlatformClientDeps } from './platform-client.ts'
import { createPlatformClient, PlatformCallError } from './platform-client.ts'
import type { LocalHttpsServer } from '../../../test-support/core/local-https-server.ts'
import {
  ensureTestCertificates,
  sendJson,
  startLocalHttpsServer,
} from '../../../test-support/core/local-https-server.ts'

const USER_AGENT = 'pos-companion/0.1.0-test'
const FAST_RETRY = { limit: 2, baseDelayMs: 10, maxDelayMs: 50 }
const credentials = { appSecretKey: 'app-secret', restSecretKey: 'rest-secret' }
const OK = { status: true, data: 'OK' }

let server: LocalHttpsServer
let dataDir: string
let trustingFetch: typeof fetch

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'platform-wire-'))
  server = await startLocalHttpsServer(await ensureTestCertificates(dataDir))
  trustingFetch = createNodeFetch({ extraCaPem: server.caPem })
})

afterAll(async () => {
  await server.close()
  await rm(dataDir, { recursive: true, force: true })
})

beforeEach(() => {
  server.requests.length = 0
})

function client(overrides: Partial<PlatformClientDeps> = {}): PlatformClient {
  return createPlatformClient({
    redactText: (text) => text,
    baseUrl: server.baseUrl,
    fetch: trustingFetch,
    userAgent: USER_AGENT,
    timeoutMs: 5_000,
    retry: FAST_RETRY,
    ...overrides,
  })
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(PlatformCallError)
    // What crosses the bridge must satisfy the shared schema (lengths, codes).
    return AppError.parse((error as PlatformCallError).appError)
  }
  throw new Error('expected the call to fail')
}

describe('requests', () => {
  it('posts the credentials as JSON to auth/login below the base path, without an Access-Token', async () => {
    server.handle((_request, res) =>
      sendJson(res, 200, {
        status: true,
        data: { access_token: 't', expiration_date: '2030-01-01 00:00:00' },
      }),
    )
    await client().login(credentials)
    const [login] = server.requests
    expect(login?.method).toBe('POST')
    expect(login?.url).toBe('/integrations/auth/login')
    expect(login?.headers['user-agent']).toBe(USER_AGENT)
    expect(login?.headers['content-type']).toMatch(/^application\/json/)
    expect(login?.headers['access-token']).toBeUndefined()
    expect(JSON.parse(login?.body ?? '')).toEqual({
      app_secret_key: 'app-secret',
      rest_secret_key: 'rest-secret',
    })
  })

  it('sends User-Agent and Access-Token on the other calls, with the right methods and paths', async () => {
    server.handle((request, res) => {
      if (request.url.endsWith('/restaurants/get')) sendJson(res, 200, { status: true, data: [] })
      else if (request.url.endsWith('/orders/variables')) {
        sendJson(res, 200, { status: true, data: { paymentMethod: [], shippingMethod: [] } })
      } else sendJson(res, 200, OK)
    })
    const api = client({ baseUrl: `${server.baseUrl}/` })
    await api.listBranches('token-1')
    await api.getVariables('token-1')
    await api.markOnTheWay('token-1', '0d3e1f00-5a1b-4c2d-8e3f-100000000001')
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /integrations/restaurants/get',
      'GET /integrations/orders/variables',
      'PUT /integrations/orders/ontheway/0d3e1f00-5a1b-4c2d-8e3f-100000000001',
    ])
    for (const request of server.requests) {
      expect(request.headers['user-agent']).toBe(USER_AGENT)
      expect(request.headers['access-token']).toBe('token-1')
      expect(request.headers.accept).toBe('application/json')
    }
    expect(server.requests[2]?.body).toBe('')
  })

  it('puts the payment key into the path as one encoded segment', async () => {
    server.handle((_request, res) => sendJson(res, 200, OK))
    await client().markOnTheWay('t', 'a/b c?d#e%')
    expect(server.requests[0]?.url).toBe('/integrations/orders/ontheway/a%2Fb%20c%3Fd%23e%25')
  })

  it('refuses a payment key that cannot be one path segment, without a request', async () => {
    for (const key of ['', '.', '..']) {
      expect(await failure(client().markOnTheWay('t', key))).toEqual({
        code: 'invalid-input',
        retryable: false,
      })
    }
    expect(server.requests).toHaveLength(0)
  })

  it('ignores extra fields and accepts method keys beyond the spec (D6)', async () => {
    server.handle((_request, res) =>
      sendJson(res, 200, {
        status: true,
        extra: 1,
        data: {
          paymentMethod: [{ key: 'MEAL_VOUCHER', name: 'Yemek Kartı', icon: 'x' }],
          shippingMethod: [],
          somethingNew: true,
        },
      }),
    )
    expect(await client().getVariables('t')).toEqual({
      paymentMethods: [{ key: 'MEAL_VOUCHER', name: 'Yemek Kartı' }],
      shippingMethods: [],
    })
  })
})

describe('answers', () => {
  it('classifies an envelope on a 200 by its error string (D4)', async () => {
    server.handle((_request, res) => sendJson(res, 200, { status: false, error: 'sipariş bulunamadı' }))
    expect(await failure(client().markOnTheWay('t', 'k'))).toEqual({
      code: 'order-not-found',
      retryable: false,
      httpStatus: 200,
      platformError: 'sipariş bulunamadı',
    })
  })

  it('does not retry a 5xx whose envelope names a spec error', async () => {
    server.handle((_request, res) =>
      sendJson(res, 500, { status: false, error: 'URL hatalı', message: 'bad' }),
    )
    expect(await failure(client().markOnTheWay('t', 'k'))).toMatchObject({
      code: 'malformed-url',
      httpStatus: 500,
    })
    expect(server.requests).toHaveLength(1)
  })

  it('reads an envelope sent as text/plain', async () => {
    server.handle((_request, res) => {
      res.writeHead(401, { 'content-type': 'text/plain' })
      res.end(JSON.stringify({ status: false, error: 'yetkisiz erişim' }))
    })
    expect(await failure(client().listBranches('t'))).toMatchObject({ code: 'signed-out', httpStatus: 401 })
  })

  it('refuses an on-the-way answer other than data "OK", and status true sent as a string', async () => {
    server.handle((_request, res) => sendJson(res, 200, { status: true, data: 'PENDING' }))
    expect(await failure(client().markOnTheWay('t', 'k'))).toMatchObject({ code: 'unexpected-answer' })
    server.handle((_request, res) => sendJson(res, 200, { status: 'true', data: 'OK' }))
    expect(await failure(client().markOnTheWay('t', 'k'))).toMatchObject({ code: 'unexpected-answer' })
  })

  it('refuses a blank branch id', async () => {
    server.handle((_request, res) => sendJson(res, 200, { status: true, data: [{ id: ' ', name: 'Moda' }] }))
    expect(await failure(client().listBranches('t'))).toMatchObject({
      code: 'unexpected-answer',
      httpStatus: 200,
    })
  })

  it('reports a 4xx without an envelope as an unexpected answer with its status, not retried', async () => {
    server.handle((_request, res) =>
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>'),
    )
    expect(await failure(client().listBranches('t'))).toEqual({
      code: 'unexpected-answer',
      retryable: false,
      httpStatus: 404,
    })
    expect(server.requests).toHaveLength(1)
  })

  it('does not follow a redirect (the Access-Token would go with it)', async () => {
    server.handle((request, res) => {
      if (request.url.endsWith('/elsewhere')) sendJson(res, 200, { status: true, data: [] })
      else res.writeHead(302, { location: `${server.origin}/elsewhere` }).end()
    })
    expect(await failure(client().listBranches('t'))).toEqual({
      code: 'unexpected-answer',
      retryable: false,
      httpStatus: 302,
    })
    expect(server.requests.map((r) => r.url)).toEqual(['/integrations/restaurants/get'])
  })
})

describe('size cap', () => {
  it('refuses by the declared Content-Length without waiting for the body', async () => {
    server.handle((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 5 * 1024 * 1024 })
      res.write('{"status":true,') // and never the rest: only the header can end this quickly
    })
    expect(await failure(client({ timeoutMs: 10_000 }).listBranches('t'))).toMatchObject({
      code: 'unexpected-answer',
      httpStatus: 200,
    })
  })

  it('counts the bytes of a chunked body and stops the transfer past the cap', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'x')
    let written = 0
    let closed: () => void = () => undefined
    const connectionClosed = new Promise<void>((resolve) => (closed = resolve))
    server.handle((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }) // no Content-Length: chunked
      res.on('close', closed)
      const pump = () => {
        // 64 MiB if nobody stops us; the client must hang up long before.
        while (!res.destroyed && written < 64 * 1024 * 1024) {
          written += chunk.length
          if (!res.write(chunk)) {
            res.once('drain', pump)
            return
          }
        }
      }
      pump()
    })
    expect(await failure(client({ maxResponseBytes: 256 * 1024 }).listBranches('t'))).toMatchObject({
      code: 'unexpected-answer',
      httpStatus: 200,
    })
    await connectionClosed
    expect(written).toBeLessThan(64 * 1024 * 1024)
  })

  it('keeps the status of an oversized error answer, so a 503 is still a retried server error', async () => {
    server.handle((_request, res) => {
      const page = Buffer.alloc(4096, 'x')
      res.writeHead(503, { 'content-type': 'text/html', 'content-length': page.length }).end(page)
    })
    expect(await failure(client({ maxResponseBytes: 1024 }).listBranches('t'))).toEqual({
      code: 'server-error',
      retryable: true,
      httpStatus: 503,
    })
    expect(server.requests).toHaveLength(FAST_RETRY.limit + 1)
  })
})

describe('Retry-After', () => {
  it('honours an HTTP date', async () => {
    // The clock the client reads the date against is set, not read (only Date is faked; timers stay real).
    const now = Date.parse('2026-05-04T10:20:30Z')
    vi.useFakeTimers({ toFake: ['Date'], now })
    const timers = vi.spyOn(globalThis, 'setTimeout')
    // Whole seconds only in an HTTP date: one second after `now`.
    const retryAt = new Date(now + 1000)
    server.handle((_request, res) => {
      if (server.requests.length === 1) {
        sendJson(
          res,
          429,
          { status: false, error: 'çok fazla istek' },
          { 'retry-after': retryAt.toUTCString() },
        )
      } else sendJson(res, 200, { status: true, data: [] })
    })
    try {
      await client({ retry: { limit: 1, baseDelayMs: 10, maxDelayMs: 5_000 } }).listBranches('t')
      // The wait before the retry is the date's distance from now, exactly.
      expect(timers.mock.calls.map(([, ms]) => ms)).toContain(1000)
    } finally {
      timers.mockRestore()
      vi.useRealTimers()
    }
    expect(server.requests).toHaveLength(2)
  })

  it('caps a long Retry-After at maxDelayMs', async () => {
    server.handle((_request, res) =>
      sendJson(res, 429, { status: false, error: 'x' }, { 'retry-after': '3600' }),
    )
    expect(await failure(client().listBranches('t'))).toMatchObject({ code: 'rate-limited', httpStatus: 429 })
    expect(server.requests).toHaveLength(FAST_RETRY.limit + 1)
  })
})

describe('connection failures', () => {
  it('retries a refused connection, then reports unreachable', async () => {
    const closedPort = await freePort()
    let attempts = 0
    const counting: typeof fetch = (input, init) => {
      attempts += 1
      return trustingFetch(input, init)
    }
    const error = await failure(
      client({ baseUrl: `https://127.0.0.1:${closedPort}/x`, fetch: counting }).login(credentials),
    )
    expect(error).toEqual({ code: 'unreachable', retryable: true })
    expect(attempts).toBe(FAST_RETRY.limit + 1)
  })
})

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}
