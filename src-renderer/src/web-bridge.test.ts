import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createWebBridge, installWebBridge, WEB_SHELL_META } from './web-bridge.ts'

/** A stand-in for the browser's WebSocket that records the sockets made and lets the test drive them. */
class FakeSocket {
  static made: FakeSocket[] = []
  readonly url: string
  readonly sent: string[] = []
  onopen: (() => void) | null = null
  onmessage: ((event: { data: unknown }) => void) | null = null
  onclose: (() => void) | null = null
  onerror: (() => void) | null = null

  constructor(url: string) {
    this.url = url
    FakeSocket.made.push(this)
  }
  send(message: string) {
    this.sent.push(message)
  }
  close() {
    this.onclose?.()
  }
  answer(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) })
  }
}

const asWebSocket = FakeSocket as unknown as typeof WebSocket

beforeEach(() => {
  FakeSocket.made = []
  vi.stubGlobal('WebSocket', FakeSocket)
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
  delete window.api
  document.head.innerHTML = ''
  window.history.replaceState(null, '', '/')
})

function markAsWebShell() {
  const meta = document.createElement('meta')
  meta.name = WEB_SHELL_META.name
  meta.content = WEB_SHELL_META.content
  document.head.append(meta)
}

describe('installWebBridge', () => {
  it('does nothing on a page web mode did not serve', () => {
    installWebBridge()
    expect(window.api).toBeUndefined()
    expect(FakeSocket.made).toHaveLength(0)
  })

  it('leaves an existing window.api (the Electron preload’s) alone', () => {
    markAsWebShell()
    const preload = {} as NonNullable<typeof window.api>
    window.api = preload
    installWebBridge()
    expect(window.api).toBe(preload)
    expect(FakeSocket.made).toHaveLength(0)
  })

  it('connects to /bridge on the page’s own host, passing the page’s token on', () => {
    markAsWebShell()
    window.history.replaceState(null, '', '/?token=abc_-123')
    installWebBridge()
    expect(window.api).toBeDefined()
    expect(FakeSocket.made.map((socket) => socket.url)).toEqual([
      `ws://${location.host}/bridge?token=abc_-123`,
    ])
  })

  it('relies on the cookie when the address has no token', () => {
    markAsWebShell()
    installWebBridge()
    expect(FakeSocket.made.map((socket) => socket.url)).toEqual([`ws://${location.host}/bridge`])
  })
})

describe('createWebBridge', () => {
  it('numbers requests, matches answers by id and never throws on stray messages', async () => {
    const api = createWebBridge({ url: 'ws://x/bridge', WebSocketImpl: asWebSocket })
    const socket = FakeSocket.made[0]
    if (!socket) throw new Error('no socket')
    socket.onopen?.()
    const first = api.getAppInfo()
    const second = api.getMethods({ forceRefresh: true })
    expect(socket.sent.map((text) => JSON.parse(text) as unknown)).toEqual([
      { id: 1, method: 'getAppInfo' },
      { id: 2, method: 'getMethods', input: { forceRefresh: true } },
    ])
    socket.onmessage?.({ data: 'not json' })
    socket.answer({ id: 99, result: { ok: true, value: 1 } })
    socket.answer({ event: 'nope', payload: 1 })
    socket.answer({ id: 2, result: { ok: false, error: { code: 'signed-out', retryable: false } } })
    socket.answer({ id: 1, result: 'garbage' })
    expect(await second).toEqual({ ok: false, error: { code: 'signed-out', retryable: false } })
    expect(await first).toEqual({ ok: false, error: { code: 'internal', retryable: false } })
  })

  it('keeps other listeners hearing an event when one throws', () => {
    const api = createWebBridge({ url: 'ws://x/bridge', WebSocketImpl: asWebSocket })
    const socket = FakeSocket.made[0]
    const heard: unknown[] = []
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    api.on('orderChanged', () => {
      throw new Error('broken screen')
    })
    api.on('orderChanged', (payload) => heard.push(payload))
    socket?.answer({ event: 'orderChanged', payload: { paymentKey: 'k', order: null } })
    expect(heard).toEqual([{ paymentKey: 'k', order: null }])
    expect(quiet).toHaveBeenCalledOnce()
  })

  it('backs off between reconnects, from the first delay doubling up to the last', () => {
    vi.useFakeTimers()
    createWebBridge({
      url: 'ws://x/bridge',
      WebSocketImpl: asWebSocket,
      retryDelayMs: { first: 250, max: 1000 },
    })
    const delays: number[] = []
    for (let attempt = 0; attempt < 5; attempt++) {
      const before = FakeSocket.made.length
      FakeSocket.made.at(-1)?.close()
      let waited = 0
      while (FakeSocket.made.length === before) {
        vi.advanceTimersByTime(50)
        waited += 50
      }
      delays.push(waited)
    }
    expect(delays).toEqual([250, 500, 1000, 1000, 1000])
  })
})
