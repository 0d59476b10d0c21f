// For tests only: a tiny HTTPS server on loopback that records what clients send and answers however a test
// wants, for the wire details the mock platform does not show (headers, odd answers, chunked bodies, redirects).
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'

import type { TestCertificates } from '../../e2e/mock-platform/tls.ts'
import { ensureTestCertificates } from '../../e2e/mock-platform/tls.ts'

interface RecordedRequest {
  method: string
  /** The request target as sent, e.g. `/integrations/auth/login`. */
  url: string
  headers: IncomingHttpHeaders
  body: string
}

type LocalHandler = (request: RecordedRequest, res: ServerResponse) => void

export interface LocalHttpsServer {
  /** `https://127.0.0.1:PORT/integrations`, like the mock platform's. */
  baseUrl: string
  origin: string
  caPem: string
  requests: RecordedRequest[]
  /** Replaces how the server answers; the default answers 404 with an empty body. */
  handle(handler: LocalHandler): void
  close(): Promise<void>
}

export async function startLocalHttpsServer(certificates: TestCertificates): Promise<LocalHttpsServer> {
  const requests: RecordedRequest[] = []
  let handler: LocalHandler = (_request, res) => res.writeHead(404).end()

  const server = createServer({ cert: certificates.certPem, key: certificates.keyPem }, (req, res) => {
    void readAll(req).then((body) => {
      const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body }
      requests.push(recorded)
      handler(recorded, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const origin = `https://127.0.0.1:${port}`

  return {
    baseUrl: `${origin}/integrations`,
    origin,
    caPem: certificates.caPem,
    requests,
    handle: (next) => {
      handler = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

export { ensureTestCertificates }
export type { TestCertificates }

async function readAll(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const bytes = Buffer.from(JSON.stringify(body), 'utf8')
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': bytes.length,
  })
  res.end(bytes)
}
