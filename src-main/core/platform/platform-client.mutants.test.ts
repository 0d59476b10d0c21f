// Rules of the platform client that Stryker found unpinned (issue 23); each test fails on the mutants named
// beside it. No server: the fetch port is a stand-in.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createBoundedFetch, ResponseTooLargeError } from './bounded-fetch.ts'
import { createPlatformClient, PlatformCallError, type PlatformClientDeps } from './platform-client.ts'
import { within } from '../../../test-support/core/within.ts'

const BRANCHES = JSON.stringify({ status: true, data: [{ id: 'b1', name: 'Kadıköy' }] })

function client(fetch: typeof globalThis.fetch, overrides: Partial<PlatformClientDeps> = {}) {
  return createPlatformClient({
    baseUrl: 'https://platform.example.com/integrations',
    fetch,
    userAgent: 'pos-companion/0.1.0-test',
    redactText: (text) => text,
    retry: { limit: 2, baseDelayMs: 0, maxDelayMs: 0 },
    ...overrides,
  })
}

async function rejection(promise: Promise<unknown>): Promise<PlatformCallError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(PlatformCallError)
    return error as PlatformCallError
  }
  throw new Error('expected the call to fail')
}

function setupFailure(overrides: Partial<PlatformClientDeps>): PlatformCallError {
  try {
    client(() => Promise.reject(new Error('nothing is sent')), overrides)
  } catch (error) {
    expect(error).toBeInstanceOf(PlatformCallError)
    return error as PlatformCallError
  }
  throw new Error('expected the setup to be refused')
}

describe('an answer over the size cap (D9)', () => {
  // bounded-fetch: the refusal of a 2xx answer over the cap dropped (its condition made false, or the throw).
  it('is refused by the bounded fetch itself, with its status, not handed on cut short', async () => {
    const bounded = createBoundedFetch(() => Promise.resolve(new Response('x'.repeat(2048))), 1024)
    const refused = await bounded('https://platform.example.com/').then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(ResponseTooLargeError)
    expect(refused).toMatchObject({ httpStatus: 200 })
  })

  it('says so in the failure the log keeps, and is asked once only', async () => {
    let calls = 0
    const fetch = () => {
      calls += 1
      return Promise.resolve(new Response(BRANCHES.padEnd(4096, ' ')))
    }
    const error = await rejection(client(fetch, { maxResponseBytes: 1024 }).listBranches('t'))
    expect(error.appError).toEqual({ code: 'unexpected-answer', retryable: false, httpStatus: 200 })
    expect(error.message).toBe('platform branches: unexpected-answer (HTTP 200, answer too large)')
    expect(calls).toBe(1)
  })
})

describe('an answer at the size cap', () => {
  /** A body that arrives in pieces, with or without a declared length. */
  function chunked(pieces: string[], declared: boolean): typeof globalThis.fetch {
    const bytes = pieces.map((piece) => new TextEncoder().encode(piece))
    const length = bytes.reduce((sum, piece) => sum + piece.byteLength, 0)
    return () =>
      Promise.resolve(
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              for (const piece of bytes) controller.enqueue(piece)
              controller.close()
            },
          }),
          declared ? { headers: { 'content-length': String(length) } } : {},
        ),
      )
  }

  // `declared > maxBytes` and `total > maxBytes` as `>=`; the pieces joined with `offset -=`.
  it.each([true, false])('is served whole, its pieces in order (length declared: %s)', async (declared) => {
    const pieces = ['{"status":true,', '"data":[{"id":"b1",', '"name":"Kadıköy"}]}']
    const cap = new TextEncoder().encode(pieces.join('')).byteLength
    const bounded = createBoundedFetch(chunked(pieces, declared), cap)
    expect(await (await bounded('https://platform.example.com/')).text()).toBe(pieces.join(''))
  })
})

describe('the options, checked before anything is sent', () => {
  // checkedInteger: its message blanked, or the wrong word for a bound of 1 or of 0.
  it('names the option and the bound it broke', () => {
    expect(setupFailure({ timeoutMs: 0 }).message).toBe(
      'platform setup: invalid-input (timeoutMs must be a positive integer)',
    )
    expect(setupFailure({ maxResponseBytes: 1.5 }).message).toBe(
      'platform setup: invalid-input (maxResponseBytes must be a positive integer)',
    )
    expect(setupFailure({ retry: { limit: -1, baseDelayMs: 0, maxDelayMs: 0 } }).message).toBe(
      'platform setup: invalid-input (retry.limit must be a non-negative integer)',
    )
    expect(setupFailure({ retry: { limit: 0, baseDelayMs: -1, maxDelayMs: 0 } }).message).toBe(
      'platform setup: invalid-input (retry.baseDelayMs must be a non-negative integer)',
    )
    expect(setupFailure({ retry: { limit: 0, baseDelayMs: 0, maxDelayMs: 0.5 } }).message).toBe(
      'platform setup: invalid-input (retry.maxDelayMs must be a non-negative integer)',
    )
    expect(setupFailure({ timeoutMs: 0 }).appError).toEqual({ code: 'invalid-input', retryable: false })
  })
})

describe('what a failure says for the log', () => {
  const answering = (body: string) => () => Promise.resolve(new Response(body))

  // The call names blanked; the "not JSON" catch emptied (it then read as a wrong shape); the envelope test forced.
  it('names the call and why the answer was refused', async () => {
    expect((await rejection(client(answering('<html>')).listBranches('t'))).message).toBe(
      'platform branches: unexpected-answer (HTTP 200, not JSON)',
    )
    expect((await rejection(client(answering('{"status":true}')).getVariables('t'))).message).toBe(
      'platform variables: unexpected-answer (HTTP 200, wrong shape)',
    )
  })

  it('says why the base address was refused', () => {
    expect(setupFailure({ baseUrl: 'not an address' }).message).toBe(
      'platform setup: invalid-input (base address is not a URL)',
    )
    expect(setupFailure({ baseUrl: 'http://platform.example.com/integrations' }).message).toBe(
      'platform setup: insecure-address',
    )
  })

  // platformBaseUrl: the credentials test with `&&`, or either half made false.
  it.each([
    'https://user@platform.example.com/integrations',
    'https://:secret@platform.example.com/integrations',
    'https://platform.example.com/integrations?x=1',
    'https://platform.example.com/integrations#x',
  ])('refuses a base address that carries more than a place: %s', (baseUrl) => {
    expect(setupFailure({ baseUrl }).message).toBe(
      'platform setup: invalid-input (base address must not carry credentials, a query or a fragment)',
    )
  })
})

/** What the client put on the wire, as the fetch port received it. */
interface Sent {
  method: string
  url: string
  headers: Headers
  body: string
  redirect: RequestRedirect
}

/** A platform stand-in at the fetch port: answers each request (1-based attempt number) and keeps what came. */
function stubPlatform(answer: (sent: Sent, attempt: number) => Response | Promise<Response>) {
  const sent: Sent[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init)
    const entry: Sent = {
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: await request.text(),
      redirect: request.redirect,
    }
    sent.push(entry)
    return answer(entry, sent.length)
  }
  return { fetch, sent }
}

const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(value), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
const OK = { status: true, data: 'OK' }
const LOGGED_IN = { status: true, data: { access_token: 'tok-1', expiration_date: '2030-01-01 00:00:00' } }

describe('what the client sends (spec section 4, D8, D12)', () => {
  it('posts the keys as JSON to auth/login below the base path, with User-Agent and no token', async () => {
    const platform = stubPlatform(() => json(200, LOGGED_IN))
    expect(await client(platform.fetch).login({ appSecretKey: 'app-k', restSecretKey: 'rest-k' })).toEqual({
      accessToken: 'tok-1',
      expirationDate: '2030-01-01 00:00:00',
    })
    const [login] = platform.sent
    expect(login?.method).toBe('POST')
    expect(login?.url).toBe('https://platform.example.com/integrations/auth/login')
    expect(login?.headers.get('user-agent')).toBe('pos-companion/0.1.0-test')
    expect(login?.headers.get('accept')).toBe('application/json')
    expect(login?.headers.get('access-token')).toBeNull()
    expect(JSON.parse(login?.body ?? '')).toEqual({ app_secret_key: 'app-k', rest_secret_key: 'rest-k' })
  })

  it('sends the token on the other calls, to their paths, with their methods', async () => {
    const platform = stubPlatform((sent) => {
      if (sent.url.endsWith('/restaurants/get')) {
        return json(200, { status: true, data: [{ id: 'b1', name: 'Moda', extra: 1 }] })
      }
      if (sent.url.endsWith('/orders/variables')) {
        return json(200, {
          status: true,
          data: {
            paymentMethod: [{ key: 'CASH', name: 'Nakit', icon: 'x' }],
            shippingMethod: [{ key: 'DELIVERY', name: 'Paket', icon: 'y' }],
          },
        })
      }
      return json(200, OK)
    })
    const api = client(platform.fetch, { baseUrl: 'https://platform.example.com/integrations/' })
    expect(await api.listBranches('tok-1')).toEqual([{ id: 'b1', name: 'Moda' }])
    expect(await api.getVariables('tok-1')).toEqual({
      paymentMethods: [{ key: 'CASH', name: 'Nakit' }],
      shippingMethods: [{ key: 'DELIVERY', name: 'Paket' }],
    })
    expect(await api.markOnTheWay('tok-1', 'a/b c?d#e%')).toEqual({ httpStatus: 200 })
    expect(platform.sent.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET https://platform.example.com/integrations/restaurants/get',
      'GET https://platform.example.com/integrations/orders/variables',
      'PUT https://platform.example.com/integrations/orders/ontheway/a%2Fb%20c%3Fd%23e%25',
    ])
    for (const request of platform.sent) {
      expect(request.headers.get('access-token')).toBe('tok-1')
      expect(request.headers.get('user-agent')).toBe('pos-companion/0.1.0-test')
      // A redirect would carry the Access-Token elsewhere: the fetch port is told not to follow one (D8).
      expect(request.redirect).toBe('manual')
    }
  })

  it.each(['', '.', '..', 'abc\ud800'])(
    'refuses the payment key %j, which cannot be one path segment, before sending',
    async (key) => {
      const platform = stubPlatform(() => json(200, OK))
      const error = await rejection(client(platform.fetch).markOnTheWay('t', key))
      expect(error.appError).toEqual({ code: 'invalid-input', retryable: false })
      expect(error.message).toBe('platform ontheway: invalid-input (payment key)')
      expect(platform.sent).toHaveLength(0)
    },
  )

  it('accepts the smallest timeout and cap, and a policy of no retries', async () => {
    const platform = stubPlatform(() => json(200, OK))
    const api = client(platform.fetch, {
      timeoutMs: 1_000,
      maxResponseBytes: 64,
      retry: { limit: 0, baseDelayMs: 0, maxDelayMs: 0 },
    })
    await expect(api.markOnTheWay('t', 'k')).resolves.toEqual({ httpStatus: 200 })
    expect(() => client(platform.fetch, { timeoutMs: 1, maxResponseBytes: 1 })).not.toThrow()
  })
})

describe('what is retried (D9)', () => {
  const NO_WAIT = { limit: 2, baseDelayMs: 0, maxDelayMs: 0 }

  it.each([
    [429, 'rate-limited'],
    [500, 'server-error'],
    [503, 'server-error'],
    [599, 'server-error'],
  ] as const)('retries a %i on every call, then gives up with %s', async (status, code) => {
    const platform = stubPlatform(() => json(status, { status: false, error: 'meşgul' }))
    const api = client(platform.fetch, { retry: NO_WAIT })
    const calls = [
      () => api.login({ appSecretKey: 'a', restSecretKey: 'b' }),
      () => api.listBranches('t'),
      () => api.getVariables('t'),
      () => api.markOnTheWay('t', 'k'),
    ]
    for (const call of calls) {
      const error = await rejection(call())
      expect(error.appError).toEqual({ code, retryable: true, httpStatus: status, platformError: 'meşgul' })
    }
    expect(platform.sent.map(({ method }) => method)).toEqual(
      ['POST', 'GET', 'GET', 'PUT'].flatMap((method) => [method, method, method]),
    )
  })

  it.each([400, 404, 409, 413, 422, 499])('answers a %i at once, never asking again', async (status) => {
    const platform = stubPlatform(() => json(status, { status: false, error: 'olmaz' }))
    const error = await rejection(client(platform.fetch).listBranches('t'))
    expect(error.appError).toEqual({
      code: 'platform-refused',
      retryable: false,
      httpStatus: status,
      platformError: 'olmaz',
    })
    expect(platform.sent).toHaveLength(1)
  })

  it('takes a 5xx naming a spec error as final, on every call', async () => {
    const platform = stubPlatform(() => json(503, { status: false, error: 'SİPARİŞ BULUNAMADI' }))
    const api = client(platform.fetch)
    expect((await rejection(api.markOnTheWay('t', 'k'))).appError).toMatchObject({
      code: 'order-not-found',
      retryable: false,
      httpStatus: 503,
    })
    expect((await rejection(api.listBranches('t'))).appError.code).toBe('order-not-found')
    expect(platform.sent).toHaveLength(2)
  })

  it('retries a 5xx whose envelope names no spec error', async () => {
    const platform = stubPlatform((_sent, attempt) =>
      attempt === 1 ? json(502, { status: false, error: 'ağ geçidi' }) : json(200, OK),
    )
    await expect(client(platform.fetch).markOnTheWay('t', 'k')).resolves.toEqual({ httpStatus: 200 })
    expect(platform.sent).toHaveLength(2)
  })

  it('makes one attempt only when the caller owns its retries', async () => {
    const platform = stubPlatform(() => json(503, { status: false, error: 'meşgul' }))
    const error = await rejection(client(platform.fetch).markOnTheWay('t', 'k', { retry: false }))
    expect(error.appError).toMatchObject({ code: 'server-error', retryable: true })
    expect(platform.sent).toHaveLength(1)
  })

  it('retries an attempt that timed out, then reports timeout', async () => {
    let attempts = 0
    // Never answers: only the per-attempt timeout ends each attempt.
    const hanging = () => {
      attempts += 1
      return new Promise<Response>(() => undefined)
    }
    const error = await rejection(client(hanging, { timeoutMs: 5 }).getVariables('t'))
    expect(error.appError).toEqual({ code: 'timeout', retryable: true })
    expect(error.message).toBe('platform variables: timeout')
    expect(attempts).toBe(3)
  })

  it('keeps the status of an error answer over the size cap, so a 503 is still retried', async () => {
    const page = 'x'.repeat(4096)
    const platform = stubPlatform(() => new Response(page, { status: 503, headers: { 'retry-after': '5' } }))
    const error = await rejection(
      client(platform.fetch, { maxResponseBytes: 1024 }).markOnTheWay('t', 'k', { retry: false }),
    )
    expect(error.appError).toEqual({ code: 'server-error', retryable: true, httpStatus: 503 })
    // Its headers too: the outbox still learns how long the platform asked it to wait.
    expect(error.retryAfterMs).toBe(5000)
  })
})

describe('how long the client waits between attempts (D9)', () => {
  /** The waits ky asked for, in order: its delays are the only timers of a call to a fetch that answers at once. */
  async function waitsOf(work: () => Promise<unknown>): Promise<number[]> {
    const timers = vi.spyOn(globalThis, 'setTimeout')
    try {
      await work().catch(() => undefined)
      return timers.mock.calls.map(([, ms]) => ms ?? 0)
    } finally {
      timers.mockRestore()
    }
  }

  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('doubles a ceiling from baseDelayMs and draws the wait below it (full jitter)', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5)
    const platform = stubPlatform(() => json(500, { status: false, error: 'x' }))
    const api = client(platform.fetch, {
      timeoutMs: 60_000,
      retry: { limit: 3, baseDelayMs: 4, maxDelayMs: 1000 },
    })
    const waits = await waitsOf(() => api.listBranches('t'))
    // Ceilings 4, 8, 16 ms; the jitter draws half of each. (The 60 s is the per-attempt timeout.)
    expect(waits.filter((ms) => ms !== 60_000)).toEqual([2, 4, 8])
  })

  it('caps the backoff at maxDelayMs', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.75)
    const platform = stubPlatform(() => json(500, { status: false, error: 'x' }))
    const api = client(platform.fetch, {
      timeoutMs: 60_000,
      retry: { limit: 3, baseDelayMs: 16, maxDelayMs: 20 },
    })
    const waits = await waitsOf(() => api.listBranches('t'))
    expect(waits.filter((ms) => ms !== 60_000)).toEqual([12, 20, 20])
  })

  it.each([429, 503])("waits a %i's Retry-After, capped at maxDelayMs, without jitter", async (status) => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5)
    const platform = stubPlatform((_sent, attempt) =>
      attempt === 1 ? json(status, { status: false, error: 'x' }, { 'retry-after': '3600' }) : json(200, OK),
    )
    const api = client(platform.fetch, {
      timeoutMs: 60_000,
      retry: { limit: 1, baseDelayMs: 4, maxDelayMs: 10 },
    })
    const waits = await waitsOf(() => api.markOnTheWay('t', 'k'))
    expect(waits.filter((ms) => ms !== 60_000)).toEqual([10])
    expect(platform.sent).toHaveLength(2)
  })

  it("ignores a 500's Retry-After: only 429 and 503 set the wait", async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5)
    const platform = stubPlatform((_sent, attempt) =>
      attempt === 1 ? json(500, { status: false, error: 'x' }, { 'retry-after': '3600' }) : json(200, OK),
    )
    const api = client(platform.fetch, {
      timeoutMs: 60_000,
      retry: { limit: 1, baseDelayMs: 4, maxDelayMs: 10 },
    })
    const waits = await waitsOf(() => api.markOnTheWay('t', 'k'))
    expect(waits.filter((ms) => ms !== 60_000)).toEqual([2])
  })
})

describe('the bounded fetch (D9)', () => {
  /** A body that records what was read of it and whether the transfer was stopped; `pieces` then nothing more. */
  function watchedBody(pieces: string[]) {
    const watch = { pulls: 0, cancelled: false }
    const queue = pieces.map((piece) => new TextEncoder().encode(piece))
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          watch.pulls += 1
          const next = queue.shift()
          if (next) controller.enqueue(next)
          // Past the pieces it never ends: only a cancel stops it.
        },
        cancel() {
          watch.cancelled = true
        },
      },
      { highWaterMark: 0 },
    )
    return { stream, watch }
  }

  it('refuses by the declared length without reading the body, and stops the transfer', async () => {
    const { stream, watch } = watchedBody(['{"status":true,'])
    const bounded = createBoundedFetch(
      () => Promise.resolve(new Response(stream, { headers: { 'content-length': '5000' } })),
      1024,
    )
    // Bounded: a change that reads the body it should refuse waits on it, and fails here in seconds.
    await expect(within(bounded('https://platform.example.com/'), 'the refusal')).rejects.toBeInstanceOf(
      ResponseTooLargeError,
    )
    expect(watch).toEqual({ pulls: 0, cancelled: true })
  })

  it('stops a body without a declared length as soon as it passes the cap', async () => {
    const { stream, watch } = watchedBody(['x'.repeat(600), 'x'.repeat(600), 'x'.repeat(600)])
    const bounded = createBoundedFetch(() => Promise.resolve(new Response(stream)), 1024)
    await expect(bounded('https://platform.example.com/')).rejects.toMatchObject({
      name: 'ResponseTooLargeError',
      message: 'the answer exceeds 1024 bytes',
      httpStatus: 200,
    })
    expect(watch).toEqual({ pulls: 2, cancelled: true })
  })

  it('hands an error answer over the cap on without its body, keeping status, status text and headers', async () => {
    const { stream, watch } = watchedBody(['x'.repeat(2048)])
    const bounded = createBoundedFetch(
      () =>
        Promise.resolve(
          new Response(stream, { status: 429, statusText: 'Too Many', headers: { 'retry-after': '9' } }),
        ),
      1024,
    )
    const answer = await bounded('https://platform.example.com/')
    expect([answer.status, answer.statusText, answer.headers.get('retry-after')]).toEqual([
      429,
      'Too Many',
      '9',
    ])
    expect(await answer.text()).toBe('')
    expect(watch.cancelled).toBe(true)
  })

  it('hands on an answer without a body (a 204) as it came', async () => {
    const empty = new Response(null, { status: 204 })
    const bounded = createBoundedFetch(() => Promise.resolve(empty), 1024)
    expect(await bounded('https://platform.example.com/')).toBe(empty)
  })

  it('passes the request through to the fetch port', async () => {
    const platform = stubPlatform(() => json(200, OK))
    const bounded = createBoundedFetch(platform.fetch, 1024)
    await bounded('https://platform.example.com/x', { method: 'PUT', body: 'b' })
    expect(platform.sent.map(({ method, url, body }) => [method, url, body])).toEqual([
      ['PUT', 'https://platform.example.com/x', 'b'],
    ])
  })
})

describe('how an answer is read (D4, D6)', () => {
  it('reads an envelope on a 2xx by its error string first (D4)', async () => {
    const api = client(stubPlatform(() => json(200, { status: false, error: 'sipariş bulunamadı' })).fetch)
    expect((await rejection(api.markOnTheWay('t', 'k'))).appError).toEqual({
      code: 'order-not-found',
      retryable: false,
      httpStatus: 200,
      platformError: 'sipariş bulunamadı',
    })
    const refusing = client(
      stubPlatform(() => json(201, { status: false, error: 'olmaz', message: 'm' })).fetch,
    )
    expect((await rejection(refusing.listBranches('t'))).appError).toEqual({
      code: 'platform-refused',
      retryable: false,
      httpStatus: 201,
      platformError: 'olmaz',
      platformMessage: 'm',
    })
  })

  it('reads an envelope sent as text/plain on an error status', async () => {
    const platform = stubPlatform(
      () =>
        new Response(JSON.stringify({ status: false, error: 'URL hatalı' }), {
          status: 404,
          headers: { 'content-type': 'text/plain' },
        }),
    )
    expect((await rejection(client(platform.fetch).getVariables('t'))).appError).toEqual({
      code: 'wrong-address',
      retryable: false,
      httpStatus: 404,
      platformError: 'URL hatalı',
    })
  })

  it('passes the platform words of a refusal through the redactor (D11)', async () => {
    const platform = stubPlatform(() => json(409, { status: false, error: 'token abc', message: 'key def' }))
    const api = client(platform.fetch, { redactText: (text) => text.replace(/abc|def/, '[gizli]') })
    expect((await rejection(api.markOnTheWay('t', 'k'))).appError).toMatchObject({
      platformError: 'token [gizli]',
      platformMessage: 'key [gizli]',
    })
    const onSuccessStatus = stubPlatform(() => json(200, { status: false, error: 'token abc' }))
    const onSuccess = client(onSuccessStatus.fetch, { redactText: () => '[gizli]' })
    expect((await rejection(onSuccess.markOnTheWay('t', 'k'))).appError.platformError).toBe('[gizli]')
  })
})
