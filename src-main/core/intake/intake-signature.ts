/**
 * How the POS proves it holds the intake key without ever sending it (why: docs/decisions.md D68; for POS
 * vendors: docs/intake-api.md). Each request and the app's answer to it are signed with the key:
 *
 *   request:  hex HMAC(key, METHOD "\n" TARGET "\n" TIMESTAMP "\n" NONCE "\n" BODY)
 *   answer:   hex HMAC(key, "response" "\n" NONCE "\n" STATUS "\n" BODY)
 *
 * The key is its text as UTF-8; TARGET is the request-target as sent (`/v1/orders`); TIMESTAMP is Unix seconds;
 * BODY is the body's bytes exactly as sent (empty when there is none).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

export const SIGNATURE_HEADERS = {
  timestamp: 'x-intake-timestamp',
  nonce: 'x-intake-nonce',
  signature: 'x-intake-signature',
  /** On the app's answer to a signed request. */
  response: 'x-intake-response-signature',
} as const

/** A request's timestamp may be this far from the app's clock, either way. */
const REPLAY_WINDOW_MS = 60_000

const NONCE = /^[A-Za-z0-9_-]{16,64}$/
const TIMESTAMP = /^\d{1,12}$/
const HEX_SHA256 = /^[0-9a-fA-F]{64}$/

interface SignedParts {
  timestamp: string
  nonce: string
  signature: string
}

export function requestSignature(
  key: string,
  request: { method: string; target: string; timestamp: string; nonce: string; body: Buffer },
): string {
  // A string is hashed as UTF-8 (Node's default), the key too.
  return createHmac('sha256', key)
    .update(`${request.method}\n${request.target}\n${request.timestamp}\n${request.nonce}\n`)
    .update(request.body)
    .digest('hex')
}

export function responseSignature(
  key: string,
  answer: { nonce: string; status: number; body: Buffer },
): string {
  return createHmac('sha256', key)
    .update(`response\n${answer.nonce}\n${String(answer.status)}\n`)
    .update(answer.body)
    .digest('hex')
}

/**
 * The three signature headers when all are present and well-formed; undefined when none is; 'malformed' when
 * some are missing or not in their shape (refused as unauthorized, like a wrong signature).
 */
export function signedPartsOf(
  headers: Record<string, string | string[] | undefined>,
): SignedParts | 'malformed' | undefined {
  const timestamp = headers[SIGNATURE_HEADERS.timestamp]
  const nonce = headers[SIGNATURE_HEADERS.nonce]
  const signature = headers[SIGNATURE_HEADERS.signature]
  if (timestamp === undefined && nonce === undefined && signature === undefined) return undefined
  if (!shaped(timestamp, TIMESTAMP) || !shaped(nonce, NONCE) || !shaped(signature, HEX_SHA256))
    return 'malformed'
  return { timestamp, nonce, signature }
}

/** One header sent once, in its shape. */
function shaped(value: string | string[] | undefined, shape: RegExp): value is string {
  return typeof value === 'string' && shape.test(value)
}

/** Constant time over the 32 bytes: nothing of a right prefix shows in the timing. */
export function signaturesMatch(expected: string, presented: string): boolean {
  const a = Buffer.from(expected, 'hex')
  const b = Buffer.from(presented, 'hex')
  return a.length === 32 && b.length === 32 && timingSafeEqual(a, b)
}

/**
 * How many nonces the guard holds at most with the keyed rate limit `rate`: every request it lets through in two
 * windows (a nonce is remembered for two, see ReplayGuard). 50 a second: 6,000.
 */
export function replayStoreBound(rate: { limit: number; windowMs: number }): number {
  return Math.ceil((2 * REPLAY_WINDOW_MS) / rate.windowMs) * rate.limit
}

/**
 * The nonces of signed requests within the window, so none is acted on twice. Only requests whose signature
 * checked out are remembered (a caller without the key cannot fill it), and a request refused before it was
 * acted on (the rate, its body, a field) gives its nonce back, so the POS may send it again as it was. The
 * server admits a nonce only within the keyed rate limit, so it holds at most `capacity` (replayStoreBound);
 * past that it answers `full` rather than grow.
 */
export class ReplayGuard {
  readonly #seen = new Map<string, number>()
  readonly #capacity: number

  constructor(capacity: number) {
    this.#capacity = capacity
  }

  /**
   * `fresh` (the nonce is now held, until `giveBack` or two windows), or why not: the time is outside the window,
   * the nonce is held already, or the guard is full.
   */
  admit(
    parts: Pick<SignedParts, 'timestamp' | 'nonce'>,
    now: number,
  ): 'fresh' | 'expired' | 'replayed' | 'full' {
    const sentAt = Number(parts.timestamp) * 1000
    if (Math.abs(now - sentAt) > REPLAY_WINDOW_MS) return 'expired'
    // Forget what has left the window: a request that old is refused as expired anyway.
    for (const [nonce, at] of this.#seen) {
      if (now - at <= 2 * REPLAY_WINDOW_MS) break
      this.#seen.delete(nonce)
    }
    if (this.#seen.has(parts.nonce)) return 'replayed'
    if (this.#seen.size >= this.#capacity) return 'full'
    this.#seen.set(parts.nonce, now)
    return 'fresh'
  }

  /** A request refused before it was acted on: its nonce may come again. */
  giveBack(nonce: string): void {
    this.#seen.delete(nonce)
  }

  /** How many nonces are held now. */
  get size(): number {
    return this.#seen.size
  }
}
