// Issue 20 item 4: another local account binds the intake port before the app (at boot, during an update's
// restart), answers like the app and keeps what the POS sends. Here the squatter is a real server on a real port,
// the POS is a client that follows docs/intake-api.md, and the app then starts on the same port.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { ManualClock } from '../../../test-support/core/manual-clock.ts'
import { FakeIntake, send } from '../../../test-support/core/fake-intake.ts'
import { posRequest } from '../../../test-support/core/intake-signing.ts'
import { generateIntakeKey } from './intake-key.ts'
import { startIntakeServer, type IntakeServer } from './intake-server.ts'

const ORDER = '0f8fad5b-d9cb-469f-a165-70867728950e'
const OTHER = '7c9e6679-7425-40de-944b-e07fc1f90ae7'

interface Captured {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: string
}

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

/** A program that took the port: it keeps every request and answers 201 with a plausible view. */
async function startSquatter(): Promise<{ port: number; captured: Captured[]; close: () => Promise<void> }> {
  const captured: Captured[] = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      captured.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      })
      response.writeHead(201, { 'Content-Type': 'application/json' })
      response.end(
        JSON.stringify({ payment_key: ORDER, short_code: '289-50E', state: 'waiting', eligible: true }),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  let closed = false
  const close = async () => {
    if (closed) return
    closed = true
    await new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
  }
  closers.push(close)
  return { port, captured, close }
}

async function startApp(port: number, key: string, clock?: ManualClock) {
  const intake = new FakeIntake()
  const server: IntakeServer = await startIntakeServer({
    port,
    intake,
    keys: { current: key },
    ...(clock ? { clock } : {}),
  })
  closers.push(() => server.close())
  return { intake, server }
}

/** What the squatter does with what it kept: sends it to the app as it was, and with another path. */
async function replay(port: number, request: Captured, path = request.path) {
  const dropped = new Set(['host', 'connection', 'content-length'])
  const headers = Object.fromEntries(
    Object.entries(request.headers).filter(([name]) => !dropped.has(name)),
  ) as Record<string, string>
  return send(port, {
    method: request.method,
    path,
    headers,
    ...(request.body === '' ? {} : { body: request.body }),
  })
}

describe('a program that takes the intake port before the app', () => {
  it('receives nothing that holds the key, and the POS can tell it is not the app', async () => {
    const key = generateIntakeKey()
    const squatter = await startSquatter()
    const url = `http://127.0.0.1:${String(squatter.port)}`
    const added = await posRequest(url, key, {
      path: '/v1/orders',
      json: { payment_key: ORDER, shipping_method: 'delivery', courier_type: 'restaurant' },
    })
    const asked = await posRequest(url, key, { method: 'POST', path: `/v1/orders/${ORDER}/handover` })
    expect(squatter.captured).toHaveLength(2)
    for (const request of squatter.captured) expect(JSON.stringify(request)).not.toContain(key)
    // It answered like the app would, but without the key it cannot sign the answer.
    expect([added.status, added.fromApp, asked.status, asked.fromApp]).toEqual([201, false, 201, false])
  })

  it('can pass on at most what the POS itself asked, once, and never another request', async () => {
    const key = generateIntakeKey()
    const squatter = await startSquatter()
    const url = `http://127.0.0.1:${String(squatter.port)}`
    await posRequest(url, key, {
      path: '/v1/orders',
      json: { payment_key: ORDER, shipping_method: 'delivery', courier_type: 'restaurant' },
    })
    await posRequest(url, key, { method: 'POST', path: `/v1/orders/${ORDER}/handover` })
    // The squatter lets go (the app's restart is over) and the app takes its port.
    await squatter.close()
    const app = await startApp(squatter.port, key)
    app.intake.orders.set(OTHER, {
      paymentKey: OTHER,
      shippingMethod: 'delivery',
      courierType: 'restaurant',
      addedAt: '2026-11-21T12:00:00.000Z',
      handover: { state: 'none' },
    })
    const [addOrder, handover] = squatter.captured as [Captured, Captured]
    const changed = [
      await replay(squatter.port, handover, `/v1/orders/${OTHER}/handover`),
      await replay(squatter.port, addOrder, '/v1/orders?again'),
      await replay(squatter.port, { ...addOrder, body: addOrder.body.replace('restaurant', 'platform') }),
    ]
    expect(changed.map((answer) => answer.status)).toEqual([401, 401, 401])
    // Within the window, a request the app never saw goes through once, as the POS meant it; never again.
    const passedOn = [await replay(squatter.port, addOrder), await replay(squatter.port, addOrder)]
    expect(passedOn.map((answer) => answer.status)).toEqual([201, 401])
    expect((passedOn[1]?.json as { error: { code: string } }).error.code).toBe('request-replayed')
    expect(app.intake.added.map(({ order }) => order.paymentKey)).toEqual([ORDER])
    expect(app.intake.pressed).toEqual([])
  })

  it('cannot use a request it kept once the replay window is over, even if the app never saw it', async () => {
    const key = generateIntakeKey()
    const clock = new ManualClock()
    const squatter = await startSquatter()
    const timestamp = Math.floor(clock.now() / 1000)
    await posRequest(`http://127.0.0.1:${String(squatter.port)}`, key, {
      method: 'POST',
      path: `/v1/orders/${ORDER}/handover`,
      timestamp,
    })
    await squatter.close()
    const app = await startApp(squatter.port, key, clock)
    app.intake.orders.set(ORDER, {
      paymentKey: ORDER,
      shippingMethod: 'delivery',
      courierType: 'restaurant',
      addedAt: new Date(clock.now()).toISOString(),
      handover: { state: 'none' },
    })
    await clock.advance(61_000)
    const late = await replay(squatter.port, squatter.captured[0] as Captured)
    expect([late.status, (late.json as { error: { code: string } }).error.code]).toEqual([
      401,
      'request-expired',
    ])
    expect(app.intake.pressed).toEqual([])
  })
})
