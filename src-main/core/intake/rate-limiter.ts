import type { Clock } from '../ports.ts'

export const INTAKE_RATE_LIMIT = { limit: 50, windowMs: 1000 } as const

/**
 * At most `limit` requests in any `windowMs` (a sliding window: a burst at the edge of one second cannot add up
 * to twice the limit). One window for all callers: the API is on loopback, so every caller is this machine.
 */
export class SlidingWindowLimiter {
  readonly #clock: Pick<Clock, 'now'>
  readonly #limit: number
  readonly #windowMs: number
  /** The times of the requests let through within the window, oldest first; never longer than `limit`. */
  #times: number[] = []

  constructor(clock: Pick<Clock, 'now'>, options: { limit: number; windowMs: number } = INTAKE_RATE_LIMIT) {
    this.#clock = clock
    this.#limit = options.limit
    this.#windowMs = options.windowMs
  }

  /** Lets a request through (and counts it), or says in whole seconds when the next one will be let through. */
  take(): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const now = this.#clock.now()
    const windowStart = now - this.#windowMs
    while ((this.#times[0] ?? Infinity) <= windowStart) this.#times.shift()
    if (this.#times.length < this.#limit) {
      this.#times.push(now)
      return { allowed: true }
    }
    const freeAt = (this.#times[0] as number) + this.#windowMs
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now) / 1000)) }
  }
}
