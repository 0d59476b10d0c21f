// The platform's four calls (integration-api.md section 4) over ky, every answer checked with zod. Retries for
// network errors, 429 and 5xx happen here (D9); re-login on 401 happens in the session layer above (D3).
import ky from 'ky'
import type { KyInstance, Options } from 'ky'
import type { z } from 'zod'

import { createBoundedFetch } from './bounded-fetch.ts'
import { platformBaseUrl, positiveInteger } from './client-setup.ts'
import { failureOfAnswer, readEnvelope, toPlatformError } from './error-mapping.ts'
import type { PlatformCall } from './platform-error.ts'
import { PlatformCallError } from './platform-error.ts'
import type { Branch, Method } from './schemas.ts'
import {
  branchesAnswerSchema,
  loginAnswerSchema,
  onTheWayAnswerSchema,
  variablesAnswerSchema,
} from './schemas.ts'
import { retryOptions, type PlatformRetryOptions } from './platform-retry.ts'

export { PlatformCallError } from './platform-error.ts'
export type { PlatformRetryOptions } from './platform-retry.ts'
export type { Branch, Method } from './schemas.ts'

export interface PlatformClientOptions {
  /** The integrations base address, e.g. `https://host/integrations`. Must be https:// (D8). */
  baseUrl: string
  /** The fetch port: undici with the CA setting in Node, Electron's net.fetch in the app. */
  fetch: typeof globalThis.fetch
  /** Sent as User-Agent on every request (D12), e.g. `pos-companion/0.1.0`. */
  userAgent: string
  /** Per attempt, the body read included. Default 15 s (D9). */
  timeoutMs?: number
  /** Larger answers are refused as `unexpected-answer`. Default 1 MiB (D9). */
  maxResponseBytes?: number
  retry?: PlatformRetryOptions
}

export interface LoginCredentials {
  appSecretKey: string
  restSecretKey: string
}

export interface PlatformSession {
  accessToken: string
  /** As the platform wrote it (`YYYY-MM-DD HH:MM:SS`, platform-local time); the session layer interprets it (D2). */
  expirationDate: string
}

export interface PlatformVariables {
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
export interface OnTheWayConfirmation {
  httpStatus: number
}

const DEFAULT_TIMEOUT_MS = 15_000
const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024
const DEFAULT_RETRY: PlatformRetryOptions = { limit: 3, baseDelayMs: 500, maxDelayMs: 10_000 }

export function createPlatformClient(options: PlatformClientOptions): PlatformClient {
  const baseUrl = platformBaseUrl(options.baseUrl)
  const timeoutMs = positiveInteger('timeoutMs', options.timeoutMs ?? DEFAULT_TIMEOUT_MS)
  const maxResponseBytes = positiveInteger(
    'maxResponseBytes',
    options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
  )
  const retry = retryOptions(options.retry ?? DEFAULT_RETRY)

  const api = ky.create({
    // No `baseUrl`: ky would build a Request per call just to read that address back (docs/decisions.md#d62);
    // `send` joins the base and the path itself.
    fetch: createBoundedFetch(options.fetch, maxResponseBytes),
    timeout: timeoutMs,
    // A redirect would carry the Access-Token to wherever it points, and could lead to plain http (D8). The
    // platform has no reason to redirect an API call, so a 3xx is an unexpected answer.
    redirect: 'manual',
    headers: { 'user-agent': options.userAgent, accept: 'application/json' },
  })

  // Retry is passed whole on every call: ky concatenates arrays when it merges per-call options into defaults.
  const exchange = <Schema extends z.ZodType>(
    call: PlatformCall,
    path: string,
    init: Options,
    schema: Schema,
    retryEnabled = true,
  ) =>
    send(
      api,
      call,
      `${baseUrl.href}${path}`,
      { ...init, retry: retryEnabled ? retry(call) : { limit: 0 } },
      schema,
    )
  const request = async <Schema extends z.ZodType>(
    call: PlatformCall,
    path: string,
    init: Options,
    schema: Schema,
  ): Promise<z.output<Schema>> => (await exchange(call, path, init, schema)).answer

  return platformCalls(request, exchange)
}

type Exchange = <Schema extends z.ZodType>(
  call: PlatformCall,
  path: string,
  init: Options,
  schema: Schema,
  retryEnabled?: boolean,
) => Promise<{ answer: z.output<Schema>; httpStatus: number }>

/** The platform's four calls, each as the spec writes it (integration-api section 4). */
function platformCalls(
  request: <Schema extends z.ZodType>(
    call: PlatformCall,
    path: string,
    init: Options,
    schema: Schema,
  ) => Promise<z.output<Schema>>,
  exchange: Exchange,
): PlatformClient {
  return {
    async login({ appSecretKey, restSecretKey }) {
      const answer = await request(
        'login',
        'auth/login',
        {
          method: 'post',
          json: { app_secret_key: appSecretKey, rest_secret_key: restSecretKey },
        },
        loginAnswerSchema,
      )
      return { accessToken: answer.data.access_token, expirationDate: answer.data.expiration_date }
    },

    async listBranches(accessToken) {
      const answer = await request(
        'branches',
        'restaurants/get',
        authorised(accessToken),
        branchesAnswerSchema,
      )
      return answer.data.map(({ id, name }) => ({ id, name }))
    },

    async getVariables(accessToken) {
      const answer = await request(
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
    async markOnTheWay(accessToken, paymentKey, markOptions = {}) {
      const path = `orders/ontheway/${pathSegment(paymentKey)}`
      const init: Options = { ...authorised(accessToken), method: 'put' }
      const { httpStatus } = await exchange(
        'ontheway',
        path,
        init,
        onTheWayAnswerSchema,
        markOptions.retry ?? true,
      )
      return { httpStatus }
    },
  }
}

/**
 * One exchange with the platform at `url`: the base address (ending in `/`, client-setup.ts) followed by a
 * relative path whose variable part went through pathSegment, so joining them as text is what URL resolution
 * would give.
 */
async function send<Schema extends z.ZodType>(
  api: KyInstance,
  call: PlatformCall,
  url: string,
  init: Options,
  schema: Schema,
): Promise<{ answer: z.output<Schema>; httpStatus: number }> {
  let httpStatus: number
  let text: string
  try {
    const response = await api(url, init)
    httpStatus = response.status
    text = await response.text()
  } catch (error) {
    throw toPlatformError(call, error)
  }
  return { answer: parseAnswer(call, httpStatus, text, schema), httpStatus }
}

/** A 2xx answer: the expected shape, or an envelope (D4 applies to 2xx too), or else an unexpected answer (D6). */
function parseAnswer<Schema extends z.ZodType>(
  call: PlatformCall,
  httpStatus: number,
  text: string,
  schema: Schema,
): z.output<Schema> {
  let json: unknown
  try {
    json = JSON.parse(text) as unknown
  } catch {
    throw PlatformCallError.from(call, {
      code: 'unexpected-answer',
      retryable: false,
      httpStatus,
      detail: 'not JSON',
    })
  }
  const answer = schema.safeParse(json)
  if (answer.success) return answer.data
  const envelope = readEnvelope(json)
  if (envelope) throw PlatformCallError.from(call, failureOfAnswer(call, httpStatus, envelope))
  throw PlatformCallError.from(call, {
    code: 'unexpected-answer',
    retryable: false,
    httpStatus,
    detail: 'wrong shape',
  })
}

const authorised = (accessToken: string): Options => ({ headers: { 'access-token': accessToken } })

/**
 * The payment key as one path segment. `.` and `..` are refused: no encoding keeps a URL parser from reading them
 * (or `%2E`) as a step up the path, which would send the PUT somewhere else. So is text with a lone surrogate,
 * which has no URL encoding (encodeURIComponent would throw a URIError).
 */
function pathSegment(value: string): string {
  if (value === '' || value === '.' || value === '..' || /\p{Surrogate}/u.test(value)) {
    throw PlatformCallError.from('ontheway', {
      code: 'invalid-input',
      retryable: false,
      detail: 'payment key',
    })
  }
  return encodeURIComponent(value)
}
