import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPlatformClient } from './platform-client.ts'
import {
  failureOfAnswer,
  parseRetryAfter,
  PlatformCallError,
  readEnvelope,
  redactAppError,
  toPlatformError,
} from './platform-error.ts'
import type { ErrorEnvelope } from './schemas.ts'

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0)

describe('parseRetryAfter', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('0', NOW)).toBe(0)
    expect(parseRetryAfter(' 120 ', NOW)).toBe(120_000)
  })

  it('reads an HTTP date as the time left until it, never negative', () => {
    expect(parseRetryAfter('Sat, 21 Nov 2026 12:00:30 GMT', NOW)).toBe(30_000)
    expect(parseRetryAfter('Sat, 21 Nov 2026 11:00:00 GMT', NOW)).toBe(0)
  })

  it('reads a date whose zone is UTC, Z or a numeric offset', () => {
    expect(parseRetryAfter('Sat, 21 Nov 2026 12:00:30 UTC', NOW)).toBe(30_000)
    expect(parseRetryAfter('2026-11-21T12:00:30Z', NOW)).toBe(30_000)
    expect(parseRetryAfter('Sat, 21 Nov 2026 15:00:30 +0300', NOW)).toBe(30_000)
  })

  it('ignores a date that names its zone only in a comment: it would be read in local time', () => {
    for (const zone of ['GMT', 'UTC', 'Z', '+0300']) {
      expect(parseRetryAfter(`Sat, 21 Nov 2026 12:00:30 (${zone})`, NOW)).toBeUndefined()
    }
  })

  it('ignores what it cannot read', () => {
    const unreadable = ['soon', '-5', '1.5', '1e3', '0x10', '2026-11-21 12:00:30', '9'.repeat(400)]
    for (const value of [null, undefined, '', ...unreadable]) {
      expect(parseRetryAfter(value, NOW)).toBeUndefined()
    }
  })
})

const CALLS = ['login', 'branches', 'variables', 'ontheway'] as const
const keep = (text: string) => text
const envelope = (error: string): ErrorEnvelope => ({ status: false, error })

describe("failureOfAnswer: the spec's error strings (D4)", () => {
  // At 409, where the status alone would say `platform-refused`: only the string can give these codes.
  it.each([
    ['yetkisiz erişim', 'login', 'wrong-credentials'],
    ['YETKİSİZ ERİŞİM', 'login', 'wrong-credentials'],
    ['YETKİSİZ ERİŞİM', 'ontheway', 'signed-out'],
    ['  Yetkisiz Erişim \n', 'branches', 'signed-out'],
    ['EKSİK ALAN', 'login', 'missing-credentials'],
    ['\teksik alan ', 'variables', 'missing-credentials'],
    ['SİPARİŞ BULUNAMADI', 'ontheway', 'order-not-found'],
    // The same words with decomposed letters (ş as s + U+0327), as some systems write them.
    ['sipariş bulunamadı'.normalize('NFD'), 'ontheway', 'order-not-found'],
    ['URL HATALI', 'ontheway', 'malformed-url'],
    [' url hatalı ', 'ontheway', 'malformed-url'],
    ['URL HATALI', 'login', 'wrong-address'],
    ['Url Hatalı', 'variables', 'wrong-address'],
  ] as const)('reads %j on %s as %s, kept as it came', (error, call, code) => {
    expect(failureOfAnswer(call, 409, envelope(error), keep)).toEqual({
      code,
      retryable: false,
      httpStatus: 409,
      platformError: error,
    })
  })

  it('does not take a look-alike for a spec string', () => {
    // `URL HATALI` lower-cased without Turkish rules is `url hatali` (dotted i): not the platform's word.
    for (const error of ['url hatali', 'yetkisiz erisim', 'URL hatalı!', 'sipariş bulunamadı.']) {
      expect(failureOfAnswer('ontheway', 409, envelope(error), keep).code).toBe('platform-refused')
    }
  })
})

describe('failureOfAnswer: a 401, whatever its body (D3)', () => {
  it.each([
    ['no body', undefined],
    ['an error string the spec does not name', envelope('token süresi doldu')],
  ])('on login with %s means the keys were refused: wrong-credentials, never retried', (_label, body) => {
    expect(failureOfAnswer('login', 401, body, keep)).toMatchObject({
      code: 'wrong-credentials',
      retryable: false,
      httpStatus: 401,
    })
  })

  it.each(CALLS.filter((call) => call !== 'login'))(
    'on %s with no body means the token was refused: signed-out, not retryable',
    (call) => {
      expect(failureOfAnswer(call, 401, undefined, keep)).toEqual({
        code: 'signed-out',
        retryable: false,
        httpStatus: 401,
      })
    },
  )
})

describe('Retry-After, carried to callers that own their retries', () => {
  const NOW_MS = Date.parse('2026-11-21T12:00:00Z')

  async function thrownBy(status: number, retryAfter: string): Promise<PlatformCallError> {
    const client = createPlatformClient({
      redactText: keep,
      baseUrl: 'https://platform.example/integrations',
      userAgent: 'pos-companion/test',
      fetch: () =>
        Promise.resolve(
          new Response(JSON.stringify({ status: false, error: 'meşgul' }), {
            status,
            headers: { 'content-type': 'application/json', 'retry-after': retryAfter },
          }),
        ),
    })
    const thrown: unknown = await client
      .markOnTheWay('token', '3f2b8c1e-9d4a-4b7e-8c21-5a6f0e9d1b72', { retry: false })
      .catch((error: unknown) => error)
    if (!(thrown instanceof PlatformCallError)) throw new Error('expected a PlatformCallError')
    return thrown
  }

  beforeEach(() => {
    // Only Date is faked, so an HTTP date is read against a known now; timers stay real.
    vi.useFakeTimers({ toFake: ['Date'], now: NOW_MS })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('on a 503, in seconds', async () => {
    const thrown = await thrownBy(503, '7')
    expect(thrown.appError).toMatchObject({ code: 'server-error', retryable: true, httpStatus: 503 })
    expect(thrown.retryAfterMs).toBe(7000)
  })

  it('on a 429, as an HTTP date', async () => {
    const thrown = await thrownBy(429, new Date(NOW_MS + 90_000).toUTCString())
    expect(thrown.appError).toMatchObject({ code: 'rate-limited', retryable: true })
    expect(thrown.retryAfterMs).toBe(90_000)
  })

  it('not on a refusal: a failure that is never retried has no wait to carry', async () => {
    const thrown = await thrownBy(409, '7')
    expect(thrown.appError).toMatchObject({ code: 'platform-refused', retryable: false })
    expect(thrown.retryAfterMs).toBeUndefined()
  })
})

/** A redactor that marks what it was given, so a test sees which texts went through it. */
const marked = (text: string) => `«${text}»`

describe('failureOfAnswer: the status when no spec string decides', () => {
  it.each([
    [429, 'rate-limited', true],
    [499, 'platform-refused', false],
    [500, 'server-error', true],
    [599, 'server-error', true],
    [200, 'platform-refused', false],
  ] as const)('an envelope on a %i is %s (retryable: %s)', (status, code, retryable) => {
    expect(failureOfAnswer('branches', status, envelope('başka hata'), keep)).toEqual({
      code,
      retryable,
      httpStatus: status,
      platformError: 'başka hata',
    })
  })

  it.each([
    [429, 'rate-limited', true],
    [499, 'unexpected-answer', false],
    [500, 'server-error', true],
    [404, 'unexpected-answer', false],
  ] as const)('no envelope on a %i is %s', (status, code, retryable) => {
    expect(failureOfAnswer('variables', status, undefined, keep)).toEqual({
      code,
      retryable,
      httpStatus: status,
    })
  })

  it("keeps the platform's error and message, both through the redactor (D11)", () => {
    const words = { status: false as const, error: 'kurye tipi uygun değil', message: 'courier' }
    for (const status of [409, 401, 429, 503]) {
      expect(failureOfAnswer('ontheway', status, words, marked)).toMatchObject({
        platformError: '«kurye tipi uygun değil»',
        platformMessage: '«courier»',
      })
    }
    expect(failureOfAnswer('ontheway', 404, envelope('SİPARİŞ BULUNAMADI'), marked)).toEqual({
      code: 'order-not-found',
      retryable: false,
      httpStatus: 404,
      platformError: '«SİPARİŞ BULUNAMADI»',
    })
  })

  it('a 401 with a spec string other than yetkisiz erişim keeps that string’s meaning', () => {
    expect(failureOfAnswer('login', 401, envelope('eksik alan'), keep).code).toBe('missing-credentials')
  })

  it('does not take a long s (ſ), which only upper-cases to S, for the spec string', () => {
    expect(failureOfAnswer('ontheway', 409, envelope('ſipariş bulunamadı'), keep).code).toBe(
      'platform-refused',
    )
  })
})

describe('PlatformCallError: what the log and the bridge get', () => {
  it('names the call, the code, the status and the technical detail', () => {
    const error = new PlatformCallError('ontheway', {
      code: 'server-error',
      retryable: true,
      httpStatus: 503,
      detail: 'ECONNRESET',
    })
    expect(error.message).toBe('platform ontheway: server-error (HTTP 503, ECONNRESET)')
    expect(error.name).toBe('PlatformCallError')
    expect(String(error)).toBe('PlatformCallError: platform ontheway: server-error (HTTP 503, ECONNRESET)')
    const bare = new PlatformCallError('login', { code: 'timeout', retryable: true })
    expect(bare.message).toBe('platform login: timeout')
    // Nothing the failure did not know is added, not even as an empty key.
    expect(bare.appError).toStrictEqual({ code: 'timeout', retryable: true })
    expect(
      new PlatformCallError('branches', { code: 'unreachable', retryable: true, detail: 'ENOTFOUND' })
        .message,
    ).toBe('platform branches: unreachable (ENOTFOUND)')
  })

  it("cuts the platform's words to the bridge's limits (500 and 2000 characters)", () => {
    const error = new PlatformCallError('ontheway', {
      code: 'platform-refused',
      retryable: false,
      httpStatus: 409,
      platformError: 'e'.repeat(501),
      platformMessage: 'm'.repeat(2001),
    })
    expect(error.appError).toEqual({
      code: 'platform-refused',
      retryable: false,
      httpStatus: 409,
      platformError: 'e'.repeat(500),
      platformMessage: 'm'.repeat(2000),
    })
  })

  it('carries a Retry-After beside the AppError, never in it', () => {
    const error = new PlatformCallError('ontheway', {
      code: 'rate-limited',
      retryable: true,
      httpStatus: 429,
      retryAfterMs: 7000,
    })
    expect(error.retryAfterMs).toBe(7000)
    expect(error.appError).toEqual({ code: 'rate-limited', retryable: true, httpStatus: 429 })
  })
})

describe("redactAppError: an AppError's platform words as they may be shown (D11)", () => {
  it('redacts the error and the message, and keeps the rest', () => {
    const stored = {
      code: 'platform-refused' as const,
      retryable: false,
      httpStatus: 409,
      platformError: 'token abc',
      platformMessage: 'key def',
    }
    expect(redactAppError(stored, marked)).toEqual({
      ...stored,
      platformError: '«token abc»',
      platformMessage: '«key def»',
    })
    // The stored entry itself is left as it was.
    expect(stored.platformError).toBe('token abc')
  })

  it('adds no platform words where there were none', () => {
    expect(redactAppError({ code: 'timeout', retryable: true }, marked)).toEqual({
      code: 'timeout',
      retryable: true,
    })
  })
})

describe('toPlatformError: whatever was thrown', () => {
  it('passes a PlatformCallError through as it is', () => {
    const error = new PlatformCallError('login', { code: 'wrong-credentials', retryable: false })
    expect(toPlatformError('branches', error, keep)).toBe(error)
  })

  it('names an unforeseen error by its class only, and anything else by its type', () => {
    const thrown = toPlatformError('login', new RangeError('rest-secret-value'), keep)
    expect(thrown.appError).toEqual({ code: 'internal', retryable: false })
    expect(thrown.message).toBe('platform login: internal (RangeError)')
    expect(toPlatformError('login', 42, keep).message).toBe('platform login: internal (number)')
  })

  it('reports a certificate failure before the network error it is wrapped in, with its code', () => {
    const cause = Object.assign(new Error('socket'), { code: 'CERT_HAS_EXPIRED' })
    const thrown = toPlatformError('variables', new TypeError('fetch failed', { cause }), keep)
    expect(thrown.appError).toEqual({ code: 'untrusted-certificate', retryable: false })
    expect(thrown.message).toBe('platform variables: untrusted-certificate (CERT_HAS_EXPIRED)')
  })
})

describe('readEnvelope', () => {
  it('reads an envelope parsed or as text, and nothing else', () => {
    const words = { status: false, error: 'eksik alan', message: 'rest_secret_key' }
    expect(readEnvelope(words)).toEqual(words)
    expect(readEnvelope(JSON.stringify(words))).toEqual(words)
    expect(readEnvelope('{"status":false,')).toBeUndefined()
    expect(readEnvelope('<html>')).toBeUndefined()
    expect(readEnvelope({ status: true, data: 'OK' })).toBeUndefined()
    // Only a text body is parsed: a JSON array holding an envelope's text is not an envelope.
    expect(readEnvelope([JSON.stringify(words)])).toBeUndefined()
  })
})
