// The courier's day through the contract's calls, on the real core against the real HTTPS mock platform:
// every input as the bridge parses it (dispatch), every answer as the contract checks it.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_ORDER_IDS } from '../../../e2e/mock-platform/demo-data.ts'
import { startMockPlatform, type MockPlatform } from '../../../e2e/mock-platform/server.ts'
import { coreOnMock, testCore, VENDOR_KEYS } from '../../../test-support/core/core-on-mock.ts'
import type { CallName, CallOutput, EventPayload } from '../../../src-shared/contract.ts'
import type { AppError } from '../../../src-shared/errors.ts'
import type { Core } from '../create-core.ts'
import { dispatch } from '../dispatch.ts'
import { silentLogger } from '../ports.ts'
import { MemoryJournal } from '../storage/memory-journal.ts'
import { openDataFiles } from '../storage/data-files.ts'

let mock: MockPlatform
let dataDir: string

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'courier-calls-'))
  mock = await startMockPlatform({ dataDir: join(dataDir, 'mock'), port: 0 })
})
afterAll(async () => {
  await mock.close()
  await rm(dataDir, { recursive: true, force: true })
})
beforeEach(() => mock.control.reset())

const DELIVERY = { courierType: 'restaurant', shippingMethod: 'delivery' } as const
const ids = DEMO_ORDER_IDS

/** A call as the bridge makes it: the payload parsed by the contract, the answer checked by it. */
async function call<C extends CallName>(core: Core, name: C, payload?: unknown): Promise<CallOutput<C>> {
  const result = await dispatch(core.handlers, name, payload, silentLogger)
  if (!result.ok) throw new Error(`${name}: ${JSON.stringify(result.error)}`)
  return result.value as CallOutput<C>
}

/** The refusal a call answers with (its problem, or its code when it has none). */
async function refusal(core: Core, name: CallName, payload?: unknown): Promise<string> {
  const result = await dispatch(core.handlers, name, payload, silentLogger)
  if (result.ok) throw new Error(`${name} was not refused`)
  const error: AppError = result.error
  return error.problem ?? error.code
}

async function signedInCore(folder: string): Promise<Core> {
  const core = await coreOnMock(mock, openDataFiles(folder, silentLogger))
  await call(core, 'signIn', { platformAddress: mock.baseUrl, ...VENDOR_KEYS })
  return core
}

describe('a courier day through the calls', () => {
  it('hands over with a courier, settles with the cash handed in, and reads the same after a restart', async () => {
    const folder = await mkdtemp(join(dataDir, 'day-'))
    const core = await signedInCore(folder)
    const events: { name: string; payload: unknown }[] = []
    core.subscribe((name, payload) => events.push({ name, payload }))

    const ahmet = await call(core, 'addCourier', { requestId: 'add-ahmet', name: 'Ahmet', badge: 'k-1' })
    await call(core, 'addOrder', {
      text: ids.kadikoyCashDelivery,
      ...DELIVERY,
      paymentMethod: 'CASH',
      amountKurus: 39990,
    })
    await call(core, 'addOrder', {
      text: ids.kadikoyCreditCardDelivery,
      ...DELIVERY,
      paymentMethod: 'CREDIT_CARD',
      amountKurus: 15000,
    })
    await call(core, 'addOrder', { text: ids.besiktasDebitCardDelivery, ...DELIVERY, paymentMethod: 'CASH' })

    const first = await call(core, 'handOverOrder', {
      paymentKey: ids.kadikoyCashDelivery,
      courierId: ahmet.id,
    })
    expect(first).toMatchObject({
      handover: { state: 'handed-over' },
      courier: { id: ahmet.id, name: 'Ahmet' },
    })
    await call(core, 'handOverOrder', { paymentKey: ids.kadikoyCreditCardDelivery, courierId: ahmet.id })
    await call(core, 'handOverOrder', { paymentKey: ids.besiktasDebitCardDelivery })

    // The strip, then the return: the cash handed in settles what Ahmet carried.
    expect(await call(core, 'listCouriersOut')).toEqual([
      expect.objectContaining({ name: 'Ahmet', packages: 2, cashToCollectKurus: 39990, amountUnknown: 0 }),
    ])
    const cash = await call(core, 'recordCash', {
      requestId: 'cash-1',
      courierId: ahmet.id,
      amountKurus: 39000,
    })
    expect(
      await call(core, 'recordCash', { requestId: 'cash-1', courierId: ahmet.id, amountKurus: 39000 }),
    ).toEqual(cash)

    const dayEnd = await call(core, 'getDayEnd', {})
    expect(dayEnd.couriers).toEqual([
      expect.objectContaining({
        name: 'Ahmet',
        packages: 2,
        cashToCollectKurus: 39990,
        cashHandedInKurus: 39000,
        differenceKurus: -990,
        balance: 'short',
      }),
    ])
    // The third went with no courier named; its amount is not known, so it is counted, not taken as zero.
    expect(dayEnd.unassigned).toMatchObject({ packages: 1, amountUnknown: 1 })
    expect(dayEnd.days).toContain(dayEnd.today)
    const csv = await call(core, 'exportDayEndCsv', { day: dayEnd.day })
    expect(csv).toContain('Ahmet;Kurye toplamı')

    // The cards heard of their courier, and the renderer of the ledger's writes.
    const cards = events.filter((event) => event.name === 'orderChanged')
    expect(
      cards.map((event) => (event.payload as EventPayload<'orderChanged'>).order?.courier?.name),
    ).toContain('Ahmet')
    expect(events.filter((event) => event.name === 'couriersChanged').map((event) => event.payload)).toEqual(
      expect.arrayContaining([{ kind: 'couriers' }, { kind: 'assignment' }, { kind: 'cash' }]),
    )
    expect(
      (await call(core, 'listOrders')).find((order) => order.paymentKey === ids.kadikoyCashDelivery)?.courier,
    ).toEqual({ id: ahmet.id, name: 'Ahmet' })

    core.dispose()
    // Signed in again, as staff are: the CSV names the platform's methods ("Nakit") from its list.
    const restarted = await signedInCore(folder)
    try {
      // The settlement itself; the days to pick from are History's and may differ by nothing but order.
      const again = await call(restarted, 'getDayEnd', { day: dayEnd.day })
      expect({ ...again, days: [] }).toEqual({ ...dayEnd, days: [] })
      expect(await call(restarted, 'exportDayEndCsv', { day: dayEnd.day })).toBe(csv)
    } finally {
      restarted.dispose()
    }
  })
})

describe('the calls refuse, and nothing is sent', () => {
  it('an unknown or retired courier, and a hand-over without one when Settings require it', async () => {
    const core = await signedInCore(await mkdtemp(join(dataDir, 'refuse-')))
    try {
      const veli = await call(core, 'addCourier', { requestId: 'v', name: 'Veli' })
      await call(core, 'retireCourier', { requestId: 'v-out', courierId: veli.id })
      await call(core, 'addOrder', { text: ids.kadikoyCashDelivery, ...DELIVERY })
      await mock.control.resetCounters()
      const paymentKey = ids.kadikoyCashDelivery
      expect(await refusal(core, 'handOverOrder', { paymentKey, courierId: 'nobody' })).toBe(
        'unknown-courier',
      )
      expect(await refusal(core, 'handOverOrder', { paymentKey, courierId: veli.id })).toBe('courier-retired')
      await call(core, 'updateSettings', { courierRequired: true })
      expect(await refusal(core, 'handOverOrder', { paymentKey })).toBe('courier-required')
      expect((await mock.control.counters()).requests.ontheway).toBe(0)
      expect((await call(core, 'listOrders'))[0]?.handover).toEqual({ state: 'none' })
    } finally {
      core.dispose()
    }
  })

  it.each([
    ['a fraction of a kuruş', 12.5, 'amount-invalid'],
    ['a negative amount', -1, 'amount-invalid'],
    ['more than 10,000,000 ₺', 1_000_000_001, 'amount-invalid'],
    ['text', '100', 'malformed'],
  ])('cash of %s', async (_case, amountKurus, problem) => {
    const core = await testCore()
    try {
      const ahmet = await call(core, 'addCourier', { requestId: 'a', name: 'Ahmet' })
      expect(await refusal(core, 'recordCash', { requestId: 'c', courierId: ahmet.id, amountKurus })).toBe(
        problem,
      )
      expect((await call(core, 'getDayEnd', {})).couriers).toEqual([])
    } finally {
      core.dispose()
    }
  })

  it('an order amount that is not whole kuruş, at the till', async () => {
    const core = await testCore()
    try {
      expect(await refusal(core, 'addOrder', { text: ids.kadikoyCashDelivery, amountKurus: 399.9 })).toBe(
        'malformed',
      )
      expect(await call(core, 'listOrders')).toEqual([])
    } finally {
      core.dispose()
    }
  })

  it('a replayed request id answers the first record; another kind under it is refused', async () => {
    const core = await testCore()
    try {
      const first = await call(core, 'addCourier', { requestId: 'same', name: 'Ahmet' })
      expect(await call(core, 'addCourier', { requestId: 'same', name: 'Ahmet' })).toEqual(first)
      expect(await call(core, 'listCouriers')).toHaveLength(1)
      expect(await refusal(core, 'retireCourier', { requestId: 'same', courierId: first.id })).toBe(
        'id-reused',
      )
    } finally {
      core.dispose()
    }
  })

  it('a ledger write the disk refuses: disk-full, and the hand-over is not even journalled', async () => {
    const courierJournal = new FillingJournal()
    const journal = new MemoryJournal()
    const core = await testCore({ courierJournal, journal })
    try {
      const ahmet = await call(core, 'addCourier', { requestId: 'a', name: 'Ahmet' })
      await call(core, 'addOrder', { text: ids.kadikoyCashDelivery, ...DELIVERY, amountKurus: 1000 })
      courierJournal.full = true
      expect(
        await refusal(core, 'handOverOrder', { paymentKey: ids.kadikoyCashDelivery, courierId: ahmet.id }),
      ).toBe('disk-full')
      expect(journal.records).toEqual([])
      expect((await call(core, 'listOrders'))[0]?.handover).toEqual({ state: 'none' })
    } finally {
      core.dispose()
    }
  })
})

/** A journal on a disk that fills up once `full` is set, the way node:fs fails. */
class FillingJournal extends MemoryJournal {
  full = false
  override append(record: unknown): void {
    if (this.full) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' })
    super.append(record)
  }
}
