// The spec's four endpoints (integration-api.md section 4), below the `/integrations` prefix, plus what the spec
// leaves open decided the way a strict real platform would answer (see decisions.md D4, D5).
import type { IncomingMessage, ServerResponse } from 'node:http'
import { setTimeout as delay } from 'node:timers/promises'

import type { ArmedFault, MockRoute } from './contract.ts'
import { UUID_PATTERN } from './contract.ts'
import { respondWithFault } from './faults.ts'
import { HoldDroppedError } from './holds.ts'
import { BodyTooLargeError, errorEnvelope, readBody, sendJson } from './http-io.ts'
import type { MockState, TokenGrant } from './state.ts'

export const PLATFORM_PREFIX = '/integrations'

/** Waits `ms`, or rejects when the server closes (`signal`). */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>
export const realSleep: Sleep = (ms, signal) => delay(ms, undefined, { signal })
const LOGIN_BODY_LIMIT_BYTES = 64 * 1024

const ON_THE_WAY_PATH = '/orders/ontheway'
const CREDENTIAL_FIELDS = ['app_secret_key', 'rest_secret_key'] as const

export interface PlatformRequest {
  req: IncomingMessage
  res: ServerResponse
  /** The path below PLATFORM_PREFIX, e.g. `/auth/login`. */
  path: string
  state: MockState
}

interface PlatformRoute {
  route: MockRoute
  method: string
  matches(path: string): boolean
  handle(request: PlatformRequest): Promise<void> | void
}

const ROUTES: readonly PlatformRoute[] = [
  { route: 'login', method: 'POST', matches: (p) => p === '/auth/login', handle: login },
  {
    route: 'branches',
    method: 'GET',
    matches: (p) => p === '/restaurants/get',
    handle: authenticated(branches),
  },
  {
    route: 'variables',
    method: 'GET',
    matches: (p) => p === '/orders/variables',
    handle: authenticated(variables),
  },
  {
    route: 'ontheway',
    method: 'PUT',
    // Any path under it belongs to this endpoint, so that a malformed id is answered `URL hatalı` by it.
    matches: (p) => p === ON_THE_WAY_PATH || p.startsWith(`${ON_THE_WAY_PATH}/`),
    handle: authenticated(onTheWay),
  },
]

/**
 * Counts the request, takes its fault and its hold (at arrival, so concurrent requests consume them in the
 * order they came), waits until a held request is released, waits out the configured latency, then answers
 * with the fault or the real handler.
 */
export async function handlePlatformRequest(
  request: PlatformRequest,
  signal: AbortSignal,
  sleep: Sleep = realSleep,
): Promise<void> {
  const { req, res, path, state } = request
  const route = ROUTES.find((r) => r.matches(path))
  if (!route) {
    sendJson(res, 404, errorEnvelope('URL hatalı', `No endpoint at ${PLATFORM_PREFIX}${path}`))
    return
  }
  state.countRequest(route.route)
  if (route.route === 'ontheway') {
    const token = req.headers['access-token']
    state.countOnTheWay(typeof token === 'string' ? token : '', orderIdFromPath(path) ?? '')
  }
  const fault = state.takeFault(route.route)
  const held = state.holds.take(route.route)
  try {
    if (held) await held.released(signal)
    await answer(request, route, fault, () => {
      const latencyMs = state.latencyFor(route.route)
      return latencyMs > 0 ? sleep(latencyMs, signal) : Promise.resolve()
    })
  } catch (error) {
    // Held through a reset: the request must not act on the new state, and gets no answer at all.
    if (!(error instanceof HoldDroppedError)) throw error
    req.socket.destroy()
  } finally {
    held?.done()
  }
}

async function answer(
  request: PlatformRequest,
  route: PlatformRoute,
  fault: ArmedFault | undefined,
  waitOutLatency: () => Promise<void>,
): Promise<void> {
  const { req, res } = request
  await waitOutLatency()
  if (fault) {
    respondWithFault(fault, route.route, req, res)
    return
  }
  if (req.method !== route.method) {
    sendJson(
      res,
      405,
      errorEnvelope('yöntem desteklenmiyor', `${req.method ?? '?'} is not allowed here; use ${route.method}`),
      { Allow: route.method },
    )
    return
  }
  await route.handle(request)
}

async function login({ req, res, state }: PlatformRequest): Promise<void> {
  let raw: Buffer
  try {
    raw = await readBody(req, LOGIN_BODY_LIMIT_BYTES)
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error
    state.count('loginsFailed')
    // We stop listening to this client; closing the connection keeps a half-read body from poisoning it.
    sendJson(res, 413, errorEnvelope('istek çok büyük', 'Request body exceeds 64 KiB'), {
      Connection: 'close',
    })
    return
  }
  const missing = (message: string) => {
    state.count('loginsFailed')
    sendJson(res, 422, errorEnvelope('eksik alan', message))
  }
  let body: unknown
  try {
    body = JSON.parse(raw.toString('utf8'))
  } catch {
    missing('Request body must be a JSON object with app_secret_key and rest_secret_key')
    return
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    missing('Request body must be a JSON object with app_secret_key and rest_secret_key')
    return
  }
  const fields = body as Record<string, unknown>
  for (const field of CREDENTIAL_FIELDS) {
    const value = fields[field]
    if (typeof value !== 'string' || value.trim() === '') {
      missing(`Missing required field: ${field} (a non-empty string)`)
      return
    }
  }
  const issued = state.login(fields['app_secret_key'] as string, fields['rest_secret_key'] as string)
  if (!issued) {
    state.count('loginsFailed')
    sendJson(res, 401, errorEnvelope('yetkisiz erişim', 'Invalid credentials'))
    return
  }
  state.count('loginsSucceeded')
  sendJson(res, 200, { status: true, data: issued })
}

type AuthenticatedHandler = (request: PlatformRequest, grant: TokenGrant) => void

/** Auth comes before anything else on these routes: a bad token never learns whether its URL was right. */
function authenticated(handler: AuthenticatedHandler): (request: PlatformRequest) => void {
  return (request) => {
    const header = request.req.headers['access-token']
    const grant = request.state.authenticate(typeof header === 'string' ? header : undefined)
    if (!grant) {
      request.state.count('unauthorized')
      sendJson(request.res, 401, errorEnvelope('yetkisiz erişim', 'Token expired or invalid'))
      return
    }
    handler(request, grant)
  }
}

function branches({ res, state }: PlatformRequest, grant: TokenGrant): void {
  sendJson(res, 200, { status: true, data: state.branchesFor(grant) })
}

function variables({ res, state }: PlatformRequest): void {
  sendJson(res, 200, { status: true, data: state.variables() })
}

function onTheWay({ res, path, state }: PlatformRequest, grant: TokenGrant): void {
  const orderId = orderIdFromPath(path)
  if (orderId === undefined) {
    sendJson(
      res,
      400,
      errorEnvelope('URL hatalı', `Expected ${PLATFORM_PREFIX}${ON_THE_WAY_PATH}/{order_id (UUID)}`),
    )
    return
  }
  const result = state.handOver(grant, orderId)
  switch (result.outcome) {
    case 'not-found':
      sendJson(res, 404, errorEnvelope('sipariş bulunamadı', 'No order matches the given identifier'))
      return
    case 'wrong-courier':
      sendJson(
        res,
        409,
        errorEnvelope(
          'kurye tipi uygun değil',
          `The order's courier is not restaurant-managed (courier_type: ${result.order.courier_type})`,
        ),
      )
      return
    case 'wrong-status':
      sendJson(
        res,
        409,
        errorEnvelope(
          'sipariş durumu uygun değil',
          `The order is not in CONFIRMED status (status_id: ${result.order.status_id})`,
        ),
      )
      return
    case 'handed-over':
      state.count('handedOver')
      sendJson(res, 200, { status: true, data: 'OK' })
      return
  }
}

/** The `{order_id}` of `/orders/ontheway/{order_id}`: exactly one segment, a UUID; otherwise undefined. */
function orderIdFromPath(path: string): string | undefined {
  const rest = path.slice(ON_THE_WAY_PATH.length)
  const match = /^\/([^/]+)$/.exec(rest)
  if (!match?.[1]) return undefined
  let segment: string
  try {
    segment = decodeURIComponent(match[1])
  } catch {
    return undefined
  }
  return UUID_PATTERN.test(segment) ? segment : undefined
}
