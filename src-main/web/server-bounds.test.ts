// How much a flood or a stuck client can take from web mode: slow requests are cut, connections are capped,
// a bridge socket whose peer has gone silent is dropped, and refusals cannot fill the log.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { WebSocket } from 'ws'
import { ManualClock } from '../../test-support/core/manual-clock.ts'
import { recordingLogger } from '../../test-support/core/memory-adapters.ts'
import { BridgeHub } from './bridge-hub.ts'
import { RefusalLog } from '../core/http/loopback-server.ts'
import { startWebServer, type WebServer, type ServerLimits } from './server.ts'
import { httpRequest, openBridgeSocket } from '../../test-support/web/clients.ts'
import { stubCore } from '../../test-support/web/stub-core.ts'

let workDir: string
let server: WebServer | undefined
const rawSockets: Socket[] = []

beforeEach(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'web-bounds-'))
  await writeFile(join(workDir, 'index.html'), '<html><head></head></html>')
})
afterEach(async () => {
  vi.useRealTimers()
  for (const socket of rawSockets.splice(0)) socket.destroy()
  await server?.close()
  server = undefined
  await rm(workDir, { recursive: true, force: true })
})

async function serve(limits: Partial<ServerLimits>, log = recordingLogger()) {
  server = await startWebServer({ core: stubCore().core, rendererDir: workDir, port: 0, log, limits })
  return server
}

/** A raw TCP connection that sends `text` and resolves with everything it got back once the server closes it. */
function rawConnection(port: number, text: string): { closed: Promise<string> } {
  const socket = connect(port, '127.0.0.1')
  rawSockets.push(socket)
  let received = ''
  socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk))
  socket.on('error', () => undefined)
  socket.write(text)
  return { closed: new Promise((resolve) => socket.once('close', () => resolve(received))) }
}

describe('the HTTP server’s bounds', () => {
  it('has a headers timeout, a request timeout, a keep-alive timeout and a connection cap by default', async () => {
    const web = await serve({})
    expect(web.limits.headersTimeoutMs).toBeGreaterThan(0)
    expect(web.limits.requestTimeoutMs).toBeGreaterThanOrEqual(web.limits.headersTimeoutMs)
    expect(web.limits.maxConnections).toBeGreaterThan(0)
    expect(web.limits.maxConnections).toBeLessThanOrEqual(256)
  })

  it('cuts a client that never finishes its headers (slowloris)', async () => {
    const web = await serve({ headersTimeoutMs: 200, requestTimeoutMs: 200 })
    const slow = rawConnection(web.port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${String(web.port)}\r\nX-Slow: `)
    // Closed by the server (else the test times out): at most with a 408, never with the page.
    const received = await slow.closed
    expect(received === '' || received.startsWith('HTTP/1.1 408 ')).toBe(true)
  })

  it('over the cap, closes the oldest connection not yet proven, and never holds more than the cap', async () => {
    const web = await serve({ maxConnections: 3 })
    const held = [0, 1, 2].map(() => rawConnection(web.port, ''))
    await expect.poll(() => web.connections()).toBe(3)
    const extra = rawConnection(
      web.port,
      `GET / HTTP/1.1\r\nHost: 127.0.0.1:${String(web.port)}\r\nConnection: close\r\n\r\n`,
    )
    // The oldest idle connection made room; the newcomer is served.
    expect(await held[0]?.closed).toBe('')
    expect(await extra.closed).toMatch(/^HTTP\/1\.1 200 /)
    expect(web.connections()).toBeLessThanOrEqual(3)
    for (const socket of rawSockets) socket.destroy()
    await expect.poll(() => web.connections()).toBe(0)
    expect((await httpRequest(web.port, '/')).status).toBe(200)
  })

  it('over the cap, keeps a bridge socket that passed the token check and closes the newcomer', async () => {
    const web = await serve({ maxConnections: 1 })
    const opened = await openBridgeSocket(web.port, { token: web.token })
    const bridge = opened.socket
    if (bridge === undefined) throw new Error(`the bridge was refused: ${String(opened.status)}`)
    await expect.poll(() => web.connections()).toBe(1)
    const extra = rawConnection(web.port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${String(web.port)}\r\n\r\n`)
    expect(await extra.closed).toBe('')
    expect(bridge.readyState).toBe(bridge.OPEN)
    bridge.close()
  })
})

describe('the bridge’s heartbeat', () => {
  /** Just enough of a ws socket for the hub: a peer that answers pings only while `answers` is true. */
  function fakeSocket() {
    const handlers = new Map<string, ((...args: unknown[]) => void)[]>()
    const socket = {
      readyState: 1,
      answers: true,
      pings: 0,
      terminated: false,
      on(event: string, handler: (...args: unknown[]) => void) {
        handlers.set(event, [...(handlers.get(event) ?? []), handler])
        return socket
      },
      once(event: string, handler: (...args: unknown[]) => void) {
        return socket.on(event, handler)
      },
      ping() {
        socket.pings += 1
        if (socket.answers) for (const handler of handlers.get('pong') ?? []) handler()
      },
      terminate() {
        socket.terminated = true
        socket.readyState = 3
        for (const handler of handlers.get('close') ?? []) handler()
      },
      send: () => undefined,
      close: () => socket.terminate(),
    }
    return socket
  }

  it('pings every open socket and drops one whose peer stopped answering', () => {
    vi.useFakeTimers()
    const hub = new BridgeHub(stubCore().core, recordingLogger(), { pingIntervalMs: 1000 })
    const alive = fakeSocket()
    const silent = fakeSocket()
    hub.attach(alive as unknown as WebSocket)
    hub.attach(silent as unknown as WebSocket)
    vi.advanceTimersByTime(1000)
    expect([alive.pings, silent.pings]).toEqual([1, 1])
    silent.answers = false
    vi.advanceTimersByTime(1000)
    expect(silent.terminated).toBe(false)
    vi.advanceTimersByTime(1000)
    expect(silent.terminated).toBe(true)
    expect(alive.terminated).toBe(false)
    void hub.close()
  })
})

describe('refused requests in the log', () => {
  it('writes one line per reason for a flood of refusals, then one summary per minute, so useful lines stay', async () => {
    const log = recordingLogger()
    const clock = new ManualClock(0)
    const refusals = new RefusalLog(log, clock)
    for (let i = 0; i < 10_000; i++) refusals.refused('host', 'web: refused a request')
    expect(log.lines).toHaveLength(1)
    await clock.advance(59_999)
    refusals.refused('host', 'web: refused a request')
    refusals.refused('origin', 'web: refused a WebSocket')
    expect(log.lines).toHaveLength(2)
    await clock.advance(1)
    refusals.refused('host', 'web: refused a request')
    expect(log.lines).toHaveLength(3)
    expect(log.lines[2]).toContain('"refusedSinceLastLine":10000')
  })

  it('is what the server uses: a flood of refused requests leaves a bounded log', async () => {
    const log = recordingLogger()
    const web = await serve({}, log)
    for (let i = 0; i < 50; i++) await httpRequest(web.port, '/', { host: 'evil.example' })
    expect(log.lines.filter((line) => line.includes('refused')).length).toBeLessThanOrEqual(1)
  })
})
