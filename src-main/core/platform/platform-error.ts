// What went wrong with a platform call, in one path: an answer or a thrown error → the facts of the failure
// (PlatformFailure) → the one error the client throws (PlatformCallError), which carries the AppError the rest of
// the app understands. The platform's envelope decides before the HTTP status does (D4): its `error` string is
// the platform's own word for what happened. Those words are free text from outside (a platform or a gateway
// that echoes the request back can put a token or a key in them), so they are redacted where they are read
// (D11): the journal, the history, the CSV export and the screen only ever see the redacted text.
import { isHTTPError, isNetworkError, isTimeoutError } from 'ky'
import type { AppError } from '../../../src-shared/errors.ts'
import { ResponseTooLargeError } from './bounded-fetch.ts'
import { errorEnvelopeSchema, type ErrorEnvelope } from './schemas.ts'
import {
  findCertificateFailure,
  findChromiumNetworkFailure,
  transportErrorCode,
} from './transport-failure.ts'

/** The four calls of the spec, as error messages and the error mapping name them. */
export type PlatformCall = 'login' | 'branches' | 'variables' | 'ontheway'

/** The platform's free text as it may be kept and shown (D11). */
export type RedactText = (text: string) => string

/** The facts of a failed call, from which its PlatformCallError is built. */
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

  constructor(call: PlatformCall | 'setup', failure: PlatformFailure) {
    const facts = [
      failure.httpStatus === undefined ? undefined : `HTTP ${failure.httpStatus}`,
      failure.detail,
    ].filter((fact) => fact !== undefined)
    super(`platform ${call}: ${failure.code}${facts.length > 0 ? ` (${facts.join(', ')})` : ''}`)
    this.name = 'PlatformCallError'
    const appError: AppError = { code: failure.code, retryable: failure.retryable }
    if (failure.httpStatus !== undefined) appError.httpStatus = failure.httpStatus
    if (failure.platformError !== undefined) {
      appError.platformError = failure.platformError.slice(0, MAX_PLATFORM_ERROR_LENGTH)
    }
    if (failure.platformMessage !== undefined) {
      appError.platformMessage = failure.platformMessage.slice(0, MAX_PLATFORM_MESSAGE_LENGTH)
    }
    this.appError = appError
    this.retryAfterMs = failure.retryAfterMs
  }
}

/** An AppError's platform words redacted (also for history written before they were redacted on arrival). */
export function redactAppError(appError: AppError, redact: RedactText): AppError {
  const copy: AppError = { ...appError }
  if (copy.platformError !== undefined) copy.platformError = redact(copy.platformError)
  if (copy.platformMessage !== undefined) copy.platformMessage = redact(copy.platformMessage)
  return copy
}

/** The error strings the spec names (section 7), compared without regard to case or Unicode form. */
const UNAUTHORIZED = 'yetkisiz erişim'
const MISSING_FIELD = 'eksik alan'
const ORDER_NOT_FOUND = 'sipariş bulunamadı'
const MALFORMED_URL = 'URL hatalı'

const normalise = (platformText: string) => platformText.normalize('NFC').trim().toLocaleLowerCase('tr-TR')
const sameError = (a: string, b: string) => normalise(a) === normalise(b)

/** The envelope in an answer body, parsed or still text; undefined when there is none. */
export function readEnvelope(body: unknown): ErrorEnvelope | undefined {
  let value = body
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body) as unknown
    } catch {
      // Not JSON: the text itself is no envelope.
    }
  }
  const parsed = errorEnvelopeSchema.safeParse(value)
  return parsed.success ? parsed.data : undefined
}

/** The failure a known error string means on this call, or undefined for a string the spec does not name. */
function knownPlatformError(call: PlatformCall, error: string): PlatformFailure | undefined {
  if (sameError(error, UNAUTHORIZED)) {
    // On login it is the credentials that are wrong; elsewhere the token. Re-login is the session layer's job (D3).
    return { code: call === 'login' ? 'wrong-credentials' : 'signed-out', retryable: false }
  }
  if (sameError(error, MISSING_FIELD)) return { code: 'missing-credentials', retryable: false }
  if (sameError(error, ORDER_NOT_FOUND)) return { code: 'order-not-found', retryable: false }
  if (sameError(error, MALFORMED_URL)) {
    // Only the on-the-way call puts something of ours (the order id) in its path; on any other call the
    // platform found no endpoint at all: the address staff gave is wrong, not an order number.
    return { code: call === 'ontheway' ? 'malformed-url' : 'wrong-address', retryable: false }
  }
  return undefined
}

/** True when the body names an error the spec defines: such an answer is final and never retried. */
export function isKnownPlatformError(call: PlatformCall, body: unknown): boolean {
  const envelope = readEnvelope(body)
  return envelope !== undefined && knownPlatformError(call, envelope.error) !== undefined
}

/** The failure of an answer that is not a success: by envelope first, then by HTTP status. */
export function failureOfAnswer(
  call: PlatformCall,
  httpStatus: number,
  envelope: ErrorEnvelope | undefined,
  redact: RedactText,
): PlatformFailure {
  const known = envelope && knownPlatformError(call, envelope.error)
  const platformWords = envelope && {
    platformError: redact(envelope.error),
    ...(envelope.message === undefined ? {} : { platformMessage: redact(envelope.message) }),
  }
  if (known) return { ...known, ...platformWords, httpStatus }
  // D3 for every 401, whatever its body (a gateway or proxy in front of the platform answers with its own, or
  // none): on login the keys were refused; elsewhere the token was, and the session signs in again once and
  // retries once rather than retry with a dead token.
  if (httpStatus === 401) {
    const code = call === 'login' ? 'wrong-credentials' : 'signed-out'
    return { code, retryable: false, ...platformWords, httpStatus }
  }
  if (httpStatus === 429) return { code: 'rate-limited', retryable: true, ...platformWords, httpStatus }
  if (httpStatus >= 500) return { code: 'server-error', retryable: true, ...platformWords, httpStatus }
  // An error string the spec does not name: shown to staff as it came, with the status (D4).
  if (envelope) return { code: 'platform-refused', retryable: false, ...platformWords, httpStatus }
  return { code: 'unexpected-answer', retryable: false, httpStatus }
}

/** Whatever was thrown while talking to the platform, as a PlatformCallError. Never throws itself. */
export function toPlatformError(call: PlatformCall, error: unknown, redact: RedactText): PlatformCallError {
  if (error instanceof PlatformCallError) return error
  return new PlatformCallError(call, failureOf(call, error, redact))
}

function failureOf(call: PlatformCall, error: unknown, redact: RedactText): PlatformFailure {
  if (isHTTPError(error)) {
    const failure = failureOfAnswer(call, error.response.status, readEnvelope(error.data), redact)
    // Only a failure that will be retried has a wait to carry.
    if (!failure.retryable) return failure
    return {
      ...failure,
      retryAfterMs: parseRetryAfter(error.response.headers.get('retry-after'), Date.now()),
    }
  }
  if (error instanceof ResponseTooLargeError) {
    return {
      code: 'unexpected-answer',
      retryable: false,
      httpStatus: error.httpStatus,
      detail: 'answer too large',
    }
  }
  // Before the network check: a certificate failure reaches us wrapped as a network error, and must not read as one.
  const certificateFailure = findCertificateFailure(error)
  if (certificateFailure !== undefined) {
    return { code: 'untrusted-certificate', retryable: false, detail: certificateFailure }
  }
  if (isTimeoutError(error)) return { code: 'timeout', retryable: true }
  if (isNetworkError(error) || findChromiumNetworkFailure(error) !== undefined) {
    return { code: 'unreachable', retryable: true, detail: transportErrorCode(error) }
  }
  // Only the class name: an unforeseen error's message could quote anything, and this one is logged.
  const name = error instanceof Error ? error.name : typeof error
  return { code: 'internal', retryable: false, detail: name }
}

/**
 * HTTP's Retry-After header (RFC 9110 section 10.2.3), a number of seconds or an HTTP date: how long the server
 * asks us to wait, in ms (never negative); undefined when there is no usable header.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined) return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) {
    const seconds = Number(text)
    return Number.isSafeInteger(seconds) ? seconds * 1000 : undefined
  }
  // Only a date that names its zone: `Date.parse` would read a bare date-time in the local zone.
  if (!/GMT$|UTC$|[+-]\d{4}$|Z$/.test(text)) return undefined
  const at = Date.parse(text)
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs)
}
