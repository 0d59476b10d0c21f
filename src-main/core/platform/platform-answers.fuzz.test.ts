// Property tests for D4/D6/D9 at the platform client: whatever the platform (or a proxy in front of it)
// answers — any status, any body, any Retry-After — and whatever the fetch port throws, every call ends in the
// expected value or a PlatformCallError whose AppError crosses the bridge as it is. Nothing else is ever thrown.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AppError, type AppErrorCode } from '../../../src-shared/errors.ts'
import { anyText, FUZZ_RUNS, paymentKey } from '../../../test-support/core/fuzz.ts'
import { failureOfAnswer, readEnvelope, toPlatformError } from './platform-error.ts'
import { createPlatformClient, PlatformCallError, type PlatformClient } from './platform-client.ts'

const CALLS = ['login', 'branches', 'variables', 'ontheway'] as const
type Call = (typeof CALLS)[number]

/** The spec's error strings (section 7) and the code each means on each call: the table in docs/platform-api.md. */
const SPEC_STRINGS = ['yetkisiz erişim', 'eksik alan', 'sipariş bulunamadı', 'URL hatalı'] as const
type SpecString = (typeof SPEC_STRINGS)[number]
function specCode(call: Call, error: SpecString): AppErrorCode {
  switch (error) {
    case 'yetkisiz erişim':
      return call === 'login' ? 'wrong-credentials' : 'signed-out'
    case 'eksik alan':
      return 'missing-credentials'
    case 'sipariş bulunamadı':
      return 'order-not-found'
    case 'URL hatalı':
      return call === 'ontheway' ? 'malformed-url' : 'wrong-address'
  }
}

/** A spec string as a platform or a proxy may write it: Turkish capitals, decomposed letters, spaces around. */
const specStringAsWritten = fc
  .record({
    error: fc.constantFrom(...SPEC_STRINGS),
    form: fc.constantFrom(
      (text: string) => text,
      (text: string) => text.toLocaleUpperCase('tr-TR'),
      (text: string) => text.normalize('NFD'),
      (text: string) => text.toLocaleUpperCase('tr-TR').normalize('NFD'),
    ),
    before: fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\u3000'), maxLength: 3 }),
    after: fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\u3000'), maxLength: 3 }),
  })
  .map(({ error, form, before, after }) => ({ error, written: `${before}${form(error)}${after}` }))

/** Any status, the ones the mapping names (and their neighbours) often. */
const anyStatus = fc.oneof(
  fc.constantFrom(200, 400, 401, 402, 404, 409, 428, 429, 430, 499, 500, 503, 599),
  fc.integer({ min: 100, max: 999 }),
)

/** What an answer without a spec string means, by its status alone (D3, D4, D9). */
function codeByStatus(call: Call, status: number, hasEnvelope: boolean): AppError {
  if (status === 401) return { code: call === 'login' ? 'wrong-credentials' : 'signed-out', retryable: false }
  if (status === 429) return { code: 'rate-limited', retryable: true }
  if (status >= 500) return { code: 'server-error', retryable: true }
  return { code: hasEnvelope ? 'platform-refused' : 'unexpected-answer', retryable: false }
}

/** The spec string of an envelope body, when it carries one exactly. */
function specStringIn(text: string): SpecString | undefined {
  try {
    const value = JSON.parse(text) as unknown
    if (typeof value !== 'object' || value === null) return undefined
    const { status, error } = value as { status?: unknown; error?: unknown }
    return status === false ? SPEC_STRINGS.find((spec) => spec === error) : undefined
  } catch {
    return undefined
  }
}

/** Statuses a Response can carry; these four must come without a body. */
const NULL_BODY_STATUSES = new Set([204, 205, 304])

/** Bodies near the real ones (envelopes, success shapes with odd data) and far from them (any JSON, any text). */
const body = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc
    .record(
      {
        status: fc.oneof(fc.constant(false), fc.jsonValue()),
        error: fc.jsonValue(),
        message: fc.jsonValue(),
      },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
  fc
    .record({
      status: fc.constant(false),
      error: fc.oneof(
        fc.constantFrom(
          'yetkisiz erişim',
          'YETKİSİZ ERİŞİM',
          'eksik alan',
          'sipariş bulunamadı',
          'URL hatalı',
        ),
        anyText(600),
      ),
      message: fc.oneof(anyText(2500), fc.jsonValue()),
    })
    .map((value) => JSON.stringify(value)),
  fc.record({ status: fc.constant(true), data: fc.jsonValue() }).map((value) => JSON.stringify(value)),
  fc.constantFrom(
    '{"status":true,"data":{"access_token":"t0k3n","expiration_date":"2026-11-22 15:00:00"}}',
    '{"status":true,"data":[{"id":"b1","name":"Kadıköy"}]}',
    '{"status":true,"data":{"paymentMethod":[{"key":"CASH","name":"Nakit"}],"shippingMethod":[]}}',
    '{"status":true,"data":"OK"}',
    '<!DOCTYPE html><html><body>502</body></html>',
    '',
  ),
  anyText(300),
)

const answer = fc.record({
  status: fc.integer({ min: 200, max: 599 }),
  body,
  contentType: fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'text/html',
    'text/plain',
  ),
  retryAfter: fc.option(
    fc.oneof(fc.constantFrom('0', '1', '120', 'Wed, 21 Oct 2015 07:28:00 GMT'), anyText(30)),
  ),
})
type Answer = typeof answer extends fc.Arbitrary<infer T> ? T : never

function responseOf({ status, body: text, contentType, retryAfter }: Answer): Response {
  const headers = new Headers({ 'content-type': contentType })
  // Headers refuses some values (control characters): a proxy could not send those either.
  if (retryAfter !== null) {
    try {
      headers.set('retry-after', retryAfter)
    } catch {
      // left out
    }
  }
  return new Response(NULL_BODY_STATUSES.has(status) ? null : text, { status, headers })
}

function clientAnswering(answers: Answer[]): {
  client: PlatformClient
  lastServed: () => Answer | undefined
} {
  let next = 0
  let lastServed: Answer | undefined
  const client = createPlatformClient({
    redactText: (text) => text,
    baseUrl: 'https://platform.example/integrations',
    userAgent: 'pos-companion/fuzz',
    timeoutMs: 1000,
    // One retry with no real wait: the retry path (Retry-After parsing included) runs on odd answers too.
    retry: { limit: 1, baseDelayMs: 0, maxDelayMs: 1 },
    fetch: () => {
      const served = answers[Math.min(next++, answers.length - 1)]
      if (served === undefined) throw new Error('no answers given')
      lastServed = served
      return Promise.resolve(responseOf(served))
    },
  })
  return { client, lastServed: () => lastServed }
}

function callOf(client: PlatformClient, call: Call, key: string): Promise<unknown> {
  switch (call) {
    case 'login':
      return client.login({ appSecretKey: 'a', restSecretKey: 'b' })
    case 'branches':
      return client.listBranches('token')
    case 'variables':
      return client.getVariables('token')
    case 'ontheway':
      return client.markOnTheWay('token', key)
  }
}

async function settle(work: Promise<unknown>): Promise<{ value: unknown } | { error: unknown }> {
  try {
    return { value: await work }
  } catch (error) {
    return { error }
  }
}

function expectPlatformError(error: unknown): AppError {
  expect(error).toBeInstanceOf(PlatformCallError)
  const parsed = AppError.safeParse((error as PlatformCallError).appError)
  expect(parsed.success).toBe(true)
  return (error as PlatformCallError).appError
}

describe('the platform client, fuzzed', () => {
  it('ends every call in a value or a PlatformCallError with a valid AppError, whatever the answers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CALLS),
        fc.array(answer, { minLength: 1, maxLength: 2 }),
        fc.oneof(paymentKey, anyText(60)),
        async (call, answers, key) => {
          const { client, lastServed } = clientAnswering(answers)
          const outcome = await settle(callOf(client, call, key))
          const served = lastServed()
          const spec =
            served && !NULL_BODY_STATUSES.has(served.status) ? specStringIn(served.body) : undefined
          if (spec !== undefined) {
            // A spec string decides, whatever the status and the rest of the answer.
            expect('error' in outcome && expectPlatformError(outcome.error).code).toBe(specCode(call, spec))
          }
          if ('error' in outcome) {
            const appError = expectPlatformError(outcome.error)
            // Never "handed over" or signed in on an answer we could not read: a failure is a failure.
            expect(appError.code).not.toBe('internal')
          } else {
            // A value only from a 2xx answer.
            expect(lastServed()?.status).toBeGreaterThanOrEqual(200)
            expect(lastServed()?.status).toBeLessThan(300)
          }
        },
      ),
      FUZZ_RUNS,
    )
  })

  it('turns whatever the fetch port throws into a PlatformCallError', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CALLS),
        fc.anything({ withBigInt: true, withNullPrototype: true }),
        fc.boolean(),
        async (call, thrown, synchronously) => {
          const client = createPlatformClient({
            redactText: (text) => text,
            baseUrl: 'https://platform.example/integrations',
            userAgent: 'pos-companion/fuzz',
            retry: { limit: 0, baseDelayMs: 0, maxDelayMs: 0 },
            fetch: () => {
              if (synchronously) throw thrown
              // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a rejection with a non-Error is the case under test
              return Promise.reject(thrown)
            },
          })
          const outcome = await settle(callOf(client, call, '3f2b8c1e-9d4a-4b7e-8c21-5a6f0e9d1b72'))
          expect('error' in outcome).toBe(true)
          if ('error' in outcome) expectPlatformError(outcome.error)
        },
      ),
      FUZZ_RUNS,
    )
  })
})

describe('the error mapping, fuzzed', () => {
  it('maps any status and any parsed or raw body to a valid AppError', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CALLS),
        fc.integer({ min: 100, max: 999 }),
        fc.oneof(body, fc.jsonValue()),
        (call, status, raw) => {
          const failure = failureOfAnswer(call, status, readEnvelope(raw), (text) => text)
          const error = new PlatformCallError(call, failure)
          expect(AppError.safeParse(error.appError).success).toBe(true)
          expect(failure.httpStatus).toBe(status)
        },
      ),
      FUZZ_RUNS,
    )
  })

  it('maps a spec string, however it is written, to its code on every call and status', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CALLS),
        anyStatus,
        specStringAsWritten,
        fc.option(anyText(100), { nil: undefined }),
        (call, status, { error, written }, message) => {
          const envelope = {
            status: false as const,
            error: written,
            ...(message === undefined ? {} : { message }),
          }
          expect(failureOfAnswer(call, status, envelope, (text) => text)).toEqual({
            code: specCode(call, error),
            retryable: false,
            httpStatus: status,
            // Kept as it came: the staff and a support call see the platform's own words.
            platformError: written,
            ...(message === undefined ? {} : { platformMessage: message }),
          })
        },
      ),
      FUZZ_RUNS,
    )
  })

  it('maps an answer without a spec string by its status, an envelope being a refusal', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CALLS),
        anyStatus,
        // Text that cannot be a spec string, or no envelope at all.
        fc.option(
          anyText(100).map((text) => `başka hata: ${text}`),
          { nil: undefined },
        ),
        (call, status, error) => {
          const envelope = error === undefined ? undefined : { status: false as const, error }
          const failure = failureOfAnswer(call, status, envelope, (text) => text)
          expect(failure).toMatchObject({
            ...codeByStatus(call, status, envelope !== undefined),
            httpStatus: status,
          })
          expect(failure.platformError).toBe(error)
        },
      ),
      FUZZ_RUNS,
    )
  })

  it('maps anything thrown to a PlatformCallError without throwing itself', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CALLS),
        fc.anything({ withBigInt: true, withNullPrototype: true }),
        (call, thrown) => {
          expectPlatformError(toPlatformError(call, thrown, (text) => text))
        },
      ),
      FUZZ_RUNS,
    )
  })
})
