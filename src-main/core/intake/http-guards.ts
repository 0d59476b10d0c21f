/**
 * What an intake request carries: its Content-Type, its size and its JSON. Each check refuses with an
 * IntakeRefusal. (Who it addresses and how it proves it may are the server's: intake-server.ts.)
 */
import type { IncomingMessage } from 'node:http'
import { IntakeRefusal } from './intake-errors.ts'

/** Bodies larger than this are refused (413): an order is a few hundred bytes. */
export const MAX_BODY_BYTES = 16 * 1024

/**
 * A body must say it is JSON (UTF-8). This is what keeps a web page out: a form post or a "simple" fetch can
 * only send `text/plain`, `application/x-www-form-urlencoded` or `multipart/form-data`, and asking for
 * `application/json` needs a CORS preflight that this server never grants.
 */
export function assertJsonContentType(request: IncomingMessage): void {
  // Stryker disable next-line StringLiteral: a missing header is refused whatever text stands in for it
  const header = request.headers['content-type'] ?? ''
  // split always yields a first part
  const [mediaType, ...parameters] = header.split(';') as [string, ...string[]]
  if (mediaType.trim().toLowerCase() !== 'application/json') throw new IntakeRefusal('unsupported-media-type')
  for (const parameter of parameters) {
    const [name, value] = parameter.split('=').map((part) => part.trim().toLowerCase())
    if (name === 'charset' && value?.replace(/"/g, '') !== 'utf-8') {
      throw new IntakeRefusal('unsupported-media-type')
    }
  }
}

/** Reads the body's bytes, refusing it past `MAX_BODY_BYTES` without reading the rest. */
export async function readBody(request: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? 0)
  if (declared > maxBytes) throw new IntakeRefusal('body-too-large')
  // Listened to, not iterated: leaving an async iteration early destroys the request, and with it the socket
  // the 413 must still go out on. The rest is dropped unread once the answer is sent.
  return new Promise<Buffer>((resolve, reject) => {
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
}

/** The body as UTF-8 text; bytes that are not UTF-8 are malformed. */
export function utf8Text(body: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body)
  } catch {
    throw new IntakeRefusal('malformed-json')
  }
}

/** The body as JSON: it must be an object. */
export function jsonObjectOf(body: Buffer): Record<string, unknown> {
  let json: unknown
  try {
    json = JSON.parse(utf8Text(body))
  } catch {
    // Not UTF-8, or not JSON: left undefined, refused below with what is not an object.
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new IntakeRefusal('malformed-json')
  return json as Record<string, unknown>
}
