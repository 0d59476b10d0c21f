import type { EventName } from '../../src-shared/channels.ts'
import { callsOver } from '../../src-shared/call-names.ts'
import type { Api, CallName, EventPayload, Unsubscribe } from '../../src-shared/contract.ts'
import { BRIDGE_PATH, WEB_SHELL_META } from '../../src-shared/web-bridge-wire.ts'
import { bridge } from './api.ts'
import { BridgeConnection, type BridgeConnectionDeps, type Reach } from './bridge-connection.ts'

/** Where a reload of the same tab finds the token again; see `installWebBridge`. */
const TOKEN_STORAGE_KEY = 'pos-companion.launch-token'

export type { BridgeConnectionDeps } from './bridge-connection.ts'

/**
 * window.api over web mode's WebSocket, the same shape as the Electron preload. It never throws and never
 * leaves a call hanging on a dead connection: a call answers with the core's result, or with `unreachable`
 * when the socket drops before the answer or does not come up in time. It reconnects on its own and, after a
 * reconnect, reports only what the core really sends.
 */
export function createWebBridge(deps: BridgeConnectionDeps): Api {
  return apiOver(new BridgeConnection(deps))
}

function apiOver(connection: BridgeConnection): Api {
  const send = (name: CallName, input?: unknown) => connection.call(name, input)
  const api: Api = {
    ...callsOver(send),
    on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): Unsubscribe {
      return connection.on(event, listener as (payload: unknown) => void)
    },
  }
  return api
}

/** The page's launch token, in memory; one page installs one bridge. */
let launchToken: string | undefined
/** The page's connection to web mode, once installed. */
let installed: BridgeConnection | undefined

/**
 * Whether the page reaches the app (issue 30): always `up` under Electron, where the window and the app live and
 * die together; in web mode, what the bridge's socket says (bridge-connection.ts).
 */
export function appReach(): Reach {
  return installed?.reach ?? 'up'
}

/** Hears every change of `appReach()` (for useSyncExternalStore); returns the function that stops it. */
export function subscribeAppReach(listener: () => void): () => void {
  return installed?.onReach(listener) ?? (() => undefined)
}

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
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:'
  const connection = new BridgeConnection({
    url: `${scheme}//${location.host}${BRIDGE_PATH}`,
    token: () => launchToken,
  })
  installed = connection
  window.addEventListener('hashchange', () => {
    launchToken = takeTokenFromAddress() ?? launchToken
    // The new address is why the app could not be reached: try it now, not at the next backed-off attempt.
    connection.reconnectNow()
  })
  window.api = apiOver(connection)
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
