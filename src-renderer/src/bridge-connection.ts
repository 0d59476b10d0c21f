import { isEventName, type EventName } from '../../src-shared/channels.ts'
import type { CallName } from '../../src-shared/contract.ts'
import type { Unsubscribe } from '../../src-shared/contract.ts'
import type { AppError, Result } from '../../src-shared/errors.ts'
import {
  BRIDGE_PROTOCOL,
  MAX_BRIDGE_MESSAGE_BYTES,
  TOKEN_PROTOCOL_PREFIX,
} from '../../src-shared/web-bridge-wire.ts'

export interface BridgeConnectionDeps {
  /** ws:// or wss:// address of web mode's /bridge. */
  url: string
  /** The launch token to offer, asked again at every (re)connect: a later address may bring a newer one. */
  token?: () => string | undefined
  WebSocketImpl?: typeof WebSocket
  /** How long a call made while disconnected waits for the connection before it answers `unreachable`. */
  connectWaitMs?: number
  /** Reconnect delays: the first, doubling up to the last. */
  retryDelayMs?: { first: number; max: number }
  /**
   * How long the socket may be down (or not yet up) before the app is called lost: calls then answer
   * `app-unreachable` at once, and the page says so. Short: web mode is on this computer, so a socket that stays
   * closed this long means its process stopped.
   */
  lostAfterMs?: number
  /** Aborting it closes the socket for good (tests; a page never needs to). */
  signal?: AbortSignal
}

type Answer = (result: Result<unknown>) => void

interface QueuedCall {
  message: string
  id: number
  answer: Answer
  timer: ReturnType<typeof setTimeout>
}

// Every failure of the bridge itself is the app's, never the platform's: the platform is the core's to reach.
const unreachable: Result<never> = { ok: false, error: { code: 'app-unreachable', retryable: true } }
const failure = (error: AppError): Result<never> => ({ ok: false, error })
const malformed = failure({ code: 'invalid-input', problem: 'malformed', retryable: false })

/**
 * Whether the page reaches the app: `connecting` at first, `up` while the socket is open, `lost` once it has been
 * down for `lostAfterMs` (it keeps reconnecting, and is `up` again as soon as it succeeds).
 */
export type Reach = 'connecting' | 'up' | 'lost'

/**
 * One WebSocket to web mode's bridge, reconnected on its own. A call answers with the core's result, or with
 * `app-unreachable` when the socket drops before the answer or does not come up in time; calls made while it is
 * briefly down wait for it (up to `connectWaitMs`), and once the app is lost they answer at once.
 */
export class BridgeConnection {
  readonly #deps: BridgeConnectionDeps
  readonly #SocketImpl: typeof WebSocket
  readonly #connectWaitMs: number
  readonly #retryDelays: { first: number; max: number }
  readonly #sent = new Map<number, Answer>()
  readonly #queued = new Set<QueuedCall>()
  readonly #listeners = new Map<EventName, Set<(payload: unknown) => void>>()
  #nextId = 1
  #socket: WebSocket | undefined
  #isOpen = false
  #retryDelay: number
  #retryTimer: ReturnType<typeof setTimeout> | undefined
  #reach: Reach = 'connecting'
  readonly #reachListeners = new Set<(reach: Reach) => void>()
  readonly #lostAfterMs: number
  #lostTimer: ReturnType<typeof setTimeout> | undefined

  constructor(deps: BridgeConnectionDeps) {
    this.#deps = deps
    this.#SocketImpl = deps.WebSocketImpl ?? WebSocket
    this.#connectWaitMs = deps.connectWaitMs ?? 10_000
    this.#retryDelays = deps.retryDelayMs ?? { first: 250, max: 5000 }
    this.#retryDelay = this.#retryDelays.first
    this.#lostAfterMs = deps.lostAfterMs ?? 2000
    deps.signal?.addEventListener('abort', () => this.#stop())
    this.#startLostTimer()
    this.#connect()
  }

  get reach(): Reach {
    return this.#reach
  }

  /** Hears every change of `reach`; returns the function that stops it. */
  onReach(listener: (reach: Reach) => void): Unsubscribe {
    this.#reachListeners.add(listener)
    return () => this.#reachListeners.delete(listener)
  }

  /** Tries again now rather than at the next backed-off attempt (a new address was opened in this tab). */
  reconnectNow(): void {
    if (this.#isOpen || this.#stopped() || this.#socket !== undefined) return
    clearTimeout(this.#retryTimer)
    this.#retryDelay = this.#retryDelays.first
    this.#connect()
  }

  call(call: CallName, input: unknown): Promise<Result<unknown>> {
    return new Promise<Result<unknown>>((answer) => {
      const id = this.#nextId++
      let message: string
      try {
        message = JSON.stringify({ id, call, input })
      } catch {
        answer(malformed)
        return
      }
      if (new TextEncoder().encode(message).length > MAX_BRIDGE_MESSAGE_BYTES) answer(malformed)
      else if (this.#isOpen) this.#transmit(id, message, answer)
      else if (this.#stopped() || this.#reach === 'lost') answer(unreachable)
      else this.#queue(id, message, answer)
    })
  }

  on(event: EventName, listener: (payload: unknown) => void): Unsubscribe {
    const forEvent = this.#listeners.get(event) ?? new Set()
    this.#listeners.set(event, forEvent)
    forEvent.add(listener)
    return () => forEvent.delete(listener)
  }

  #stopped(): boolean {
    return this.#deps.signal?.aborted === true
  }

  #connect(): void {
    this.#retryTimer = undefined
    if (this.#stopped()) return
    let current: WebSocket
    try {
      const token = this.#deps.token?.()
      const protocols =
        token === undefined ? [BRIDGE_PROTOCOL] : [BRIDGE_PROTOCOL, TOKEN_PROTOCOL_PREFIX + token]
      current = new this.#SocketImpl(this.#deps.url, protocols)
    } catch {
      this.#scheduleReconnect()
      return
    }
    this.#socket = current
    current.onopen = () => this.#opened()
    current.onmessage = (event: MessageEvent) => this.#receive(event.data)
    // A close event always follows an error; handling it there is enough, but some sockets insist on a handler.
    current.onerror = () => undefined
    current.onclose = () => this.#closed(current)
  }

  #opened(): void {
    this.#isOpen = true
    this.#retryDelay = this.#retryDelays.first
    clearTimeout(this.#lostTimer)
    this.#lostTimer = undefined
    this.#setReach('up')
    for (const entry of this.#queued) {
      clearTimeout(entry.timer)
      this.#transmit(entry.id, entry.message, entry.answer)
    }
    this.#queued.clear()
  }

  #closed(closed: WebSocket): void {
    if (this.#socket !== closed) return
    this.#socket = undefined
    this.#isOpen = false
    // The answers to these will never come on a new socket; whether the core acted is for events to tell.
    for (const answer of this.#sent.values()) answer(unreachable)
    this.#sent.clear()
    this.#startLostTimer()
    this.#scheduleReconnect()
  }

  /** Down since now: lost unless it is up again in time. A timer already running keeps its start. */
  #startLostTimer(): void {
    if (this.#lostTimer !== undefined || this.#reach === 'lost') return
    this.#lostTimer = setTimeout(() => {
      this.#lostTimer = undefined
      if (this.#isOpen) return
      this.#setReach('lost')
      // Nothing waits for it any more: every call waiting answers now.
      for (const entry of this.#queued) {
        clearTimeout(entry.timer)
        entry.answer(unreachable)
      }
      this.#queued.clear()
    }, this.#lostAfterMs)
  }

  #setReach(reach: Reach): void {
    if (this.#reach === reach) return
    this.#reach = reach
    for (const listener of this.#reachListeners) listener(reach)
  }

  #scheduleReconnect(): void {
    if (this.#stopped() || this.#retryTimer !== undefined) return
    this.#retryTimer = setTimeout(() => this.#connect(), this.#retryDelay)
    this.#retryDelay = Math.min(this.#retryDelay * 2, this.#retryDelays.max)
  }

  #queue(id: number, message: string, answer: Answer): void {
    const entry: QueuedCall = {
      id,
      message,
      answer,
      timer: setTimeout(() => {
        this.#queued.delete(entry)
        answer(unreachable)
      }, this.#connectWaitMs),
    }
    this.#queued.add(entry)
  }

  #transmit(id: number, message: string, answer: Answer): void {
    this.#sent.set(id, answer)
    try {
      this.#socket?.send(message)
    } catch {
      this.#sent.delete(id)
      answer(unreachable)
    }
  }

  #receive(data: unknown): void {
    if (typeof data !== 'string') return
    let message: unknown
    try {
      message = JSON.parse(data)
    } catch {
      return
    }
    if (typeof message !== 'object' || message === null) return
    if ('id' in message && typeof message.id === 'number') {
      const answer = this.#sent.get(message.id)
      if (!answer) return
      this.#sent.delete(message.id)
      const result = 'result' in message ? message.result : undefined
      answer(isResult(result) ? result : failure({ code: 'internal', retryable: false }))
    } else if ('event' in message && isEventName(message.event)) {
      this.#deliver(message.event, 'payload' in message ? message.payload : undefined)
    }
  }

  #deliver(event: EventName, payload: unknown): void {
    for (const listener of this.#listeners.get(event) ?? []) {
      try {
        listener(payload)
      } catch (error) {
        // One failing screen must not stop the others from hearing the event.
        console.error(error)
      }
    }
  }

  #stop(): void {
    clearTimeout(this.#retryTimer)
    clearTimeout(this.#lostTimer)
    this.#socket?.close()
    for (const entry of this.#queued) {
      clearTimeout(entry.timer)
      entry.answer(unreachable)
    }
    this.#queued.clear()
  }
}

function isResult(value: unknown): value is Result<unknown> {
  return typeof value === 'object' && value !== null && 'ok' in value && typeof value.ok === 'boolean'
}
