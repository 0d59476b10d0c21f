// The control API under `/_mock/`: how tests, the demo and benchmarks set the stage. Never delayed, faulted,
// counted or authenticated, so that arranging a scenario cannot disturb the scenario.
import type { IncomingMessage, ServerResponse } from 'node:http'

import { z } from 'zod'

import {
  clockAdvanceBodySchema,
  expirationSkewBodySchema,
  holdBodySchema,
  latencyBodySchema,
  mockFaultSchema,
  orderStatusBodySchema,
  releaseBodySchema,
  tokenTargetBodySchema,
  upsertOrdersBodySchema,
} from './contract.ts'
import { BodyTooLargeError, readBody, sendJson } from './http-io.ts'
import type { MockState } from './state.ts'

export const CONTROL_PREFIX = '/_mock'
const CONTROL_BODY_LIMIT_BYTES = 32 * 1024 * 1024

interface ControlAnswer {
  status: number
  body: unknown
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

interface ControlRoute {
  method: Method
  /** Matched against the path below CONTROL_PREFIX; capture groups become `params`. */
  pattern: RegExp
  takesBody: boolean
  run(state: MockState, params: string[], body: unknown): ControlAnswer | Promise<ControlAnswer>
}

const ok = (body: unknown): ControlAnswer => ({ status: 200, body })
const notFound = (what: string): ControlAnswer => ({ status: 404, body: { error: `${what} not found` } })

function plain(
  method: Method,
  pattern: RegExp,
  handle: (state: MockState, params: string[]) => ControlAnswer,
): ControlRoute {
  return { method, pattern, takesBody: false, run: (state, params) => handle(state, params) }
}

function withBody<Schema extends z.ZodType>(
  method: Method,
  pattern: RegExp,
  schema: Schema,
  handle: (
    state: MockState,
    body: z.output<Schema>,
    params: string[],
  ) => ControlAnswer | Promise<ControlAnswer>,
): ControlRoute {
  return {
    method,
    pattern,
    takesBody: true,
    run: (state, params, body) => {
      const parsed = schema.safeParse(body)
      if (!parsed.success)
        return { status: 400, body: { error: `invalid body: ${z.prettifyError(parsed.error)}` } }
      return handle(state, parsed.data, params)
    },
  }
}

const ROUTES: readonly ControlRoute[] = [
  plain('POST', /^\/reset$/, (state) => {
    state.reset()
    return ok({ ok: true })
  }),

  plain('GET', /^\/orders$/, (state) => ok({ orders: state.listOrders() })),
  withBody('POST', /^\/orders$/, upsertOrdersBodySchema, (state, { orders }) =>
    ok({ orders: state.upsertOrders(orders) }),
  ),
  plain('GET', /^\/orders\/([^/]+)$/, (state, [id = '']) => {
    const order = state.getOrder(id)
    return order ? ok({ order }) : notFound('order')
  }),
  withBody('PUT', /^\/orders\/([^/]+)\/status$/, orderStatusBodySchema, (state, { status_id }, [id = '']) => {
    const order = state.setOrderStatus(id, status_id)
    return order ? ok({ order }) : notFound('order')
  }),
  plain('DELETE', /^\/orders\/([^/]+)$/, (state, [id = '']) =>
    state.removeOrder(id) ? ok({ removed: true }) : notFound('order'),
  ),

  plain('GET', /^\/tokens$/, (state) => ok({ tokens: state.listTokens() })),
  withBody('POST', /^\/tokens\/(expire|revoke)$/, tokenTargetBodySchema, (state, { token }, [action]) => {
    const affected = action === 'expire' ? state.expireTokens(token) : state.revokeTokens(token)
    return affected === undefined ? notFound('token') : ok({ affected })
  }),

  plain('GET', /^\/clock$/, (state) => ok(state.clock())),
  withBody('POST', /^\/clock\/advance$/, clockAdvanceBodySchema, (state, { ms }) =>
    ok(state.advanceClock(ms)),
  ),

  plain('GET', /^\/expiration-skew$/, (state) => ok({ ms: state.expirationSkewMs })),
  withBody('PUT', /^\/expiration-skew$/, expirationSkewBodySchema, (state, { ms }) => {
    state.setExpirationSkew(ms)
    return ok({ ms: state.expirationSkewMs })
  }),

  plain('GET', /^\/latency$/, (state) => ok(state.latency())),
  withBody('PUT', /^\/latency$/, latencyBodySchema, (state, { ms, route }) =>
    ok(state.setLatency(ms, route)),
  ),

  plain('GET', /^\/faults$/, (state) => ok({ faults: state.listFaults() })),
  withBody('POST', /^\/faults$/, mockFaultSchema, (state, fault) => ok({ fault: state.armFault(fault) })),
  plain('DELETE', /^\/faults$/, (state) => {
    state.clearFaults()
    return ok({ ok: true })
  }),

  plain('GET', /^\/holds$/, (state) => ok(state.holds.status())),
  withBody('POST', /^\/holds$/, holdBodySchema, (state, { route, times }) =>
    ok(state.holds.hold(route, times ?? 1)),
  ),
  // Answers once the released requests have been answered, so the caller can read their outcome at once.
  withBody('POST', /^\/holds\/release$/, releaseBodySchema, async (state, { route }) =>
    ok({ released: await state.holds.release(route) }),
  ),

  plain('GET', /^\/counters$/, (state) => ok(state.counters())),
  plain('POST', /^\/counters\/reset$/, (state) => {
    state.resetCounters()
    return ok({ ok: true })
  }),
]

/** `path` is below CONTROL_PREFIX, e.g. `/orders`. */
export async function handleControlRequest(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  state: MockState,
): Promise<void> {
  const candidates = ROUTES.filter((r) => r.pattern.test(path))
  if (candidates.length === 0) {
    sendJson(res, 404, { error: `unknown control route ${CONTROL_PREFIX}${path}` })
    return
  }
  const route = candidates.find((r) => r.method === req.method)
  if (!route) {
    const allowed = candidates.map((r) => r.method).join(', ')
    sendJson(res, 405, { error: `${req.method ?? '?'} not allowed; use ${allowed}` }, { Allow: allowed })
    return
  }
  const params = (route.pattern.exec(path)?.slice(1) ?? []).map(safeDecode)
  let body: unknown = undefined
  if (route.takesBody) {
    const parsed = await parseJsonBody(req)
    if (!parsed.ok) {
      sendJson(res, parsed.status, { error: parsed.error })
      return
    }
    body = parsed.value
  } else {
    req.resume()
  }
  const answer = await route.run(state, params, body)
  sendJson(res, answer.status, answer.body)
}

type ParsedBody = { ok: true; value: unknown } | { ok: false; status: number; error: string }

/** An empty body reads as `{}`, so that "all tokens" needs no body at all. */
async function parseJsonBody(req: IncomingMessage): Promise<ParsedBody> {
  let raw: Buffer
  try {
    raw = await readBody(req, CONTROL_BODY_LIMIT_BYTES)
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { ok: false, status: 413, error: error.message }
    throw error
  }
  const text = raw.toString('utf8')
  if (text.trim() === '') return { ok: true, value: {} }
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false, status: 400, error: 'body is not valid JSON' }
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
