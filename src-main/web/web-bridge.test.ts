// The renderer's web bridge (src-renderer/src/web-bridge.ts) against a real web-mode server, under Node: the
// renderer's own tests run in jsdom, where no server can be started.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { WebSocket as NodeWebSocket } from 'ws'
import type { EventPayload } from '../../src-shared/contract.ts'
import { BRIDGE_PATH } from '../../src-shared/web-bridge-wire.ts'
import { createWebBridge } from '../../src-renderer/src/web-bridge.ts'
import { silentLogger } from '../core/ports.ts'
import { startWebServer, type WebServer } from './server.ts'
import { stubCore } from '../../test-support/web/stub-core.ts'

/** Connection attempts that ended without a socket (refused while the server was down): a signal to wait on. */
let failedConnects = 0

/** What a browser does on its own: send the page's Origin with the upgrade. */
class BrowserLikeWebSocket extends NodeWebSocket {
  constructor(url: string, protocols?: string | string[]) {
    super(url, protocols, { origin: `http://${new URL(url).host}` })
    let opened = false
    this.on('open', () => (opened = true))
    this.on('close', () => {
      if (!opened) failedConnects += 1
    })
  }
}

const UNREACHABLE = { ok: false, error: { code: 'app-unreachable', retryable: true } }
const SIGNED_OUT: EventPayload<'sessionChanged'> = {
  state: 'signed-out',
  reason: 'never-signed-in',
  credentialsStored: false,
  secretStorage: 'os-keychain',
  platformAddress: null,
}

let rendererDir: string
let stub: ReturnType<typeof stubCore>
let server: WebServer
let running: boolean
let stop: AbortController

beforeEach(async () => {
  rendererDir = await mkdtemp(join(tmpdir(), 'web-bridge-'))
  await writeFile(join(rendererDir, 'index.html'), '<html><head></head></html>')
  stub = stubCore()
  stop = new AbortController()
  server = await startWebServer({ core: stub.core, rendererDir, port: 0, log: silentLogger })
  running = true
})

afterEach(async () => {
  stop.abort()
  if (running) await server.close()
  await rm(rendererDir, { recursive: true, force: true })
})

function bridgeTo(target: WebServer, extra: { connectWaitMs?: number; signal?: AbortSignal } = {}) {
  return createWebBridge({
    url: `ws://127.0.0.1:${String(target.port)}${BRIDGE_PATH}`,
    token: () => target.token,
    WebSocketImpl: BrowserLikeWebSocket as unknown as typeof WebSocket,
    retryDelayMs: { first: 20, max: 100 },
    signal: extra.signal ?? stop.signal,
    ...(extra.connectWaitMs === undefined ? {} : { connectWaitMs: extra.connectWaitMs }),
  })
}

async function restartServer(): Promise<void> {
  server = await startWebServer({
    core: stub.core,
    rendererDir,
    port: server.port,
    token: server.token,
    log: silentLogger,
  })
  running = true
}

async function stopServer(): Promise<void> {
  await server.close()
  running = false
}

describe('the web bridge', () => {
  it('round-trips calls, including those made before the socket is open', async () => {
    const api = bridgeTo(server)
    const [info, settings] = await Promise.all([api.getAppInfo(), api.signOut({ forgetCredentials: false })])
    expect(info).toEqual({ ok: true, value: { name: 'POS Companion', version: '9.9.9', shell: 'web' } })
    // The stub answers null, which is no SessionStatus: the server's output check turns it into `internal`.
    expect(settings).toEqual({ ok: false, error: { code: 'internal', retryable: false } })
    expect(stub.calls.map((entry) => entry.call).sort()).toEqual(['getAppInfo', 'signOut'])
  })

  it('passes a refusal through as the core’s result, without throwing', async () => {
    const api = bridgeTo(server)
    const answer = await api.signOut({ forgetCredentials: 'yes' as unknown as boolean })
    expect(answer).toEqual({
      ok: false,
      error: { code: 'invalid-input', problem: 'malformed', retryable: false },
    })
    expect(stub.calls).toEqual([])
  })

  it('delivers core events to its listeners until they unsubscribe', async () => {
    const api = bridgeTo(server)
    await api.getAppInfo()
    const heard: unknown[] = []
    const unsubscribe = api.on('sessionChanged', (payload) => heard.push(payload))
    api.on('orderChanged', () => heard.push('wrong event'))
    stub.emit('sessionChanged', SIGNED_OUT)
    await expect.poll(() => heard).toEqual([SIGNED_OUT])
    unsubscribe()
    stub.emit('sessionChanged', SIGNED_OUT)
    await api.getAppInfo() // anything sent before this answer has arrived
    expect(heard).toEqual([SIGNED_OUT])
  })

  it('answers unreachable to calls pending when the socket drops', async () => {
    const api = bridgeTo(server)
    await api.getAppInfo()
    stub.answer('getSettings', () => new Promise(() => undefined)) // the core never answers
    const pending = api.getSettings()
    await expect.poll(() => stub.calls.length).toBe(2)
    await stopServer()
    expect(await pending).toEqual(UNREACHABLE)
  })

  it('reconnects when the server comes back on the same port, and invents no events meanwhile', async () => {
    const api = bridgeTo(server)
    await api.getAppInfo()
    const heard: unknown[] = []
    api.on('sessionChanged', (payload) => heard.push(payload))
    api.on('orderChanged', (payload) => heard.push(payload))
    await stopServer()
    // A call made while the server is down waits for the connection instead of failing at once: it is still
    // unanswered after two connection attempts were refused (a signal, not a guessed wait).
    let answered = false
    const waiting = api.getAppInfo().finally(() => (answered = true))
    const refusedBefore = failedConnects
    await expect.poll(() => failedConnects - refusedBefore).toBeGreaterThanOrEqual(2)
    expect(answered).toBe(false)
    await restartServer()
    expect(await waiting).toMatchObject({ ok: true })
    expect(heard).toEqual([])
    stub.emit('sessionChanged', SIGNED_OUT)
    await expect.poll(() => heard).toEqual([SIGNED_OUT])
  })

  it('answers unreachable when no connection comes up in time', async () => {
    await stopServer()
    // The bridge's timers are faked: the test moves its clock, and the answer comes exactly at 200 ms.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const api = bridgeTo(server, { connectWaitMs: 200 })
      let answer: unknown
      void api.listOrders().then((result) => (answer = result))
      await vi.advanceTimersByTimeAsync(199)
      expect(answer).toBeUndefined()
      await vi.advanceTimersByTimeAsync(1)
      expect(answer).toEqual(UNREACHABLE)
    } finally {
      vi.useRealTimers()
    }
  })

  it('refuses locally a call too large for the server, sparing the other calls on the socket', async () => {
    const api = bridgeTo(server)
    stub.answer('getSettings', () => new Promise(() => undefined))
    await api.getAppInfo()
    const huge = await api.addOrder({ text: 'x'.repeat(70 * 1024) })
    expect(huge).toEqual({
      ok: false,
      error: { code: 'invalid-input', problem: 'malformed', retryable: false },
    })
    expect(await api.getAppInfo()).toMatchObject({ ok: true })
  })

  it('stops for good when its signal is aborted', async () => {
    const controller = new AbortController()
    const api = bridgeTo(server, { signal: controller.signal })
    await api.getAppInfo()
    controller.abort()
    expect(await api.getAppInfo()).toEqual(UNREACHABLE)
  })
})
