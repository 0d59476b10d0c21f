/**
 * The intake API's routes (D45), once a request has passed the server's Host and rate checks:
 *   GET  /v1/health                          no key: signed in? how many hand-overs owed?
 *   POST /v1/orders                          201 added / 200 merged, with the order's public view
 *   GET  /v1/orders/{payment_key}            the view, or 404
 *   POST /v1/orders/{payment_key}/handover   202 with the view (unless Settings turned it off); the body is
 *                                            empty, {} or { "courier": "<name>" } (D65)
 *   POST /v1/orders/{payment_key}/ready      200 with the view: ready for the courier (D70)
 *   GET  /v1/day-end?date=YYYY-MM-DD          the courier day-end settlement (today when left out; D65)
 *   POST /v1/couriers/cash                   201 a courier's cash movement / 200 the same request again
 *   POST /v1/orders/{payment_key}/door-payment  200 with the view: what the customer paid at the door
 * Every route but health needs a signed request (intake-signature.ts). Whatever goes wrong is thrown as an
 * IntakeRefusal.
 */
import type { IncomingMessage } from 'node:http'
import { z } from 'zod'
import { checkCourierName } from '../../../src-shared/courier-rules.ts'
import type { PublicOrderView } from '../../../src-shared/intake-view.ts'
import { AppFailure } from '../app-failure.ts'
import { isCalendarDay } from '../time/platform-day.ts'
import { IntakeRefusal } from './intake-errors.ts'
import type { IntakePort } from './intake-port.ts'
import { assertJsonContentType, jsonObjectOf, utf8Text } from './http-guards.ts'
import { parsePaymentKey, parsePosOrder } from './order-input.ts'
import { parsePosCash } from '../couriers/pos-cash.ts'

/** What a route answers: a status and a JSON body (never a secret: a view, the health, nothing else). */
export interface RouteAnswer {
  status: number
  body: unknown
}

/** Who is calling, as the server found out: the POS with a fresh signed request and its body, or anyone. */
export type Caller = { keyed: true; nonce: string; body: Buffer } | { keyed: false }

const ORDER_PATH = /^\/v1\/orders\/([^/]+)$/
const HANDOVER_PATH = /^\/v1\/orders\/([^/]+)\/handover$/
const READY_PATH = /^\/v1\/orders\/([^/]+)\/ready$/
const DOOR_PAYMENT_PATH = /^\/v1\/orders\/([^/]+)\/door-payment$/

export async function routeIntakeRequest(
  request: IncomingMessage,
  pathname: string,
  intake: IntakePort,
  caller: Caller,
): Promise<RouteAnswer> {
  // Stryker disable next-line StringLiteral: equivalent, a server's request always has its method
  const method = request.method ?? ''
  if (pathname === '/v1/health') {
    allowOnly(method, 'GET')
    const { signedIn, owed, accounts } = intake.health()
    const body = { signed_in: signedIn, owed }
    // Each account by short name (issue 29): whether it is signed in, nothing secret.
    if (accounts === undefined) return { status: 200, body }
    const named = accounts.map((one) => ({ account: one.account, signed_in: one.signedIn }))
    return { status: 200, body: { ...body, accounts: named } }
  }
  // The key before anything else, so a caller without it learns nothing, not even which paths exist.
  if (!caller.keyed) throw new IntakeRefusal('unauthorized')
  if (pathname === '/v1/orders') {
    allowOnly(method, 'POST')
    return addOrder(request, caller.body, intake)
  }
  if (pathname === '/v1/day-end') {
    allowOnly(method, 'GET')
    // Stryker disable next-line StringLiteral: equivalent, a server's request always has its url
    return { status: 200, body: intake.dayEnd(dayOfQuery(request.url ?? '')) }
  }
  const handoverMatch = HANDOVER_PATH.exec(pathname)
  if (handoverMatch) {
    allowOnly(method, 'POST')
    // Stryker disable next-line StringLiteral: equivalent, the group `([^/]+)` always matches
    return requestHandover(request, caller.body, intake, paymentKeyOf(handoverMatch[1] ?? ''))
  }
  if (pathname === '/v1/couriers/cash') {
    allowOnly(method, 'POST')
    return courierCash(request, caller.body, intake)
  }
  const doorMatch = DOOR_PAYMENT_PATH.exec(pathname)
  if (doorMatch) {
    allowOnly(method, 'POST')
    // Stryker disable next-line StringLiteral: equivalent, the group `([^/]+)` always matches
    return doorPayment(request, caller.body, intake, paymentKeyOf(doorMatch[1] ?? ''))
  }
  const readyMatch = READY_PATH.exec(pathname)
  if (readyMatch) {
    allowOnly(method, 'POST')
    assertEmptyBody(request, caller.body)
    // Stryker disable next-line StringLiteral: equivalent, the group `([^/]+)` always matches
    const view = intake.markReady(paymentKeyOf(readyMatch[1] ?? ''))
    if (!view) throw new IntakeRefusal('order-not-found')
    return { status: 200, body: view }
  }
  const orderMatch = ORDER_PATH.exec(pathname)
  if (orderMatch) {
    allowOnly(method, 'GET')
    // Stryker disable next-line StringLiteral: equivalent, the group `([^/]+)` always matches
    const view = intake.getOrder(paymentKeyOf(orderMatch[1] ?? ''))
    if (!view) throw new IntakeRefusal('order-not-found')
    return { status: 200, body: view }
  }
  throw new IntakeRefusal('not-found')
}

async function addOrder(request: IncomingMessage, body: Buffer, intake: IntakePort): Promise<RouteAnswer> {
  assertJsonContentType(request)
  const parsed = parsePosOrder(jsonObjectOf(body))
  if (!parsed.ok) throw new IntakeRefusal(parsed.code)
  try {
    const { view, created } = await intake.addOrder(parsed.value, 'pos-api')
    return { status: created ? 201 : 200, body: view }
  } catch (error) {
    throw courierRefusalOf(error) ?? error
  }
}

/** The courier's day refusals the API names (D65); anything else stays what it was. */
const COURIER_REFUSALS: Partial<Record<string, IntakeRefusal['code']>> = {
  'unknown-courier': 'unknown-courier',
  'courier-retired': 'unknown-courier',
  'courier-required': 'courier-required',
  'unknown-branch': 'unknown-branch',
  'unknown-account': 'unknown-account',
  'order-other-account': 'order-other-account',
  'amount-invalid': 'invalid-amount',
  'id-reused': 'request-id-reused',
  'method-not-listed': 'unknown-payment-method',
  'day-full': 'day-full',
}

/** `POST /v1/couriers/cash` (issue 28): 201 recorded, 200 the same request again. */
function courierCash(request: IncomingMessage, body: Buffer, intake: IntakePort): RouteAnswer {
  assertJsonContentType(request)
  const parsed = parsePosCash(jsonObjectOf(body))
  if (!parsed.ok) throw new IntakeRefusal(parsed.problem)
  try {
    const { record, created } = intake.courierCash(parsed.value)
    return { status: created ? 201 : 200, body: record }
  } catch (error) {
    throw courierRefusalOf(error) ?? error
  }
}

/** `{ "method": "<a payment method key>" }`, nothing else. */
const DoorPaymentBody = z.object({ method: z.string().trim().min(1).max(64) }).strict()

/** `POST /v1/orders/{payment_key}/door-payment`: 200 with the order's view. */
async function doorPayment(
  request: IncomingMessage,
  body: Buffer,
  intake: IntakePort,
  paymentKey: string,
): Promise<RouteAnswer> {
  assertJsonContentType(request)
  const parsed = DoorPaymentBody.safeParse(jsonObjectOf(body))
  if (!parsed.success) {
    const unknown = parsed.error.issues.some((issue) => issue.code === 'unrecognized_keys')
    throw new IntakeRefusal(unknown ? 'unknown-field' : 'invalid-payment-method')
  }
  try {
    const view = await intake.doorPayment(paymentKey, parsed.data.method)
    if (!view) throw new IntakeRefusal('order-not-found')
    return { status: 200, body: view }
  } catch (error) {
    throw courierRefusalOf(error) ?? error
  }
}

function courierRefusalOf(error: unknown): IntakeRefusal | undefined {
  const problem = error instanceof AppFailure ? error.appError.problem : undefined
  // Stryker disable next-line ConditionalExpression: equivalent, no refusal is listed under "undefined"
  const code = problem === undefined ? undefined : COURIER_REFUSALS[problem]
  return code === undefined ? undefined : new IntakeRefusal(code)
}

/** `?date=YYYY-MM-DD`, or nothing: any other parameter, or a date that is no real day, is refused. */
function dayOfQuery(target: string): string | undefined {
  const query = target.includes('?') ? target.slice(target.indexOf('?') + 1) : ''
  if (query === '') return undefined
  const params = new URLSearchParams(query)
  const dates = params.getAll('date')
  const date = dates[0]
  if (
    [...params.keys()].some((key) => key !== 'date') ||
    dates.length !== 1 ||
    // Stryker disable next-line ConditionalExpression: equivalent, one date was counted just above; this tells TypeScript
    date === undefined
  ) {
    throw new IntakeRefusal('invalid-date')
  }
  if (!isCalendarDay(date)) throw new IntakeRefusal('invalid-date')
  return date
}

/** A hand-over's optional body: `{}` or `{ "courier": "<name>" }`, nothing else. */
const HandoverBody = z.object({ courier: z.string().max(400).optional() }).strict()

function courierOfBody(request: IncomingMessage, body: Buffer): string | undefined {
  if (body.length === 0) return undefined
  assertJsonContentType(request)
  const parsed = HandoverBody.safeParse(jsonObjectOf(body))
  if (parsed.success) {
    const { courier } = parsed.data
    if (courier !== undefined && !checkCourierName(courier).ok) throw new IntakeRefusal('invalid-courier')
    return courier
  }
  const unknown = parsed.error.issues.some((issue) => issue.code === 'unrecognized_keys')
  throw new IntakeRefusal(unknown ? 'unknown-field' : 'invalid-courier')
}

async function requestHandover(
  request: IncomingMessage,
  body: Buffer,
  intake: IntakePort,
  paymentKey: string,
): Promise<RouteAnswer> {
  // A body is not needed; one that is sent must be a JSON object naming at most the courier.
  const courier = courierOfBody(request, body)
  if (!intake.handoverAllowed()) throw new IntakeRefusal('handover-disabled')
  if (!intake.getOrder(paymentKey)) throw new IntakeRefusal('order-not-found')
  try {
    return { status: 202, body: await intake.handOver(paymentKey, courier) }
  } catch (error) {
    const refusal = courierRefusalOf(error)
    if (refusal) throw refusal
    return { status: 202, body: viewAfterRefusedPress(error, intake, paymentKey) }
  }
}

/** The core's refusals of a press, as the API says them; a press already on its way is no refusal at all. */
function viewAfterRefusedPress(error: unknown, intake: IntakePort, paymentKey: string): PublicOrderView {
  const problem = error instanceof AppFailure ? error.appError.problem : undefined
  if (problem === 'unknown-order') throw new IntakeRefusal('order-not-found')
  if (problem === 'not-eligible') throw new IntakeRefusal('not-eligible')
  if (problem === 'already-sending') {
    // Asked for earlier and still owed: the outbox sends it once; the caller learns where it stands.
    const view = intake.getOrder(paymentKey)
    if (view) return view
    throw new IntakeRefusal('order-not-found')
  }
  throw error
}

/** A body is not needed; one that is sent must still be JSON, and an empty object (nothing is unknown). */
function assertEmptyBody(request: IncomingMessage, body: Buffer): void {
  if (body.length === 0) return
  assertJsonContentType(request)
  const text = utf8Text(body).trim()
  if (text !== '{}') throw new IntakeRefusal(text.startsWith('{') ? 'unknown-field' : 'malformed-json')
}

function paymentKeyOf(segment: string): string {
  let text: string
  try {
    text = decodeURIComponent(segment)
  } catch {
    throw new IntakeRefusal('no-order-id')
  }
  const parsed = parsePaymentKey(text)
  if (!parsed.ok) throw new IntakeRefusal(parsed.code)
  return parsed.value
}

function allowOnly(method: string, allowed: 'GET' | 'POST'): void {
  if (method !== allowed) throw new MethodNotAllowed(allowed)
}

/** A 405 that says which method the address takes (`Allow`). */
export class MethodNotAllowed extends IntakeRefusal {
  readonly allow: string

  constructor(allow: string) {
    super('method-not-allowed')
    this.allow = allow
  }
}
