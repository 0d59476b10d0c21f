import WebSocket from 'ws'
import type { Api } from '../../src-shared/contract.ts'
import { createWebBridge } from '../../src-renderer/src/web-bridge.ts'

export interface BridgeClient {
  api: Api
  close(): void
}

/**
 * A Node client of web mode's bridge — the page's own bridge code over a `ws` socket that sends the Origin the
 * server insists on. The demo and the benchmarks drive web mode through it, as a cashier's page would.
 */
export function connectBridge(url: string): BridgeClient {
  const page = new URL(url)
  const origin = page.origin
  const SocketWithOrigin = class extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { origin })
    }
  }
  // The token is in the address's fragment; the bridge offers it as a subprotocol, as the page does.
  const token = new URLSearchParams(page.hash.replace(/^#/, '')).get('token') ?? undefined
  const controller = new AbortController()
  const api = createWebBridge({
    url: `ws://${page.host}/bridge`,
    token: () => token,
    WebSocketImpl: SocketWithOrigin as unknown as typeof globalThis.WebSocket,
    signal: controller.signal,
  })
  return { api, close: () => controller.abort() }
}
