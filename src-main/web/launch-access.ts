import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

/**
 * Who may talk to a web-mode server: only someone who holds this launch's token, addressing the server by its
 * loopback name, and (for the WebSocket) from a page the server itself served. Like a Jupyter server, the
 * token is printed once and proves the caller can read that line; the Host and Origin checks close the doors
 * a browser would otherwise open to any website (DNS rebinding, cross-site WebSocket hijacking).
 */
export class LaunchAccess {
  /** 32 random bytes, fresh each launch unless a restart hands the previous one on. */
  readonly token: string
  /**
   * Cookies ignore ports, so two launches on one machine would overwrite each other's cookie under one name:
   * the port is part of the name.
   */
  readonly cookieName: string
  readonly #allowedHosts: ReadonlySet<string>
  readonly #tokenDigest: Buffer

  constructor(port: number, token: string = randomBytes(32).toString('base64url')) {
    if (!isLaunchToken(token)) throw new Error('a launch token is at least 32 random bytes, base64url')
    this.token = token
    this.#tokenDigest = digest(token)
    this.cookieName = `pos-companion-token-${String(port)}`
    this.#allowedHosts = new Set([`127.0.0.1:${String(port)}`, `localhost:${String(port)}`])
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

  /** How the request proves it holds the token, if it does: in the query (a first visit) or the cookie. */
  tokenProof(request: IncomingMessage, url: URL): 'query' | 'cookie' | undefined {
    const fromQuery = url.searchParams.get('token')
    if (fromQuery !== null && this.#matches(fromQuery)) return 'query'
    const fromCookie = readCookie(request.headers.cookie, this.cookieName)
    if (fromCookie !== undefined && this.#matches(fromCookie)) return 'cookie'
    return undefined
  }

  /** The cookie that lets the page's own assets and WebSocket carry the token without putting it in their URLs. */
  sessionCookie(): string {
    return `${this.cookieName}=${this.token}; HttpOnly; SameSite=Strict; Path=/`
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

function readCookie(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined
  for (const part of header.split(';')) {
    const separator = part.indexOf('=')
    if (separator !== -1 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim()
  }
  return undefined
}
