// The courier's day through the intake (docs/intake-api.md, D65): POST /v1/orders with amount_kurus, courier and
// branch; a hand-over naming its courier; GET /v1/day-end; and the link, the command line and the drop folder
// naming a courier and an amount under the only-add rule (D71). The real core against the HTTPS mock (its
// branch list is the keys'), every API request signed (D68).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_BRANCH_IDS, DEMO_ORDER_IDS } from '../../../e2e/mock-platform/demo-data.ts'
import { startMockPlatform, type MockPlatform } from '../../../e2e/mock-platform/server.ts'
import { coreOnMock, VENDOR_KEYS } from '../../../test-support/core/core-on-mock.ts'
import { posRequest } from '../../../test-support/core/intake-signing.ts'
import type { CallName, CallOutput } from '../../../src-shared/contract.ts'
import type { Core } from '../create-core.ts'
import { dispatch } from '../dispatch.ts'
import { silentLogger } from '../ports.ts'
import { parseLaunchArgv, parseOrderLink } from './order-link.ts'

let mock: MockPlatform
let dataDir: string
let core: Core
let intake: { url: string; key: string }

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'courier-intake-'))
  mock = await startMockPlatform({ dataDir, port: 0 })
})
afterAll(async () => {
  await mock.close()
  await rm(dataDir, { recursive: true, force: true })
})
beforeEach(async () => {
  await mock.control.reset()
  core = await coreOnMock(mock)
  await call('signIn', { platformAddress: mock.baseUrl, ...VENDOR_KEYS })
  await core.intake.serve({ port: 0 })
  const info = core.intake.info()
  if (info.url === null) throw new Error('the intake is not serving')
  intake = { url: info.url, key: info.key }
})
afterEach(async () => {
  await core.intake.stop()
  core.dispose()
})

const ids = DEMO_ORDER_IDS
const KADIKOY = DEMO_BRANCH_IDS.kadikoyModa
const DELIVERY = { shipping_method: 'delivery', courier_type: 'restaurant' }

async function call<C extends CallName>(name: C, payload?: unknown): Promise<CallOutput<C>> {
  const result = await dispatch(core.handlers, name, payload, silentLogger)
  if (!result.ok) throw new Error(`${name}: ${JSON.stringify(result.error)}`)
  return result.value as CallOutput<C>
}

const post = (path: string, json: unknown) =>
  posRequest(intake.url, intake.key, { method: 'POST', path, json })
const get = (path: string) => posRequest(intake.url, intake.key, { path })
const codeOf = (answer: { json: unknown }) => (answer.json as { error?: { code?: string } }).error?.code
const boardOrder = async (paymentKey: string) =>
  (await call('listOrders')).find((order) => order.paymentKey === paymentKey)
/** The API answers once the hand-over is journalled; the platform's answer comes after. */
const handedOver = (paymentKey: string) =>
  expect.poll(async () => (await boardOrder(paymentKey))?.handover.state).toBe('handed-over')

describe('POST /v1/orders with the courier fields', () => {
  it('takes the amount, the courier by name (any letter case) and a branch the keys list', async () => {
    const ahmet = await call('addCourier', { requestId: 'a', name: 'Ahmet Yılmaz' })
    const answer = await post('/v1/orders', {
      payment_key: ids.kadikoyCashDelivery,
      ...DELIVERY,
      payment_method: 'CASH',
      amount_kurus: 39990,
      courier: 'ahmet yilmaz'.replace('yilmaz', 'YILMAZ'),
      branch: KADIKOY,
    })
    expect([answer.status, answer.fromApp]).toEqual([201, true])
    expect(await boardOrder(ids.kadikoyCashDelivery)).toMatchObject({
      amountKurus: 39990,
      branch: KADIKOY,
      courier: { id: ahmet.id, name: 'Ahmet Yılmaz' },
    })
  })

  it.each([
    [{ amount_kurus: 399.9 }, 'invalid-amount'],
    [{ amount_kurus: -1 }, 'invalid-amount'],
    [{ amount_kurus: 1_000_000_001 }, 'invalid-amount'],
    [{ amount_kurus: '39990' }, 'invalid-amount'],
    [{ courier: '' }, 'invalid-courier'],
    [{ courier: 'Ahmet\nYılmaz' }, 'invalid-courier'],
    [{ courier: 'A'.repeat(61) }, 'invalid-courier'],
    [{ courier: 'Kimse' }, 'unknown-courier'],
    [{ courier: 'Veli' }, 'unknown-courier'],
    [{ branch: '' }, 'invalid-branch'],
    [{ branch: 'no-such-branch' }, 'unknown-branch'],
    [{ kurye: 'Ahmet' }, 'unknown-field'],
  ])('refuses %j with 422 %s and adds nothing', async (fields, code) => {
    // Veli no longer works here: a POS cannot hand him packages by name.
    const veli = await call('addCourier', { requestId: 'v', name: 'Veli' })
    await call('retireCourier', { requestId: 'v-out', courierId: veli.id })
    const answer = await post('/v1/orders', { payment_key: ids.kadikoyCashDelivery, ...DELIVERY, ...fields })
    expect([answer.status, codeOf(answer), answer.fromApp]).toEqual([422, code, true])
    expect(await call('listOrders')).toEqual([])
  })

  it('lets the POS change the courier it named (the keyed API may change what is known)', async () => {
    await call('addCourier', { requestId: 'a', name: 'Ahmet' })
    const mehmet = await call('addCourier', { requestId: 'm', name: 'Mehmet' })
    await post('/v1/orders', { payment_key: ids.kadikoyCashDelivery, courier: 'Ahmet' })
    expect(
      (await post('/v1/orders', { payment_key: ids.kadikoyCashDelivery, courier: 'Mehmet' })).status,
    ).toBe(200)
    expect((await boardOrder(ids.kadikoyCashDelivery))?.courier?.id).toBe(mehmet.id)
  })
})

describe('POST /v1/orders/{payment_key}/handover with a courier', () => {
  it('names the courier, refuses an unknown one and a missing one when Settings require it, sends once', async () => {
    const mehmet = await call('addCourier', { requestId: 'm', name: 'Mehmet Demir' })
    await post('/v1/orders', { payment_key: ids.kadikoyCashDelivery, ...DELIVERY, amount_kurus: 1000 })
    const path = `/v1/orders/${ids.kadikoyCashDelivery}/handover`
    await mock.control.resetCounters()

    const unknown = await post(path, { courier: 'Kimse' })
    expect([unknown.status, codeOf(unknown)]).toEqual([422, 'unknown-courier'])
    expect(codeOf(await post(path, { courier: 'Mehmet', tip: 1 }))).toBe('unknown-field')
    expect(codeOf(await post(path, { courier: 5 }))).toBe('invalid-courier')
    expect(codeOf(await post(path, { courier: 'Mehmet\u202EDemir' }))).toBe('invalid-courier')
    await call('updateSettings', { courierRequired: true })
    const missing = await post(path, {})
    expect([missing.status, codeOf(missing)]).toEqual([422, 'courier-required'])
    expect((await mock.control.counters()).requests.ontheway).toBe(0)

    const asked = await post(path, { courier: 'mehmet demir' })
    expect([asked.status, asked.fromApp]).toEqual([202, true])
    await handedOver(ids.kadikoyCashDelivery)
    expect((await boardOrder(ids.kadikoyCashDelivery))?.courier?.id).toBe(mehmet.id)
    expect((await mock.control.counters()).requests.ontheway).toBe(1)
  })
})

describe('GET /v1/day-end', () => {
  it('answers the settlement of today, or of the day asked for, as documented', async () => {
    const ahmet = await call('addCourier', { requestId: 'a', name: 'Ahmet' })
    await post('/v1/orders', {
      payment_key: ids.kadikoyCashDelivery,
      ...DELIVERY,
      payment_method: 'CASH',
      amount_kurus: 39990,
      courier: 'Ahmet',
    })
    await post('/v1/orders', { payment_key: ids.besiktasDebitCardDelivery, ...DELIVERY, amount_kurus: 5200 })
    await post(`/v1/orders/${ids.kadikoyCashDelivery}/handover`, {})
    await post(`/v1/orders/${ids.besiktasDebitCardDelivery}/handover`, {})
    await handedOver(ids.kadikoyCashDelivery)
    await handedOver(ids.besiktasDebitCardDelivery)
    await call('recordCash', { requestId: 'c', courierId: ahmet.id, amountKurus: 40000 })

    const answer = await get('/v1/day-end')
    expect([answer.status, answer.fromApp]).toEqual([200, true])
    const today = (await call('getDayEnd', {})).today
    expect(answer.json).toEqual({
      date: today,
      couriers: [
        {
          courier: 'Ahmet',
          packages: 1,
          cash_to_collect_kurus: 39990,
          cash_handed_in_kurus: 40000,
          difference_kurus: 10,
          // Issue 28: the courier's whole cash; no float, no expense, pay off.
          float_kurus: 0,
          expenses_kurus: 0,
          card_at_door_kurus: 0,
          expected_cash_kurus: 39990,
          advances_kurus: 0,
          debt_carried_kurus: 0,
          pay_kurus: null,
          closed: false,
        },
      ],
      unassigned_packages: 1,
      // Paid by debit card: nothing to collect at the door.
      unassigned_cash_to_collect_kurus: 0,
      not_confirmed: { owed: 0, unconfirmed: 0, refused: 0 },
    })
    expect((await get(`/v1/day-end?date=${today}`)).json).toEqual(answer.json)
    const past = await get('/v1/day-end?date=2026-01-02')
    expect(past.json).toMatchObject({ date: '2026-01-02', couriers: [], unassigned_packages: 0 })
  })

  it.each([
    'date=2026-02-30',
    'date=2026-13-01',
    'date=26-11-24',
    'date=',
    'date=2026-11-24&date=2026-11-23',
    'day=2026-11-24',
  ])('refuses ?%s with 422 invalid-date', async (query) => {
    const answer = await get(`/v1/day-end?${query}`)
    expect([answer.status, codeOf(answer), answer.fromApp]).toEqual([422, 'invalid-date', true])
  })

  it('is keyed, and only GET', async () => {
    const unsigned = await fetch(`${intake.url}/v1/day-end`)
    expect(unsigned.status).toBe(401)
    const posted = await post('/v1/day-end', {})
    expect([posted.status, codeOf(posted)]).toEqual([405, 'method-not-allowed'])
  })
})

describe('the link, the command line and the drop folder name a courier and an amount, and only add', () => {
  it('reads courier and amount_kurus from a link and from --courier / --amount-kurus', () => {
    const key = ids.kadikoyCashDelivery
    expect(
      parseOrderLink(`pos-companion://order/${key}?courier=Ahmet%20Y%C4%B1lmaz&amount_kurus=39990`),
    ).toEqual({
      ok: true,
      order: { paymentKey: key, details: { amountKurus: 39990 }, courier: 'Ahmet Yılmaz' },
    })
    expect(parseLaunchArgv(['app', `--add-order=${key}`, '--courier=Ahmet', '--amount-kurus=125'])).toEqual({
      kind: 'order',
      via: 'command-line',
      order: { paymentKey: key, details: { amountKurus: 125 }, courier: 'Ahmet' },
    })
    const refusal = (link: string) => {
      const parsed = parseOrderLink(link)
      return parsed.ok ? 'taken' : parsed.reason
    }
    expect(refusal(`pos-companion://order/${key}?amount_kurus=399.90`)).toBe('invalid-amount')
    expect(refusal(`pos-companion://order/${key}?amount_kurus=-1`)).toBe('invalid-amount')
    expect(refusal(`pos-companion://order/${key}?amount_kurus=1000000001`)).toBe('invalid-amount')
    expect(refusal(`pos-companion://order/${key}?courier=A%0AB`)).toBe('invalid-courier')
    expect(refusal(`pos-companion://order/${key}?courier=A&courier=B`)).toBe('unknown-parameter')
    expect(parseLaunchArgv(['app', `--add-order=${key}`, '--amount-kurus=1e5'])).toMatchObject({
      kind: 'refused',
      reason: 'invalid-amount',
    })
    expect(parseLaunchArgv(['app', '--courier=Ahmet'])).toMatchObject({
      kind: 'refused',
      reason: 'label-without-order',
    })
  })

  it('fills an unknown courier and amount, never replaces them, and drops a courier the app does not know', async () => {
    const ahmet = await call('addCourier', { requestId: 'a', name: 'Ahmet' })
    await call('addCourier', { requestId: 'm', name: 'Mehmet' })
    const key = ids.kadikoyCashDelivery
    await core.intake.addOrder({ paymentKey: key, details: {}, courier: 'Ahmet' }, 'link')
    await core.intake.addOrder(
      { paymentKey: key, details: { amountKurus: 100 }, courier: 'Mehmet' },
      'command-line',
    )
    await core.intake.addOrder(
      { paymentKey: key, details: { amountKurus: 200 }, courier: 'Mehmet' },
      'drop-folder',
    )
    expect(await boardOrder(key)).toMatchObject({ amountKurus: 100, courier: { id: ahmet.id } })
    // A file naming a courier nobody added still brings its order in (a refused file would be retried for ever).
    const other = ids.kadikoyCreditCardDelivery
    await core.intake.addOrder(
      { paymentKey: other, details: { branch: 'nowhere' }, courier: 'Kimse' },
      'drop-folder',
    )
    const added = await boardOrder(other)
    expect(added).toBeDefined()
    expect([added?.courier, added?.branch]).toEqual([undefined, undefined])
  })
})

describe('a hand-over asked for an order the board does not hold', () => {
  it('is 404 order-not-found, whatever courier it names, and nothing is sent', async () => {
    // Even where a courier is required: the order is looked for first.
    await call('updateSettings', { courierRequired: true })
    for (const json of [{}, { courier: 'Kimse' }]) {
      const answer = await post(`/v1/orders/${ids.kadikoyCashDelivery}/handover`, json)
      expect([answer.status, codeOf(answer)]).toEqual([404, 'order-not-found'])
    }
    expect((await mock.control.counters()).requests.ontheway).toBe(0)
  })
})
