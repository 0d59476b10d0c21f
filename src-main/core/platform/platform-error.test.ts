import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPlatformClient } from './platform-client.ts'
import { failureOfAnswer, parseRetryAfter, PlatformCallError } from './platform-error.ts'
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

  it('ignores what it cannot read', () => {
    for (const value of [null, undefined, '', 'soon', '-5', '1.5', '2026-11-21 12:00:30', '9'.repeat(400)]) {
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
