import { describe, expect, it, vi } from 'vitest'
import { ManualClock } from '../../../test-support/core/manual-clock.ts'
import { recordingLogger } from '../../../test-support/core/memory-adapters.ts'
import { testBoard } from '../../../test-support/core/orders/test-parts.ts'
import {
  DEFAULT_SETTINGS,
  type BoardOrder,
  type Branch,
  type HistoryEntry,
} from '../../../src-shared/domain.ts'
import { toAppError } from '../app-failure.ts'
import { silentLogger } from '../ports.ts'
import { MemoryHistoryArchive } from '../storage/history-archive.ts'
import { MemoryJournal } from '../storage/memory-journal.ts'
import { BranchList } from './branch-list.ts'
import { CourierDay } from './courier-day.ts'
import { CourierLedger } from './courier-ledger.ts'

const ZONE = 'Europe/Istanbul'
/** 12:00 in Istanbul on 2026-11-24. */
const NOON = Date.UTC(2026, 10, 24, 9, 0, 0)
const KEY_A = '3f1b6a9e-0c1d-4e2f-9a3b-5c6d7e8f9a0b'
const KEY_B = '4a2c7b0f-1d2e-4f30-8b4c-6d7e8f9a0b1c'
const KEY_C = '5b3d8c1a-2e3f-4a41-9c5d-7e8f9a0b1c2d'
const DELIVERY = { shippingMethod: 'delivery', courierType: 'restaurant' } as const

/** A journal on a disk that fills up once `full` is set, the way node:fs fails. */
class FillingJournal extends MemoryJournal {
  full = false
  override append(record: unknown): void {
    if (this.full) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' })
    super.append(record)
  }
}

/**
 * The courier's day over a real board and ledger, with an outbox that records each hand-over it is asked for
 * and confirms it at once (the outbox's own rules have their own tests).
 */
function world(
  options: {
    courierRequired?: boolean
    branches?: Branch[] | Error
    /** The days History holds, as the outbox answers them. */
    days?: string[]
    couriersChanged?: (kind: string) => void
  } = {},
) {
  const clock = new ManualClock(NOON)
  const journal = new FillingJournal()
  const log = recordingLogger()
  const ledger = new CourierLedger({
    journal,
    archive: new MemoryHistoryArchive(),
    clock,
    log: silentLogger,
    timeZone: () => ZONE,
  })
  const board = testBoard({ clock })
  const history: HistoryEntry[] = []
  const sent: string[] = []
  /** What the outbox owes now: pressed, no answer yet. */
  const owed: string[] = []
  const outbox = {
    handOver: vi.fn((paymentKey: string) => {
      sent.push(paymentKey)
      const at = new Date(clock.now()).toISOString()
      history.push({ seq: history.length, paymentKey, attempt: 1, at, result: 'handed-over' })
      return Promise.resolve(board.setHandover(paymentKey, { state: 'handed-over', at }))
    }),
    owedNow: () => [...owed],
    dayHistory: () => ({ entries: history, days: options.days ?? ['2026-11-24'] }),
  }
  const branchAnswer = options.branches ?? []
  const branches = new BranchList(
    () => (branchAnswer instanceof Error ? Promise.reject(branchAnswer) : Promise.resolve(branchAnswer)),
    clock,
    silentLogger,
  )
  const settings = {
    ...DEFAULT_SETTINGS,
    courierRequired: options.courierRequired ?? false,
    platformTimeZone: ZONE,
    language: 'tr' as const,
  }
  const shown: BoardOrder[] = []
  const kinds: string[] = []
  const day = new CourierDay({
    ledger,
    board,
    outbox,
    branches,
    settings: { get: () => settings },
    clock,
    log,
    orderChanged: (order) => shown.push(order),
    couriersChanged: (kind) => {
      kinds.push(kind)
      options.couriersChanged?.(kind)
    },
  })
  return { day, ledger, board, journal, outbox, sent, owed, shown, kinds, clock, log, history }
}

async function problemOf(work: () => unknown): Promise<string | undefined> {
  try {
    await work()
  } catch (error) {
    const appError = toAppError(error)
    return appError.code === 'invalid-input' ? appError.problem : appError.code
  }
  return undefined
}

describe('the hand-over that names its courier', () => {
  it('writes the order and its courier to the ledger, then hands over; the card shows the courier', async () => {
    const { day, ledger, board, journal, sent } = world()
    const ahmet = day.addCourier({ requestId: 'r1', name: 'Ahmet' })
    board.add(KEY_A, { ...DELIVERY, paymentMethod: 'CASH', amountKurus: 39990, branch: 'b1' })
    const order = day.withCourier(await day.handOver(KEY_A, { id: ahmet.id }))
    expect(sent).toEqual([KEY_A])
    expect(order.courier).toEqual({ id: ahmet.id, name: 'Ahmet' })
    expect(journal.records.map((record) => (record as { type: string }).type)).toEqual([
      'courier-added',
      'order-noted',
      'assigned',
    ])
    expect(ledger.live().orders.get(KEY_A)).toEqual({
      paymentMethod: 'CASH',
      amountKurus: 39990,
      branch: 'b1',
      leftAt: new Date(NOON).toISOString(),
    })
    expect(day.dayEnd().couriers[0]).toMatchObject({ name: 'Ahmet', packages: 1, cashToCollectKurus: 39990 })
  })

  it.each([
    ['an unknown courier', { id: 'no-such-courier' }, 'unknown-courier'],
    ['an unknown name', { name: 'Kimse' }, 'unknown-courier'],
  ] as const)('refuses %s and sends nothing', async (_case, courier, problem) => {
    const { day, board, journal, sent } = world()
    board.add(KEY_A, DELIVERY)
    expect(await problemOf(() => day.handOver(KEY_A, courier))).toBe(problem)
    expect(sent).toEqual([])
    expect(journal.records).toEqual([])
  })

  it('refuses a retired courier and sends nothing', async () => {
    const { day, board, journal, sent } = world()
    const veli = day.addCourier({ requestId: 'r1', name: 'Veli' })
    day.retireCourier({ requestId: 'r2', courierId: veli.id })
    board.add(KEY_A, { ...DELIVERY, paymentMethod: 'CASH', amountKurus: 1000 })
    const before = journal.records.length
    expect(await problemOf(() => day.handOver(KEY_A, { id: veli.id }))).toBe('courier-retired')
    expect(sent).toEqual([])
    expect(journal.records).toHaveLength(before)
  })

  it('refuses a hand-over without a courier when Settings require one; with one, it goes', async () => {
    const { day, board, sent } = world({ courierRequired: true })
    const ayse = day.addCourier({ requestId: 'r1', name: 'Ayşe' })
    board.add(KEY_A, DELIVERY)
    expect(await problemOf(() => day.handOver(KEY_A))).toBe('courier-required')
    expect(sent).toEqual([])
    await day.handOver(KEY_A, { id: ayse.id })
    expect(sent).toEqual([KEY_A])
  })

  it('sends nothing when the disk refuses the ledger write (disk-full), and the order stays unpressed', async () => {
    const { day, board, journal, sent } = world()
    const ahmet = day.addCourier({ requestId: 'r1', name: 'Ahmet' })
    board.add(KEY_A, { ...DELIVERY, paymentMethod: 'CASH', amountKurus: 1000 })
    journal.full = true
    expect(await problemOf(() => day.handOver(KEY_A, { id: ahmet.id }))).toBe('disk-full')
    expect(sent).toEqual([])
    expect(board.get(KEY_A)?.handover).toEqual({ state: 'none' })
    expect(day.withCourier(board.require(KEY_A)).courier).toBeUndefined()
  })

  it('refuses a pickup or platform-courier order before writing anything', async () => {
    const { day, board, journal, sent } = world()
    const ahmet = day.addCourier({ requestId: 'r1', name: 'Ahmet' })
    board.add(KEY_A, { shippingMethod: 'pickup' })
    board.add(KEY_B, { courierType: 'platform' })
    expect(await problemOf(() => day.handOver(KEY_A, { id: ahmet.id }))).toBe('not-eligible')
    expect(await problemOf(() => day.handOver(KEY_B, { id: ahmet.id }))).toBe('not-eligible')
    expect(sent).toEqual([])
    expect(journal.records).toHaveLength(1)
  })

  it('answers an order already handed over as it is, without naming a courier for it', async () => {
    const { day, board, sent } = world()
    const ahmet = day.addCourier({ requestId: 'r1', name: 'Ahmet' })
    const mehmet = day.addCourier({ requestId: 'r2', name: 'Mehmet' })
    board.add(KEY_A, DELIVERY)
    await day.handOver(KEY_A, { id: ahmet.id })
    const again = day.withCourier(await day.handOver(KEY_A, { id: mehmet.id }))
    expect(again.courier?.name).toBe('Ahmet')
    expect(sent).toEqual([KEY_A, KEY_A])
  })
})

describe('the calls over the ledger', () => {
  it('answers a replayed request id with the first record and writes nothing more', () => {
    const { day, journal } = world()
    const first = day.addCourier({ requestId: 'same', name: 'Ahmet' })
    const again = day.addCourier({ requestId: 'same', name: 'Ahmet' })
    expect(again).toEqual(first)
    const cash = day.recordCash({ requestId: 'cash-1', courierId: first.id, amountKurus: 5000 })
    expect(day.recordCash({ requestId: 'cash-1', courierId: first.id, amountKurus: 5000 })).toEqual(cash)
    expect(journal.records).toHaveLength(2)
    // The same id for another kind of record is refused.
    expect(() => day.retireCourier({ requestId: 'cash-1', courierId: first.id })).toThrow(/id-reused/)
  })

  it.each([
    ['a fraction of a kuruş', 12.5],
    ['a negative amount', -100],
    ['more than 10,000,000 ₺', 1_000_000_001],
    ['not a number at all', Number.NaN],
  ])('refuses %s as amount-invalid', async (_case, amountKurus) => {
    const { day, journal } = world()
    const ahmet = day.addCourier({ requestId: 'r1', name: 'Ahmet' })
    expect(await problemOf(() => day.recordCash({ requestId: 'c', courierId: ahmet.id, amountKurus }))).toBe(
      'amount-invalid',
    )
    expect(journal.records).toHaveLength(1)
  })

  it('refuses cash for an unknown courier, a correction of an unknown record, a day in the future', async () => {
    const { day } = world()
    const ahmet = day.addCourier({ requestId: 'r1', name: 'Ahmet' })
    expect(
      await problemOf(() => day.recordCash({ requestId: 'c1', courierId: 'nobody', amountKurus: 1 })),
    ).toBe('unknown-courier')
    expect(
      await problemOf(() => day.correctCash({ requestId: 'c2', corrects: 'nothing', amountKurus: 1 })),
    ).toBe('unknown-cash-record')
    expect(
      await problemOf(() =>
        day.recordCash({ requestId: 'c3', courierId: ahmet.id, amountKurus: 1, day: '2026-11-25' }),
      ),
    ).toBe('day-invalid')
    // Month 13 is no day either: refused as such, not a crash.
    expect(
      await problemOf(() =>
        day.recordCash({ requestId: 'c4', courierId: ahmet.id, amountKurus: 1, day: '2026-13-01' }),
      ),
    ).toBe('day-invalid')
  })

  it('assigns a package to a retired courier never, and announces an assignment to the card', async () => {
    const { day, board, shown, kinds } = world()
    const ahmet = day.addCourier({ requestId: 'r1', name: 'Ahmet' })
    const veli = day.addCourier({ requestId: 'r2', name: 'Veli' })
    day.retireCourier({ requestId: 'r3', courierId: veli.id })
    board.add(KEY_A, DELIVERY)
    expect(
      await problemOf(() => day.assignCourier({ requestId: 'a1', paymentKey: KEY_A, courierId: veli.id })),
    ).toBe('courier-retired')
    day.assignCourier({ requestId: 'a2', paymentKey: KEY_A, courierId: ahmet.id })
    expect(shown.at(-1)).toMatchObject({ paymentKey: KEY_A, courier: { id: ahmet.id, name: 'Ahmet' } })
    expect(kinds).toEqual(['couriers', 'couriers', 'couriers', 'assignment'])
    // A rename shows on every card of that courier.
    day.renameCourier({ requestId: 'r4', courierId: ahmet.id, name: 'Ahmet Y.' })
    expect(shown.at(-1)?.courier?.name).toBe('Ahmet Y.')
  })

  it('lists couriers with when they last took a package', async () => {
    const { day, board } = world()
    const ahmet = day.addCourier({ requestId: 'r1', name: 'Ahmet' })
    day.addCourier({ requestId: 'r2', name: 'Mehmet' })
    board.add(KEY_A, DELIVERY)
    await day.handOver(KEY_A, { id: ahmet.id })
    const listed = day.listCouriers()
    expect(listed.find((courier) => courier.name === 'Ahmet')?.lastUsedAt).toBe(new Date(NOON).toISOString())
    // A courier who never took one has no such field at all.
    expect(listed.find((courier) => courier.name === 'Mehmet')).toStrictEqual({
      id: expect.any(String) as string,
      name: 'Mehmet',
      retired: false,
      addedAt: new Date(NOON).toISOString(),
    })
  })
})

describe('what the intake says of an order', () => {
  it('refuses a branch the signed-in keys do not list, and takes one they do', async () => {
    const { day } = world({ branches: [{ id: 'kadikoy', name: 'Kadıköy' }] })
    expect(await problemOf(() => day.checkBranch('besiktas'))).toBe('unknown-branch')
    expect(await problemOf(() => day.checkBranch('kadikoy'))).toBeUndefined()
  })

  it('takes a branch as it came when no branch list can be had (signed out, offline)', async () => {
    const { day } = world({ branches: new Error('signed out') })
    expect(await problemOf(() => day.checkBranch('anything'))).toBeUndefined()
  })

  it('a link, the command line and the drop folder add a courier but never replace one', () => {
    const { day, board, ledger } = world()
    const ahmet = day.addCourier({ requestId: 'r1', name: 'Ahmet' })
    const mehmet = day.addCourier({ requestId: 'r2', name: 'Mehmet' })
    board.add(KEY_A, DELIVERY)
    day.orderAdded(KEY_A, day.courierOf('ahmet').id, 'link')
    expect(ledger.assignmentOf(KEY_A)).toBe(ahmet.id)
    day.orderAdded(KEY_A, mehmet.id, 'drop-folder')
    day.orderAdded(KEY_A, mehmet.id, 'command-line')
    expect(ledger.assignmentOf(KEY_A)).toBe(ahmet.id)
    // The POS's keyed API may change it, as staff may.
    day.orderAdded(KEY_A, mehmet.id, 'pos-api')
    expect(ledger.assignmentOf(KEY_A)).toBe(mehmet.id)
  })
})

describe('the day-end and the strip', () => {
  it('shows who carries what, and a return settles what they carried before it', async () => {
    const { day, board, clock, history } = world()
    const ahmet = day.addCourier({ requestId: 'r1', name: 'Ahmet' })
    board.add(KEY_A, { ...DELIVERY, paymentMethod: 'CASH', amountKurus: 39990 })
    board.add(KEY_B, { ...DELIVERY, paymentMethod: 'CREDIT_CARD', amountKurus: 12000 })
    await day.handOver(KEY_A, { id: ahmet.id })
    await day.handOver(KEY_B, { id: ahmet.id })
    expect(day.couriersOut()).toEqual([
      {
        courierId: ahmet.id,
        name: 'Ahmet',
        packages: 2,
        cashToCollectKurus: 39990,
        amountUnknown: 0,
        paymentKeys: [KEY_A, KEY_B],
        unknownCount: 0,
        floatKurus: 0,
      },
    ])
    // A press the platform refused (History says so): that package is not out with the courier any more.
    const result = (key: string, outcome: HistoryEntry['result']) => {
      history.push({
        seq: history.length,
        paymentKey: key,
        attempt: 2,
        at: new Date(clock.now()).toISOString(),
        result: outcome,
      })
      day.orderMoved(key, board.get(key) ?? null)
    }
    // The platform refused it rather than confirming it.
    history.splice(
      history.findIndex((entry) => entry.paymentKey === KEY_B),
      1,
    )
    result(KEY_B, 'refused')
    expect(day.couriersOut()[0]?.paymentKeys).toEqual([KEY_A])
    result(KEY_B, 'handed-over')
    await clock.advance(60_000)
    day.recordCash({ requestId: 'c1', courierId: ahmet.id, amountKurus: 39000 })
    expect(day.couriersOut()).toEqual([])
    const settled = day.dayEnd()
    expect(settled.couriers[0]).toMatchObject({
      packages: 2,
      cashToCollectKurus: 39990,
      cashHandedInKurus: 39000,
      differenceKurus: -990,
      balance: 'short',
    })
    expect(settled.today).toBe('2026-11-24')
    expect(day.publicDayEnd()).toEqual({
      date: '2026-11-24',
      couriers: [
        {
          courier: 'Ahmet',
          packages: 2,
          cash_to_collect_kurus: 39990,
          cash_handed_in_kurus: 39000,
          difference_kurus: -990,
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
      unassigned_packages: 0,
      unassigned_cash_to_collect_kurus: 0,
      not_confirmed: { owed: 0, unconfirmed: 0, refused: 0 },
    })
  })
})

describe('the hand-over, its other paths', () => {
  it('refuses a second press while the first is still being sent, and writes nothing', async () => {
    const { day, board, journal, sent, owed } = world()
    const ahmet = day.addCourier({ requestId: 'r1', name: 'Ahmet' })
    board.add(KEY_A, DELIVERY)
    owed.push(KEY_A)
    expect(await problemOf(() => day.handOver(KEY_A, { id: ahmet.id }))).toBe('already-sending')
    expect(sent).toEqual([])
    expect(journal.records).toHaveLength(1)
  })

  it('hands over without a courier when Settings do not require one: the order is noted, nobody named', async () => {
    const { day, board, ledger, journal, sent } = world()
    board.add(KEY_A, { ...DELIVERY, paymentMethod: 'CASH', amountKurus: 1000 })
    await day.handOver(KEY_A)
    expect(sent).toEqual([KEY_A])
    expect(ledger.assignmentOf(KEY_A)).toBeUndefined()
    expect(journal.records.map((record) => (record as { type: string }).type)).toEqual(['order-noted'])
    expect(day.dayEnd().unassigned).toMatchObject({ packages: 1, cashToCollectKurus: 1000 })
    // Nobody to ask for it: not in the couriers' total or difference, in the public answer on its own.
    expect(day.dayEnd().totals).toMatchObject({ packages: 0, cashToCollectKurus: 0, balance: 'even' })
    expect(day.publicDayEnd()).toMatchObject({
      unassigned_packages: 1,
      unassigned_cash_to_collect_kurus: 1000,
    })
    expect(day.dayEndCsv('2026-11-24')).toContain(
      '24.11.2026;Kuryesi belirsiz;Toplam;;;;;1;10,00;;;;0;0;Hiçbir kuryenin farkına sayılmadı',
    )
  })

  it('hands over to a courier named by name, as the POS names one', async () => {
    const { day, board, ledger } = world()
    const ahmet = day.addCourier({ requestId: 'r1', name: 'Ahmet' })
    board.add(KEY_A, DELIVERY)
    await day.handOver(KEY_A, { name: 'AHMET' })
    expect(ledger.assignmentOf(KEY_A)).toBe(ahmet.id)
  })
})

describe('what the intake says of an order, its other paths', () => {
  it('checks branches against the list Settings asked for, without asking again', async () => {
    const { day } = world({ branches: new Error('offline') })
    day.branchesListed([{ id: 'kadikoy', name: 'Kadıköy' }])
    expect(await problemOf(() => day.checkBranch('besiktas'))).toBe('unknown-branch')
    expect(await problemOf(() => day.checkBranch('kadikoy'))).toBeUndefined()
  })

  it('notes an order already on its way that a way in names, and not one still waiting on the board', () => {
    const { day, board, ledger } = world()
    const ahmet = day.addCourier({ requestId: 'r1', name: 'Ahmet' })
    board.add(KEY_A, { ...DELIVERY, paymentMethod: 'CASH', amountKurus: 1000 })
    board.setHandover(KEY_A, { state: 'handed-over', at: new Date(NOON).toISOString() })
    day.orderAdded(KEY_A, undefined, 'pos-api')
    expect(ledger.live().orders.get(KEY_A)).toEqual({ paymentMethod: 'CASH', amountKurus: 1000 })
    expect(ledger.assignmentOf(KEY_A)).toBeUndefined()
    board.add(KEY_B, { ...DELIVERY, paymentMethod: 'CASH', amountKurus: 2000 })
    day.orderAdded(KEY_B, ahmet.id, 'link')
    expect(ledger.live().orders.get(KEY_B)).toBeUndefined()
    expect(ledger.assignmentOf(KEY_B)).toBe(ahmet.id)
  })

  it('lets staff’s typed order change a courier, and a link name one for a package taken off its courier', () => {
    const { day, board, ledger } = world()
    const ahmet = day.addCourier({ requestId: 'r1', name: 'Ahmet' })
    const mehmet = day.addCourier({ requestId: 'r2', name: 'Mehmet' })
    board.add(KEY_A, DELIVERY)
    day.orderAdded(KEY_A, ahmet.id, 'link')
    day.orderAdded(KEY_A, mehmet.id, 'typed')
    expect(ledger.assignmentOf(KEY_A)).toBe(mehmet.id)
    ledger.assign({ paymentKey: KEY_A, courierId: null })
    day.orderAdded(KEY_A, ahmet.id, 'link')
    expect(ledger.assignmentOf(KEY_A)).toBe(ahmet.id)
  })

  it('warns when a way in offers another courier for an order that keeps its own, not for the same one', () => {
    const { day, board, log } = world()
    const ahmet = day.addCourier({ requestId: 'r1', name: 'Ahmet' })
    const mehmet = day.addCourier({ requestId: 'r2', name: 'Mehmet' })
    board.add(KEY_A, DELIVERY)
    day.orderAdded(KEY_A, ahmet.id, 'link')
    day.orderAdded(KEY_A, ahmet.id, 'drop-folder')
    expect(log.lines).toEqual([])
    day.orderAdded(KEY_A, mehmet.id, 'drop-folder')
    expect(log.lines).toEqual([
      'warn couriers: kept the courier of an order; another way in offered another {"source":"drop-folder"}',
    ])
  })
})

describe('the calls over the ledger, their other paths', () => {
  it('gives, changes and takes away a badge; records and corrects cash with its note, day and courier', () => {
    const { day } = world()
    const ahmet = day.addCourier({ requestId: 'r1', name: 'Ahmet', badge: 'k-1' })
    const mehmet = day.addCourier({ requestId: 'r2', name: 'Mehmet' })
    expect(ahmet.badge).toBe('K-1')
    expect(day.setCourierBadge({ requestId: 'r3', courierId: ahmet.id, badge: 'k-9' }).badge).toBe('K-9')
    expect(day.setCourierBadge({ requestId: 'r4', courierId: ahmet.id, badge: null }).badge).toBeUndefined()
    const cash = day.recordCash({
      requestId: 'c1',
      courierId: ahmet.id,
      amountKurus: 5000,
      note: 'bozuk para',
      day: '2026-11-23',
    })
    expect(cash).toMatchObject({ id: 'c1', amountKurus: 5000, note: 'bozuk para', day: '2026-11-23' })
    const corrected = day.correctCash({
      requestId: 'c2',
      corrects: 'c1',
      amountKurus: 4500,
      courierId: mehmet.id,
      note: 'Mehmet getirdi',
    })
    expect(corrected).toMatchObject({
      id: 'c2',
      corrects: 'c1',
      courierId: mehmet.id,
      amountKurus: 4500,
      note: 'Mehmet getirdi',
      day: '2026-11-23',
    })
  })

  it('takes a package off its courier, and notes an order on its way so the day-end counts its cash', async () => {
    const { day, board, ledger } = world()
    const ahmet = day.addCourier({ requestId: 'r1', name: 'Ahmet' })
    board.add(KEY_A, { ...DELIVERY, paymentMethod: 'CASH', amountKurus: 1000 })
    // Handed over before the ledger knew of it: the assignment brings its facts.
    await day.handOver(KEY_A)
    board.add(KEY_B, { ...DELIVERY, paymentMethod: 'CASH', amountKurus: 2000 })
    board.setHandover(KEY_B, { state: 'handed-over', at: new Date(NOON).toISOString() })
    expect(day.assignCourier({ requestId: 'a1', paymentKey: KEY_B, courierId: ahmet.id })).toEqual({
      paymentKey: KEY_B,
      courierId: ahmet.id,
      at: new Date(NOON).toISOString(),
    })
    expect(ledger.live().orders.get(KEY_B)).toEqual({ paymentMethod: 'CASH', amountKurus: 2000 })
    expect(day.assignCourier({ requestId: 'a2', paymentKey: KEY_B, courierId: null }).courierId).toBeNull()
    expect(ledger.assignmentOf(KEY_B)).toBeNull()
    // An order not yet pressed is not noted: its amount may still change on the board.
    board.add(KEY_C, { ...DELIVERY, paymentMethod: 'CASH', amountKurus: 3000 })
    day.assignCourier({ requestId: 'a3', paymentKey: KEY_C, courierId: ahmet.id })
    expect(ledger.live().orders.get(KEY_C)).toBeUndefined()
    expect(
      await problemOf(() => day.assignCourier({ requestId: 'a4', paymentKey: KEY_C, courierId: 'nobody' })),
    ).toBe('unknown-courier')
    // Refused before anything is written: not even the facts of an order on its way.
    const KEY_D = '6c4e9d2b-3f40-4b52-8d6e-8f9a0b1c2d3e'
    board.add(KEY_D, { ...DELIVERY, paymentMethod: 'CASH', amountKurus: 4000 })
    board.setHandover(KEY_D, { state: 'handed-over', at: new Date(NOON).toISOString() })
    expect(
      await problemOf(() => day.assignCourier({ requestId: 'a5', paymentKey: KEY_D, courierId: 'nobody' })),
    ).toBe('unknown-courier')
    expect(ledger.live().orders.get(KEY_D)).toBeUndefined()
  })

  it('shows the courier only on the cards of that courier’s packages, and not on a card off the board', () => {
    const { day, board, ledger, shown, log } = world()
    const ahmet = day.addCourier({ requestId: 'r1', name: 'Ahmet' })
    board.add(KEY_A, DELIVERY)
    board.add(KEY_B, DELIVERY)
    day.assignCourier({ requestId: 'a1', paymentKey: KEY_A, courierId: ahmet.id })
    // A package that already left the board changes no card.
    ledger.assign({ paymentKey: KEY_C, courierId: ahmet.id })
    expect(shown.map((order) => order.paymentKey)).toEqual([KEY_A])
    shown.length = 0
    day.renameCourier({ requestId: 'r2', courierId: ahmet.id, name: 'Ahmet Y.' })
    expect(shown.map((order) => [order.paymentKey, order.courier?.name])).toEqual([[KEY_A, 'Ahmet Y.']])
    // Cash and order notes change no card.
    shown.length = 0
    day.recordCash({ requestId: 'c1', courierId: ahmet.id, amountKurus: 100 })
    ledger.noteOrder({ paymentKey: KEY_A, amountKurus: 500 })
    expect(shown).toEqual([])
    // The tender recorded at the door does: the card stops asking for cash (issue 28).
    ledger.setDoorTender({ paymentKey: KEY_A, method: 'CREDIT_CARD' })
    expect(shown.map((order) => [order.paymentKey, order.doorMethod])).toEqual([[KEY_A, 'CREDIT_CARD']])
    expect(log.lines).toEqual([])
  })

  it('logs a ledger change it could not announce, and the change stands', () => {
    const { day, ledger, log } = world({
      couriersChanged: () => {
        throw new Error('window gone')
      },
    })
    const ahmet = day.addCourier({ requestId: 'r1', name: 'Ahmet' })
    expect(ledger.courier(ahmet.id)?.name).toBe('Ahmet')
    expect(log.lines).toEqual([
      'error couriers: could not announce a ledger change {"error":"Error: window gone"}',
    ])
  })

  it('stops announcing and stops the ledger’s day-turn timer when disposed', () => {
    const { day, ledger, kinds, clock } = world()
    const timers = clock.pendingTimers
    day.dispose()
    // The ledger's compaction at the day's turn, and the push of the new day's settlement.
    expect(clock.pendingTimers).toBe(timers - 2)
    ledger.addCourier({ name: 'Ahmet' })
    expect(kinds).toEqual([])
  })
})

describe('the day-end, its other paths', () => {
  it('offers today and every day History holds, newest first, each once', () => {
    const { day } = world({ days: ['2026-11-20', '2026-11-24', '2026-11-22'] })
    const settled = day.dayEnd()
    expect(settled).toMatchObject({ day: '2026-11-24', today: '2026-11-24' })
    expect(settled.days).toEqual(['2026-11-24', '2026-11-22', '2026-11-20'])
    expect(day.dayEnd('2026-11-22')).toMatchObject({ day: '2026-11-22', today: '2026-11-24' })
    expect(world({ days: [] }).day.dayEnd().days).toEqual(['2026-11-24'])
  })

  it('counts an order still being sent as owed today only, in the screen and the public answer', async () => {
    const { day, board, owed } = world()
    const ahmet = day.addCourier({ requestId: 'r1', name: 'Ahmet' })
    board.add(KEY_A, DELIVERY)
    await day.handOver(KEY_A, { id: ahmet.id })
    owed.push(KEY_B)
    // KEY_B has no courier: still an order of the day the platform has not confirmed.
    expect(day.dayEnd().allOrders.notConfirmed).toEqual({ owed: 1, unconfirmed: 0, refused: 0 })
    expect(day.publicDayEnd().not_confirmed).toEqual({ owed: 1, unconfirmed: 0, refused: 0 })
    expect(day.dayEnd('2026-11-23').allOrders.notConfirmed.owed).toBe(0)
    expect(day.publicDayEnd('2026-11-23')).toMatchObject({ date: '2026-11-23', couriers: [] })
  })

  it('names a courier renamed since by their name of that day: the screen, the CSV, the public answer', async () => {
    const { day, board, clock } = world({ days: ['2026-11-24', '2026-11-25'] })
    const ahmet = day.addCourier({ requestId: 'r1', name: 'Ahmet' })
    board.add(KEY_A, { ...DELIVERY, paymentMethod: 'CASH', amountKurus: 1000 })
    await day.handOver(KEY_A, { id: ahmet.id })
    // The next day at noon he is renamed, and carries another package.
    await clock.advance(24 * 60 * 60 * 1000)
    day.renameCourier({ requestId: 'r2', courierId: ahmet.id, name: 'Ahmet Yılmaz' })
    board.add(KEY_B, { ...DELIVERY, paymentMethod: 'CASH', amountKurus: 2000 })
    await day.handOver(KEY_B, { id: ahmet.id })

    expect(day.dayEnd('2026-11-24').couriers.map((c) => [c.name, c.packages])).toEqual([['Ahmet', 1]])
    expect(day.publicDayEnd('2026-11-24').couriers.map((c) => c.courier)).toEqual(['Ahmet'])
    expect(day.dayEndCsv('2026-11-24')).toContain('24.11.2026;Ahmet;Kurye toplamı;;;;;1;10,00;')
    expect(day.dayEndCsv('2026-11-24')).not.toContain('Ahmet Yılmaz')
    // Today: today's name.
    expect(day.dayEnd().couriers.map((c) => [c.name, c.packages])).toEqual([['Ahmet Yılmaz', 1]])
    expect(day.publicDayEnd().couriers.map((c) => c.courier)).toEqual(['Ahmet Yılmaz'])
  })

  it('names branches from the list the keys gave, and writes the CSV in Settings’ language and zone', async () => {
    const { day, board } = world()
    day.branchesListed([{ id: 'b1', name: 'Kadıköy' }])
    const ahmet = day.addCourier({ requestId: 'r1', name: 'Ahmet' })
    board.add(KEY_A, { ...DELIVERY, paymentMethod: 'CASH', amountKurus: 39990, branch: 'b1' })
    await day.handOver(KEY_A, { id: ahmet.id })
    expect(day.dayEnd().couriers[0]?.branches).toEqual([
      { branch: 'b1', branchName: 'Kadıköy', packages: 1, cashToCollectKurus: 39990, amountUnknown: 0 },
    ])
    const csv = day.dayEndCsv('2026-11-24')
    expect(csv).toContain('24.11.2026;Ahmet;Kurye toplamı;;;;;1;399,90;0,00;-399,90;Dağıtımda;0;0;')
    // 12:00 in Istanbul, where the platform's day is.
    expect(csv).toContain(';24.11.2026 12:00:00;')
  })
})
