// The platform's four calls (integration-api.md section 4) over ky, every answer checked with zod. Retries for
// network errors, 429 and 5xx happen here (D9); re-login on 401 happens in the session layer above (D3).
import ky, { isHTTPError } from 'ky'
import type { Options, RetryOptions } from 'ky'
import type { z } from 'zod'

import { createBoundedFetch } from './bounded-fetch.ts'
import {
  failureOfAnswer,
  isKnownPlatformError,
  PlatformCallError,
  readEnvelope,
  toPlatformError,
  type PlatformCall,
  type PlatformFailure,
  type RedactText,
} from './platform-error.ts'
import {
  branchesAnswerSchema,
  loginAnswerSchema,
  onTheWayAnswerSchema,
  variablesAnswerSchema,
  type Branch,
  type Method,
} from './schemas.ts'
import { findCertificateFailure, findChromiumNetworkFailure } from './transport-failure.ts'

export { PlatformCallError } from './platform-error.ts'

export interface PlatformClientDeps {
  /** The integrations base address, e.g. `https://host/integrations`. Must be https:// (D8). */
  baseUrl: string
  /** The fetch port: undici with the CA setting in Node, Electron's net.fetch in the app. */
  fetch: typeof globalThis.fetch
  /** Sent as User-Agent on every request (D12), e.g. `pos-companion/0.1.0`. */
  userAgent: string
  /** The platform's words in a failure as they may be kept and shown (D11). */
  redactText: RedactText
  /** Per attempt, the body read included. Default 15 s (D9). */
  timeoutMs?: number
  /** Larger answers are refused as `unexpected-answer`. Default 1 MiB (D9). */
  maxResponseBytes?: number
  retry?: PlatformRetryPolicy
}

interface PlatformRetryPolicy {
  /** Retries after the first attempt: `limit: 3` means at most four attempts. */
  limit: number
  baseDelayMs: number
  /** Caps both the backoff and a server's Retry-After. */
  maxDelayMs: number
}

interface LoginCredentials {
  appSecretKey: string
  restSecretKey: string
}

interface PlatformSession {
  accessToken: string
  /** As the platform wrote it (`YYYY-MM-DD HH:MM:SS`, platform-local time); the session layer interprets it (D2). */
  expirationDate: string
}

interface PlatformVariables {
  paymentMethods: Method[]
  shippingMethods: Method[]
}

export interface MarkOnTheWayOptions {
  /** False makes exactly one attempt, for callers that own their retries (the durable outbox). Default true. */
  retry?: boolean
}

/** Every call rejects only with PlatformCallError. */
export interface PlatformClient {
  login(credentials: LoginCredentials): Promise<PlatformSession>
  listBranches(accessToken: string): Promise<Branch[]>
  getVariables(accessToken: string): Promise<PlatformVariables>
  /** PUT /orders/ontheway/{paymentKey}. Resolves only on `status: true`, `data: "OK"` (D5). */
  markOnTheWay(
    accessToken: string,
    paymentKey: string,
    options?: MarkOnTheWayOptions,
  ): Promise<OnTheWayConfirmation>
}

/** The platform's yes to an on-the-way call, as the hand-over history records it. */
interface OnTheWayConfirmation {
  httpStatus: number
}

const DEFAULT_TIMEOUT_MS = 15_000
const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024
const DEFAULT_RETRY: PlatformRetryPolicy = { limit: 3, baseDelayMs: 500, maxDelayMs: 10_000 }

/** 429 and every 5xx; the rest of 4xx is an answer, not a hiccup. */
const RETRIED_STATUS_CODES = [429, ...Array.from({ length: 100 }, (_, index) => 500 + index)]
/** Statuses whose Retry-After (seconds or HTTP date) sets the wait; ky caps it at maxRetryAfter. */
const RETRY_AFTER_STATUS_CODES = [429, 503]

/** The options and inputs are checked before anything is sent: a refusal is a PlatformCallError like any other. */
export function createPlatformClient(deps: PlatformClientDeps): PlatformClient {
  const { redactText } = deps
  const baseUrl = platformBaseUrl(deps.baseUrl)
  const timeoutMs = checkedInteger('timeoutMs', deps.timeoutMs ?? DEFAULT_TIMEOUT_MS, 1)
  const maxResponseBytes = checkedInteger(
    'maxResponseBytes',
    deps.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    1,
  )
  const retryFor = retryOptions(deps.retry ?? DEFAULT_RETRY)

  const api = ky.create({
    // No `baseUrl`: ky would build a Request per call just to read that address back (docs/decisions.md#d62);
    // `exchange` joins the base and the path itself.
    fetch: createBoundedFetch(deps.fetch, maxResponseBytes),
    timeout: timeoutMs,
    // A redirect would carry the Access-Token to wherever it points, and could lead to plain http (D8). The
    // platform has no reason to redirect an API call, so a 3xx is an unexpected answer.
    redirect: 'manual',
    headers: { 'user-agent': deps.userAgent, accept: 'application/json' },
  })

  /**
   * One call to the platform at the base address (ending in `/`) followed by a relative path whose variable part
   * went through pathSegment, so joining them as text is what URL resolution would give. Retry is passed whole
   * on every call: ky concatenates arrays when it merges per-call options into defaults.
   */
  async function exchange<Schema extends z.ZodType>(
    call: PlatformCall,
    path: string,
    init: Options,
    schema: Schema,
    retry = true,
  ): Promise<{ answer: z.output<Schema>; httpStatus: number }> {
    let httpStatus: number
    let text: string
    try {
      const response = await api(`${baseUrl.href}${path}`, {
        ...init,
        retry: retry ? retryFor(call) : { limit: 0 },
      })
      httpStatus = response.status
      text = await response.text()
    } catch (error) {
      throw toPlatformError(call, error, redactText)
    }
    const failure = (facts: PlatformFailure) => new PlatformCallError(call, { ...facts, httpStatus })
    // A 2xx answer: the expected shape, or an envelope (D4 applies to 2xx too), or else an unexpected answer (D6).
    let json: unknown
    try {
      json = JSON.parse(text) as unknown
    } catch {
      throw failure({ code: 'unexpected-answer', retryable: false, detail: 'not JSON' })
    }
    const answer = schema.safeParse(json)
    if (answer.success) return { answer: answer.data, httpStatus }
    const envelope = readEnvelope(json)
    if (envelope) throw failure(failureOfAnswer(call, httpStatus, envelope, redactText))
    throw failure({ code: 'unexpected-answer', retryable: false, detail: 'wrong shape' })
  }

  return {
    async login({ appSecretKey, restSecretKey }) {
      const init: Options = {
        method: 'post',
        json: { app_secret_key: appSecretKey, rest_secret_key: restSecretKey },
      }
      const { answer } = await exchange('login', 'auth/login', init, loginAnswerSchema)
      return { accessToken: answer.data.access_token, expirationDate: answer.data.expiration_date }
    },

    async listBranches(accessToken) {
      const { answer } = await exchange(
        'branches',
        'restaurants/get',
        authorised(accessToken),
        branchesAnswerSchema,
      )
      return answer.data.map(({ id, name }) => ({ id, name }))
    },

    async getVariables(accessToken) {
      const { answer } = await exchange(
        'variables',
        'orders/variables',
        authorised(accessToken),
        variablesAnswerSchema,
      )
      return {
        paymentMethods: answer.data.paymentMethod.map(({ key, name }) => ({ key, name })),
        shippingMethods: answer.data.shippingMethod.map(({ key, name }) => ({ key, name })),
      }
    },

    // A retried PUT may follow one that did reach the platform (its answer lost to a timeout or a cut): the
    // platform then refuses the second as not CONFIRMED. Callers that must know use `retry: false`.
    async markOnTheWay(accessToken, paymentKey, options = {}) {
      const path = `orders/ontheway/${pathSegment(paymentKey)}`
      const init: Options = { ...authorised(accessToken), method: 'put' }
      const { httpStatus } = await exchange('ontheway', path, init, onTheWayAnswerSchema, options.retry)
      return { httpStatus }
    },
  }
}

const authorised = (accessToken: string): Options => ({ headers: { 'access-token': accessToken } })

/**
 * The payment key as one path segment. `.` and `..` are refused: no encoding keeps a URL parser from reading them
 * (or `%2E`) as a step up the path, which would send the PUT somewhere else. So is text with a lone surrogate,
 * which has no URL encoding (encodeURIComponent would throw a URIError).
 */
function pathSegment(value: string): string {
  if (value === '' || value === '.' || value === '..' || /\p{Surrogate}/u.test(value)) {
    throw new PlatformCallError('ontheway', {
      code: 'invalid-input',
      retryable: false,
      detail: 'payment key',
    })
  }
  return encodeURIComponent(value)
}

/** The base address with a trailing slash, so that relative paths extend its path instead of replacing a segment. */
function platformBaseUrl(address: string): URL {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    throw setupError('base address is not a URL')
  }
  if (url.protocol !== 'https:') {
    throw new PlatformCallError('setup', { code: 'insecure-address', retryable: false })
  }
  // Credentials in the address would end up in logs; a query or fragment would be silently lost when joining.
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw setupError('base address must not carry credentials, a query or a fragment')
  }
  if (!url.pathname.endsWith('/')) url.pathname += '/'
  return url
}

function checkedInteger(name: string, value: number, min: 0 | 1): number {
  if (Number.isInteger(value) && value >= min) return value
  throw setupError(`${name} must be a ${min === 1 ? 'positive' : 'non-negative'} integer`)
}

const setupError = (detail: string) =>
  new PlatformCallError('setup', { code: 'invalid-input', retryable: false, detail })

/** ky's retry options for each call (D9): what is retried, how long to wait, and where ky's judgement is overridden. */
function retryOptions(policy: PlatformRetryPolicy): (call: PlatformCall) => RetryOptions {
  const limit = checkedInteger('retry.limit', policy.limit, 0)
  const baseDelayMs = checkedInteger('retry.baseDelayMs', policy.baseDelayMs, 0)
  const maxDelayMs = checkedInteger('retry.maxDelayMs', policy.maxDelayMs, 0)
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
 * Overrides ky's own judgement only where it would be wrong for us; undefined leaves the decision to ky, which
 * retries network errors, timeouts and the status codes above, and nothing else (an answer over the size cap).
 */
function shouldRetry(call: PlatformCall, error: Error): boolean | undefined {
  // ky sees "fetch failed" and would retry, but a certificate does not become trusted by asking again (D8).
  if (findCertificateFailure(error) !== undefined) return false
  // A 5xx that still names a spec error (`sipariş bulunamadı`…) is a final answer (D4).
  if (isHTTPError(error) && isKnownPlatformError(call, error.data)) return false
  // Electron's net.fetch rejects with `Error: net::ERR_…`, which ky does not recognise as a network error.
  if (findChromiumNetworkFailure(error) !== undefined) return true
  return undefined
}
