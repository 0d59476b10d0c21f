// From whatever went wrong to the AppError the rest of the app understands. The platform's envelope decides
// before the HTTP status does (D4): its `error` string is the platform's own word for what happened.
import { isHTTPError, isNetworkError, isTimeoutError } from 'ky'

import { ResponseTooLargeError } from './bounded-fetch.ts'
import type { PlatformCall, PlatformFailure } from './platform-error.ts'
import { PlatformCallError } from './platform-error.ts'
import { parseRetryAfter } from './retry-after.ts'
import type { ErrorEnvelope } from './schemas.ts'
import { errorEnvelopeSchema } from './schemas.ts'
import {
  findCertificateFailure,
  findChromiumNetworkFailure,
  transportErrorCode,
} from './transport-failure.ts'

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
      return undefined
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
): PlatformFailure {
  const platformWords = envelope && { platformError: envelope.error, platformMessage: envelope.message }
  const known = envelope && knownPlatformError(call, envelope.error)
  if (known) return { ...known, ...platformWords, httpStatus }
  // D3 for every 401 but login's: a gateway or proxy in front of the platform answers with its own body (or
  // none), and the session must still sign in again once and retry once rather than retry with a dead token.
  if (httpStatus === 401 && call !== 'login') {
    return { code: 'signed-out', retryable: false, ...platformWords, httpStatus }
  }
  if (httpStatus === 429) return { code: 'rate-limited', retryable: true, ...platformWords, httpStatus }
  if (httpStatus >= 500) return { code: 'server-error', retryable: true, ...platformWords, httpStatus }
  // An error string the spec does not name: shown to staff as it came, with the status (D4).
  if (envelope) return { code: 'platform-refused', retryable: false, ...platformWords, httpStatus }
  return { code: 'unexpected-answer', retryable: false, httpStatus }
}

/** Whatever was thrown while talking to the platform, as a PlatformCallError. Never throws itself. */
export function toPlatformError(call: PlatformCall, error: unknown): PlatformCallError {
  if (error instanceof PlatformCallError) return error
  return PlatformCallError.from(call, failureOf(call, error))
}

function failureOf(call: PlatformCall, error: unknown): PlatformFailure {
  if (isHTTPError(error)) {
    const failure = failureOfAnswer(call, error.response.status, readEnvelope(error.data))
    const retryAfterMs = parseRetryAfter(error.response.headers.get('retry-after'), Date.now())
    return failure.retryable && retryAfterMs !== undefined ? { ...failure, retryAfterMs } : failure
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
