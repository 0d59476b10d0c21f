import type { AppError } from '../../../src-shared/errors.ts'

/** The four calls of the spec, as error messages and the error mapping name them. */
export type PlatformCall = 'login' | 'branches' | 'variables' | 'ontheway'

// The bridge's AppError schema caps these lengths; a longer platform text is cut rather than failing the bridge.
const MAX_PLATFORM_ERROR_LENGTH = 500
const MAX_PLATFORM_MESSAGE_LENGTH = 2000

/**
 * The only thing the platform client throws. Its message names the call, the code and (when known) the HTTP
 * status or the transport's error code; it never carries a secret, a token, or the request behind it, so it is
 * safe to log as it is.
 */
export class PlatformCallError extends Error {
  readonly appError: AppError
  /**
   * How long the platform asked us to wait (its Retry-After on a 429 or 503), for callers that own their retries
   * (the hand-over outbox). Kept beside the AppError: it is a scheduling hint, not something to show staff.
   */
  readonly retryAfterMs: number | undefined

  constructor(appError: AppError, message = `platform: ${appError.code}`, retryAfterMs?: number) {
    super(message)
    this.name = 'PlatformCallError'
    this.appError = appError
    this.retryAfterMs = retryAfterMs
  }

  /**
   * The error for a failed call, its AppError built from the failure's facts (the platform's words cut to what
   * the bridge carries) and its message naming the call, the code, the HTTP status and the technical detail.
   */
  static from(call: PlatformCall | 'setup', failure: PlatformFailure): PlatformCallError {
    const appError: AppError = { code: failure.code, retryable: failure.retryable }
    if (failure.httpStatus !== undefined) appError.httpStatus = failure.httpStatus
    if (failure.platformError !== undefined) {
      appError.platformError = failure.platformError.slice(0, MAX_PLATFORM_ERROR_LENGTH)
    }
    if (failure.platformMessage !== undefined) {
      appError.platformMessage = failure.platformMessage.slice(0, MAX_PLATFORM_MESSAGE_LENGTH)
    }
    const facts = [
      failure.httpStatus === undefined ? undefined : `HTTP ${failure.httpStatus}`,
      failure.detail,
    ].filter((fact) => fact !== undefined)
    const suffix = facts.length > 0 ? ` (${facts.join(', ')})` : ''
    return new PlatformCallError(appError, `platform ${call}: ${failure.code}${suffix}`, failure.retryAfterMs)
  }
}

export interface PlatformFailure {
  code: AppError['code']
  retryable: boolean
  httpStatus?: number | undefined
  platformError?: string | undefined
  platformMessage?: string | undefined
  /** A safe technical hint for the log (a TLS or socket error code), never shown to staff. */
  detail?: string | undefined
  /** The answer's Retry-After, in ms, on a retryable failure. */
  retryAfterMs?: number | undefined
}
