// The POS and several restaurant accounts (issue 29): `account` on `POST /v1/orders` by short name, any letter
// case under Turkish rules; an unknown one refused `422 unknown-account` before anything is written; left out,
// the default account; the view names the account; health lists each account and whether it is signed in; a
// hand-over asked through the API goes with the order's own account's token. The link and the command line
// take `account` too. A real core, its API on a free port, a platform that knows two accounts.
import { afterEach, describe, expect, it } from 'vitest'
import type { AddAccountInput } from '../../../src-shared/accounts.ts'
import type { Result } from '../../../src-shared/errors.ts'
import { testCore } from '../../../test-support/core/core-on-mock.ts'
import { posRequest } from '../../../test-support/core/intake-signing.ts'
import { ManualClock } from '../../../test-support/core/manual-clock.ts'
import { inMemoryCoreParts, MemoryStore } from '../../../test-support/core/memory-adapters.ts'
import {
  BRAND_A,
  BRAND_B,
  TWO_ACCOUNT_ADDRESS,
  TwoAccountPlatform,
} from '../../../test-support/core/two-account-platform.ts'
import type { Core } from '../create-core.ts'
import { parseLaunchArgv, parseOrderLink } from './order-link.ts'
import { parsePosOrder } from './order-input.ts'

const A1 = 'aaaaaaaa-0000-4000-8000-000000000001'
const B1 = 'bbbbbbbb-0000-4000-8000-000000000001'
const X1 = 'cccccccc-0000-4000-8000-000000000001'
const running: Core[] = []
afterEach(async () => {
  for (const core of running.splice(0)) {
    await core.intake.stop()
    core.dispose()
  }
})

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`)
  return result.value
}

const brand = (shortName: string, keys: typeof BRAND_A, colour: AddAccountInput['colour']) => ({
  shortName,
  colour,
  platformAddress: TWO_ACCOUNT_ADDRESS,
  ...keys,
})

/** Two accounts: "İskender Sarayı" (A, the default) and "Pide Evi" (B); the API served on a free port. */
async function twoAccountIntake() {
  // The signed requests carry the real time: the app checks it against its own clock.
  const clock = new ManualClock(Date.now())
  const platform = new TwoAccountPlatform(clock)
  platform.orders.A = new Set([A1, X1])
  platform.orders.B = new Set([B1])
  const core = await testCore({
    store: new MemoryStore(),
    ...inMemoryCoreParts(),
    clock,
    createFetch: () => platform.fetch,
    platformTuning: { timeoutMs: 60_000, retry: { limit: 0, baseDelayMs: 1, maxDelayMs: 1 } },
  })
  running.push(core)
  value(await core.handlers.updateSettings({ undoWindowSeconds: 0 }))
  const a = value(await core.handlers.addAccount(brand('İskender Sarayı', BRAND_A, 'red'))).id
  const b = value(await core.handlers.addAccount(brand('Pide Evi', BRAND_B, 'blue'))).id
  await core.intake.serve({ port: 0 })
  const { port, key } = value(await core.handlers.getIntakeInfo(undefined))
  const api = (path: string, json?: unknown) =>
    posRequest(`http://127.0.0.1:${String(port)}`, key, { path, ...(json === undefined ? {} : { json }) })
  const accountOf = async (paymentKey: string) =>
    value(await core.handlers.listOrders(undefined)).find((order) => order.paymentKey === paymentKey)?.account
  return { core, platform, clock, a, b, api, accountOf }
}

async function settle(clock: ManualClock): Promise<void> {
  for (let i = 0; i < 20; i++) {
    await clock.advance(0)
    await new Promise((resolve) => setImmediate(resolve))
  }
}

describe('the POS names an order’s account (issue 29)', () => {
  it('takes a short name in any letter case under Turkish rules, and the view names the account', async () => {
    const w = await twoAccountIntake()
    // "iskender sarayı" is "İskender Sarayı" only under Turkish rules (İ ↔ i); "PİDE EVİ" likewise.
    const first = await w.api('/v1/orders', { payment_key: A1, account: 'iskender sarayı' })
    expect(first.status).toBe(201)
    expect(first.json).toMatchObject({ payment_key: A1, account: 'İskender Sarayı' })
    const second = await w.api('/v1/orders', { payment_key: B1, account: 'PİDE EVİ' })
    expect(second.status).toBe(201)
    expect(second.json).toMatchObject({ payment_key: B1, account: 'Pide Evi' })
    expect(await w.accountOf(A1)).toBe(w.a)
    expect(await w.accountOf(B1)).toBe(w.b)
    const read = await w.api(`/v1/orders/${B1}`)
    expect(read.json).toMatchObject({ account: 'Pide Evi' })
  })

  it('refuses an account the app does not have with 422 unknown-account, writing nothing', async () => {
    const w = await twoAccountIntake()
    for (const account of ['Lahmacun', 'PIDE EVI', '', 42]) {
      const answer = await w.api('/v1/orders', { payment_key: X1, account })
      expect(answer.status).toBe(422)
      expect(answer.json).toMatchObject({ error: { code: 'unknown-account' } })
    }
    expect(value(await w.core.handlers.listOrders(undefined))).toEqual([])
  })

  it('puts an order without `account` on the default account, and follows a new default', async () => {
    const w = await twoAccountIntake()
    expect((await w.api('/v1/orders', { payment_key: A1 })).json).toMatchObject({
      account: 'İskender Sarayı',
    })
    expect(await w.accountOf(A1)).toBe(w.a)
    value(await w.core.handlers.setDefaultAccount({ account: w.b }))
    expect((await w.api('/v1/orders', { payment_key: B1 })).json).toMatchObject({ account: 'Pide Evi' })
    expect(await w.accountOf(B1)).toBe(w.b)
  })

  it('refuses the same order under a second account: 409 order-other-account', async () => {
    const w = await twoAccountIntake()
    await w.api('/v1/orders', { payment_key: A1, account: 'İskender Sarayı' })
    const again = await w.api('/v1/orders', { payment_key: A1, account: 'Pide Evi' })
    expect(again.status).toBe(409)
    expect(again.json).toMatchObject({ error: { code: 'order-other-account' } })
    expect(await w.accountOf(A1)).toBe(w.a)
  })

  it('hands over through the API with the order’s own account’s token only', async () => {
    const w = await twoAccountIntake()
    await w.api('/v1/orders', { payment_key: B1, account: 'pide evi', courier_type: 'restaurant' })
    await w.api('/v1/orders', { payment_key: A1, courier_type: 'restaurant' })
    expect((await w.api(`/v1/orders/${B1}/handover`, {})).status).toBe(202)
    expect((await w.api(`/v1/orders/${A1}/handover`, {})).status).toBe(202)
    await settle(w.clock)
    expect(w.platform.callsFor(B1).map((call) => [call.tokenOf, call.status])).toEqual([['B', 200]])
    expect(w.platform.callsFor(A1).map((call) => [call.tokenOf, call.status])).toEqual([['A', 200]])
  })

  it('health lists each account by short name and whether it is signed in, and nothing secret', async () => {
    const w = await twoAccountIntake()
    value(await w.core.handlers.signOutAccount({ account: w.b }))
    const health = await w.api('/v1/health')
    expect(health.status).toBe(200)
    expect(health.json).toEqual({
      signed_in: true,
      owed: 0,
      accounts: [
        { account: 'İskender Sarayı', signed_in: true },
        { account: 'Pide Evi', signed_in: false },
      ],
    })
    expect(health.text).not.toMatch(/key-AAAA|key-BBBB|token|[0-9a-f]{8}-[0-9a-f]{4}-/)
    // The tray reads the same, with what each account still owes.
    expect(w.core.allDay.accounts?.()).toEqual([
      { name: 'İskender Sarayı', owed: 0, signedIn: true },
      { name: 'Pide Evi', owed: 0, signedIn: false },
    ])
  })
})

describe('GET /v1/day-end with two accounts (issue 29)', () => {
  it('splits each courier’s packages and cash by account, by short name: the courier stays one list', async () => {
    const w = await twoAccountIntake()
    value(await w.core.handlers.addCourier({ requestId: 'courier-ahmet-0001', name: 'Ahmet' }))
    const common = {
      courier_type: 'restaurant',
      shipping_method: 'delivery',
      payment_method: 'CASH',
      courier: 'ahmet',
    }
    await w.api('/v1/orders', { ...common, payment_key: A1, amount_kurus: 10_000 })
    await w.api('/v1/orders', { ...common, payment_key: X1, amount_kurus: 5_000 })
    await w.api('/v1/orders', { ...common, payment_key: B1, amount_kurus: 2_500, account: 'Pide Evi' })
    for (const key of [A1, X1, B1]) expect((await w.api(`/v1/orders/${key}/handover`, {})).status).toBe(202)
    await settle(w.clock)
    const dayEnd = (await w.api('/v1/day-end')).json as {
      couriers: { courier: string; packages: number; accounts: unknown }[]
      accounts: unknown
    }
    expect(dayEnd.couriers).toHaveLength(1)
    expect(dayEnd.couriers[0]).toMatchObject({
      courier: 'Ahmet',
      packages: 3,
      accounts: [
        { account: 'İskender Sarayı', packages: 2, cash_to_collect_kurus: 15_000 },
        { account: 'Pide Evi', packages: 1, cash_to_collect_kurus: 2_500 },
      ],
    })
    expect(dayEnd.accounts).toEqual([
      { account: 'İskender Sarayı', packages: 2, cash_to_collect_kurus: 15_000 },
      { account: 'Pide Evi', packages: 1, cash_to_collect_kurus: 2_500 },
    ])
    // The CSV ends with the account column, filled on each package's row.
    const csv = value(
      await w.core.handlers.exportDayEndCsv({ day: (dayEnd as unknown as { date: string }).date }),
    )
    const [header = '', ...rows] = csv.replace(/^\uFEFF/, '').split('\r\n')
    expect(header.split(';').at(-1)).toBe('Marka hesabı')
    const packageRows = rows.filter((line) => line.split(';')[2] === 'Paket')
    expect(packageRows.map((line) => line.split(';').at(-1)).sort()).toEqual([
      'Pide Evi',
      'İskender Sarayı',
      'İskender Sarayı',
    ])
  })
})

describe('the link, the command line and the body take `account`', () => {
  it('reads the account from a link and from --account, checked as a short name', () => {
    const link = parseOrderLink(`pos-companion://order/${A1}?account=Pide%20Evi`)
    expect(link).toMatchObject({ ok: true, order: { paymentKey: A1, account: 'Pide Evi' } })
    expect(parseOrderLink(`pos-companion://order/${A1}?account=Pide%0AEvi`)).toEqual({
      ok: false,
      reason: 'invalid-account',
    })
    expect(parseLaunchArgv(['app', `--add-order=${A1}`, '--account=pide evi'])).toMatchObject({
      kind: 'order',
      order: { account: 'pide evi' },
    })
    expect(parsePosOrder({ payment_key: A1, account: 'Pide Evi' })).toMatchObject({
      ok: true,
      value: { account: 'Pide Evi' },
    })
    expect(parsePosOrder({ payment_key: A1, account: 7 })).toEqual({ ok: false, code: 'unknown-account' })
  })
})
