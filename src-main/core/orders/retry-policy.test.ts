import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { APP_ERROR_CODES, type AppErrorCode } from '../../../src-shared/errors.ts'
import { DEFAULT_RETRY_POLICY, kindOfFailure, mayHaveReachedPlatform, retryDelayMs } from './retry-policy.ts'

const error = (code: AppErrorCode) => ({ code, retryable: false })

describe('retryDelayMs', () => {
  it('draws the wait uniformly below an exponential ceiling (full jitter), capped', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (n, r) => {
          const ceiling = Math.min(
            DEFAULT_RETRY_POLICY.maxDelayMs,
            DEFAULT_RETRY_POLICY.baseDelayMs * 2 ** (n - 1),
          )
          const wait = retryDelayMs(n, () => r, undefined)
          expect(wait).toBeGreaterThanOrEqual(0)
          expect(wait).toBeLessThan(ceiling)
          expect(wait).toBe(Math.floor(r * ceiling))
        },
      ),
    )
  })

  it('starts at 2 s and doubles up to 5 min', () => {
    const ceilings = [1, 2, 3, 4, 8, 9, 10, 50].map((n) =>
      retryDelayMs(n, () => 1 - Number.EPSILON, undefined),
    )
    expect(ceilings).toEqual([1999, 3999, 7999, 15999, 255999, 299999, 299999, 299999])
  })

  it('never waits less than Retry-After, nor longer than the Retry-After cap', () => {
    expect(retryDelayMs(1, () => 0, 30_000)).toBe(30_000)
    expect(retryDelayMs(9, () => 0.5, 1_000)).toBe(150_000)
    expect(retryDelayMs(1, () => 0, 7 * 24 * 3_600_000)).toBe(DEFAULT_RETRY_POLICY.maxRetryAfterMs)
  })

  it('by default waits below 2 s first, at most 5 min, and obeys a Retry-After of up to 1 h', () => {
    // Literal figures, not read back from DEFAULT_RETRY_POLICY: a policy emptied or a cap shrunk by a slip
    // (`5 / 60_000`) must change what is asserted here.
    expect(DEFAULT_RETRY_POLICY).toEqual({
      baseDelayMs: 2_000,
      maxDelayMs: 300_000,
      maxRetryAfterMs: 3_600_000,
    })
    const longest = () => 1 - Number.EPSILON
    expect(retryDelayMs(1, longest, undefined)).toBe(1_999)
    expect(retryDelayMs(40, longest, undefined)).toBe(299_999)
    expect(retryDelayMs(1, () => 0, 3_599_999)).toBe(3_599_999)
    expect(retryDelayMs(1, () => 0, 3_600_001)).toBe(3_600_000)
    expect(retryDelayMs(1, () => 0, Number.MAX_SAFE_INTEGER)).toBe(3_600_000)
  })

  it('keeps a broken random source inside the bounds', () => {
    expect(retryDelayMs(1, () => 7, undefined)).toBe(2000)
    expect(retryDelayMs(1, () => -1, undefined)).toBe(0)
    expect(retryDelayMs(1, () => Number.NaN, undefined)).toBe(2000)
  })
})

describe('kindOfFailure', () => {
  it('refuses only what the platform said no to, waits for a session, and retries everything else', () => {
    const ofKind = (kind: ReturnType<typeof kindOfFailure>) =>
      APP_ERROR_CODES.filter((code) => kindOfFailure(error(code)) === kind)
    const byKind = {
      refused: ofKind('refused'),
      'needs-sign-in': ofKind('needs-sign-in'),
      passing: ofKind('passing'),
    }
    expect(byKind.refused).toEqual(['order-not-found', 'malformed-url', 'platform-refused'])
    expect(byKind['needs-sign-in']).toEqual(['wrong-credentials', 'missing-credentials', 'signed-out'])
    expect(byKind.passing).toContain('unexpected-answer')
    expect(byKind.passing).toEqual(
      expect.arrayContaining(['unreachable', 'timeout', 'rate-limited', 'server-error', 'internal']),
    )
  })
})

describe('mayHaveReachedPlatform', () => {
  it('is false only where the failure proves the platform did not act', () => {
    // Every code is listed on one side, so a code moved across (or a new one) fails here: a `false` that is
    // wrong would turn a lost answer's later refusal into `failed` instead of `unconfirmed` (D20).
    const proven = APP_ERROR_CODES.filter((code) => !mayHaveReachedPlatform(error(code)))
    expect(proven).toEqual([
      'invalid-input', // refused before anything was sent (a payment key that is no path segment)
      'insecure-address', // an http:// address: nothing is sent
      'wrong-credentials', // 401s are answered before the platform reads the order
      'missing-credentials',
      'signed-out',
      'untrusted-certificate', // the connection never got through TLS
      'rate-limited', // the platform turned the request away unread
    ])
    const unknown = APP_ERROR_CODES.filter((code) => mayHaveReachedPlatform(error(code)))
    // When unsure, true. The refusals are here too: a refusal ends the action, so its flag is never read.
    expect(unknown).toEqual([
      'unreachable', // a cut connection: the request may have arrived
      'app-unreachable', // web mode's page lost the app: never the core's, so unsure
      'timeout',
      'server-error', // a gateway's 5xx after the platform acted
      'unexpected-answer',
      'order-not-found',
      'malformed-url',
      'wrong-address',
      'platform-refused',
      'disk-full',
      'internal', // a bug of ours after the send
    ])
  })
})
