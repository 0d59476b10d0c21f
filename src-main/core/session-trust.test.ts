// D33, D3 and D5, through the real core and the real platform client: which host
// receives the keys and the token, and what a 401 that is not the spec's envelope leads to.
import { afterEach, describe, expect, it } from 'vitest'
import type { Result } from '../../src-shared/errors.ts'
import type { Core } from './create-core.ts'
import { testCore } from '../../test-support/core/core-on-mock.ts'
import { MemoryStore } from '../../test-support/core/memory-adapters.ts'
import { DEMO_KEYS, ScriptedPlatform } from '../../test-support/core/scripted-platform-fetch.ts'

const HOST_A = 'platform-a.example.com'
const HOST_B = 'platform-b.example.net'
const ADDRESS_A = `https://${HOST_A}/integrations`
const ADDRESS_B = `https://${HOST_B}/integrations`
const ORDER = '0d3e1f00-5a1b-4c2d-8e3f-100000000001'

const cores: Core[] = []
afterEach(() => {
  for (const core of cores.splice(0)) core.dispose()
})

async function core(platform: ScriptedPlatform, store = new MemoryStore(), settingsOverrides = {}) {
  const created = await testCore({
    store,
    createFetch: () => platform.fetch,
    settingsOverrides,
    platformTuning: { retry: { limit: 0, baseDelayMs: 0, maxDelayMs: 0 } },
  })
  cores.push(created)
  // Hand-overs go at once: these tests are about what is sent, not the undo window (docs/decisions.md D40).
  await created.handlers.updateSettings({ undoWindowSeconds: 0 })
  return created
}

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`)
  return result.value
}

async function signedInAtA(platform = new ScriptedPlatform(), store = new MemoryStore()) {
  const app = await core(platform, store)
  value(await app.handlers.signIn({ platformAddress: ADDRESS_A, ...DEMO_KEYS }))
  value(await app.handlers.listBranches(undefined))
  return { app, platform, store }
}

/** Nothing secret went to host B: no request at all. */
function expectNothingSentTo(platform: ScriptedPlatform, host: string) {
  expect(platform.to(host)).toEqual([])
}

describe('stored keys are tied to the platform address (D33)', () => {
  it('a new address in Settings asks for the keys again and sends neither keys nor token there', async () => {
    const { app, platform } = await signedInAtA()
    value(await app.handlers.updateSettings({ platformAddress: ADDRESS_B }))
    expect(value(await app.handlers.getSession(undefined))).toMatchObject({
      state: 'signed-out',
      credentialsStored: false,
      platformAddress: ADDRESS_B,
    })
    expect(await app.handlers.signInWithStoredCredentials(undefined)).toMatchObject({
      ok: false,
      error: { code: 'missing-credentials' },
    })
    expect((await app.handlers.listBranches(undefined)).ok).toBe(false)
    expectNothingSentTo(platform, HOST_B)
    // Back at the address that accepted them, the stored keys work again.
    value(await app.handlers.updateSettings({ platformAddress: ADDRESS_A }))
    expect(value(await app.handlers.getSession(undefined)).credentialsStored).toBe(true)
    expect(value(await app.handlers.signInWithStoredCredentials(undefined)).state).toBe('signed-in')
  })

  it('a run started with --api-base elsewhere neither signs in there nor sends the stored token', async () => {
    const { app, platform, store } = await signedInAtA()
    app.dispose()
    const restarted = await core(platform, store, { platformAddress: ADDRESS_B })
    await restarted.start()
    expect(value(await restarted.handlers.getSession(undefined))).toMatchObject({
      state: 'signed-out',
      credentialsStored: false,
    })
    expect((await restarted.handlers.listBranches(undefined)).ok).toBe(false)
    expect((await restarted.handlers.signInWithStoredCredentials(undefined)).ok).toBe(false)
    expectNothingSentTo(platform, HOST_B)
  })

  it('signing in at the new address with keys typed again works, and the old host hears nothing more', async () => {
    const { app, platform } = await signedInAtA()
    const sentToA = platform.to(HOST_A).length
    value(await app.handlers.signIn({ platformAddress: ADDRESS_B, ...DEMO_KEYS }))
    value(await app.handlers.listBranches(undefined))
    expect(platform.to(HOST_B).map((request) => request.accessToken)).toEqual([null, `tok-${HOST_B}-2`])
    expect(platform.to(HOST_A)).toHaveLength(sentToA)
  })
})

describe('any 401 on a call other than login is an expired session (D3)', () => {
  it.each([
    ['a bare 401', { status: 401, body: '' }],
    [
      'a proxy page',
      { status: 401, body: '<html><body>401 Authorization Required</body></html>', contentType: 'text/html' },
    ],
    ['a gateway JSON body', { status: 401, body: '{"message":"Unauthorized"}' }],
    [
      'an error string the spec does not name',
      { status: 401, body: '{"status":false,"error":"token süresi doldu"}' },
    ],
  ])('%s: signs in again once and retries the call once', async (_label, answer) => {
    const { app, platform } = await signedInAtA()
    platform.nextCallAnswers.push(answer)
    const logins = platform.count('auth/login')
    const branches = await app.handlers.listBranches(undefined)
    expect(value(branches)).toEqual([{ id: 'b1', name: 'Kadıköy' }])
    expect(platform.count('auth/login') - logins).toBe(1)
    expect(platform.count('restaurants/get')).toBe(3)
  })

  it('a second bare 401 signs out with a clear reason and keeps the keys', async () => {
    const { app, platform } = await signedInAtA()
    platform.nextCallAnswers.push({ status: 401, body: '' }, { status: 401, body: '' })
    const result = await app.handlers.listBranches(undefined)
    expect(result).toMatchObject({ ok: false, error: { code: 'signed-out', httpStatus: 401 } })
    expect(value(await app.handlers.getSession(undefined))).toMatchObject({
      state: 'signed-out',
      reason: 'token-rejected',
      credentialsStored: true,
    })
    expect(platform.count('auth/login')).toBe(2)
  })

  it('a bare 401 on login itself is not retried', async () => {
    const platform = new ScriptedPlatform()
    const app = await core(platform)
    platform.nextLoginAnswers.push({ status: 401, body: '' })
    expect((await app.handlers.signIn({ platformAddress: ADDRESS_A, ...DEMO_KEYS })).ok).toBe(false)
    expect(platform.count('auth/login')).toBe(1)
  })
})

describe('sign-in answered 422 "eksik alan" (D4)', () => {
  it('says a field is missing, stores nothing and does not retry', async () => {
    const platform = new ScriptedPlatform()
    const store = new MemoryStore()
    const app = await core(platform, store)
    platform.nextLoginAnswers.push({ status: 422, body: '{"status":false,"error":"eksik alan"}' })
    const result = await app.handlers.signIn({ platformAddress: ADDRESS_A, ...DEMO_KEYS })
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'missing-credentials', platformError: 'eksik alan', httpStatus: 422 },
    })
    expect(value(await app.handlers.getSession(undefined))).toMatchObject({
      state: 'signed-out',
      credentialsStored: false,
    })
    expect([...store.values.keys()].filter((key) => key.startsWith('secrets'))).toEqual([])
    expect(platform.count('auth/login')).toBe(1)
  })
})

describe("the core's refusal of orders not for the restaurant's courier (D5)", () => {
  it.each([
    ['a platform-courier delivery order', { courierType: 'platform', shippingMethod: 'delivery' }],
    ['a platform-courier order with no shipping method known', { courierType: 'platform' }],
    ['a pickup order', { shippingMethod: 'pickup' }],
  ])('refuses %s without sending anything', async (_label, details) => {
    const { app, platform } = await signedInAtA()
    value(await app.handlers.addOrder({ text: ORDER, ...details }))
    const result = await app.handlers.handOverOrder({ paymentKey: ORDER })
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input', problem: 'not-eligible' } })
    expect(platform.count('orders/ontheway')).toBe(0)
  })

  it('sends a restaurant-courier delivery order (the same path, so the refusals above are not vacuous)', async () => {
    const { app, platform } = await signedInAtA()
    value(await app.handlers.addOrder({ text: ORDER, courierType: 'restaurant', shippingMethod: 'delivery' }))
    value(await app.handlers.handOverOrder({ paymentKey: ORDER }))
    await expect.poll(() => platform.count('orders/ontheway')).toBe(1)
  })
})
