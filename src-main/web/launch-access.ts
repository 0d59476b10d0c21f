import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { BRIDGE_PROTOCOL, TOKEN_PROTOCOL_PREFIX } from '../../src-shared/web-bridge-wire.ts'
import { loopbackHosts } from '../core/http/loopback-server.ts'

/**
 * Who may talk to a web-mode server. The renderer's files hold no secret and go to anyone who addresses the
 * server by its loopback name; the bridge — the only door to the core — needs this launch's token as well,
 * and the server's own Origin. Like a Jupyter server, the token is printed once and proves the caller can read
 * that line; the Host and Origin checks close the doors a browser would otherwise open to any website (DNS
 * rebinding, cross-site WebSocket hijacking).
 *
 * Where the token travels, and why there: the printed address carries it in the fragment (`/#token=…`), which
 * a browser never sends in a request. The page reads it once, drops it from the address bar, and offers it to
 * the bridge as a WebSocket subprotocol — a header sent only with that one upgrade to this port. A cookie would
 * not do: cookies ignore ports, so every other service on 127.0.0.1 the browser visits would receive it; nor
 * would the socket's URL, which ends up in logs and developer tools' request lists.
 */
export class LaunchAccess {
  /** 32 random bytes, fresh each launch unless a restart hands the previous one on. */
  readonly token: string
  readonly #allowedHosts: ReadonlySet<string>
  readonly #tokenDigest: Buffer

  constructor(port: number, token: string = randomBytes(32).toString('base64url')) {
    if (!isLaunchToken(token)) throw new Error('a launch token is at least 32 random bytes, base64url')
    this.token = token
    this.#tokenDigest = digest(token)
    this.#allowedHosts = loopbackHosts(port)
  }

  /** DNS-rebinding defence: a page of evil.example that resolves to 127.0.0.1 still sends `Host: evil.example`. */
  hostAllowed(request: IncomingMessage): boolean {
    const host = request.headers.host
    return host !== undefined && this.#allowedHosts.has(host.toLowerCase())
  }

  /** The Origin a browser sends from our own page is `http://` plus the very Host it addressed. */
  originAllowed(request: IncomingMessage): boolean {
    const { origin, host } = request.headers
    return (
      origin !== undefined &&
      host !== undefined &&
      this.hostAllowed(request) &&
      origin.toLowerCase() === `http://${host.toLowerCase()}`
    )
  }

  /**
   * Whether a WebSocket upgrade offers the bridge's protocol and exactly one token protocol, holding this
   * launch's token. Anything else (no token, two of them, a token but not the bridge) is refused.
   */
  bridgeTokenValid(request: IncomingMessage): boolean {
    const offered = (request.headers['sec-websocket-protocol'] ?? '').split(',').map((value) => value.trim())
    const tokens = offered.filter((value) => value.startsWith(TOKEN_PROTOCOL_PREFIX))
    const [candidate] = tokens
    return (
      offered.includes(BRIDGE_PROTOCOL) &&
      tokens.length === 1 &&
      candidate !== undefined &&
      this.#matches(candidate.slice(TOKEN_PROTOCOL_PREFIX.length))
    )
  }

  #matches(candidate: string): boolean {
    // Compare digests: equal lengths for timingSafeEqual, and no early exit that would leak a prefix.
    return timingSafeEqual(digest(candidate), this.#tokenDigest)
  }
}

export function isLaunchToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43,}$/.test(token)
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest()
}
