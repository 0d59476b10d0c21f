import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import type { Core } from '../core/create-core.ts'
import { describeThrown } from '../core/app-failure.ts'
import { startLoopbackServer, type LoopbackLimits, type RefusalLog } from '../core/http/loopback-server.ts'
import type { Logger } from '../core/ports.ts'
import { BRIDGE_PATH, BRIDGE_PROTOCOL, MAX_BRIDGE_MESSAGE_BYTES } from '../../src-shared/web-bridge-wire.ts'
import { BridgeHub } from './bridge-hub.ts'
import { isLaunchToken, LaunchAccess } from './launch-access.ts'
import { RendererFiles } from './renderer-files.ts'
import { answerPlainText, setSecurityHeaders } from './security-headers.ts'

/** What one client may take from the server (see DEFAULT_LIMITS for why these values). */
export interface ServerLimits extends LoopbackLimits {
  /** How often the bridge pings its sockets; a peer that misses one ping is cut. */
  pingIntervalMs: number
}

/**
 * One cashier's browser needs a handful of connections (its page, a few files in parallel, one bridge socket
 * per tab), and every request is a small GET on loopback that completes in milliseconds: these bounds leave
 * that plenty of room and a flood or a stuck client none.
 */
const DEFAULT_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 64,
  pingIntervalMs: 30_000,
}

export interface WebServerDeps {
  core: Core
  /** The built renderer (out/renderer). */
  rendererDir: string
  /** 0 picks any free port. */
  port: number
  log: Logger
  /**
   * Keeps a previous launch's token, so pages already open reconnect to a restarted server on the same port.
   * Default: a fresh one.
   */
  token?: string
  /** Defaults: DEFAULT_LIMITS. */
  limits?: Partial<ServerLimits>
}

export interface WebServer {
  /** `http://127.0.0.1:PORT/#token=…`: the one address that opens the app (the token in the fragment). */
  url: string
  port: number
  token: string
  limits: ServerLimits
  /** Open connections right now, bridge sockets included. */
  connections(): number
  /** Closes the sockets and the server; the core is the caller's to dispose. */
  close(): Promise<void>
}

/**
 * Web mode's loopback server: the built renderer over HTTP and the bridge over a WebSocket at /bridge.
 *
 * Every request needs a loopback Host. The files are served on that alone; the WebSocket upgrade also needs the
 * server's own Origin and this launch's token, offered as the subprotocol `pos-companion.token.<token>` next to
 * `pos-companion.bridge.v1`, which the server answers with (launch-access.ts says why there and nowhere else).
 * Wire format, JSON text frames of at most 64 KiB:
 *   client → server  { id: number, call: string, input?: unknown }
 *   server → client  { id, result: Result }       one answer per request, in completion order
 *   server → client  { event: EventName, payload }  every core event, to every open socket
 * A request with a usable id always gets an answer (`invalid-input`/`malformed` for an unknown call or an
 * input its schema refuses). A frame that cannot be answered — binary, not JSON, no non-negative integer id —
 * closes the socket (1003 or 1007): only a client that is not our bridge sends one.
 */
export async function startWebServer(deps: WebServerDeps): Promise<WebServer> {
  const { core, log } = deps
  if (deps.token !== undefined && !isLaunchToken(deps.token))
    throw new Error('web: the token given is too weak')
  const files = await RendererFiles.open(deps.rendererDir)
  const limits: ServerLimits = { ...DEFAULT_LIMITS, ...deps.limits }
  const loopback = await startLoopbackServer({ port: deps.port, limits, log, name: 'web' })
  const { server, port, refusals } = loopback
  // The Host and Origin checks need the port, so the handlers are attached only now; nothing can have
  // connected in between, as connections are accepted only on a later turn of the event loop.
  const access = new LaunchAccess(port, deps.token)
  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_BRIDGE_MESSAGE_BYTES,
    // Answer with the bridge's protocol, never the token the page offered beside it.
    handleProtocols: () => BRIDGE_PROTOCOL,
  })
  const hub = new BridgeHub(core, log, { pingIntervalMs: limits.pingIntervalMs })
  server.on('request', fileRequestHandler({ access, files, refusals, log }))
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    const url = requestUrl(request)
    if (url?.pathname !== BRIDGE_PATH) {
      refuseUpgrade(socket, 404, 'Not found')
      return
    }
    const refusal = upgradeRefusalOf(access, request)
    if (refusal !== undefined) {
      refusals.refused(`upgrade-${refusal}`, 'web: refused a WebSocket')
      refuseUpgrade(socket, 403, 'Forbidden')
      return
    }
    // A bridge socket holds this launch's token: never closed to make room for a newcomer.
    loopback.trust(socket)
    sockets.handleUpgrade(request, socket, head, (webSocket) => hub.attach(webSocket))
  })

  return {
    url: `http://127.0.0.1:${String(port)}/#token=${access.token}`,
    port,
    token: access.token,
    limits,
    connections: () => loopback.connections(),
    async close() {
      await hub.close()
      sockets.close()
      await loopback.close()
    },
  }
}

/** GET and HEAD of the renderer's files, for this launch's Host only; a failure answers 500, never a stack. */
function fileRequestHandler(parts: {
  access: LaunchAccess
  files: RendererFiles
  refusals: RefusalLog
  log: Logger
}): (request: IncomingMessage, response: ServerResponse) => void {
  const { access, files, refusals, log } = parts
  async function handleRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = requestUrl(request)
    if (url === undefined) {
      answerPlainText(response, 400, 'Bad request')
      return
    }
    if (!access.hostAllowed(request)) {
      refusals.refused('host', 'web: refused a request', { path: url.pathname.slice(0, 200) })
      answerPlainText(response, 403, 'Forbidden')
      return
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Allow', 'GET, HEAD')
      answerPlainText(response, 405, 'Method not allowed')
      return
    }
    await files.serve(url.pathname, response, request.method === 'GET')
  }
  return (request, response) => {
    setSecurityHeaders(response)
    handleRequest(request, response).catch((error: unknown) => {
      log.error('web: a request failed', { error: describeThrown(error) })
      if (!response.headersSent) answerPlainText(response, 500, 'Internal error')
      else response.destroy()
    })
  }
}

/** Why an upgrade to the bridge may not proceed (wrong Host, Origin or token), or undefined when it may. */
function upgradeRefusalOf(access: LaunchAccess, request: IncomingMessage): string | undefined {
  if (!access.hostAllowed(request)) return 'host'
  if (!access.originAllowed(request)) return 'origin'
  if (!access.bridgeTokenValid(request)) return 'token'
  return undefined
}

/**
 * The request's path and query, or undefined for anything but an origin-form target (`/path?query`). The
 * origin is a placeholder: the Host is judged on its own.
 */
function requestUrl(request: IncomingMessage): URL | undefined {
  const target = request.url ?? ''
  if (!target.startsWith('/')) return undefined
  try {
    return new URL(`http://127.0.0.1${target}`)
  } catch {
    return undefined
  }
}

function refuseUpgrade(socket: Duplex, status: 403 | 404, text: string): void {
  const body = `${text}\n`
  socket.end(
    `HTTP/1.1 ${String(status)} ${text}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: text/plain; charset=utf-8\r\n' +
      `Content-Length: ${String(Buffer.byteLength(body))}\r\n` +
      '\r\n' +
      body,
  )
}
