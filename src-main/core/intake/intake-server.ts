/**
 * The local intake API (D45): a small HTTP server on 127.0.0.1 through which the POS puts orders on
 * the board and asks for their hand-over. Served the same by Electron's main process and by web mode, on the
 * loopback server both share (../http/loopback-server.ts). Routes: see intake-routes.ts.
 *
 * What keeps it this machine's and the POS's alone:
 * - bound to 127.0.0.1 only, and the Host header must be the loopback name with this port (DNS rebinding);
 * - every route but /v1/health needs a request signed with the intake key (intake-signature.ts, D68): the key
 *   itself never travels, so a program that took the port first learns nothing it can use, and the app signs
 *   its answers so the POS can tell it reached the app; a request carrying `Authorization` is refused;
 * - bodies only as `application/json` (a web page's form post or simple fetch cannot send that without a
 *   CORS preflight, and no CORS header is ever sent; OPTIONS is refused);
 * - 16 KiB bodies; 50 requests a second for the signed POS and, apart, 50 for every other caller together
 *   (429 + Retry-After), so a flood without the key never uses up the POS's share; header and request
 *   timeouts; a connection cap that closes the oldest connection not yet proven by a signed request;
 * - answers hold an order's public view, the health, or a fixed error text: never a secret or a token.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { describeThrown } from '../app-failure.ts'
import { startLoopbackServer, type LoopbackLimits, type RefusalLog } from '../http/loopback-server.ts'
import { silentLogger, systemClock, type Clock, type Logger } from '../ports.ts'
import { readBody } from './http-guards.ts'
import { givesNonceBack, intakeErrorBody, IntakeRefusal } from './intake-errors.ts'
import type { IntakeKeyHolder } from './intake-key.ts'
import type { IntakePort } from './intake-port.ts'
import { MethodNotAllowed, routeIntakeRequest, type Caller } from './intake-routes.ts'
import {
  ReplayGuard,
  replayStoreBound,
  requestSignature,
  responseSignature,
  SIGNATURE_HEADERS,
  signaturesMatch,
  signedPartsOf,
} from './intake-signature.ts'
import { INTAKE_RATE_LIMIT, SlidingWindowLimiter } from './rate-limiter.ts'

export interface IntakeServerLimits extends LoopbackLimits {
  /** For the signed POS, and apart for every other caller together. */
  rateLimit: { limit: number; windowMs: number }
}

const DEFAULT_INTAKE_LIMITS: IntakeServerLimits = {
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 32,
  rateLimit: INTAKE_RATE_LIMIT,
}

export interface IntakeServerDeps {
  /** 0 picks any free port. */
  port: number
  intake: IntakePort
  /** The key is read on every request, so a rotation applies at once. */
  keys: IntakeKeyHolder
  /** Only `now` is used: the rate limits' window, the signature's time window, the refusal log. */
  clock?: Pick<Clock, 'now'>
  log?: Logger
  limits?: Partial<IntakeServerLimits>
}

export interface IntakeServer {
  port: number
  /** `http://127.0.0.1:PORT`: what web mode prints on its INTAKE line and Settings shows. */
  url: string
  close(): Promise<void>
}

/**
 * Starts the server. Rejects when the port cannot be had: the error's `code` is Node's (`EADDRINUSE` when
 * another program holds the port), for the area to tell staff.
 */
export async function startIntakeServer(deps: IntakeServerDeps): Promise<IntakeServer> {
  const limits = { ...DEFAULT_INTAKE_LIMITS, ...deps.limits }
  const log = deps.log ?? silentLogger
  const clock = deps.clock ?? systemClock
  const loopback = await startLoopbackServer({ port: deps.port, limits, log, name: 'intake', clock })
  const keyed = new SlidingWindowLimiter(clock, limits.rateLimit)
  const unkeyed = new SlidingWindowLimiter(clock, limits.rateLimit)
  const replays = new ReplayGuard(replayStoreBound(limits.rateLimit))

  /** Who is calling: the POS with a fresh signed request (its body read), or anyone else (counted apart). */
  async function callerOf(request: IncomingMessage, target: string): Promise<Caller> {
    const parts = signedPartsOf(request.headers)
    const refuseUnkeyed = (code: 'unauthorized' | 'request-expired' | 'request-replayed') => {
      takeTurn(unkeyed)
      return new IntakeRefusal(code)
    }
    // The key in a header is what a squatter collects: refused even beside a good signature, so no POS keeps it.
    if (request.headers.authorization !== undefined || parts === 'malformed')
      throw refuseUnkeyed('unauthorized')
    if (parts === undefined) {
      takeTurn(unkeyed)
      // Stryker disable next-line ObjectLiteral: equivalent, `{}` is unkeyed too (`keyed` is only tested for truth)
      return { keyed: false }
    }
    const body = await readBody(request).catch((error: unknown) => {
      takeTurn(unkeyed)
      throw error
    })
    const expected = requestSignature(deps.keys.current, {
      // Stryker disable next-line StringLiteral: equivalent, a server's request always has its method
      method: request.method ?? '',
      target,
      timestamp: parts.timestamp,
      nonce: parts.nonce,
      body,
    })
    if (!signaturesMatch(expected, parts.signature)) throw refuseUnkeyed('unauthorized')
    const admitted = replays.admit(parts, clock.now())
    if (admitted === 'expired') throw refuseUnkeyed('request-expired')
    if (admitted === 'replayed') throw refuseUnkeyed('request-replayed')
    // Only the keyed limit's share is held: a request over it gives its nonce back (issue 27.4).
    if (admitted === 'full') throw new IntakeRefusal('rate-limited', 1)
    try {
      takeTurn(keyed)
    } catch (error) {
      replays.giveBack(parts.nonce)
      throw error
    }
    loopback.trust(request.socket)
    return { keyed: true, nonce: parts.nonce, body }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // Stryker disable next-line StringLiteral: equivalent, a server's request always has its url
    const target = request.url ?? ''
    const pathname = pathOf(target)
    // Stryker disable next-line ObjectLiteral: equivalent, `{}` is unkeyed too (`keyed` is only tested for truth)
    let caller: Caller = { keyed: false }
    try {
      if (!loopback.hostAllowed(request)) throw new IntakeRefusal('host-not-allowed')
      caller = await callerOf(request, target)
      // A CORS preflight, or anyone probing: no method but the routes' own, and never a CORS header.
      if (request.method === 'OPTIONS') throw new MethodNotAllowed('GET, POST')
      const answer = await routeIntakeRequest(request, pathname, deps.intake, caller)
      answerJson(request, response, answer.status, answer.body, signerFor(caller))
    } catch (error) {
      // Refused for its form or the rate, before anything was done: the POS may send it again as it was.
      if (caller.keyed && error instanceof IntakeRefusal && givesNonceBack(error.code)) {
        replays.giveBack(caller.nonce)
      }
      answerRefusal(request, response, error, pathname, loopback.refusals, log, signerFor(caller))
    }
  }

  function signerFor(caller: Caller): Signer | undefined {
    if (!caller.keyed) return undefined
    const key = deps.keys.current
    return (status, body) => responseSignature(key, { nonce: caller.nonce, status, body })
  }

  loopback.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    void handle(request, response)
  })
  return {
    port: loopback.port,
    url: `http://127.0.0.1:${String(loopback.port)}`,
    close: () => loopback.close(),
  }
}

function takeTurn(limiter: SlidingWindowLimiter): void {
  const turn = limiter.take()
  if (!turn.allowed) throw new IntakeRefusal('rate-limited', turn.retryAfterSeconds)
}

/** The path alone; a request-target that is not a path (`http://…`, `*`) matches no route. */
function pathOf(url: string): string {
  if (!url.startsWith('/')) return ''
  const end = url.search(/[?#]/)
  return end === -1 ? url : url.slice(0, end)
}

type Signer = (status: number, body: Buffer) => string

function answerRefusal(
  request: IncomingMessage,
  response: ServerResponse,
  error: unknown,
  pathname: string,
  refusals: RefusalLog,
  log: Logger,
  sign: Signer | undefined,
): void {
  const refusal = error instanceof IntakeRefusal ? error : new IntakeRefusal('internal')
  if (refusal.code === 'internal') {
    log.error('intake: a request failed', { error: describeThrown(error) })
  } else {
    // Never the headers or the body: a bearer header sent by an old POS holds the key.
    refusals.refused(refusal.code, 'intake: refused a request', {
      method: request.method,
      path: pathname.slice(0, 120),
    })
  }
  if (refusal.retryAfterSeconds !== undefined)
    response.setHeader('Retry-After', String(refusal.retryAfterSeconds))
  if (refusal instanceof MethodNotAllowed) response.setHeader('Allow', refusal.allow)
  if (refusal.status === 401) response.setHeader('WWW-Authenticate', 'Intake-Signature')
  answerJson(request, response, refusal.status, intakeErrorBody(refusal.code), sign)
}

function answerJson(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  body: unknown,
  sign: Signer | undefined,
): void {
  // Stryker disable all: a defence no path reaches: nothing writes to a response before this, and nothing here
  // throws once its headers are out, so no second answer ever follows a first
  if (response.headersSent) {
    response.destroy()
    return
  }
  // Stryker restore all
  // Stryker disable next-line StringLiteral: equivalent, Buffer.from reads an empty encoding as UTF-8
  const bytes = Buffer.from(JSON.stringify(body), 'utf8')
  response.statusCode = status
  response.setHeader('Content-Type', 'application/json; charset=utf-8')
  response.setHeader('Content-Length', bytes.length)
  response.setHeader('Cache-Control', 'no-store')
  response.setHeader('X-Content-Type-Options', 'nosniff')
  if (sign) response.setHeader(SIGNATURE_HEADERS.response, sign(status, bytes))
  // A body left unread (refused before or while reading it) is read and dropped, bounded by requestTimeout.
  // Closing the connection instead would reset it with data unread, and the caller might never see the answer.
  // Stryker disable next-line ConditionalExpression: equivalent, Node drops a complete request's unread body itself when the answer ends (req._dump)
  if (!request.complete) request.resume()
  response.end(bytes)
}
