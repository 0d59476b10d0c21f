// How the mock misbehaves on request. A fault answers in place of the real handler, so the real action (a
// token issued, an order handed over) never happens behind it.
import type { IncomingMessage, ServerResponse } from 'node:http'

import type { ArmedFault, MockRoute } from './contract.ts'
import { errorEnvelope, HTML_CONTENT_TYPE, JSON_CONTENT_TYPE, sendJson, sendRaw } from './http-io.ts'
import {
  DEFAULT_FAULT_STATUS,
  DEFAULT_HTML_STATUS,
  DEFAULT_OVERSIZED_BYTES,
  DEFAULT_RETRY_AFTER_SECONDS,
} from './state.ts'

/** Valid JSON, `status: true`, but not what a client of that route expects. */
const WRONG_SHAPES: Record<MockRoute, unknown> = {
  login: { status: true, data: { token: 'not-where-you-expect-it', expires: 86_400 } },
  branches: { status: true, data: { id: 42, name: ['Kadıköy Moda'] } },
  variables: { status: true, data: { paymentMethod: 'CASH', shippingMethod: null } },
  ontheway: { status: 'OK', data: { updated: true } },
}

/** Cut off mid-object, as if a proxy truncated the body; still labelled as JSON. */
const MALFORMED_JSON = '{"status":true,"data":{"access_token":"abc'

export function respondWithFault(
  fault: ArmedFault,
  route: MockRoute,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  switch (fault.kind) {
    case 'status': {
      const status = fault.status ?? DEFAULT_FAULT_STATUS
      sendJson(res, status, errorEnvelope('sunucu hatası', `Injected fault: HTTP ${status}`))
      return
    }
    case 'rate-limit':
      sendJson(res, 429, errorEnvelope('çok fazla istek', 'Too many requests'), {
        'Retry-After': String(fault.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS),
      })
      return
    case 'malformed-json':
      sendRaw(res, 200, JSON_CONTENT_TYPE, MALFORMED_JSON)
      return
    case 'wrong-shape':
      sendJson(res, 200, WRONG_SHAPES[route])
      return
    case 'html': {
      const status = fault.status ?? DEFAULT_HTML_STATUS
      sendRaw(res, status, HTML_CONTENT_TYPE, htmlErrorPage(status))
      return
    }
    case 'oversized':
      sendRaw(res, 200, JSON_CONTENT_TYPE, oversizedJson(fault.bytes ?? DEFAULT_OVERSIZED_BYTES))
      return
    case 'drop':
      req.socket.destroy()
      return
    case 'token-rejected':
      // A platform that refuses even a fresh token (revoked credentials, a platform-side bug): D3's second 401.
      sendJson(res, 401, errorEnvelope('yetkisiz erişim', 'Token expired or invalid'))
      return
    case 'hang':
      // Read the request to its end so the client is left waiting for an answer, not for us to read. The
      // socket stays open until the client gives up or the server closes (closeAllConnections).
      req.resume()
      return
  }
}

function htmlErrorPage(status: number): string {
  return [
    '<!DOCTYPE html>',
    `<html><head><title>${status} Error</title></head>`,
    `<body><h1>${status} Error</h1><p>The upstream server did not answer. Lütfen daha sonra tekrar deneyin.</p>`,
    '</body></html>',
  ].join('\n')
}

/** A valid JSON document of exactly `bytes` bytes (all ASCII padding, so characters = bytes). */
function oversizedJson(bytes: number): Buffer {
  const head = '{"status":true,"data":"'
  const tail = '"}'
  const body = Buffer.alloc(Math.max(bytes, head.length + tail.length), 'x')
  body.write(head, 0, 'utf8')
  body.write(tail, body.length - tail.length, 'utf8')
  return body
}
