// "A past order keeps its facts" (issue 27.3, docs/decisions.md D71): once a handed-over order has left the
// board, a drop file, a link or `--add-order` naming it again is an existing order, not a new one. They may fill
// in what is still unknown, never change its payment method, amount, label or courier, and the courier ledger
// notes nothing from them that changes a known fact. The POS's keyed API still corrects its own order.
// The real core on real data files (journal, History, ledger), a real drop folder, the real HTTPS mock platform.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { within } from '../../../test-support/core/within.ts'
import { DEMO_ORDER_IDS } from '../../../e2e/mock-platform/demo-data.ts'
import { startMockPlatform, type MockPlatform } from '../../../e2e/mock-platform/server.ts'
import { coreOnMock, VENDOR_KEYS } from '../../../test-support/core/core-on-mock.ts'
import { ManualClock } from '../../../test-support/core/manual-clock.ts'
import { recordingLogger } from '../../../test-support/core/memory-adapters.ts'
import type { BoardOrder } from '../../../src-shared/domain.ts'
import type { Core } from '../create-core.ts'
import type { Clock } from '../ports.ts'
import { openDataFiles } from '../storage/data-files.ts'
import { parsePosOrder } from './order-input.ts'
import { parseLaunchArgv, parseOrderLink } from './order-link.ts'

const ORDER = DEMO_ORDER_IDS.kadikoyCashDelivery
let mock: MockPlatform
let root: string
const cores: Core[] = []

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'pos-past-order-'))
  mock = await startMockPlatform({ dataDir: join(root, 'mock'), port: 0 })
})
afterAll(async () => {
  await mock.close()
  await rm(root, { recursive: true, force: true })
})
beforeEach(() => mock.control.reset())
afterEach(async () => {
  for (const core of cores.splice(0)) {
    await core.intake.stop()
    core.dispose()
  }
})

function value<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`)
  return result.value
}

/** A signed-in core on a data folder of real files, serving its API and watching a real drop folder. */
async function servedCore(dataDir: string, dropFolder: string, clock?: Clock) {
  const log = recordingLogger()
  const core = await coreOnMock(mock, { ...openDataFiles(dataDir, log), log, ...(clock ? { clock } : {}) })
  cores.push(core)
  value(await core.handlers.signIn({ platformAddress: mock.baseUrl, ...VENDOR_KEYS }))
  await core.intake.serve({ port: 0, dropStableMs: 50, dataDir })
  value(await core.handlers.updateSettings({ dropFolder }))
  const onBoard = async (): Promise<BoardOrder | undefined> =>
    value(await core.handlers.listOrders(undefined)).find((entry) => entry.paymentKey === ORDER)
  return { core, log, onBoard }
}

/**
 * The POS sends a cash order of 500,00 ₺ for Ahmet through its keyed API, staff hand it over, the platform
 * confirms it, and staff take it off the board (Kaldır). The day-end owes Ahmet's 500,00 ₺.
 */
async function pastOrder(options: { takenOff?: boolean; clock?: Clock } = {}) {
  const dataDir = await mkdtemp(join(root, 'data-'))
  // A parent only this account can write, as the drop folder asks for.
  const dropFolder = join(await mkdtemp(join(root, 'pos-')), 'drop')
  await mkdir(dropFolder)
  const served = await servedCore(dataDir, dropFolder, options.clock)
  const { core } = served
  const ahmet = value(await core.handlers.addCourier({ requestId: 'add-ahmet', name: 'Ahmet' }))
  value(await core.handlers.addCourier({ requestId: 'add-mehmet', name: 'Mehmet' }))
  const parsed = parsePosOrder({
    payment_key: ORDER,
    shipping_method: 'delivery',
    courier_type: 'restaurant',
    payment_method: 'CASH',
    amount_kurus: 50000,
    label: 'Masa 5',
    courier: 'Ahmet',
  })
  if (!parsed.ok) throw new Error(parsed.code)
  expect((await core.intake.addOrder(parsed.value, 'pos-api')).created).toBe(true)
  expect(value(await core.handlers.handOverOrder({ paymentKey: ORDER, courierId: ahmet.id }))).toMatchObject({
    handover: { state: 'handed-over' },
  })
  if (options.takenOff !== false) {
    value(await core.handlers.removeOrder({ paymentKey: ORDER }))
    expect(await served.onBoard()).toBeUndefined()
  }
  expect(ahmetsCash(core)).toBe(50000)
  return { ...served, dataDir, dropFolder }
}

function ahmetsCash(core: Core, day?: string): number | undefined {
  return core.intake.dayEnd(day).couriers.find((line) => line.courier === 'Ahmet')?.cash_to_collect_kurus
}

/** The ledger's order notes of the order, as on disk. */
async function notesOnDisk(dataDir: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(join(dataDir, 'courier-ledger.jsonl'), 'utf8')
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((record) => record.type === 'order-noted' && record.paymentKey === ORDER)
}

type Rewrite = (past: Awaited<ReturnType<typeof pastOrder>>) => Promise<void>

const byDropFile: Rewrite = async ({ core, dropFolder }) => {
  // Taken once the board heard of the order (the rest of the add follows in the same turn).
  const taken = new Promise<void>((resolve) => {
    const off = core.subscribe((event, payload) => {
      if (event !== 'orderChanged' || (payload as { paymentKey?: string }).paymentKey !== ORDER) return
      off()
      resolve()
    })
  })
  await writeFile(
    join(dropFolder, 'order.json'),
    JSON.stringify({
      payment_key: ORDER,
      payment_method: 'CREDIT_CARD',
      amount_kurus: 0,
      label: 'Masa 9',
      courier: 'Mehmet',
    }),
  )
  await within(taken, 'the drop file on the board')
}

const byLink: Rewrite = async ({ core }) => {
  const link = parseOrderLink(`pos-companion://order/${ORDER}?label=Masa%209&amount_kurus=0&courier=Mehmet`)
  if (!link.ok) throw new Error(link.reason)
  await core.intake.addOrder(link.order, 'link')
}

const byCommandLine: Rewrite = async ({ core }) => {
  const launch = parseLaunchArgv([
    'pos-companion',
    `--add-order=${ORDER}`,
    '--label=Masa 9',
    '--amount-kurus=0',
    '--courier=Mehmet',
  ])
  if (launch.kind !== 'order') throw new Error('the command line did not parse')
  await core.intake.addOrder(launch.order, 'command-line')
}

describe('a past order keeps its facts', () => {
  it.each([
    ['a drop file', 'drop-folder', byDropFile],
    ['a link', 'link', byLink],
    ['--add-order', 'command-line', byCommandLine],
  ] as const)('%s cannot rewrite a handed-over order that left the board', async (_way, source, rewrite) => {
    const past = await pastOrder()
    const notesBefore = await notesOnDisk(past.dataDir)
    await rewrite(past)

    // The courier's cash to collect stays 500,00 ₺, and the package stays Ahmet's.
    expect(ahmetsCash(past.core)).toBe(50000)
    expect(past.core.intake.dayEnd().couriers.map((line) => line.courier)).toEqual(['Ahmet'])
    // The ledger noted nothing that changes a known fact.
    expect(await notesOnDisk(past.dataDir)).toEqual(notesBefore)
    // Back on the board as it was known, the card saying another way in offered to change it.
    const order = await past.onBoard()
    expect(order).toMatchObject({ paymentMethod: 'CASH', amountKurus: 50000, label: 'Masa 5' })
    expect(order?.courier?.name).toBe('Ahmet')
    expect(order?.refusedChange).toMatchObject({ source })
    expect(order?.refusedChange?.fields).toEqual(expect.arrayContaining(['amountKurus', 'label']))
    // And the log says which way in and which fields, never the values.
    const line = past.log.lines.find((entry) => entry.includes('kept what was known'))
    expect(line).toContain(source)
    expect(line).not.toContain('Masa 9')
    // The courier it offered is logged as kept, without the names.
    const kept = past.log.lines.filter((entry) => entry.includes('kept the courier of an order'))
    expect(kept).toHaveLength(1)
    expect(kept[0]).toContain(source)
    expect(kept[0]).not.toContain('Mehmet')
  })

  it('after a restart too: what the files know is still known', async () => {
    const past = await pastOrder()
    const { core } = past
    await core.intake.stop()
    core.dispose()
    cores.splice(cores.indexOf(core), 1)
    const again = await servedCore(past.dataDir, past.dropFolder)
    expect(ahmetsCash(again.core)).toBe(50000)
    await byDropFile({ ...past, ...again })
    expect(ahmetsCash(again.core)).toBe(50000)
    expect(await again.onBoard()).toMatchObject({ paymentMethod: 'CASH', amountKurus: 50000 })
  })

  it('an order staff typed back on the board with nothing known still keeps what the ledger knows', async () => {
    const past = await pastOrder()
    // Staff type the id again: the card knows neither method nor amount, the ledger does.
    value(await past.core.handlers.addOrder({ text: ORDER }))
    expect(await past.onBoard()).not.toHaveProperty('paymentMethod')
    await byDropFile(past)
    expect(ahmetsCash(past.core)).toBe(50000)
    expect(await past.onBoard()).toMatchObject({ paymentMethod: 'CASH', amountKurus: 50000, label: 'Masa 5' })
    expect((await past.onBoard())?.refusedChange).toMatchObject({ source: 'drop-folder' })
  })

  it('two days later, from the ledger’s day files: the day it was handed over still owes 500,00 ₺', async () => {
    // Late morning in Istanbul: the hand-over's day, then two day turns (the journals move it to day files).
    const clock = new ManualClock(Date.parse('2026-11-20T09:00:00Z'))
    const past = await pastOrder({ clock })
    const day = past.core.intake.dayEnd().date
    await clock.advance(2 * 24 * 60 * 60 * 1000)
    expect(past.core.intake.dayEnd().date).not.toBe(day)
    expect(ahmetsCash(past.core, day)).toBe(50000)
    const notesBefore = await notesOnDisk(past.dataDir)
    await byLink(past)
    expect(ahmetsCash(past.core, day)).toBe(50000)
    expect(await notesOnDisk(past.dataDir)).toEqual(notesBefore)
    expect(await past.onBoard()).toMatchObject({ paymentMethod: 'CASH', amountKurus: 50000, label: 'Masa 5' })
    // The package stays Ahmet's: the link's courier was not assigned.
    expect(past.core.intake.dayEnd(day).couriers.map((line) => line.courier)).toEqual(['Ahmet'])
    expect(past.log.lines.some((line) => line.includes('kept the courier of an order'))).toBe(true)
  })

  it('fills in what is still unknown: a link may add an amount the order never had', async () => {
    const past = await pastOrder()
    // An order of the same day with no amount, handed over with no courier.
    const other = DEMO_ORDER_IDS.kadikoyCreditCardDelivery
    await past.core.intake.addOrder(
      {
        paymentKey: other,
        details: { shippingMethod: 'delivery', courierType: 'restaurant', paymentMethod: 'CASH' },
      },
      'pos-api',
    )
    value(await past.core.handlers.handOverOrder({ paymentKey: other }))
    value(await past.core.handlers.removeOrder({ paymentKey: other }))
    const link = parseOrderLink(`pos-companion://order/${other}?amount_kurus=12000`)
    if (!link.ok) throw new Error(link.reason)
    expect((await past.core.intake.addOrder(link.order, 'link')).created).toBe(false)
    const order = value(await past.core.handlers.listOrders(undefined)).find(
      (entry) => entry.paymentKey === other,
    )
    expect(order).toMatchObject({ paymentMethod: 'CASH', amountKurus: 12000 })
    expect(order?.refusedChange).toBeUndefined()
    expect(past.core.intake.dayEnd().unassigned_cash_to_collect_kurus).toBe(12000)
  })

  it('the POS corrects its own order through the keyed API, and the card and the ledger say so', async () => {
    // Handed over and still on the board, as it stays for a while (D57).
    const past = await pastOrder({ takenOff: false })
    const parsed = parsePosOrder({ payment_key: ORDER, payment_method: 'CREDIT_CARD', amount_kurus: 45000 })
    if (!parsed.ok) throw new Error(parsed.code)
    const notesBefore = await notesOnDisk(past.dataDir)
    await past.core.intake.addOrder(parsed.value, 'pos-api')
    const order = await past.onBoard()
    expect(order).toMatchObject({ paymentMethod: 'CREDIT_CARD', amountKurus: 45000 })
    expect(order?.corrected).toMatchObject({ source: 'pos-api', fields: ['paymentMethod', 'amountKurus'] })
    expect(order?.refusedChange).toBeUndefined()
    expect(ahmetsCash(past.core)).toBe(0)
    const notes = await notesOnDisk(past.dataDir)
    expect(notes.slice(notesBefore.length)).toEqual([
      expect.objectContaining({
        paymentMethod: 'CREDIT_CARD',
        amountKurus: 45000,
        corrected: ['paymentMethod', 'amountKurus'],
      }),
    ])
    // What only filled an unknown fact is no correction.
    expect(notesBefore.every((note) => note.corrected === undefined)).toBe(true)
  })

  it('an order first given its facts is not said to be corrected', async () => {
    const past = await pastOrder()
    const other = DEMO_ORDER_IDS.kadikoyCreditCardDelivery
    await past.core.intake.addOrder({ paymentKey: other, details: { label: 'Masa 2' } }, 'pos-api')
    await past.core.intake.addOrder(
      { paymentKey: other, details: { label: 'Masa 2', paymentMethod: 'CASH', amountKurus: 100 } },
      'pos-api',
    )
    const order = value(await past.core.handlers.listOrders(undefined)).find(
      (entry) => entry.paymentKey === other,
    )
    expect(order).toMatchObject({ paymentMethod: 'CASH', amountKurus: 100 })
    expect(order?.corrected).toBeUndefined()
  })
})

describe('a past order keeps its facts: what is said and written', () => {
  /** How many times the board announces the order while `act` runs: each is one write of it. */
  async function changesOf(core: Core, paymentKey: string, act: () => Promise<unknown>): Promise<number> {
    let count = 0
    const off = core.subscribe((event, payload) => {
      if (event === 'orderChanged' && (payload as { paymentKey?: string }).paymentKey === paymentKey)
        count += 1
    })
    try {
      await act()
    } finally {
      off()
    }
    return count
  }

  const linkOf = (query: string) => {
    const link = parseOrderLink(`pos-companion://order/${ORDER}${query}`)
    if (!link.ok) throw new Error(link.reason)
    return link.order
  }

  it('a link that names no courier keeps Ahmet without saying it kept him', async () => {
    const past = await pastOrder()
    await past.core.intake.addOrder(linkOf('?label=Masa%205'), 'link')
    expect(past.core.intake.dayEnd().couriers.map((line) => line.courier)).toEqual(['Ahmet'])
    expect((await past.onBoard())?.courier?.name).toBe('Ahmet')
    expect(past.log.lines.filter((line) => line.includes('kept the courier of an order'))).toEqual([])
  })

  it('a link that names the same courier keeps Ahmet without saying another was offered', async () => {
    const past = await pastOrder()
    await past.core.intake.addOrder(linkOf('?courier=Ahmet'), 'link')
    expect(past.core.intake.dayEnd().couriers.map((line) => line.courier)).toEqual(['Ahmet'])
    expect(past.log.lines.filter((line) => line.includes('kept the courier of an order'))).toEqual([])
  })

  it('a refused change is logged once: a later way in that offers nothing new logs nothing again', async () => {
    const past = await pastOrder()
    await byLink(past)
    const refused = (await past.onBoard())?.refusedChange
    expect(refused).toMatchObject({ source: 'link' })
    await past.core.intake.addOrder(linkOf('?label=Masa%205'), 'link')
    await past.core.intake.addOrder(linkOf(''), 'command-line')
    expect(past.log.lines.filter((line) => line.includes('kept what was known'))).toHaveLength(1)
    // The card still shows the first refusal, unchanged.
    expect((await past.onBoard())?.refusedChange).toEqual(refused)
  })

  it('an order back on the board that already has every known fact is written once per way in', async () => {
    const past = await pastOrder()
    await byLink(past)
    // On the board now with all the ledger knows: a link adding nothing is one write, not a merge of the known too.
    expect(await changesOf(past.core, ORDER, () => past.core.intake.addOrder(linkOf(''), 'link'))).toBe(1)
  })

  it('staff’s own label on the board is not reported as a change the ledger offered', async () => {
    const past = await pastOrder()
    // Staff type the order back with another table: they may change what is known.
    await past.core.intake.addOrder({ paymentKey: ORDER, details: { label: 'Masa 7' } }, 'typed')
    expect(await past.onBoard()).toMatchObject({ label: 'Masa 7' })
    // A link then brings the ledger's facts: they fill what is unknown, and the label staff gave stays unremarked.
    await past.core.intake.addOrder(linkOf(''), 'link')
    const order = await past.onBoard()
    expect(order).toMatchObject({ label: 'Masa 7', paymentMethod: 'CASH', amountKurus: 50000 })
    expect(order?.refusedChange).toBeUndefined()
    expect(past.log.lines.filter((line) => line.includes('kept what was known'))).toEqual([])
  })

  it('an order that came without the branch and courier it named says so in the log, by way in only', async () => {
    const past = await pastOrder()
    const other = DEMO_ORDER_IDS.kadikoyCreditCardDelivery
    await past.core.intake.addOrder(
      { paymentKey: other, details: { branch: 'nowhere' }, courier: 'Kimse' },
      'drop-folder',
    )
    for (const said of ['without its branch', 'without its courier']) {
      const lines = past.log.lines.filter((line) => line.includes(`an order came ${said}`))
      expect(lines).toHaveLength(1)
      expect(lines[0]).toContain('"source":"drop-folder"')
      expect(lines[0]).not.toMatch(/nowhere|Kimse/)
    }
  })

  it('the POS’s `ready: true` marks the order ready; an order without it is not', async () => {
    const past = await pastOrder()
    const other = DEMO_ORDER_IDS.kadikoyCreditCardDelivery
    const ready = parsePosOrder({ payment_key: other, payment_method: 'CASH', ready: true })
    if (!ready.ok) throw new Error(ready.code)
    await past.core.intake.addOrder(ready.value, 'pos-api')
    const list = value(await past.core.handlers.listOrders(undefined))
    expect(list.find((entry) => entry.paymentKey === other)?.readyAt).toEqual(expect.any(String))
    // The past order came back without `ready`: not marked.
    await byLink(past)
    expect((await past.onBoard())?.readyAt).toBeUndefined()
  })
})
