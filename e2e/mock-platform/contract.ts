// The mock platform's vocabulary: the records it holds and the control API's bodies and answers. The server
// validates control bodies with these schemas and the typed control client speaks the same types, so the two
// cannot drift apart.
import { z } from 'zod'

/** The spec's four endpoints, by the names faults, latency and counters use. */
const MOCK_ROUTES = ['login', 'branches', 'variables', 'ontheway'] as const
export type MockRoute = (typeof MOCK_ROUTES)[number]

const FAULT_KINDS = [
  'status',
  'rate-limit',
  'malformed-json',
  'wrong-shape',
  'html',
  'oversized',
  'drop',
  'hang',
  'token-rejected',
] as const
type MockFaultKind = (typeof FAULT_KINDS)[number]

/** Any 8-4-4-4-12 hex identifier, in either case; the platform does not insist on a UUID version. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const uuid = z.string().regex(UUID_PATTERN, 'must be a UUID')

const mockOrderSchema = z.strictObject({
  payment_key: uuid,
  courier_type: z.string().min(1),
  status_id: z.int(),
  payment_type: z.string().min(1),
  shipping_method: z.string().min(1),
  branch_id: uuid,
})
/** An order as the platform stores it: the spec's fields plus the branch it belongs to. */
export type MockOrder = z.infer<typeof mockOrderSchema>

export interface MockBranch {
  id: string
  name: string
  /** The restaurant account (vendor) it belongs to; left out: the demo's own. */
  vendor?: string
}

/** A payment or shipping method entry of `/orders/variables`. */
export interface MockMethod {
  key: string
  name: string
}

/** A credential set: vendor-wide when `branch_id` is null, else limited to that branch. */
export interface MockCredential {
  app_secret_key: string
  rest_secret_key: string
  branch_id: string | null
  /** The restaurant account (vendor) its tokens act for; left out: the demo's own. */
  vendor?: string
}

const MAX_OVERSIZED_BYTES = 64 * 1024 * 1024

export const mockFaultSchema = z
  .strictObject({
    route: z.enum([...MOCK_ROUTES, 'any']),
    kind: z.enum(FAULT_KINDS),
    /** How many requests the fault answers; 0 keeps it armed until cleared. Default 1. */
    times: z.int().min(0).max(1_000_000).optional(),
    /** `status`: a 5xx (default 500). `html`: any status (default 502; 200 imitates a captive portal). */
    status: z.int().min(200).max(599).optional(),
    /** `rate-limit`: the Retry-After header in seconds (default 1). */
    retryAfterSeconds: z.int().min(0).max(86_400).optional(),
    /** `oversized`: the exact body size (default 2 MiB). */
    bytes: z.int().min(64).max(MAX_OVERSIZED_BYTES).optional(),
  })
  .refine((fault) => fault.kind !== 'status' || fault.status === undefined || fault.status >= 500, {
    message: 'a status fault needs a 5xx status',
    path: ['status'],
  })
export type MockFault = z.infer<typeof mockFaultSchema>

/** A fault as armed on the server, with its defaults filled in. Fields a kind does not use are null. */
export interface ArmedFault {
  id: number
  route: MockRoute | 'any'
  kind: MockFaultKind
  /** Requests it will still answer; null = until cleared. */
  remaining: number | null
  status: number | null
  retryAfterSeconds: number | null
  bytes: number | null
}

export interface MockCounters {
  /** Requests received per spec route, whatever their outcome, faulted ones included. */
  requests: Record<MockRoute, number>
  /** Requests answered by an injected fault, per route: proof that a fault fired. */
  faulted: Record<MockRoute, number>
  loginsSucceeded: number
  /** Logins answered 401, 413 or 422 (wrong, missing or oversized credentials). */
  loginsFailed: number
  /** 401 answers to a missing, unknown, revoked or expired Access-Token (login failures are not included). */
  unauthorized: number
  /** Orders moved to IN_DELIVERY by the on-the-way call. */
  handedOver: number
  /**
   * On-the-way requests by the Access-Token they carried (`""`: none) and then by the order id in their path
   * (lower case; `""`: none), whatever the answer, faulted ones included (issue 29): which account's token went
   * with which order, without inferring it from the answers.
   */
  onTheWayByToken: Record<string, Record<string, number>>
}

/** Requests held at arrival until a test releases them, per route. */
export interface MockHolds {
  /** How many of the route's next requests will be held. */
  armed: Record<MockRoute, number>
  /** Requests held now, waiting for a release. */
  waiting: Record<MockRoute, number>
}

export const holdBodySchema = z.strictObject({
  route: z.enum(MOCK_ROUTES),
  times: z.int().min(1).max(1000).optional(),
})
export const releaseBodySchema = z.strictObject({ route: z.enum(MOCK_ROUTES).optional() })

export interface MockTokenInfo {
  access_token: string
  /** Null for a vendor-wide token. */
  branch_id: string | null
  /** The restaurant account it acts for (issue 29); absent for the demo's own. */
  vendor?: string
  issued_at: string
  expires_at: string
  revoked: boolean
  /** Expired on the mock clock at the time of the listing. */
  expired: boolean
}

export interface MockClock {
  /** The mock clock: the real clock plus `offsetMs`. */
  nowMs: number
  now: string
  offsetMs: number
}

export interface MockLatency {
  /** Delay for every spec route without its own value. */
  defaultMs: number
  routes: Partial<Record<MockRoute, number>>
}

export const upsertOrdersBodySchema = z.strictObject({ orders: z.array(mockOrderSchema).max(100_000) })
export const orderStatusBodySchema = z.strictObject({ status_id: z.int() })
export const tokenTargetBodySchema = z.strictObject({ token: z.string().min(1).optional() })
export const clockAdvanceBodySchema = z.strictObject({ ms: z.int().min(-1e12).max(1e12) })
export const expirationSkewBodySchema = z.strictObject({ ms: z.int().min(-1e12).max(1e12) })
export const latencyBodySchema = z.strictObject({
  ms: z.int().min(0).max(600_000),
  route: z.enum(MOCK_ROUTES).optional(),
})
