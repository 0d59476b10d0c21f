// Starts the mock platform: one HTTPS server carrying the spec's endpoints under /integrations and the control
// API under /_mock, over one in-memory state.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'

import type { MockControl } from './control-client.ts'
import { createMockControl } from './control-client.ts'
import { CONTROL_PREFIX, handleControlRequest } from './control-routes.ts'
import { errorEnvelope, requestPath, sendJson } from './http-io.ts'
import { handlePlatformRequest, PLATFORM_PREFIX, realSleep, type Sleep } from './platform-routes.ts'
import { MockState } from './state.ts'
import { ensureTestCertificates } from './tls.ts'

export interface MockPlatformOptions {
  /** Where the test CA and server certificate live (created on first use, reused after). */
  dataDir: string
  /** Default 0: any free port. */
  port?: number
  /** Default 127.0.0.1, the address the certificate is issued for. */
  host?: string
  /** The real clock the mock clock is offset from; tests inject one so that no assertion reads the wall clock. */
  realNow?: () => number
  /** How an injected latency is waited out; tests inject one to see the wait without timing it. */
  sleep?: Sleep
}

export interface MockPlatform {
  /** The spec's {base_url}, e.g. `https://127.0.0.1:8443/integrations` (no trailing slash). */
  baseUrl: string
  /** `https://127.0.0.1:8443`, where the control API lives (`/_mock/...`). */
  origin: string
  port: number
  caFile: string
  caPem: string
  control: MockControl
  /** Stops listening and ends every connection, hung or held ones included. */
  close(): Promise<void>
}

export async function startMockPlatform(options: MockPlatformOptions): Promise<MockPlatform> {
  const host = options.host ?? '127.0.0.1'
  const certificates = await ensureTestCertificates(options.dataDir)
  const state = new MockState(options.realNow ? { realNow: options.realNow } : {})
  const sleep = options.sleep ?? realSleep
  // Aborted on close, so that requests waiting out an injected latency stop waiting.
  const lifetime = new AbortController()

  const server = createServer({ cert: certificates.certPem, key: certificates.keyPem }, (req, res) => {
    route(req, res, state, lifetime.signal, sleep).catch((error: unknown) => {
      if (lifetime.signal.aborted) return
      if (res.headersSent) {
        res.destroy()
        return
      }
      const message = error instanceof Error ? error.message : String(error)
      sendJson(res, 500, errorEnvelope('sunucu hatası', `Mock platform failure: ${message}`))
    })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const origin = `https://${urlHost(host)}:${port}`
  const control = createMockControl(origin, certificates.caPem)

  let closing: Promise<void> | undefined
  const close = () => {
    closing ??= (async () => {
      lifetime.abort()
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeAllConnections()
      await Promise.all([closed, control.close()])
    })()
    return closing
  }

  return {
    baseUrl: `${origin}${PLATFORM_PREFIX}`,
    origin,
    port,
    caFile: certificates.caFile,
    caPem: certificates.caPem,
    control,
    close,
  }
}

async function route(
  req: IncomingMessage,
  res: ServerResponse,
  state: MockState,
  signal: AbortSignal,
  sleep: Sleep,
) {
  const path = requestPath(req)
  const below = (prefix: string) =>
    path === prefix || path.startsWith(`${prefix}/`) ? path.slice(prefix.length) : undefined

  const controlPath = below(CONTROL_PREFIX)
  if (controlPath !== undefined) return handleControlRequest(req, res, controlPath, state)

  const platformPath = below(PLATFORM_PREFIX)
  if (platformPath !== undefined) {
    return handlePlatformRequest({ req, res, path: platformPath, state }, signal, sleep)
  }

  sendJson(
    res,
    404,
    errorEnvelope('URL hatalı', `No endpoint at ${path}; the API lives under ${PLATFORM_PREFIX}`),
  )
}

/** The host part of a URL that reaches `host`: a wildcard address is reached through loopback. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1'
  return host.includes(':') ? `[${host}]` : host
}
