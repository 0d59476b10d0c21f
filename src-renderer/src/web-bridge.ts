import { isEventName, type EventName } from '../../src-shared/channels.ts'
import type {
  Api,
  EventPayload,
  MethodInput,
  MethodName,
  MethodOutput,
  Unsubscribe,
} from '../../src-shared/contract.ts'
import type { AppError, Result } from '../../src-shared/errors.ts'
import { bridge } from './api.ts'

/** The tag web mode adds to index.html (src-main/web/renderer-files.ts); its presence means "use the bridge". */
export const WEB_SHELL_META = { name: 'pos-companion-shell', content: 'web' } as const
/** Where web mode listens for the bridge (src-main/web/server.ts). */
export const BRIDGE_PATH = '/bridge'
/** The subprotocol of the bridge (src-main/web/launch-access.ts); the server answers with it. */
export const BRIDGE_PROTOCOL = 'pos-companion.bridge.v1'
/** The launch token travels as one more offered subprotocol, `<prefix><token>` (launch-access.ts says why). */
export const TOKEN_PROTOCOL_PREFIX = 'pos-companion.token.'
/** Where a reload of the same tab finds the token again; see `installWebBridge`. */
export const TOKEN_STORAGE_KEY = 'pos-companion.launch-token'
/** The server closes a socket that sends more (1009); such a call is refused here instead, sparing the others. */
const MAX_MESSAGE_BYTES = 64 * 1024

export interface WebBridgeOptions {
  /** ws:// or wss:// address of web mode's /bridge. */
  url: string
  /** The launch token to offer, asked again at every (re)connect: a later address may bring a newer one. */
  token?: () => string | undefined
  WebSocketImpl?: typeof WebSocket
  /** How long a call made while disconnected waits for the connection before it answers `unreachable`. */
  connectWaitMs?: number
  /** Reconnect delays: the first, doubling up to the last. */
  retryDelayMs?: { first: number; max: number }
  /** Aborting it closes the socket for good (tests; a page never needs to). */
  signal?: AbortSignal
}

type Answer = (result: Result<unknown>) => void

const unreachable: Result<never> = { ok: false, error: { code: 'unreachable', retryable: true } }
const failure = (error: AppError): Result<never> => ({ ok: false, error })

/**
 * window.api over web mode's WebSocket, the same shape as the Electron preload. It never throws and never
 * leaves a call hanging on a dead connection: a call answers with the core's result, or with `unreachable`
 * when the socket drops before the answer or does not come up in time. It reconnects on its own and, after a
 * reconnect, reports only what the core really sends.
 */
export function createWebBridge(options: WebBridgeOptions): Api {
  const SocketImpl = options.WebSocketImpl ?? WebSocket
  const connectWaitMs = options.connectWaitMs ?? 10_000
  const { first, max } = options.retryDelayMs ?? { first: 250, max: 5000 }
  const sent = new Map<number, Answer>()
  const queued = new Set<{
    message: string
    id: number
    answer: Answer
    timer: ReturnType<typeof setTimeout>
  }>()
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>()
  let nextId = 1
  let socket: WebSocket | undefined
  let isOpen = false
  let retryDelay = first
  let retryTimer: ReturnType<typeof setTimeout> | undefined

  const stopped = () => options.signal?.aborted === true

  function connect(): void {
    retryTimer = undefined
    if (stopped()) return
    let current: WebSocket
    try {
      const token = options.token?.()
      const protocols =
        token === undefined ? [BRIDGE_PROTOCOL] : [BRIDGE_PROTOCOL, TOKEN_PROTOCOL_PREFIX + token]
      current = new SocketImpl(options.url, protocols)
    } catch {
      scheduleReconnect()
      return
    }
    socket = current
    current.onopen = () => {
      isOpen = true
      retryDelay = first
      for (const entry of queued) {
        clearTimeout(entry.timer)
        transmit(entry.id, entry.message, entry.answer)
      }
      queued.clear()
    }
    current.onmessage = (event: MessageEvent) => receive(event.data)
    // A close event always follows an error; handling it there is enough, but some sockets insist on a handler.
    current.onerror = () => undefined
    current.onclose = () => {
      if (socket !== current) return
      socket = undefined
      isOpen = false
      // The answers to these will never come on a new socket; whether the core acted is for events to tell.
      for (const answer of sent.values()) answer(unreachable)
      sent.clear()
      scheduleReconnect()
    }
  }

  function scheduleReconnect(): void {
    if (stopped() || retryTimer !== undefined) return
    retryTimer = setTimeout(connect, retryDelay)
    retryDelay = Math.min(retryDelay * 2, max)
  }

  function transmit(id: number, message: string, answer: Answer): void {
    sent.set(id, answer)
    try {
      socket?.send(message)
    } catch {
      sent.delete(id)
      answer(unreachable)
    }
  }

  function call<M extends MethodName>(method: M, input?: MethodInput<M>): Promise<Result<MethodOutput<M>>> {
    return new Promise<Result<unknown>>((answer) => {
      const id = nextId++
      let message: string
      try {
        message = JSON.stringify({ id, method, input })
      } catch {
        answer(failure({ code: 'invalid-input', problem: 'malformed', retryable: false }))
        return
      }
      if (new TextEncoder().encode(message).length > MAX_MESSAGE_BYTES) {
        answer(failure({ code: 'invalid-input', problem: 'malformed', retryable: false }))
      } else if (isOpen) {
        transmit(id, message, answer)
      } else if (stopped()) {
        answer(unreachable)
      } else {
        const entry = {
          id,
          message,
          answer,
          timer: setTimeout(() => {
            queued.delete(entry)
            answer(unreachable)
          }, connectWaitMs),
        }
        queued.add(entry)
      }
    }) as Promise<Result<MethodOutput<M>>>
  }

  function receive(data: unknown): void {
    if (typeof data !== 'string') return
    let message: unknown
    try {
      message = JSON.parse(data)
    } catch {
      return
    }
    if (typeof message !== 'object' || message === null) return
    if ('id' in message && typeof message.id === 'number') {
      const answer = sent.get(message.id)
      if (!answer) return
      sent.delete(message.id)
      const result = 'result' in message ? message.result : undefined
      answer(isResult(result) ? result : failure({ code: 'internal', retryable: false }))
    } else if ('event' in message && isEventName(message.event)) {
      const payload = 'payload' in message ? message.payload : undefined
      for (const listener of listeners.get(message.event) ?? []) {
        try {
          listener(payload)
        } catch (error) {
          // One failing screen must not stop the others from hearing the event.
          console.error(error)
        }
      }
    }
  }

  options.signal?.addEventListener('abort', () => {
    clearTimeout(retryTimer)
    socket?.close()
    for (const entry of queued) {
      clearTimeout(entry.timer)
      entry.answer(unreachable)
    }
    queued.clear()
  })
  connect()

  return {
    getAppInfo: () => call('getAppInfo'),
    getSession: () => call('getSession'),
    signIn: (input) => call('signIn', input),
    signInWithStoredCredentials: () => call('signInWithStoredCredentials'),
    signOut: (input) => call('signOut', input),
    listBranches: () => call('listBranches'),
    getMethods: (input) => call('getMethods', input),
    getSettings: () => call('getSettings'),
    updateSettings: (input) => call('updateSettings', input),
    listOrders: () => call('listOrders'),
    addOrder: (input) => call('addOrder', input),
    removeOrder: (input) => call('removeOrder', input),
    markOnTheWay: (input) => call('markOnTheWay', input),
    listHistory: (input) => call('listHistory', input),
    exportHistoryCsv: () => call('exportHistoryCsv'),
    getDiagnostics: () => call('getDiagnostics'),
    on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): Unsubscribe {
      const forEvent = listeners.get(event) ?? new Set()
      listeners.set(event, forEvent)
      const untyped = listener as (payload: unknown) => void
      forEvent.add(untyped)
      return () => forEvent.delete(untyped)
    },
  } satisfies Api
}

function isResult(value: unknown): value is Result<unknown> {
  return typeof value === 'object' && value !== null && 'ok' in value && typeof value.ok === 'boolean'
}

/** The page's launch token, in memory; one page installs one bridge. */
let launchToken: string | undefined

/**
 * Gives a page served by web mode its window.api. It does nothing under Electron (the preload set window.api)
 * or where the page was opened some other way (no web-mode tag: there is no bridge to reach).
 *
 * The launch token comes in the address's fragment (`/#token=…`, never sent to any server). It is read once,
 * removed from the address bar (so it is not bookmarked, shared or shown), and kept in memory and in
 * sessionStorage, so that a reload of this tab still connects. sessionStorage belongs to this origin, port
 * included, and to this tab alone: no other loopback service can read it, unlike a cookie, and it is gone when
 * the tab closes. A page at the same origin could read it, but such a page is web mode's own — and the token
 * dies with the launch that made it.
 */
export function installWebBridge(): void {
  if (bridge() !== undefined) return
  const tag = document.querySelector(`meta[name="${WEB_SHELL_META.name}"]`)
  if (tag?.getAttribute('content') !== WEB_SHELL_META.content) return
  launchToken = takeTokenFromAddress() ?? recallToken()
  // The address of a restarted server, opened in this tab, changes only the fragment: no new page load.
  window.addEventListener('hashchange', () => {
    launchToken = takeTokenFromAddress() ?? launchToken
  })
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:'
  window.api = createWebBridge({ url: `${scheme}//${location.host}${BRIDGE_PATH}`, token: () => launchToken })
}

/** The token in the address's fragment, removed from the address and remembered; undefined if there is none. */
function takeTokenFromAddress(): string | undefined {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''))
  if (!fragment.has('token')) return undefined
  history.replaceState(history.state, '', `${location.pathname}${location.search}`)
  const token = fragment.get('token') ?? ''
  // Anything else could not even be offered as a subprotocol.
  if (!/^[A-Za-z0-9_-]{43,}$/.test(token)) return undefined
  try {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, token)
  } catch {
    // Storage turned off: the token still works until the page is reloaded.
  }
  return token
}

function recallToken(): string | undefined {
  try {
    return sessionStorage.getItem(TOKEN_STORAGE_KEY) ?? undefined
  } catch {
    return undefined
  }
}
