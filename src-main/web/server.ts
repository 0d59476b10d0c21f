import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import type { Core } from '../core/app.ts'
import type { Logger } from '../core/ports.ts'
import { BridgeHub, MAX_MESSAGE_BYTES } from './bridge-hub.ts'
import { isLaunchToken, LaunchAccess } from './launch-access.ts'
import { RendererFiles } from './renderer-files.ts'
import { answerPlainText, setSecurityHeaders } from './security-headers.ts'

export const BRIDGE_PATH = '/bridge'

export interface WebServerOptions {
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
}

export interface WebServer {
  /** `http://127.0.0.1:PORT/?token=…`: the one address that opens the app. */
  url: string
  port: number
  token: string
  /** Closes the sockets and the server; the core is the caller's to dispose. */
  close(): Promise<void>
}

/**
 * Web mode's loopback server: the built renderer over HTTP and the bridge over a WebSocket at /bridge.
 *
 * Every HTTP request and the WebSocket upgrade need this launch's token (`?token=` or the cookie set on the
 * first visit) and a loopback Host; the upgrade also needs the server's own Origin. Wire format, JSON text
 * frames of at most 64 KiB:
 *   client → server  { id: number, method: string, input?: unknown }
 *   server → client  { id, result: Result }       one answer per request, in completion order
 *   server → client  { event: EventName, payload }  every core event, to every open socket
 * A request with a usable id always gets an answer (`invalid-input`/`malformed` for an unknown method or an
 * input its schema refuses). A frame that cannot be answered — binary, not JSON, no non-negative integer id —
 * closes the socket (1003 or 1007): only a client that is not our bridge sends one.
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const { core, log } = options
  if (options.token !== undefined && !isLaunchToken(options.token))
    throw new Error('web: the token given is too weak')
  const files = await RendererFiles.open(options.rendererDir)
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    // Loopback only: web mode is for this machine, never the network.
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  // The Host and Origin checks need the port, so the handlers are attached only now; nothing can have
  // connected in between, as connections are accepted only on a later turn of the event loop.
  const access = new LaunchAccess(port, options.token)
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES })
  const hub = new BridgeHub(core, log)

  async function handleRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = requestUrl(request)
    if (url === undefined) {
      answerPlainText(response, 400, 'Bad request')
      return
    }
    const refusal = refusalOf(access, request, url)
    if (refusal !== undefined) {
      log.warn('web: refused a request', { reason: refusal, path: url.pathname.slice(0, 200) })
      answerPlainText(response, 403, 'Forbidden')
      return
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Allow', 'GET, HEAD')
      answerPlainText(response, 405, 'Method not allowed')
      return
    }
    if (access.tokenProof(request, url) === 'query') response.setHeader('Set-Cookie', access.sessionCookie())
    await files.serve(url.pathname, response, request.method === 'GET')
  }

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    setSecurityHeaders(response)
    handleRequest(request, response).catch((error: unknown) => {
      log.error('web: a request failed', { error: String(error) })
      if (!response.headersSent) answerPlainText(response, 500, 'Internal error')
      else response.destroy()
    })
  })

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    const url = requestUrl(request)
    if (url?.pathname !== BRIDGE_PATH) {
      refuseUpgrade(socket, 404, 'Not found')
      return
    }
    const refusal = refusalOf(access, request, url) ?? (access.originAllowed(request) ? undefined : 'origin')
    if (refusal !== undefined) {
      log.warn('web: refused a WebSocket', { reason: refusal })
      refuseUpgrade(socket, 403, 'Forbidden')
      return
    }
    sockets.handleUpgrade(request, socket, head, (webSocket) => hub.attach(webSocket))
  })

  log.info('web: serving', { port })
  return {
    url: `http://127.0.0.1:${String(port)}/?token=${access.token}`,
    port,
    token: access.token,
    async close() {
      await hub.close()
      sockets.close()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
    },
  }
}

/** Why a request may not proceed (wrong Host, no valid token), or undefined when it may. */
function refusalOf(access: LaunchAccess, request: IncomingMessage, url: URL): string | undefined {
  if (!access.hostAllowed(request)) return 'host'
  if (access.tokenProof(request, url) === undefined) return 'token'
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
