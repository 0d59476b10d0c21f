import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { WebSocket } from 'ws'
import { recordingLogger } from '../../test-support/core/memory-adapters.ts'
import {
  BRIDGE_PROTOCOL,
  MAX_BRIDGE_MESSAGE_BYTES,
  TOKEN_PROTOCOL_PREFIX,
  WEB_SHELL_MARKER,
} from '../../src-shared/web-bridge-wire.ts'
import { CONTENT_SECURITY_POLICY } from './security-headers.ts'
import { startWebServer, type WebServer } from './server.ts'
import { closeCodeOf, httpRequest, messagesOf, openBridgeSocket } from '../../test-support/web/clients.ts'
import { stubCore } from '../../test-support/web/stub-core.ts'

const MALFORMED = { ok: false, error: { code: 'invalid-input', problem: 'malformed', retryable: false } }
const SECRET_OUTSIDE = 'the-file-next-to-the-renderer-folder'

let workDir: string
let stub: ReturnType<typeof stubCore>
let log: ReturnType<typeof recordingLogger>
let server: WebServer
const openSockets: WebSocket[] = []

beforeEach(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'web-server-'))
  const rendererDir = join(workDir, 'renderer')
  await mkdir(join(rendererDir, 'assets'), { recursive: true })
  await writeFile(
    join(rendererDir, 'index.html'),
    '<!doctype html><html><head><title>t</title></head><body></body></html>',
  )
  await writeFile(join(rendererDir, 'assets', 'app.js'), 'console.log(1)')
  await writeFile(join(rendererDir, 'assets', 'app.css'), 'body{}')
  await writeFile(join(workDir, 'secret.txt'), SECRET_OUTSIDE)
  await symlink(join(workDir, 'secret.txt'), join(rendererDir, 'assets', 'link.txt'))
  stub = stubCore()
  log = recordingLogger()
  server = await startWebServer({ core: stub.core, rendererDir, port: 0, log })
})

afterEach(async () => {
  for (const socket of openSockets.splice(0)) socket.terminate()
  await server.close()
  // Whatever happened, the token never reached the log.
  expect(log.lines.join('\n')).not.toContain(server.token)
  await rm(workDir, { recursive: true, force: true })
})

async function connect(options: Parameters<typeof openBridgeSocket>[1] = { token: server.token }) {
  const opened = await openBridgeSocket(server.port, options)
  if (!opened.socket) throw new Error(`upgrade refused with ${String(opened.status)}`)
  openSockets.push(opened.socket)
  return { socket: opened.socket, messages: messagesOf(opened.socket) }
}

describe('the loopback address', () => {
  it('listens on 127.0.0.1 with a fresh 32-byte token in the url’s fragment, which no HTTP request carries', async () => {
    expect(server.url).toBe(`http://127.0.0.1:${String(server.port)}/#token=${server.token}`)
    expect(Buffer.from(server.token, 'base64url')).toHaveLength(32)
    const other = await startWebServer({
      core: stub.core,
      rendererDir: join(workDir, 'renderer'),
      port: 0,
      log,
    })
    expect(other.token).not.toBe(server.token)
    await other.close()
  })
})

describe('HTTP', () => {
  it('serves index.html for / with the strict CSP and the security headers, and sets no cookie', async () => {
    const answer = await httpRequest(server.port, '/')
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(answer.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'")
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(answer.headers['referrer-policy']).toBe('no-referrer')
    expect(answer.headers['cache-control']).toBe('no-store')
    expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin')
    expect(answer.body).toContain(WEB_SHELL_MARKER)
  })

  it('never sets a cookie: cookies ignore ports, so every other loopback service would receive it', async () => {
    for (const path of [
      '/',
      `/?token=${server.token}`,
      '/assets/app.js',
      '/missing',
      `/#token=${server.token}`,
    ]) {
      const answer = await httpRequest(server.port, path)
      expect(answer.headers['set-cookie'], path).toBeUndefined()
    }
  })

  it('serves the renderer’s files, which hold no secret, without a token', async () => {
    const script = await httpRequest(server.port, '/assets/app.js')
    expect(script.status).toBe(200)
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(script.body).toBe('console.log(1)')
    const style = await httpRequest(server.port, '/assets/app.css')
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8')
  })

  it('refuses a Host other than the loopback address and port (DNS rebinding)', async () => {
    for (const host of [
      'evil.example',
      `evil.example:${String(server.port)}`,
      '127.0.0.1',
      `127.0.0.1:1`,
      `[::1]:${String(server.port)}`,
    ]) {
      const answer = await httpRequest(server.port, '/', { host })
      expect(answer.status, host).toBe(403)
      expect(answer.body).not.toContain('<html')
    }
    const localhost = await httpRequest(server.port, '/', {
      host: `localhost:${String(server.port)}`,
    })
    expect(localhost.status).toBe(200)
  })

  it('never serves a file outside the renderer folder', async () => {
    for (const path of [
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
      `/${encodeURIComponent(join(workDir, 'secret.txt'))}`,
      '/assets/link.txt',
      '/index.html%00.js',
      '/%E0%A4%A',
    ]) {
      const answer = await httpRequest(server.port, path)
      expect(answer.status, path).toBe(404)
      expect(answer.body).not.toContain(SECRET_OUTSIDE)
    }
  })

  it('answers 404 for missing files and folders, 405 for other methods', async () => {
    expect((await httpRequest(server.port, '/nothing.js')).status).toBe(404)
    expect((await httpRequest(server.port, '/assets')).status).toBe(404)
    const post = await httpRequest(server.port, '/', {}, 'POST')
    expect(post.status).toBe(405)
    expect(post.headers['allow']).toBe('GET, HEAD')
  })
})

describe('the WebSocket', () => {
  it('round-trips getAppInfo', async () => {
    const { socket, messages } = await connect()
    socket.send(JSON.stringify({ id: 1, call: 'getAppInfo' }))
    expect(await messages.answerTo(1)).toEqual({
      id: 1,
      result: { ok: true, value: { name: 'POS Companion', version: '9.9.9', shell: 'web' } },
    })
    expect(stub.calls).toEqual([{ call: 'getAppInfo', input: undefined }])
  })

  it('takes the token as a subprotocol, answers with the bridge’s own protocol (never the token), on either name', async () => {
    const { socket } = await connect()
    expect(socket.protocol).toBe(BRIDGE_PROTOCOL)
    await connect({ token: server.token, host: `localhost:${String(server.port)}` })
  })

  it('refuses the upgrade without the token or with a wrong one', async () => {
    // Differs from the token in its last character whatever the token is (a fixed prefix would match 1 in 64).
    const wrong = server.token.slice(0, -1) + (server.token.endsWith('A') ? 'B' : 'A')
    for (const options of [
      {},
      { token: wrong },
      { token: '' },
      { protocols: [BRIDGE_PROTOCOL] },
      // The token without the bridge's protocol: a browser would then fail the handshake anyway.
      { protocols: [`${TOKEN_PROTOCOL_PREFIX}${server.token}`] },
      {
        protocols: [
          BRIDGE_PROTOCOL,
          `${TOKEN_PROTOCOL_PREFIX}${wrong}`,
          `${TOKEN_PROTOCOL_PREFIX}${server.token}`,
        ],
      },
    ]) {
      expect((await openBridgeSocket(server.port, options)).status, JSON.stringify(options)).toBe(403)
    }
    expect(stub.calls).toEqual([])
  })

  it('refuses the token in the socket’s URL or in a cookie: both reach places other than the bridge', async () => {
    const cookie = `pos-companion-token-${String(server.port)}=${server.token}`
    for (const options of [
      { queryToken: server.token },
      { cookie },
      { protocols: [BRIDGE_PROTOCOL], cookie },
    ]) {
      expect((await openBridgeSocket(server.port, options)).status, JSON.stringify(options)).toBe(403)
    }
  })

  it('refuses the upgrade with a foreign Host', async () => {
    for (const host of ['evil.example', `evil.example:${String(server.port)}`]) {
      expect((await openBridgeSocket(server.port, { token: server.token, host })).status).toBe(403)
    }
  })

  it('refuses the upgrade from any Origin but the server’s own', async () => {
    const port = String(server.port)
    for (const origin of [
      null,
      'http://evil.example',
      `http://evil.example:${port}`,
      `https://127.0.0.1:${port}`,
      `http://127.0.0.1:1`,
      // Both names are allowed, but the Origin must match the Host the socket addressed.
      `http://localhost:${port}`,
      'null',
    ]) {
      expect(
        (await openBridgeSocket(server.port, { token: server.token, origin })).status,
        String(origin),
      ).toBe(403)
    }
    expect(stub.calls).toEqual([])
  })

  it('answers 404 for an upgrade anywhere but /bridge', async () => {
    const opened = await openBridgeSocket(server.port, { token: server.token, path: '/elsewhere' })
    expect(opened.status).toBe(404)
  })

  it('closes with 1009 on a message over 64 KiB, before the core sees it', async () => {
    const { socket } = await connect()
    const closed = closeCodeOf(socket)
    const input = {
      platformAddress: 'https://x.example',
      appSecretKey: 'a'.repeat(MAX_BRIDGE_MESSAGE_BYTES),
      restSecretKey: 'b',
    }
    socket.send(JSON.stringify({ id: 1, call: 'signIn', input }))
    expect(await closed).toBe(1009)
    expect(stub.calls).toEqual([])
  })

  it('closes with 1007 on text that is not a request, and 1003 on binary data', async () => {
    for (const garbage of [
      '{not json',
      '[1,2]',
      '"text"',
      '{"call":"getAppInfo"}',
      '{"id":-1,"call":"getAppInfo"}',
      '{"id":1.5}',
    ]) {
      const { socket } = await connect()
      const closed = closeCodeOf(socket)
      socket.send(garbage)
      expect(await closed, garbage).toBe(1007)
    }
    const { socket } = await connect()
    const closed = closeCodeOf(socket)
    socket.send(Buffer.from(JSON.stringify({ id: 1, call: 'getAppInfo' })))
    expect(await closed).toBe(1003)
    expect(stub.calls).toEqual([])
    expect(log.lines.some((line) => line.includes('bridge: closed a socket'))).toBe(true)
  })

  it('answers invalid-input for an unknown call or an input its schema refuses, and the core sees none', async () => {
    const { socket, messages } = await connect()
    const requests = [
      { id: 1, call: 'nope' },
      { id: 2, call: 'constructor' },
      { id: 3, call: '__proto__' },
      { id: 4, call: 42 },
      { id: 5, call: 'signOut', input: { forgetCredentials: 'yes' } },
      { id: 6, call: 'signOut', input: { forgetCredentials: true, extra: 1 } },
      { id: 7, call: 'signOut' },
      { id: 8, call: 'getAppInfo', input: {} },
      {
        id: 9,
        call: 'signIn',
        input: { platformAddress: 'https://x', appSecretKey: 'k'.repeat(513), restSecretKey: 'r' },
      },
      { id: 10, call: 'addOrder', input: { text: 5 } },
    ]
    for (const request of requests) socket.send(JSON.stringify(request))
    for (const { id } of requests) expect(await messages.answerTo(id)).toEqual({ id, result: MALFORMED })
    expect(stub.calls).toEqual([])
    // Refusals are logged by the call's name only: never the payload, which may hold secrets.
    expect(log.lines.filter((line) => line.includes('dispatch: refused'))).toHaveLength(requests.length)
    expect(log.lines.join('\n')).not.toContain('kkkk')
  })

  it('passes a valid input to the core as parsed', async () => {
    const { socket, messages } = await connect()
    stub.answer('signOut', () =>
      Promise.resolve({
        ok: true,
        value: {
          state: 'signed-out',
          reason: 'signed-out-by-staff',
          credentialsStored: false,
          secretStorage: 'os-keychain',
          platformAddress: null,
        },
      }),
    )
    socket.send(JSON.stringify({ id: 7, call: 'signOut', input: { forgetCredentials: true } }))
    const answer = (await messages.answerTo(7)) as { result: { ok: boolean } }
    expect(answer.result.ok).toBe(true)
    expect(stub.calls).toEqual([{ call: 'signOut', input: { forgetCredentials: true } }])
  })

  it('answers internal when a handler throws or answers outside the contract, and drops unknown fields', async () => {
    const { socket, messages } = await connect()
    stub.answer('getSettings', () => Promise.reject(new Error('boom')))
    stub.answer('listOrders', () => Promise.resolve({ ok: true, value: 'not a list' }))
    stub.answer('getAppInfo', () =>
      Promise.resolve({ ok: true, value: { name: 'n', version: 'v', shell: 'web', appSecretKey: 'leak' } }),
    )
    socket.send(JSON.stringify({ id: 1, call: 'getSettings' }))
    socket.send(JSON.stringify({ id: 2, call: 'listOrders' }))
    socket.send(JSON.stringify({ id: 3, call: 'getAppInfo' }))
    const internal = { ok: false, error: { code: 'internal', retryable: false } }
    expect(await messages.answerTo(1)).toEqual({ id: 1, result: internal })
    expect(await messages.answerTo(2)).toEqual({ id: 2, result: internal })
    expect(await messages.answerTo(3)).toEqual({
      id: 3,
      result: { ok: true, value: { name: 'n', version: 'v', shell: 'web' } },
    })
  })

  it('pushes every core event to every open socket, and drops an event outside the contract', async () => {
    const first = await connect()
    const second = await connect()
    const order = { paymentKey: 'k', order: null }
    stub.emit('orderChanged', { paymentKey: 'bad' } as never)
    stub.emit('orderChanged', order)
    for (const { messages } of [first, second]) {
      expect(
        await messages.next(
          (message) => typeof message === 'object' && message !== null && 'event' in message,
        ),
      ).toEqual({
        event: 'orderChanged',
        payload: order,
      })
      expect(messages.received).toHaveLength(1)
    }
  })

  it('closes open sockets with 1001 and stops listening to the core when the server closes', async () => {
    const { socket } = await connect()
    const closed = closeCodeOf(socket)
    expect(stub.listenerCount).toBe(1)
    await server.close()
    expect(await closed).toBe(1001)
    expect(stub.listenerCount).toBe(0)
    server = await startWebServer({ core: stub.core, rendererDir: join(workDir, 'renderer'), port: 0, log })
  })
})
