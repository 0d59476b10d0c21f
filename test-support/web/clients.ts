import { request, type IncomingHttpHeaders } from 'node:http'
import { WebSocket } from 'ws'
import { BRIDGE_PATH, BRIDGE_PROTOCOL, TOKEN_PROTOCOL_PREFIX } from '../../src-shared/web-bridge-wire.ts'

export interface HttpAnswer {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

/** A GET (or another method) with exactly the headers given; node:http lets a test forge Host, unlike fetch. */
export function httpRequest(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: '127.0.0.1', port, path, method, headers: { host: `127.0.0.1:${String(port)}`, ...headers } },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        )
      },
    )
    outgoing.on('error', reject)
    outgoing.end()
  })
}

export interface SocketOptions {
  /** Offered the way the page does: as a Sec-WebSocket-Protocol value next to the bridge's own protocol. */
  token?: string
  /** The subprotocols to offer instead of the page's pair. */
  protocols?: string[]
  /** The token where earlier versions carried it, which must no longer count: the URL's query. */
  queryToken?: string
  cookie?: string
  host?: string
  /** undefined: the server's own origin for the Host used; null: no Origin header at all. */
  origin?: string | null
  path?: string
}

/**
 * Opens a WebSocket to /bridge the way a browser would (Host, Origin, subprotocols), with each one forgeable.
 * Resolves with the open socket, or with the HTTP status of a refused upgrade.
 */
export function openBridgeSocket(
  port: number,
  options: SocketOptions = {},
): Promise<{ socket: WebSocket; status: 101 } | { socket: undefined; status: number }> {
  const host = options.host ?? `127.0.0.1:${String(port)}`
  const query = options.queryToken === undefined ? '' : `?token=${encodeURIComponent(options.queryToken)}`
  const protocols =
    options.protocols ??
    (options.token === undefined ? [] : [BRIDGE_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${options.token}`])
  const headers: Record<string, string> = { host }
  if (options.cookie !== undefined) headers['cookie'] = options.cookie
  const origin = options.origin === undefined ? `http://${host}` : options.origin
  const socket = new WebSocket(
    `ws://127.0.0.1:${String(port)}${options.path ?? BRIDGE_PATH}${query}`,
    protocols,
    {
      headers,
      ...(origin === null ? {} : { origin }),
    },
  )
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, status: 101 }))
    socket.once('unexpected-response', (_request, response) => {
      resolve({ socket: undefined, status: response.statusCode ?? 0 })
      response.resume()
      socket.terminate()
    })
    socket.once('error', reject)
  })
}

/** Collects what the server sends on a socket, to await the next message matching a test. */
export function messagesOf(socket: WebSocket) {
  const received: unknown[] = []
  const waiters: { test: (message: unknown) => boolean; resolve: (message: unknown) => void }[] = []
  socket.on('message', (data: Buffer) => {
    const message: unknown = JSON.parse(data.toString('utf8'))
    received.push(message)
    for (const waiter of [...waiters]) {
      if (waiter.test(message)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(message)
      }
    }
  })
  return {
    received,
    next(test: (message: unknown) => boolean): Promise<unknown> {
      const already = received.find(test)
      if (already !== undefined) return Promise.resolve(already)
      return new Promise((resolve) => waiters.push({ test, resolve }))
    },
    answerTo(id: number): Promise<unknown> {
      return this.next(
        (message) => typeof message === 'object' && message !== null && 'id' in message && message.id === id,
      )
    },
  }
}

/** Resolves with the close code once the server (or the socket) closes it. */
export function closeCodeOf(socket: WebSocket): Promise<number> {
  return new Promise((resolve) => socket.once('close', (code: number) => resolve(code)))
}
