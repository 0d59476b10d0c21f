/**
 * The checks every intake request passes before it reaches a route: who it addresses (Host), what it carries
 * (Content-Type, size) and how it proves it may (the bearer key). Each refuses with an IntakeRefusal.
 */
import type { IncomingMessage } from 'node:http'
import { IntakeRefusal } from './intake-errors.ts'
import type { IntakeKeyCheck } from './intake-port.ts'

/** Bodies larger than this are refused (413): an order is a few hundred bytes. */
export const MAX_BODY_BYTES = 16 * 1024

/**
 * DNS-rebinding defence: a page of evil.example that resolves to 127.0.0.1 still sends `Host: evil.example`.
 * Only the loopback names with this server's port are ours (a client leaves the port out only for port 80).
 */
export function allowedHosts(port: number): ReadonlySet<string> {
  const hosts = [`127.0.0.1:${String(port)}`, `localhost:${String(port)}`]
  if (port === 80) hosts.push('127.0.0.1', 'localhost')
  return new Set(hosts)
}

export function assertHostAllowed(request: IncomingMessage, hosts: ReadonlySet<string>): void {
  const host = request.headers.host
  if (host === undefined || !hosts.has(host.toLowerCase())) throw new IntakeRefusal('host-not-allowed')
}

/** `Authorization: Bearer <key>`, the scheme in any case; anything else is no key at all. */
export function assertAuthorized(request: IncomingMessage, keys: IntakeKeyCheck): void {
  const match = /^bearer +([A-Za-z0-9_-]{1,512})\s*$/i.exec(request.headers.authorization ?? '')
  const candidate = match?.[1]
  if (candidate === undefined || !keys.matches(candidate)) throw new IntakeRefusal('unauthorized')
}

/**
 * A body must say it is JSON (UTF-8). This is what keeps a web page out: a form post or a "simple" fetch can
 * only send `text/plain`, `application/x-www-form-urlencoded` or `multipart/form-data`, and asking for
 * `application/json` needs a CORS preflight that this server never grants.
 */
export function assertJsonContentType(request: IncomingMessage): void {
  const [mediaType = '', ...parameters] = (request.headers['content-type'] ?? '').split(';')
  if (mediaType.trim().toLowerCase() !== 'application/json') throw new IntakeRefusal('unsupported-media-type')
  for (const parameter of parameters) {
    const [name = '', value = ''] = parameter.split('=').map((part) => part.trim().toLowerCase())
    if (name === 'charset' && value.replace(/"/g, '') !== 'utf-8') {
      throw new IntakeRefusal('unsupported-media-type')
    }
  }
}

/** Whether the request carries a body at all (a declared length above zero, or a chunked one). */
export function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length']
  if (length !== undefined) return Number(length) > 0
  return request.headers['transfer-encoding'] !== undefined
}

/** Reads the body as UTF-8 text, refusing it past `MAX_BODY_BYTES` without reading the rest. */
export async function readBodyText(request: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(request.headers['content-length'] ?? 0)
  if (declared > maxBytes) throw new IntakeRefusal('body-too-large')
  // Listened to, not iterated: leaving an async iteration early destroys the request, and with it the socket
  // the 413 must still go out on. The rest is dropped unread once the answer is sent.
  const body = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size <= maxBytes) {
        chunks.push(chunk)
        return
      }
      request.off('data', onData)
      request.pause()
      reject(new IntakeRefusal('body-too-large'))
    }
    request.on('data', onData)
    request.once('end', () => resolve(Buffer.concat(chunks)))
    request.once('error', reject)
  })
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body)
  } catch {
    throw new IntakeRefusal('malformed-json')
  }
}

/** The body as JSON: it must be an object. */
export async function readJsonObject(request: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBodyText(request)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new IntakeRefusal('malformed-json')
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new IntakeRefusal('malformed-json')
  return json as Record<string, unknown>
}
