import { toAppError } from '../app-failure.ts'
import type { Clock, Logger } from '../ports.ts'
import { renewalTime } from './token-expiry.ts'

/** When a renewal fails for a passing reason (network, 5xx) while the token still lives, try again this soon. */
const RENEWAL_RETRY_MS = 60 * 1000
/** At launch, while the platform cannot be reached, signing in is tried again this soon, doubling up to the cap. */
export const START_RETRY_FIRST_MS = 5 * 1000
export const START_RETRY_MAX_MS = 5 * 60 * 1000

interface TimerOptions {
  clock: Clock
  log: Logger
}

/** The token's renewal ten minutes before its effective expiry (D2), tried again each minute while it lives. */
export class RenewalSchedule {
  readonly #options: TimerOptions & { renew: () => Promise<unknown>; isSignedOut: () => boolean }
  #cancel: (() => void) | undefined

  constructor(options: TimerOptions & { renew: () => Promise<unknown>; isSignedOut: () => boolean }) {
    this.#options = options
  }

  scheduleFor(expiresAt: number): void {
    this.cancel()
    const delay = Math.max(0, renewalTime(expiresAt) - this.#options.clock.now())
    this.#cancel = this.#options.clock.setTimer(delay, () => void this.#renew(expiresAt))
  }

  cancel(): void {
    this.#cancel?.()
    this.#cancel = undefined
  }

  async #renew(expiresAt: number): Promise<void> {
    try {
      await this.#options.renew()
    } catch (error) {
      const { code } = toAppError(error)
      this.#options.log.warn('session: scheduled renewal failed', { code })
      const retryAt = this.#options.clock.now() + RENEWAL_RETRY_MS
      if (!this.#options.isSignedOut() && retryAt < expiresAt) {
        this.#cancel = this.#options.clock.setTimer(RENEWAL_RETRY_MS, () => void this.#renew(expiresAt))
      }
    }
  }
}

/**
 * At launch with stored keys, while the platform cannot be reached (network, timeout, 5xx, 429): signing in is
 * tried again every 5 s doubling to 5 min, for as long as `stillWanted` (D25).
 */
export class StartRetry {
  readonly #options: TimerOptions & { signIn: () => Promise<unknown>; stillWanted: () => boolean }
  #cancel: (() => void) | undefined

  constructor(options: TimerOptions & { signIn: () => Promise<unknown>; stillWanted: () => boolean }) {
    this.#options = options
  }

  schedule(delayMs: number = START_RETRY_FIRST_MS): void {
    this.stop()
    this.#cancel = this.#options.clock.setTimer(delayMs, () => void this.#retry(delayMs))
  }

  stop(): void {
    this.#cancel?.()
    this.#cancel = undefined
  }

  async #retry(delayMs: number): Promise<void> {
    this.#cancel = undefined
    // Only while nothing else happened: staff signing in or out, or the keys being refused, ends the retries.
    if (!this.#options.stillWanted()) return
    try {
      await this.#options.signIn()
    } catch (error) {
      const appError = toAppError(error)
      this.#options.log.warn('session: still cannot sign in with the stored keys', { code: appError.code })
      if (appError.retryable) this.schedule(Math.min(delayMs * 2, START_RETRY_MAX_MS))
    }
  }
}
