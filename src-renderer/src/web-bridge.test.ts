import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BRIDGE_PROTOCOL, TOKEN_PROTOCOL_PREFIX, WEB_SHELL_META } from '../../src-shared/web-bridge-wire.ts'
import { BridgeConnection, type Reach } from './bridge-connection.ts'
import { appReach, createWebBridge, installWebBridge, subscribeAppReach } from './web-bridge.ts'

/** A token of the launch's shape: 43 base64url characters. */
const TOKEN = 'AbC_-0123456789abcdefghijklmnopqrstuvwxyzABC'
const OTHER_TOKEN = 'ZzZ_-0123456789abcdefghijklmnopqrstuvwxyzXYZ'

/** A stand-in for the browser's WebSocket that records the sockets made and lets the test drive them. */
class FakeSocket {
  static made: FakeSocket[] = []
  readonly url: string
  readonly protocols: string[]
  readonly sent: string[] = []
  onopen: (() => void) | null = null
  onmessage: ((event: { data: unknown }) => void) | null = null
  onclose: (() => void) | null = null
  onerror: (() => void) | null = null

  constructor(url: string, protocols?: string | string[]) {
    this.url = url
    this.protocols = protocols === undefined ? [] : [protocols].flat()
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
  sessionStorage.clear()
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

  it('takes the token from the address’s fragment, drops it from the address bar, and offers it as a subprotocol only', () => {
    markAsWebShell()
    window.history.replaceState(null, '', `/?lang=en#token=${TOKEN}`)
    installWebBridge()
    expect(window.api).toBeDefined()
    expect(location.href).not.toContain(TOKEN)
    expect(location.pathname + location.search + location.hash).toBe('/?lang=en')
    expect(FakeSocket.made.map((socket) => [socket.url, socket.protocols])).toEqual([
      [`ws://${location.host}/bridge`, [BRIDGE_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${TOKEN}`]],
    ])
    expect(document.cookie).toBe('')
  })

  it('finds the token again after a reload of the same tab (sessionStorage, scoped to this port’s origin)', () => {
    markAsWebShell()
    window.history.replaceState(null, '', `/#token=${TOKEN}`)
    installWebBridge()
    // A reload: a fresh page on the address without the token.
    delete window.api
    installWebBridge()
    expect(FakeSocket.made.map((socket) => socket.protocols)).toEqual([
      [BRIDGE_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${TOKEN}`],
      [BRIDGE_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${TOKEN}`],
    ])
  })

  it('takes a newer token from a later fragment (a restarted server’s address opened in the same tab)', () => {
    vi.useFakeTimers()
    markAsWebShell()
    window.history.replaceState(null, '', `/#token=${TOKEN}`)
    installWebBridge()
    window.history.replaceState(null, '', `/#token=${OTHER_TOKEN}`)
    window.dispatchEvent(new HashChangeEvent('hashchange'))
    expect(location.hash).toBe('')
    FakeSocket.made[0]?.close()
    vi.runOnlyPendingTimers()
    expect(FakeSocket.made[1]?.protocols).toEqual([BRIDGE_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${OTHER_TOKEN}`])
  })

  it('offers no token when the page has none, or only something that is not a token', () => {
    markAsWebShell()
    window.history.replaceState(null, '', '/#token=short,x')
    installWebBridge()
    expect(FakeSocket.made.map((socket) => [socket.url, socket.protocols])).toEqual([
      [`ws://${location.host}/bridge`, [BRIDGE_PROTOCOL]],
    ])
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
      { id: 1, call: 'getAppInfo' },
      { id: 2, call: 'getMethods', input: { forceRefresh: true } },
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
      // Bounded: with fake timers an endless wait here would never reach the test's timeout.
      while (FakeSocket.made.length === before && waited < 60_000) {
        vi.advanceTimersByTime(50)
        waited += 50
      }
      delays.push(waited)
    }
    expect(delays).toEqual([250, 500, 1000, 1000, 1000])
  })
})

describe('losing the app (issue 30)', () => {
  const APP_UNREACHABLE = { ok: false, error: { code: 'app-unreachable', retryable: true } }

  function connect(lostAfterMs = 2000) {
    vi.useFakeTimers()
    const connection = new BridgeConnection({
      url: 'ws://x/bridge',
      WebSocketImpl: asWebSocket,
      lostAfterMs,
      retryDelayMs: { first: 250, max: 1000 },
    })
    const seen: Reach[] = []
    connection.onReach((reach) => seen.push(reach))
    return { connection, seen }
  }

  it('says the app is lost once the socket has been closed for a moment, and answers calls at once', async () => {
    const { connection, seen } = connect()
    FakeSocket.made[0]?.onopen?.()
    expect(connection.reach).toBe('up')
    // The process dies: its socket closes, and every reconnect is refused (closes at once).
    FakeSocket.made[0]?.close()
    const waiting = connection.call('getSession', undefined)
    vi.advanceTimersByTime(1999)
    expect(connection.reach).toBe('up')
    vi.advanceTimersByTime(1)
    expect(connection.reach).toBe('lost')
    expect(seen).toEqual(['up', 'lost'])
    // The call made while it was down answers when it is lost, not 10 s later.
    expect(await waiting).toEqual(APP_UNREACHABLE)
    // A call now answers at once, with no socket to wait for.
    let answered: unknown
    void connection.call('addOrder', { text: 'x' }).then((result) => (answered = result))
    await Promise.resolve()
    expect(answered).toEqual(APP_UNREACHABLE)
  })

  it('answers a call in flight when the socket drops as the app’s failure, never the platform’s', async () => {
    const { connection } = connect()
    FakeSocket.made[0]?.onopen?.()
    const inFlight = connection.call('handOverOrder', { paymentKey: 'k' })
    FakeSocket.made[0]?.close()
    expect(await inFlight).toEqual(APP_UNREACHABLE)
  })

  it('keeps trying, and is up again the moment a socket opens', () => {
    const { connection, seen } = connect(500)
    FakeSocket.made[0]?.onopen?.()
    FakeSocket.made[0]?.close()
    vi.advanceTimersByTime(500)
    expect(connection.reach).toBe('lost')
    // Reconnects keep being made (each refused until this one opens).
    while (FakeSocket.made.length < 3) {
      FakeSocket.made.at(-1)?.close()
      vi.advanceTimersByTime(1000)
    }
    FakeSocket.made.at(-1)?.onopen?.()
    expect(connection.reach).toBe('up')
    expect(seen).toEqual(['up', 'lost', 'up'])
  })

  it('says lost when the socket never comes up at all (a page left open after the app stopped)', () => {
    const { connection } = connect(1500)
    expect(connection.reach).toBe('connecting')
    vi.advanceTimersByTime(1500)
    expect(connection.reach).toBe('lost')
  })

  it('tries a new address at once: the hashchange of a restarted app’s address reconnects now', () => {
    vi.useFakeTimers()
    markAsWebShell()
    window.history.replaceState(null, '', `/#token=${TOKEN}`)
    installWebBridge()
    const changes: Reach[] = []
    const stop = subscribeAppReach(() => changes.push(appReach()))
    FakeSocket.made[0]?.onopen?.()
    FakeSocket.made[0]?.close()
    vi.advanceTimersByTime(2000)
    expect(appReach()).toBe('lost')
    // Far from the next backed-off attempt: the new address is tried now, with its token.
    const before = FakeSocket.made.length
    FakeSocket.made.at(-1)?.close()
    window.history.replaceState(null, '', `/#token=${OTHER_TOKEN}`)
    window.dispatchEvent(new HashChangeEvent('hashchange'))
    expect(FakeSocket.made.length).toBe(before + 1)
    expect(FakeSocket.made.at(-1)?.protocols).toEqual([BRIDGE_PROTOCOL, TOKEN_PROTOCOL_PREFIX + OTHER_TOKEN])
    FakeSocket.made.at(-1)?.onopen?.()
    expect(appReach()).toBe('up')
    expect(changes).toEqual(['up', 'lost', 'up'])
    stop()
  })
})
