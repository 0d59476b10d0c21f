// D68: the request and answer signatures as docs/intake-api.md defines them, the shape of the three headers, and
// the replay window. The reference signer (test-support/core/intake-signing.ts) is written from the docs, not from
// this module, so agreeing with it shows the documented algorithm is the one the app checks.
import { describe, expect, it } from 'vitest'
import { answerSignedByApp, signRequest } from '../../../test-support/core/intake-signing.ts'
import {
  ReplayGuard,
  replayStoreBound,
  requestSignature,
  responseSignature,
  SIGNATURE_HEADERS,
  signaturesMatch,
  signedPartsOf,
} from './intake-signature.ts'

const KEY = 'k3y-for-tests_0123456789abcdefghijklmnopqrstuv'
const NONCE = '3f1c9a0b7d2e4f6a'
const TIMESTAMP = 1764064800
const BODY = '{"payment_key":"0f8fad5b-d9cb-469f-a165-70867728950e","label":"Ayşe"}'

const signed = (
  overrides: Partial<{ method: string; path: string; body: string; timestamp: number }> = {},
) => {
  const request = { method: 'POST', path: '/v1/orders', body: BODY, timestamp: TIMESTAMP, ...overrides }
  return {
    expected: signRequest(KEY, { ...request, nonce: NONCE }).headers['X-Intake-Signature'],
    actual: requestSignature(KEY, {
      method: request.method,
      target: request.path,
      timestamp: String(request.timestamp),
      nonce: NONCE,
      body: Buffer.from(request.body),
    }),
  }
}

describe('requestSignature', () => {
  it('is the documented HMAC of method, target, time, nonce and body, the body as its bytes', () => {
    const { expected, actual } = signed()
    expect(actual).toMatch(/^[0-9a-f]{64}$/)
    expect(actual).toBe(expected)
  })

  it('signs an empty body as nothing after the nonce’s line feed', () => {
    const { expected, actual } = signed({ method: 'GET', path: '/v1/health?x=1', body: '' })
    expect(actual).toBe(expected)
  })

  it('changes with each part, so a signature fits one request only', () => {
    const base = signed().actual
    const others = [
      signed({ method: 'GET' }).actual,
      signed({ path: '/v1/orders/0f8fad5b-d9cb-469f-a165-70867728950e/handover' }).actual,
      signed({ timestamp: TIMESTAMP + 1 }).actual,
      signed({ body: `${BODY} ` }).actual,
      requestSignature(`${KEY}x`, {
        method: 'POST',
        target: '/v1/orders',
        timestamp: String(TIMESTAMP),
        nonce: NONCE,
        body: Buffer.from(BODY),
      }),
    ]
    expect(new Set([base, ...others]).size).toBe(others.length + 1)
  })
})

describe('responseSignature', () => {
  it('is the documented HMAC of "response", the nonce, the status and the body', () => {
    const body = Buffer.from('{"payment_key":"0f8fad5b-d9cb-469f-a165-70867728950e","state":"waiting"}')
    const signature = responseSignature(KEY, { nonce: NONCE, status: 201, body })
    expect(answerSignedByApp(KEY, NONCE, { status: 201, body, signature })).toBe(true)
    expect(answerSignedByApp(KEY, NONCE, { status: 200, body, signature })).toBe(false)
    expect(answerSignedByApp(KEY, `${NONCE}0`, { status: 201, body, signature })).toBe(false)
  })

  it('can never be taken for a request signature', () => {
    const body = Buffer.from('')
    const answer = responseSignature(KEY, { nonce: NONCE, status: 200, body })
    const request = requestSignature(KEY, {
      method: 'response',
      target: NONCE,
      timestamp: '200',
      nonce: '',
      body,
    })
    expect(answer).not.toBe(request)
  })
})

describe('signedPartsOf', () => {
  const good = {
    [SIGNATURE_HEADERS.timestamp]: String(TIMESTAMP),
    [SIGNATURE_HEADERS.nonce]: NONCE,
    [SIGNATURE_HEADERS.signature]: 'a'.repeat(64),
  }

  it('reads the three lower-case headers Node hands over', () => {
    expect(SIGNATURE_HEADERS).toEqual({
      timestamp: 'x-intake-timestamp',
      nonce: 'x-intake-nonce',
      signature: 'x-intake-signature',
      response: 'x-intake-response-signature',
    })
    expect(signedPartsOf(good)).toEqual({
      timestamp: String(TIMESTAMP),
      nonce: NONCE,
      signature: 'a'.repeat(64),
    })
  })

  it('says an unsigned request is unsigned', () => {
    expect(signedPartsOf({ host: '127.0.0.1:47810', 'content-type': 'application/json' })).toBeUndefined()
  })

  it.each([
    ['only a timestamp', { 'x-intake-timestamp': '1' }],
    ['only a nonce', { 'x-intake-nonce': NONCE }],
    ['only a signature', { 'x-intake-signature': 'a'.repeat(64) }],
    ['no signature', { ...good, 'x-intake-signature': undefined }],
    ['no nonce', { ...good, 'x-intake-nonce': undefined }],
    ['no timestamp', { ...good, 'x-intake-timestamp': undefined }],
    ['a header sent twice', { ...good, 'x-intake-nonce': [NONCE, NONCE] }],
    ['a header as a list of one', { ...good, 'x-intake-signature': ['a'.repeat(64)] }],
  ])('calls %s malformed', (_name, headers) => {
    expect(signedPartsOf(headers)).toBe('malformed')
  })

  it.each([
    [
      'x-intake-timestamp',
      ['0', '999999999999', String(TIMESTAMP)],
      ['', '1e9', '-1', '1.5', '1234567890123', ' 1', '1 '],
    ],
    [
      'x-intake-nonce',
      ['a'.repeat(16), 'Z'.repeat(64), 'Ab0_-Ab0_-Ab0_-Ab0_-'],
      [
        'a'.repeat(15),
        'a'.repeat(65),
        `${'a'.repeat(16)}.`,
        `${'a'.repeat(16)}\n`,
        ` ${'a'.repeat(16)}`,
        `é${'a'.repeat(16)}`,
      ],
    ],
    [
      'x-intake-signature',
      ['a'.repeat(64), 'F'.repeat(64), '0123456789abcdefABCDEF'.padEnd(64, '0')],
      ['a'.repeat(63), 'a'.repeat(65), 'g'.repeat(64), ` ${'a'.repeat(63)}`, `${'a'.repeat(63)} `],
    ],
  ])('takes %s only in its documented shape', (header, takes, refuses) => {
    const field = header.replace(/^x-intake-/, '')
    for (const value of takes)
      expect(signedPartsOf({ ...good, [header]: value }), value).toHaveProperty(field, value)
    for (const value of refuses) expect(signedPartsOf({ ...good, [header]: value }), value).toBe('malformed')
  })
})

describe('signaturesMatch', () => {
  const expected = 'ab'.repeat(32)

  it('matches the same 32 bytes, in either letter case', () => {
    expect(signaturesMatch(expected, expected)).toBe(true)
    expect(signaturesMatch(expected, expected.toUpperCase())).toBe(true)
  })

  it('refuses a signature one bit off, and one of another length, without throwing', () => {
    expect(signaturesMatch(expected, `${expected.slice(0, 63)}a`)).toBe(false)
    expect(signaturesMatch(expected, expected.slice(0, 62))).toBe(false)
    expect(signaturesMatch(expected, `${expected}ab`)).toBe(false)
    expect(signaturesMatch(expected.slice(0, 62), expected.slice(0, 62))).toBe(false)
  })

  it('never takes two empty signatures as matching', () => {
    expect(signaturesMatch('', '')).toBe(false)
  })

  it('refuses any signature against an expected value that is not 32 bytes, without throwing', () => {
    expect(signaturesMatch('', expected)).toBe(false)
    expect(signaturesMatch(expected.slice(0, 62), expected)).toBe(false)
  })
})

describe('ReplayGuard', () => {
  const at = (seconds: number) => seconds * 1000
  const parts = (nonce: string, timestamp = TIMESTAMP) => ({ nonce, timestamp: String(timestamp) })

  it('admits a timestamp up to 60 s from the app’s clock, either way', () => {
    const guard = new ReplayGuard(100)
    expect(guard.admit(parts('nonce-in-the-past-0'), at(TIMESTAMP) + 60_000)).toBe('fresh')
    expect(guard.admit(parts('nonce-in-the-future'), at(TIMESTAMP) - 60_000)).toBe('fresh')
    expect(guard.admit(parts('nonce-too-old-00000'), at(TIMESTAMP) + 60_001)).toBe('expired')
    expect(guard.admit(parts('nonce-too-early-000'), at(TIMESTAMP) - 60_001)).toBe('expired')
  })

  it('refuses a nonce used before, even with another timestamp', () => {
    const guard = new ReplayGuard(100)
    const now = at(TIMESTAMP)
    expect(guard.admit(parts('nonce-used-once-000'), now)).toBe('fresh')
    expect(guard.admit(parts('another-nonce-0000'), now)).toBe('fresh')
    expect(guard.admit(parts('nonce-used-once-000'), now + 1)).toBe('replayed')
    expect(guard.admit(parts('nonce-used-once-000', TIMESTAMP + 1), now + 1000)).toBe('replayed')
  })

  it('does not spend a nonce on an expired request', () => {
    const guard = new ReplayGuard(100)
    expect(guard.admit(parts('nonce-expired-first'), at(TIMESTAMP) + 61_000)).toBe('expired')
    expect(guard.admit(parts('nonce-expired-first'), at(TIMESTAMP))).toBe('fresh')
  })

  it('holds at most its capacity, and takes nonces again once older ones left the window', () => {
    const guard = new ReplayGuard(2)
    const now = at(TIMESTAMP)
    expect(guard.admit(parts('first-nonce-000000'), now)).toBe('fresh')
    expect(guard.admit(parts('second-nonce-00000'), now + 1)).toBe('fresh')
    expect(guard.admit(parts('third-nonce-000000'), now + 2)).toBe('full')
    expect(guard.size).toBe(2)
    // A full guard still knows what it holds.
    expect(guard.admit(parts('first-nonce-000000'), now + 3)).toBe('replayed')
    const later = now + 120_001
    expect(guard.admit(parts('third-nonce-000000', TIMESTAMP + 120), later)).toBe('fresh')
    expect(guard.size).toBe(2)
  })

  it('takes a nonce given back again, once', () => {
    const guard = new ReplayGuard(10)
    const now = at(TIMESTAMP)
    expect(guard.admit(parts('given-back-nonce-0'), now)).toBe('fresh')
    guard.giveBack('given-back-nonce-0')
    expect(guard.size).toBe(0)
    expect(guard.admit(parts('given-back-nonce-0'), now + 1)).toBe('fresh')
    expect(guard.admit(parts('given-back-nonce-0'), now + 2)).toBe('replayed')
  })

  it('is bounded by the keyed rate limit over two windows, as documented: 6,000 at 50 a second', () => {
    expect(replayStoreBound({ limit: 50, windowMs: 1000 })).toBe(6_000)
    expect(replayStoreBound({ limit: 3, windowMs: 1000 })).toBe(360)
    expect(replayStoreBound({ limit: 3, windowMs: 60_000 })).toBe(6)
    expect(replayStoreBound({ limit: 3, windowMs: 50_000 })).toBe(9)
  })

  it('remembers a nonce for two windows, as long as a request carrying it could still be fresh', () => {
    const guard = new ReplayGuard(100)
    const first = at(TIMESTAMP)
    expect(guard.admit(parts('remembered-nonce-0'), first)).toBe('fresh')
    expect(guard.admit(parts('nonce-seen-later-00', TIMESTAMP + 60), first + 60_000)).toBe('fresh')
    // A request timed 60 s ahead, sent 120 s after the first: the nonce must still be known.
    const late = first + 120_000
    expect(guard.admit(parts('remembered-nonce-0', TIMESTAMP + 120), late)).toBe('replayed')
    // Past two windows it is forgotten (its first request is long expired); the later one is still known.
    expect(guard.admit(parts('remembered-nonce-0', TIMESTAMP + 120), late + 1)).toBe('fresh')
    expect(guard.admit(parts('nonce-seen-later-00', TIMESTAMP + 120), late + 2)).toBe('replayed')
  })
})
