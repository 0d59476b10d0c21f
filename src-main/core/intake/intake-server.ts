/**
 * The local intake API (D45): a small HTTP server on 127.0.0.1 through which the POS puts orders on
 * the board and asks for their hand-over. Plain node:http, served the same by Electron's main process and by
 * web mode. Routes: see intake-routes.ts.
 *
 * What keeps it this machine's and the POS's alone:
 * - bound to 127.0.0.1 only, and the Host header must be the loopback name with this port (DNS rebinding);
 * - a bearer key on everything but /v1/health, compared in constant time;
 * - bodies only as `application/json` (a web page's form post or simple fetch cannot send that without a
 *   CORS preflight, and no CORS header is ever sent; OPTIONS is refused);
 * - 16 KiB bodies, 50 requests a second (429 + Retry-After), header and request timeouts, a connection cap;
 * - answers hold an order's public view, the health, or a fixed error text: never a secret or a token.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describeThrown } from '../app-failure.ts'
import { silentLogger, systemClock, type Clock, type Logger } from '../ports.ts'
import { intakeErrorBody, IntakeRefusal } from './intake-errors.ts'
import type { IntakeKeyCheck, IntakePort } from './intake-port.ts'
import { allowedHosts, assertHostAllowed } from './http-guards.ts'
import { MethodNotAllowed, routeIntakeRequest } from './intake-routes.ts'
import { INTAKE_RATE_LIMIT, SlidingWindowLimiter } from './rate-limiter.ts'

/** The port staff see in Settings unless they change it (web mode: `--intake-port N`). */
export const DEFAULT_INTAKE_PORT = 47810

export interface IntakeServerLimits {
  /** A client must have sent all its headers within this (slow-loris defence). */
  headersTimeoutMs: number
  /** …and its whole request within this. */
  requestTimeoutMs: number
  keepAliveTimeoutMs: number
  /** How often Node checks the two timeouts above. */
  connectionsCheckingIntervalMs: number
  maxConnections: number
  rateLimit: { limit: number; windowMs: number }
}

export const DEFAULT_INTAKE_LIMITS: IntakeServerLimits = {
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  connectionsCheckingIntervalMs: 1_000,
  maxConnections: 32,
  rateLimit: INTAKE_RATE_LIMIT,
}

export interface IntakeServerOptions {
  /** 0 picks any free port. */
  port: number
  intake: IntakePort
  keys: IntakeKeyCheck
  /** Only `now` is used: the rate limit's window. */
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
 * another program holds the port), for the shell to tell staff to pick another one in Settings.
 */
export async function startIntakeServer(options: IntakeServerOptions): Promise<IntakeServer> {
  const limits = { ...DEFAULT_INTAKE_LIMITS, ...options.limits }
  const log = options.log ?? silentLogger
  const server = createServer({
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: limits.connectionsCheckingIntervalMs,
    maxHeaderSize: 8 * 1024,
    requireHostHeader: true,
  })
  server.maxConnections = limits.maxConnections
  server.maxHeadersCount = 50
  await listenOnLoopback(server, options.port)
  const { port } = server.address() as AddressInfo
  // Attached only now, with the port the Host check needs: nothing can have connected in between.
  const hosts = allowedHosts(port)
  const clock = options.clock ?? systemClock
  const limiter = new SlidingWindowLimiter(clock, limits.rateLimit)
  const refusalLog = throttledWarnings(log, clock)

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const pathname = pathOf(request.url)
    try {
      assertHostAllowed(request, hosts)
      const turn = limiter.take()
      if (!turn.allowed) throw new IntakeRefusal('rate-limited', turn.retryAfterSeconds)
      // A CORS preflight, or anyone probing: no method but the routes' own, and never a CORS header.
      if (request.method === 'OPTIONS') throw new MethodNotAllowed('GET, POST')
      const answer = await routeIntakeRequest(request, pathname, options.intake, options.keys)
      answerJson(request, response, answer.status, answer.body)
    } catch (error) {
      answerRefusal(request, response, error, pathname, refusalLog)
    }
  }

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    void handle(request, response)
  })
  log.info('intake: serving', { port })
  return {
    port,
    url: `http://127.0.0.1:${String(port)}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

async function listenOnLoopback(server: Server, port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    // Loopback only: the POS runs on this machine; the network never reaches the board.
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
      server.off('error', reject)
      resolve()
    })
  })
}

/** The path alone; a request-target that is not a path (`http://…`, `*`) matches no route. */
function pathOf(url: string | undefined): string {
  if (url === undefined || !url.startsWith('/')) return ''
  const end = url.search(/[?#]/)
  return end === -1 ? url : url.slice(0, end)
}

function answerRefusal(
  request: IncomingMessage,
  response: ServerResponse,
  error: unknown,
  pathname: string,
  log: RefusalLog,
): void {
  const refusal = error instanceof IntakeRefusal ? error : new IntakeRefusal('internal')
  if (refusal.code === 'internal') {
    log.error('intake: a request failed', { error: describeThrown(error) })
  } else {
    // Never the headers or the body: the Authorization header holds the key, a wrong key most of it.
    log.refused(refusal.code, { method: request.method, path: pathname.slice(0, 120) })
  }
  if (refusal.retryAfterSeconds !== undefined)
    response.setHeader('Retry-After', String(refusal.retryAfterSeconds))
  if (refusal instanceof MethodNotAllowed) response.setHeader('Allow', refusal.allow)
  if (refusal.code === 'unauthorized') response.setHeader('WWW-Authenticate', 'Bearer')
  answerJson(request, response, refusal.status, intakeErrorBody(refusal.code))
}

interface RefusalLog extends Pick<Logger, 'error'> {
  refused(code: string, details: Record<string, unknown>): void
}

/** One refusal line per code per this long: any web page can make 50 refused requests a second. */
const REFUSAL_LOG_INTERVAL_MS = 10_000

/**
 * Refusals, logged without letting a flood of them rotate the useful lines out of the log: the first of each
 * code is logged, then at most one line per interval, saying how many were left out.
 */
function throttledWarnings(log: Logger, clock: Pick<Clock, 'now'>): RefusalLog {
  const lastLogged = new Map<string, { at: number; skipped: number }>()
  return {
    error: (message, details) => log.error(message, details),
    refused(code, details) {
      const now = clock.now()
      const last = lastLogged.get(code)
      if (last && now - last.at < REFUSAL_LOG_INTERVAL_MS) {
        last.skipped += 1
        return
      }
      const skipped = last?.skipped ?? 0
      lastLogged.set(code, { at: now, skipped: 0 })
      log.warn('intake: refused a request', {
        code,
        ...details,
        ...(skipped > 0 ? { alsoRefused: skipped } : {}),
      })
    },
  }
}

function answerJson(request: IncomingMessage, response: ServerResponse, status: number, body: unknown): void {
  if (response.headersSent) {
    response.destroy()
    return
  }
  const text = JSON.stringify(body)
  response.statusCode = status
  response.setHeader('Content-Type', 'application/json; charset=utf-8')
  response.setHeader('Content-Length', Buffer.byteLength(text))
  response.setHeader('Cache-Control', 'no-store')
  response.setHeader('X-Content-Type-Options', 'nosniff')
  // A body left unread (refused before or while reading it) is read and dropped, bounded by requestTimeout.
  // Closing the connection instead would reset it with data unread, and the caller might never see the answer.
  if (!request.complete) request.resume()
  response.end(text)
}
