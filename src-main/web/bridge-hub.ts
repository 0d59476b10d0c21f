import { WebSocket } from 'ws'
import type { RawData } from 'ws'
import type { EventName } from '../../src-shared/channels.ts'
import type { Core } from '../core/create-core.ts'
import { dispatch } from '../core/dispatch.ts'
import { contractEvent } from '../core/outgoing-events.ts'
import type { Logger } from '../core/ports.ts'

/** Close codes (RFC 6455) for messages that cannot be answered because they carry no request id. */
const UNSUPPORTED_DATA = 1003
const INVALID_PAYLOAD = 1007
const GOING_AWAY = 1001

/** How long open sockets get to finish their closing handshake at shutdown before they are cut. */
const CLOSE_GRACE_MS = 1000

/**
 * How often every socket is pinged. A peer that has not answered the previous ping by the next one (a laptop
 * that slept, a tab killed without a close, a half-open TCP connection) is cut, so its socket does not hold a
 * connection slot and keep receiving every event for ever.
 */
const PING_INTERVAL_MS = 30_000

export interface BridgeHubDeps {
  pingIntervalMs?: number
}

/**
 * The web-mode side of the bridge protocol over one or more WebSockets (see server.ts for the wire format).
 * Every request goes through the same validate-then-dispatch as Electron's IPC; every core event is pushed to
 * every open socket.
 */
export class BridgeHub {
  readonly #core: Core
  readonly #log: Logger
  readonly #sockets = new Set<WebSocket>()
  /** The sockets that answered the last ping (or were attached since). */
  readonly #answered = new WeakSet<WebSocket>()
  readonly #unsubscribe: () => void
  readonly #heartbeat: ReturnType<typeof setInterval>

  constructor(core: Core, log: Logger, deps: BridgeHubDeps = {}) {
    this.#core = core
    this.#log = log
    this.#unsubscribe = core.subscribe((event, payload) => this.#broadcast(event, payload))
    this.#heartbeat = setInterval(() => this.#pingAll(), deps.pingIntervalMs ?? PING_INTERVAL_MS)
    this.#heartbeat.unref()
  }

  attach(socket: WebSocket): void {
    this.#sockets.add(socket)
    this.#answered.add(socket)
    socket.on('pong', () => this.#answered.add(socket))
    socket.on('close', () => this.#sockets.delete(socket))
    socket.on('error', (error) => this.#log.warn('bridge: socket error', { error: error.message }))
    socket.on('message', (data, isBinary) => this.#receive(socket, data, isBinary))
  }

  /** Stops pushing events and closes every socket; resolves once they are all gone. */
  async close(): Promise<void> {
    clearInterval(this.#heartbeat)
    this.#unsubscribe()
    await Promise.all([...this.#sockets].map((socket) => closeSocket(socket)))
  }

  #pingAll(): void {
    for (const socket of this.#sockets) {
      if (!this.#answered.has(socket)) {
        this.#log.warn('bridge: cut a socket that stopped answering pings')
        socket.terminate()
        continue
      }
      this.#answered.delete(socket)
      if (socket.readyState !== WebSocket.OPEN) continue
      try {
        socket.ping()
      } catch {
        socket.terminate()
      }
    }
  }

  #receive(socket: WebSocket, data: RawData, isBinary: boolean): void {
    if (isBinary) {
      this.#log.warn('bridge: closed a socket that sent binary data')
      socket.close(UNSUPPORTED_DATA, 'text frames only')
      return
    }
    const request = parseRequest(rawText(data))
    if (request === undefined) {
      // Nothing to answer to: a client that sends this is not our bridge, and talking on would help only a prober.
      this.#log.warn('bridge: closed a socket that sent something other than a request')
      socket.close(INVALID_PAYLOAD, 'not a bridge request')
      return
    }
    void dispatch(this.#core.handlers, request.call, request.input, this.#log).then((result) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ id: request.id, result }))
    })
  }

  #broadcast(event: EventName, payload: unknown): void {
    const checked = contractEvent(event, payload, this.#log) // the same check as Electron's (outgoing-events.ts)
    if (!checked) return
    const message = JSON.stringify(checked)
    for (const socket of this.#sockets) {
      if (socket.readyState === WebSocket.OPEN) socket.send(message)
    }
  }
}

/**
 * The request with its id, or undefined when the message is not JSON or has no usable id
 * (a non-negative safe integer). Everything else about the request is judged by `dispatch`.
 */
function parseRequest(text: string): { id: number; call: unknown; input: unknown } | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined
  const { id, call, input } = parsed as Record<string, unknown>
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) return undefined
  return { id, call, input }
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8')
  return data.toString('utf8')
}

function closeSocket(socket: WebSocket): Promise<void> {
  if (socket.readyState === WebSocket.CLOSED) return Promise.resolve()
  return new Promise((resolve) => {
    const cut = setTimeout(() => socket.terminate(), CLOSE_GRACE_MS)
    socket.once('close', () => {
      clearTimeout(cut)
      resolve()
    })
    socket.close(GOING_AWAY, 'server closing')
  })
}
