// How the hand-over outbox judges a failed attempt and when it tries again (D9). Pure functions: the outbox
// (handover-outbox.ts) applies them, the tests pin them down.
import type { AppError } from '../../../src-shared/errors.ts'

export interface RetryPolicy {
  /** The ceiling of the first wait; it doubles after each passing failure… */
  baseDelayMs: number
  /** …up to this cap, so a long outage is retried every few minutes, never given up. */
  maxDelayMs: number
  /** A platform's Retry-After is honoured up to this; beyond it, a hostile or broken header is not obeyed. */
  maxRetryAfterMs: number
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseDelayMs: 2_000,
  maxDelayMs: 5 * 60_000,
  maxRetryAfterMs: 60 * 60_000,
}

/**
 * The wait before the next attempt after `failures` passing failures in a row (1 for the first): exponential
 * backoff with full jitter — uniform in [0, min(cap, base·2^(failures−1))) — so that many tills coming back
 * from the same outage do not hit the platform in step. A Retry-After is a floor: never sooner than asked.
 */
export function retryDelayMs(
  failures: number,
  random: () => number,
  retryAfterMs: number | undefined,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, failures - 1))
  const draw = random()
  const jittered = Number.isFinite(draw) ? Math.floor(Math.min(Math.max(draw, 0), 1) * ceiling) : ceiling
  if (retryAfterMs === undefined) return jittered
  return Math.max(jittered, Math.min(retryAfterMs, policy.maxRetryAfterMs))
}

/**
 * - `refused`: the platform answered and said no. Never retried: asking again gets the same no. The order
 *   becomes `failed` (or `unconfirmed`, see handover-outbox.ts) and waits for staff.
 * - `needs-sign-in`: there is no session to send with. Held until the staff sign in again.
 * - `passing`: anything else. Retried with backoff until it succeeds or is refused; the action is never dropped.
 *
 * `unexpected-answer` (not JSON, a wrong shape, an oversized or non-envelope answer) is deliberately `passing`,
 * not a refusal: it is not the platform's word on the order but a sign that something between us (a captive
 * portal, a proxy's error page) or the platform itself is broken, and such things pass. It is also an answer
 * whose meaning we do not know — the platform may have acted on it (see `mayHaveReachedPlatform`) — so a later
 * refusal of the resend counts as `unconfirmed`, and a permanent breakage shows as `retrying` with its reason
 * and the HTTP status, never as a silent loss. A certificate the app does not trust is `passing` for the same
 * reason: it is fixed by a setting, after which the action must still go out.
 */
export function kindOfFailure(error: AppError): 'refused' | 'needs-sign-in' | 'passing' {
  switch (error.code) {
    case 'order-not-found':
    case 'malformed-url':
    case 'platform-refused':
      return 'refused'
    case 'signed-out':
    case 'wrong-credentials':
    case 'missing-credentials':
      return 'needs-sign-in'
    default:
      return 'passing'
  }
}

/**
 * True when a failed attempt may nonetheless have reached the platform and been acted on: the request went
 * out and no verdict came back (a timeout, a cut connection, a 5xx from a gateway, an answer we could not
 * read, a bug of ours after the send). False when the failure proves the platform did not act: it refused the
 * token (401s are checked before anything else), limited the rate, or the connection never got through TLS.
 * When unsure, true: it only makes a later refusal show as `unconfirmed` rather than `failed`.
 */
export function mayHaveReachedPlatform(error: AppError): boolean {
  switch (error.code) {
    case 'rate-limited':
    case 'untrusted-certificate':
    case 'insecure-address':
    case 'invalid-input':
    case 'signed-out':
    case 'wrong-credentials':
    case 'missing-credentials':
      return false
    default:
      return true
  }
}
