/**
 * The one way this app serves HTTP on this machine (the POS intake API and web mode): a node:http server bounded
 * against slow and numerous clients, listening on 127.0.0.1 only, with the loopback names it answers to, a
 * refusal log a flood cannot fill, and a close that ends every connection. It lives in the core because both
 * shells need it and the core is what both may import (the core never imports electron).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { systemClock, type Clock, type Logger } from '../ports.ts'

export interface LoopbackLimits {
  /** A request's headers must be complete within this (slowloris). */
  headersTimeoutMs: number
  /** A whole request must be received within this. */
  requestTimeoutMs: number
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number
  /**
   * Open connections at most. A new one over the cap closes the oldest connection that has not proven itself
   * (see `trust`), so a program holding idle or slow connections cannot lock the proven client out; when all
   * are proven, the new one is closed instead.
   */
  maxConnections: number
}

interface LoopbackServerDeps {
  /** 0 picks any free port. */
  port: number
  limits: LoopbackLimits
  log: Logger
  /** Names the server in its log lines: `intake`, `web`. */
  name: string
  clock?: Pick<Clock, 'now'> | undefined
}

export interface LoopbackServer {
  server: Server
  port: number
  /** Whether the request addresses this server by a loopback name and its port (DNS rebinding). */
  hostAllowed(request: IncomingMessage): boolean
  refusals: RefusalLog
  /** Open connections right now, upgraded ones included. */
  connections(): number
  /** Marks a connection as proven (it presented the key or token): it is never closed to make room. */
  trust(socket: Duplex): void
  /** Ends every connection and stops listening. */
  close(): Promise<void>
}

/**
 * The names a loopback client may put in `Host`: `127.0.0.1:PORT` and `localhost:PORT`, always with the port
 * (neither server ever listens on 80, so a bare name is always someone else's address).
 */
export function loopbackHosts(port: number): ReadonlySet<string> {
  return new Set([`127.0.0.1:${String(port)}`, `localhost:${String(port)}`])
}

/** Listens (rejecting with Node's error, `EADDRINUSE` when the port is taken) and returns the running server. */
export async function startLoopbackServer(deps: LoopbackServerDeps): Promise<LoopbackServer> {
  const { limits, log, name } = deps
  const server = createServer({
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Node checks the two timeouts above only this often.
    connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
    maxHeaderSize: 8 * 1024,
    requireHostHeader: true,
  })
  server.maxHeadersCount = 50
  const refusals = new RefusalLog(log, deps.clock ?? systemClock)
  // Oldest first (a Set keeps insertion order): the first unproven one is the one to close at the cap.
  const open = new Set<Socket>()
  const proven = new WeakSet<Duplex>()
  server.on('connection', (socket: Socket) => {
    open.add(socket)
    socket.once('close', () => open.delete(socket))
    if (open.size <= limits.maxConnections) return
    let victim = socket
    for (const candidate of open) {
      if (!proven.has(candidate)) {
        victim = candidate
        break
      }
    }
    refusals.refused('connection-cap', `${name}: closed a connection over the cap`, {
      cap: limits.maxConnections,
    })
    open.delete(victim)
    victim.destroy()
  })
  const port = await listenOnLoopback(server, deps.port)
  const hosts = loopbackHosts(port)
  log.info(`${name}: serving`, { port })
  return {
    server,
    port,
    hostAllowed: (request) => {
      const host = request.headers.host
      return host !== undefined && hosts.has(host.toLowerCase())
    },
    refusals,
    connections: () => open.size,
    trust: (socket) => proven.add(socket),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
        for (const socket of open) socket.destroy()
      }),
  }
}

async function listenOnLoopback(server: Server, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    // Loopback only: the POS and the browser run on this machine; the network never reaches the board.
    // `exclusive`: never share the port with another process through the cluster module.
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
      server.off('error', reject)
      resolve()
    })
  })
  return (server.address() as AddressInfo).port
}

/** One line per reason per minute at most: enough to see that something knocks, too little to push useful lines out. */
const REFUSAL_LOG_INTERVAL_MS = 60_000

/**
 * Refusals, logged without letting a flood of them rotate the useful lines out of the log: the first of each
 * reason is written, then at most one line per reason per interval, saying how many were left out since.
 */
export class RefusalLog {
  readonly #log: Logger
  readonly #clock: Pick<Clock, 'now'>
  readonly #lastWritten = new Map<string, { at: number; unwritten: number }>()

  constructor(log: Logger, clock: Pick<Clock, 'now'> = systemClock) {
    this.#log = log
    this.#clock = clock
  }

  refused(reason: string, message: string, details: Record<string, unknown> = {}): void {
    const now = this.#clock.now()
    const last = this.#lastWritten.get(reason)
    if (last && now - last.at < REFUSAL_LOG_INTERVAL_MS) {
      last.unwritten += 1
      return
    }
    const unwritten = last?.unwritten ?? 0
    this.#lastWritten.set(reason, { at: now, unwritten: 0 })
    this.#log.warn(message, {
      reason,
      ...details,
      ...(unwritten > 0 ? { refusedSinceLastLine: unwritten } : {}),
    })
  }
}
