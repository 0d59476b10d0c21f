import { isHTTPError } from 'ky'
import type { RetryOptions } from 'ky'
import { ResponseTooLargeError } from './bounded-fetch.ts'
import { isKnownPlatformError } from './error-mapping.ts'
import { nonNegativeInteger } from './client-setup.ts'
import type { PlatformCall } from './platform-error.ts'
import { findCertificateFailure, findChromiumNetworkFailure } from './transport-failure.ts'

export interface PlatformRetryOptions {
  /** Retries after the first attempt: `limit: 3` means at most four attempts. */
  limit: number
  baseDelayMs: number
  /** Caps both the backoff and a server's Retry-After. */
  maxDelayMs: number
}

/** 429 and every 5xx; the rest of 4xx is an answer, not a hiccup. */
const RETRIED_STATUS_CODES = [429, ...Array.from({ length: 100 }, (_, index) => 500 + index)]
/** Statuses whose Retry-After (seconds or HTTP date) sets the wait; ky caps it at maxRetryAfter. */
const RETRY_AFTER_STATUS_CODES = [429, 503]
/** ky's retry options for each call (D9): what is retried, how long to wait, and where ky's judgement is overridden. */
export function retryOptions(policy: PlatformRetryOptions): (call: PlatformCall) => RetryOptions {
  const limit = nonNegativeInteger('retry.limit', policy.limit)
  const baseDelayMs = nonNegativeInteger('retry.baseDelayMs', policy.baseDelayMs)
  const maxDelayMs = nonNegativeInteger('retry.maxDelayMs', policy.maxDelayMs)
  return (call) => ({
    limit,
    // Login is the only POST, and sending it twice is harmless: it just issues another token.
    methods: ['get', 'put', 'post'],
    statusCodes: RETRIED_STATUS_CODES,
    afterStatusCodes: RETRY_AFTER_STATUS_CODES,
    maxRetryAfter: maxDelayMs,
    backoffLimit: maxDelayMs,
    // Exponential backoff; `jitter: true` then draws the actual wait uniformly below it (full jitter).
    delay: (attempt) => baseDelayMs * 2 ** (attempt - 1),
    jitter: true,
    retryOnTimeout: true,
    shouldRetry: ({ error }) => shouldRetry(call, error),
  })
}

/**
 * Overrides ky's own judgement only where it would be wrong for us; undefined leaves the decision to ky
 * (network errors, timeouts, the status codes above).
 */
function shouldRetry(call: PlatformCall, error: Error): boolean | undefined {
  // ky sees "fetch failed" and would retry, but a certificate does not become trusted by asking again (D8).
  if (findCertificateFailure(error) !== undefined) return false
  if (error instanceof ResponseTooLargeError) return false
  // A 5xx that still names a spec error (`sipariş bulunamadı`…) is a final answer (D4).
  if (isHTTPError(error) && isKnownPlatformError(call, error.data)) return false
  // Electron's net.fetch rejects with `Error: net::ERR_…`, which ky does not recognise as a network error.
  if (findChromiumNetworkFailure(error) !== undefined) return true
  return undefined
}
