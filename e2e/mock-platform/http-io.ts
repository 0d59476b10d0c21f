// The few pieces of HTTP plumbing both the spec routes and the control routes need. Deliberately thin: the
// handlers keep direct hold of the request, response and socket, which the fault injection depends on.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'
export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8'

export interface ErrorEnvelope {
  status: false
  error: string
  message: string
}

export const errorEnvelope = (error: string, message: string): ErrorEnvelope => ({
  status: false,
  error,
  message,
})

export function sendJson(
  res: ServerResponse,
  statusCode: number,
  body: unknown,
  headers: OutgoingHttpHeaders = {},
): void {
  sendRaw(res, statusCode, JSON_CONTENT_TYPE, JSON.stringify(body), headers)
}

/** Writes a complete answer with an exact Content-Length, unless the client has already gone away. */
export function sendRaw(
  res: ServerResponse,
  statusCode: number,
  contentType: string,
  body: string | Buffer,
  headers: OutgoingHttpHeaders = {},
): void {
  if (res.destroyed || res.headersSent) return
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body
  res.writeHead(statusCode, { ...headers, 'Content-Type': contentType, 'Content-Length': bytes.length })
  res.end(bytes)
}

export class BodyTooLargeError extends Error {
  constructor(limitBytes: number) {
    super(`request body exceeds ${limitBytes} bytes`)
    this.name = 'BodyTooLargeError'
  }
}

/**
 * Reads the whole request body, refusing one larger than `limitBytes` as soon as that is known. After a refusal
 * the rest of the body is still read and thrown away (up to a hard cap), so the client can finish sending and
 * read our answer instead of being cut off mid-upload.
 */
export function readBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  const drainCapBytes = limitBytes * 16
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let received = 0
    let refused = false
    const refuse = () => {
      refused = true
      chunks.length = 0
      reject(new BodyTooLargeError(limitBytes))
    }
    const declared = Number(req.headers['content-length'])
    if (Number.isFinite(declared) && declared > limitBytes) refuse()
    req.on('data', (chunk: Buffer) => {
      received += chunk.length
      if (refused) {
        if (received > drainCapBytes) req.socket.destroy()
        return
      }
      if (received > limitBytes) refuse()
      else chunks.push(chunk)
    })
    req.on('end', () => {
      if (!refused) resolve(Buffer.concat(chunks))
    })
    req.on('error', (error) => {
      if (!refused) reject(error)
    })
  })
}

/** The path of the request target without its query string, exactly as sent (no normalisation). */
export function requestPath(req: IncomingMessage): string {
  const target = req.url ?? '/'
  const queryStart = target.indexOf('?')
  return queryStart === -1 ? target : target.slice(0, queryStart)
}
