/**
 * What the intake server promises a POS beyond intake-server.test.ts and its hardening file, each pinned where
 * mutation testing (Stryker) found the suite did not: a body refused while it was still coming in, a press whose
 * order left the board meanwhile, and the nonce of a request the app failed on.
 */
import { connect, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from './http-guards.ts'
import { generateIntakeKey } from './intake-key.ts'
import { startIntakeServer, type IntakeServer, type IntakeServerDeps } from './intake-server.ts'
import { invalidInput } from '../app-failure.ts'
import { FakeIntake, send, type RawAnswer } from '../../../test-support/core/fake-intake.ts'
import { posRequest, signRequest } from '../../../test-support/core/intake-signing.ts'

const KEY = generateIntakeKey()
const ORDER = '0f8fad5b-d9cb-469f-a165-70867728950e'

const servers: IntakeServer[] = []
const sockets: Socket[] = []

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function start(options: Partial<IntakeServerDeps> = {}, intake = new FakeIntake()) {
  const server = await startIntakeServer({ port: 0, intake, keys: { current: KEY }, ...options })
  servers.push(server)
  return { server, intake }
}

/** A raw TCP client: what it has been sent so far, and all of it once the server closes the connection. */
function rawConnection(port: number) {
  const socket = connect(port, '127.0.0.1')
  sockets.push(socket)
  let received = ''
  const closed = new Promise<string>((resolve) => {
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')))
    socket.on('error', () => undefined)
    socket.on('close', () => resolve(received))
  })
  return { socket, closed, received: () => received }
}

const codeOf = (answer: RawAnswer) => (answer.json as { error?: { code: string } }).error?.code

const signatureLines = (method: string, path: string) =>
  Object.entries(signRequest(KEY, { method, path }).headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')

describe('a body refused while it is still coming in', () => {
  it('is read to its end and dropped, so the same connection answers the POS’s next request', async () => {
    // The whole request must come within 2 s: a connection left stuck on the unread rest is closed by then.
    const { server } = await start({ limits: { headersTimeoutMs: 1000, requestTimeoutMs: 2000 } })
    const host = `Host: 127.0.0.1:${String(server.port)}\r\n`
    const { socket, closed, received } = rawConnection(server.port)
    const chunk = `1000\r\n${'x'.repeat(4096)}\r\n`
    socket.write(
      `POST /v1/orders HTTP/1.1\r\n${host}${signatureLines('POST', '/v1/orders')}` +
        'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
    )
    for (let sent = 0; sent <= MAX_BODY_BYTES; sent += 4096) socket.write(chunk)
    // The 413 comes while the body is still being sent: the rest follows only after it.
    await expect.poll(received, { timeout: 1500, interval: 10 }).toMatch(/^HTTP\/1\.1 413 /)
    for (let sent = 0; sent < 64 * MAX_BODY_BYTES; sent += 4096) socket.write(chunk)
    socket.write('0\r\n\r\n')
    socket.write(`GET /v1/health HTTP/1.1\r\n${host}Connection: close\r\n\r\n`)
    const all = await closed
    expect(all).toContain('"body-too-large"')
    expect(all).toMatch(/HTTP\/1\.1 200 OK[^]*"signed_in":true/)
  })
})

describe('a hand-over already on its way', () => {
  /** The order was pressed before, and left the board before the app could answer with it. */
  class OrderLeftWhileOwed extends FakeIntake {
    override handOver(paymentKey: string) {
      this.orders.delete(paymentKey)
      return Promise.reject(invalidInput('already-sending'))
    }
  }

  it('is 404 order-not-found when the order left the board meanwhile, signed for the POS', async () => {
    const intake = new OrderLeftWhileOwed()
    const { server } = await start({}, intake)
    const url = `http://127.0.0.1:${String(server.port)}`
    await posRequest(url, KEY, {
      path: '/v1/orders',
      json: { payment_key: ORDER, shipping_method: 'delivery' },
    })
    const answer = await posRequest(url, KEY, { method: 'POST', path: `/v1/orders/${ORDER}/handover` })
    expect([answer.status, codeOf(answer), answer.fromApp]).toEqual([404, 'order-not-found', true])
  })
})

describe('a hand-over asked for an order the intake does not hold', () => {
  /** An intake that would look at the courier before the order. */
  class CourierFirst extends FakeIntake {
    override handOver() {
      return Promise.reject(invalidInput('unknown-courier'))
    }
  }

  it('is 404 order-not-found, before the intake is asked about the courier it names', async () => {
    const { server } = await start({}, new CourierFirst())
    const answer = await posRequest(`http://127.0.0.1:${String(server.port)}`, KEY, {
      method: 'POST',
      path: `/v1/orders/${ORDER}/handover`,
      json: { courier: 'Kimse' },
    })
    expect([answer.status, codeOf(answer)]).toEqual([404, 'order-not-found'])
  })
})

describe('the nonce of a request the app failed on', () => {
  it('stays spent even when the failure carries a refusal’s code: only the API’s own refusals give it back', async () => {
    const { server, intake } = await start()
    const body = JSON.stringify({ payment_key: ORDER })
    const headers = {
      ...signRequest(KEY, { method: 'POST', path: '/v1/orders', body }).headers,
      'Content-Type': 'application/json',
    }
    const again = () => send(server.port, { method: 'POST', path: '/v1/orders', headers, body })
    // As a library's error might: its own `code` that happens to read like one of the API's.
    intake.failNext = Object.assign(new Error('lookup failed'), { code: 'not-found' })
    const failed = await again()
    expect([failed.status, codeOf(failed)]).toEqual([500, 'internal'])
    const replayed = await again()
    expect([replayed.status, codeOf(replayed)]).toEqual([401, 'request-replayed'])
    expect(intake.added).toEqual([])
  })
})
