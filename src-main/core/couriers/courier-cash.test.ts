// The courier's whole cash in the core (issue 28): the one settlement every surface reads, the movements, the
// tender at the door, closing and its lock, debts carried oldest first, pay per package, the batch as a ledger
// fact, the per-day limit, and the four disagreements issue 28 saw, each over a real board and ledger.
import { describe, expect, it, vi } from 'vitest'
import { ManualClock } from '../../../test-support/core/manual-clock.ts'
import { testBoard } from '../../../test-support/core/orders/test-parts.ts'
import type { CourierToday } from '../../../src-shared/couriers.ts'
import { DEFAULT_SETTINGS, type HistoryEntry } from '../../../src-shared/domain.ts'
import { problemOf } from '../../../test-support/core/courier-parts.ts'
import { silentLogger } from '../ports.ts'
import { MemoryHistoryArchive } from '../storage/history-archive.ts'
import { MemoryJournal } from '../storage/memory-journal.ts'
import { BranchList } from './branch-list.ts'
import { CourierDay, PUSH_EVERY_MS } from './courier-day.ts'
import { CourierLedger, LEDGER_RECORDS_PER_DAY } from './courier-ledger.ts'

const ZONE = 'Europe/Istanbul'
/** 12:00 in Istanbul on 2026-11-24. */
const NOON = Date.UTC(2026, 10, 24, 9, 0, 0)
const MINUTE = 60_000
const key = (n: number) => `3f1b6a9e-0c1d-4e2f-9a3b-${String(100000000000 + n)}`
const DELIVERY = { shippingMethod: 'delivery', courierType: 'restaurant' } as const

/**
 * The courier's day over a real board and ledger. The outbox journals History as the real one does: a press is
 * a result only when the test says what the platform answered (`answer`); until then it is owed.
 */
function world(
  journal = new MemoryJournal(),
  archive = new MemoryHistoryArchive(),
  clock = new ManualClock(NOON),
) {
  const board = testBoard({ clock })
  const history: HistoryEntry[] = []
  const owed = new Set<string>()
  const dayHistory = vi.fn(() => ({ entries: [...history], days: ['2026-11-24'] }))
  const outbox = {
    handOver: vi.fn((paymentKey: string) => {
      owed.add(paymentKey)
      return Promise.resolve(
        board.setHandover(paymentKey, { state: 'sending', since: new Date(clock.now()).toISOString() }),
      )
    }),
    owedNow: () => [...owed],
    dayHistory,
  }
  const ledger = new CourierLedger({ journal, archive, clock, log: silentLogger, timeZone: () => ZONE })
  const settings = { ...DEFAULT_SETTINGS, platformTimeZone: ZONE, language: 'tr' as const }
  const pushed: CourierToday[] = []
  // What each push costs, as the stopwatch reads it (nothing unless a test says).
  const push = { costMs: 0, reads: 0 }
  const day = new CourierDay({
    ledger,
    board,
    outbox,
    branches: new BranchList(() => Promise.resolve([]), clock, silentLogger),
    settings: { get: () => settings },
    clock,
    log: silentLogger,
    orderChanged: () => undefined,
    couriersChanged: () => undefined,
    courierDayChanged: (today) => pushed.push(today),
    // A push starts at 1 s on the stopwatch and ends `costMs` later.
    stopwatch: () => (push.reads++ % 2 === 0 ? 1_000 : 1_000 + push.costMs),
    listedPaymentMethods: () =>
      Promise.resolve([
        { key: 'CASH', name: 'Nakit' },
        { key: 'CREDIT_CARD', name: 'Kredi Kartı' },
        { key: 'MEAL_CARD', name: 'Yemek Kartı' },
      ]),
  })
  /** The platform's answer to a press: History records it, and the board's change reaches the day. */
  const answer = (paymentKey: string, result: HistoryEntry['result']) => {
    owed.delete(paymentKey)
    const at = new Date(clock.now()).toISOString()
    history.push({ seq: history.length, paymentKey, attempt: 1, at, result })
    const handover =
      result === 'handed-over'
        ? ({ state: 'handed-over', at } as const)
        : ({ state: 'failed', at, error: { code: 'platform-refused', retryable: false } } as const)
    day.orderMoved(paymentKey, board.setHandover(paymentKey, handover))
  }
  /** An order on the board, pressed for `courierId`, and (unless `result` is null) answered. */
  const bag = async (
    n: number,
    courierId: string,
    facts: { paymentMethod?: string; amountKurus?: number } = { paymentMethod: 'CASH', amountKurus: 10_000 },
    result: HistoryEntry['result'] | null = 'handed-over',
    batchId?: string,
  ) => {
    board.add(key(n), { ...DELIVERY, ...facts })
    await day.handOver(key(n), { id: courierId }, batchId)
    if (result !== null) answer(key(n), result)
  }
  const courierLine = (courierId: string) => day.today().couriers.find((line) => line.courierId === courierId)
  return {
    day,
    ledger,
    board,
    clock,
    settings,
    push,
    history,
    answer,
    bag,
    pushed,
    dayHistory,
    courierLine,
    journal,
    archive,
  }
}

describe('the four disagreements of issue 28', () => {
  it('the strip carries a bag the POS assigned before the courier’s return and handed over after it', async () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    w.board.add(key(1), { ...DELIVERY, paymentMethod: 'CASH', amountKurus: 50_000 })
    // The POS names Ahmet at 12:00; Ahmet hands in at 12:10; the bag leaves at 12:20.
    w.day.orderAdded(key(1), ahmet.id, 'pos-api')
    await w.clock.advance(10 * MINUTE)
    w.day.recordCash({ requestId: 'c1', courierId: ahmet.id, amountKurus: 0 })
    await w.clock.advance(10 * MINUTE)
    await w.day.handOver(key(1), { id: ahmet.id })
    w.answer(key(1), 'handed-over')
    // The strip and Gün sonu agree: out with 500,00 ₺, not "owes -500,00 ₺" on one and nothing on the other.
    expect(w.day.couriersOut()).toMatchObject([{ name: 'Ahmet', packages: 1, cashToCollectKurus: 50_000 }])
    expect(w.courierLine(ahmet.id)).toMatchObject({ out: true, balance: 'out', expectedCashKurus: 50_000 })
  })

  it('a bag the platform refused is marked in the batch and left out of its totals and the day’s', async () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    const batch = w.day.startBatch({ requestId: 'batch-1', courierId: ahmet.id })
    await w.bag(1, ahmet.id, undefined, 'handed-over', batch.batchId)
    await w.bag(2, ahmet.id, undefined, 'refused', batch.batchId)
    const [shown] = w.day.today().batches
    expect(shown).toMatchObject({ batchId: 'batch-1', cashToCollectKurus: 10_000, refused: 1 })
    expect(shown?.bags.map((bag) => [bag.paymentKey, bag.refused])).toEqual([
      [key(1), false],
      [key(2), true],
    ])
    expect(w.courierLine(ahmet.id)).toMatchObject({
      packages: 1,
      cashToCollectKurus: 10_000,
      expectedCashKurus: 10_000,
    })
  })

  it('a bag whose method or amount is unknown is "unknown", never zero nor "kasa tam"', async () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    await w.bag(1, ahmet.id, { amountKurus: 10_000 })
    w.day.recordCash({ requestId: 'c1', courierId: ahmet.id, amountKurus: 0 })
    expect(w.courierLine(ahmet.id)).toMatchObject({ unknownCount: 1, balance: 'unknown', differenceKurus: 0 })
    expect(w.day.dayEndCsv('2026-11-24')).toContain(';Kontrol edin;')
  })

  it('a courier still carrying bags is out, not short', async () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    await w.bag(1, ahmet.id)
    expect(w.courierLine(ahmet.id)).toMatchObject({ out: true, balance: 'out', differenceKurus: -10_000 })
    expect(w.day.publicDayEnd().couriers).toMatchObject([{ difference_kurus: -10_000, closed: false }])
  })
})

describe('the courier’s whole cash', () => {
  it('a shift: float, three bags (card at the door, one refused), an expense, a drop, the hand-in, closing', async () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    const move = (
      id: string,
      kind: 'float' | 'expense' | 'handed-in' | 'advance' | 'debt-repaid',
      amountKurus: number,
      note?: string,
    ) => w.day.recordMovement({ requestId: id, courierId: ahmet.id, kind, amountKurus, note })
    move('f1', 'float', 10_000, 'bozuk para')
    await w.bag(1, ahmet.id, { paymentMethod: 'CASH', amountKurus: 39_990 })
    await w.bag(2, ahmet.id, { paymentMethod: 'CASH', amountKurus: 25_000 })
    await w.bag(3, ahmet.id, { paymentMethod: 'CASH', amountKurus: 12_000 }, 'refused')
    await w.day.setDoorTender({ requestId: 't1', paymentKey: key(2), method: 'credit_card' })
    move('e1', 'expense', 2_000, 'yakıt')
    await w.clock.advance(30 * MINUTE)
    move('d1', 'handed-in', 20_000, 'ara teslim')
    move('h1', 'handed-in', 27_000)
    const line = w.courierLine(ahmet.id)
    // Expected = float + cash at the door − expenses = 100,00 + 399,90 − 20,00 = 479,90 ₺.
    expect(line).toMatchObject({
      packages: 2,
      cashToCollectKurus: 39_990,
      floatKurus: 10_000,
      expensesKurus: 2_000,
      expectedCashKurus: 47_990,
      cashHandedInKurus: 47_000,
      differenceKurus: -990,
      cardAtDoorKurus: 25_000,
      balance: 'short',
      out: false,
      closed: false,
    })
    // Retried presses write nothing twice.
    move('h1', 'handed-in', 27_000)
    expect(w.courierLine(ahmet.id)?.cashHandedInKurus).toBe(47_000)

    const closing = w.day.closeAccount({ requestId: 'close-1', courierId: ahmet.id })
    expect(closing).toMatchObject({
      booked: 'debt',
      differenceKurus: -990,
      debtsAfter: [{ since: '2026-11-24', amountKurus: 990 }],
    })
    expect(w.courierLine(ahmet.id)).toMatchObject({ closed: true, debtCarriedKurus: 990 })
    // Closing again settles nothing twice: the same request answers the first closing.
    expect(w.day.closeAccount({ requestId: 'close-1', courierId: ahmet.id })).toEqual(closing)

    // The next day: the debt is carried and shown until repaid, oldest first.
    await w.clock.advance(24 * 60 * MINUTE)
    w.day.recordMovement({ requestId: 'r1', courierId: ahmet.id, kind: 'float', amountKurus: 5_000 })
    expect(w.courierLine(ahmet.id)).toMatchObject({ debtCarriedKurus: 990, debts: [{ since: '2026-11-24' }] })
    w.day.recordMovement({ requestId: 'r2', courierId: ahmet.id, kind: 'debt-repaid', amountKurus: 990 })
    expect(w.courierLine(ahmet.id)).toMatchObject({ debtCarriedKurus: 0, debtRepaidKurus: 990 })
    expect(w.day.dayEnd('2026-11-24').couriers[0]).toMatchObject({ debtCarriedKurus: 990, closed: true })
  })

  it('a debt repaid on a day with no closing clears it on every later day, and the next closing settles it', async () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    await w.bag(1, ahmet.id)
    w.day.recordCash({ requestId: 'h1', courierId: ahmet.id, amountKurus: 9_000 })
    w.day.closeAccount({ requestId: 'close-1', courierId: ahmet.id })
    await w.clock.advance(24 * 60 * MINUTE)
    w.day.recordMovement({ requestId: 'r1', courierId: ahmet.id, kind: 'debt-repaid', amountKurus: 600 })
    await w.clock.advance(24 * 60 * MINUTE)
    w.day.recordMovement({ requestId: 'f1', courierId: ahmet.id, kind: 'float', amountKurus: 1_000 })
    // Two days after the closing: 10,00 ₺ owed, 6,00 ₺ repaid the day before.
    expect(w.courierLine(ahmet.id)).toMatchObject({ debtCarriedKurus: 400, debts: [{ since: '2026-11-24' }] })
    w.day.recordCash({ requestId: 'h2', courierId: ahmet.id, amountKurus: 1_000 })
    const next = w.day.closeAccount({ requestId: 'close-2', courierId: ahmet.id })
    expect(next).toMatchObject({ booked: 'even', debtsAfter: [{ since: '2026-11-24', amountKurus: 400 }] })
    expect(next.movementIds).toEqual(expect.arrayContaining(['r1', 'f1', 'h2']))
    // Settled once: the repayment does not pay the debt a second time.
    expect(w.courierLine(ahmet.id)).toMatchObject({ debtCarriedKurus: 400, closed: true })
  })

  it('refuses to close a courier carrying bags until staff confirm; lists them on the closing', async () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    await w.bag(1, ahmet.id)
    expect(await problemOf(() => w.day.closeAccount({ requestId: 'x', courierId: ahmet.id }))).toBe(
      'courier-out',
    )
    const closing = w.day.closeAccount({ requestId: 'x', courierId: ahmet.id, carryingConfirmed: true })
    expect(closing.carried).toEqual([key(1)])
    expect(closing).toMatchObject({ paymentKeys: [key(1)], differenceKurus: -10_000, booked: 'debt' })
  })

  it('an overage is booked as staff choose: a tip, or a credit that pays debts first', async () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    await w.bag(1, ahmet.id)
    w.day.recordCash({ requestId: 'h1', courierId: ahmet.id, amountKurus: 9_000 })
    w.day.closeAccount({ requestId: 'close-1', courierId: ahmet.id })
    await w.bag(2, ahmet.id)
    w.day.recordCash({ requestId: 'h2', courierId: ahmet.id, amountKurus: 12_000 })
    expect(await problemOf(() => w.day.closeAccount({ requestId: 'close-2', courierId: ahmet.id }))).toBe(
      'overage-choice',
    )
    const credit = w.day.closeAccount({ requestId: 'close-2', courierId: ahmet.id, overage: 'credit' })
    // 20,00 ₺ over: 10,00 ₺ pays the debt of the first closing, 10,00 ₺ is credit.
    expect(credit).toMatchObject({
      booked: 'credit',
      differenceKurus: 2_000,
      debtsAfter: [],
      creditAfterKurus: 1_000,
    })
    expect(w.courierLine(ahmet.id)).toMatchObject({ closed: true, debtCarriedKurus: 0, creditKurus: 1_000 })
  })

  it('locks a closed account: a later correction goes to the open account as the change it makes', async () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    await w.bag(1, ahmet.id)
    w.day.recordCash({ requestId: 'h1', courierId: ahmet.id, amountKurus: 10_000 })
    w.day.closeAccount({ requestId: 'close-1', courierId: ahmet.id })
    // The hand-in was really 95,00 ₺: corrected after the closing.
    w.day.correctCash({ requestId: 'fix', corrects: 'h1', amountKurus: 9_500 })
    const line = w.courierLine(ahmet.id)
    expect(line?.cash.map((cash) => [cash.id, cash.countedKurus, cash.settledBy])).toEqual([
      ['h1', 10_000, 'close-1'],
      ['fix', -500, undefined],
    ])
    expect(line).toMatchObject({ cashHandedInKurus: 9_500, differenceKurus: -500, closed: false })
    // The next closing settles only the correction: the bag is not counted again.
    const next = w.day.closeAccount({ requestId: 'close-2', courierId: ahmet.id })
    expect(next).toMatchObject({
      paymentKeys: [],
      movementIds: ['fix'],
      differenceKurus: -500,
      booked: 'debt',
    })
  })

  it('pays per package when on: for all or per courier, kept as it was on each day', async () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    const cem = w.day.addCourier({ requestId: 'b', name: 'Cem' })
    await w.bag(1, ahmet.id)
    await w.bag(2, ahmet.id)
    await w.bag(3, cem.id)
    expect(w.courierLine(ahmet.id)).toMatchObject({ payRateKurus: null, payKurus: null })
    expect(w.day.today().totals.payKurus).toBeNull()
    w.day.setPay({ requestId: 'p1', courierId: null, rateKurus: 4_000 })
    w.day.setPay({ requestId: 'p2', courierId: cem.id, rateKurus: 5_000 })
    w.day.recordMovement({ requestId: 'adv', courierId: ahmet.id, kind: 'advance', amountKurus: 3_000 })
    expect(w.courierLine(ahmet.id)).toMatchObject({ payRateKurus: 4_000, payKurus: 2 * 4_000 - 3_000 })
    expect(w.courierLine(cem.id)).toMatchObject({ payRateKurus: 5_000, payKurus: 5_000 })
    expect(w.day.getPay()).toEqual({ allRateKurus: 4_000, byCourier: { [cem.id]: 5_000 } })
    // The next day's rate does not rewrite this day.
    await w.clock.advance(24 * 60 * MINUTE)
    w.day.setPay({ requestId: 'p3', courierId: null, rateKurus: 9_999 })
    expect(
      w.day.dayEnd('2026-11-24').couriers.find((line) => line.courierId === ahmet.id)?.payRateKurus,
    ).toBe(4_000)
    expect(await problemOf(() => w.day.setPay({ requestId: 'p4', courierId: null, rateKurus: 1.5 }))).toBe(
      'amount-invalid',
    )
  })

  it('a batch is a ledger fact: a restart shows the same batch, with its bags, until it ends', async () => {
    const journal = new MemoryJournal()
    const archive = new MemoryHistoryArchive()
    const clock = new ManualClock(NOON)
    const w = world(journal, archive, clock)
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    const batch = w.day.startBatch({ requestId: 'batch-1', courierId: ahmet.id })
    await w.bag(1, ahmet.id, undefined, null, batch.batchId)
    // Another courier's batch is refused for this courier's bag.
    const cem = w.day.addCourier({ requestId: 'b', name: 'Cem' })
    w.board.add(key(2), { ...DELIVERY, paymentMethod: 'CASH', amountKurus: 1 })
    expect(await problemOf(() => w.day.handOver(key(2), { id: cem.id }, batch.batchId))).toBe('unknown-batch')

    const again = world(journal, archive, clock)
    // The hand-over still owed after the restart is the outbox's: here, the same board key owed again.
    again.board.add(key(1), { ...DELIVERY, paymentMethod: 'CASH', amountKurus: 10_000 })
    const [shown] = again.day.today().batches
    expect(shown).toMatchObject({ batchId: 'batch-1', name: 'Ahmet' })
    again.day.endBatch({ requestId: 'end-1', batchId: 'batch-1' })
    expect(again.day.today().batches[0]?.endedAt).toBeDefined()
  })

  it('records the tender at the door only as a method the platform lists', async () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    await w.bag(1, ahmet.id)
    expect(
      await problemOf(() => w.day.setDoorTender({ requestId: 't', paymentKey: key(1), method: 'BITCOIN' })),
    ).toBe('method-not-listed')
    expect(
      await problemOf(() => w.day.setDoorTender({ requestId: 't', paymentKey: key(99), method: 'CASH' })),
    ).toBe('unknown-order')
    await w.day.setDoorTender({ requestId: 't1', paymentKey: key(1), method: 'meal_card' })
    expect(w.courierLine(ahmet.id)?.bags[0]).toMatchObject({
      tender: 'door-other',
      doorMethod: 'MEAL_CARD',
      collect: false,
    })
    // Back to the order's own method.
    await w.day.setDoorTender({ requestId: 't2', paymentKey: key(1), method: null })
    expect(w.courierLine(ahmet.id)?.bags[0]).toMatchObject({ tender: 'cash', collect: true })
  })
})

describe('debts on every later account, and pay rates removed', () => {
  /** Ahmet closes 2026-11-24 short by 10,00 ₺. */
  async function shortClosing() {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    await w.bag(1, ahmet.id)
    w.day.recordCash({ requestId: 'h1', courierId: ahmet.id, amountKurus: 9_000 })
    w.day.closeAccount({ requestId: 'close-1', courierId: ahmet.id })
    return { w, ahmet }
  }

  it('lists a courier whose only fact on a day is the debt carried, before anything is recorded', async () => {
    const { w, ahmet } = await shortClosing()
    await w.clock.advance(24 * 60 * MINUTE)
    const line = w.courierLine(ahmet.id)
    expect(line).toMatchObject({ packages: 0, debtCarriedKurus: 1_000, debts: [{ since: '2026-11-24' }] })
    // Nothing to close: the debt alone leaves the day closed, and the totals carry it.
    expect(line?.closed).toBe(true)
    expect(w.day.today().totals).toMatchObject({ debtCarriedKurus: 1_000, closed: true })
    expect(w.day.publicDayEnd().couriers).toEqual([
      expect.objectContaining({ courier: 'Ahmet', debt_carried_kurus: 1_000, packages: 0 }),
    ])
    // A courier with neither debt nor credit has no line on a quiet day.
    w.day.recordMovement({ requestId: 'r1', courierId: ahmet.id, kind: 'debt-repaid', amountKurus: 1_000 })
    await w.clock.advance(24 * 60 * MINUTE)
    expect(w.courierLine(ahmet.id)).toBeUndefined()
  })

  it('reads a debt repaid more than a week before the day settled', async () => {
    const { w, ahmet } = await shortClosing()
    await w.clock.advance(24 * 60 * MINUTE)
    w.day.recordMovement({ requestId: 'r1', courierId: ahmet.id, kind: 'debt-repaid', amountKurus: 600 })
    // Twelve days on: the day turns compact the journal into day files each night.
    for (let day = 0; day < 12; day += 1) await w.clock.advance(24 * 60 * MINUTE)
    w.day.recordMovement({ requestId: 'f1', courierId: ahmet.id, kind: 'float', amountKurus: 1_000 })
    expect(w.courierLine(ahmet.id)).toMatchObject({ debtCarriedKurus: 400 })
    expect(
      w.day.dayEnd('2026-12-05').couriers.find((line) => line.courierId === ahmet.id)?.debtCarriedKurus,
    ).toBe(400)
    // The next closing reads it too, and settles it once.
    // 4,00 ₺ over the float: as credit, it pays the rest of the debt.
    w.day.recordCash({ requestId: 'h2', courierId: ahmet.id, amountKurus: 1_400 })
    const next = w.day.closeAccount({ requestId: 'close-2', courierId: ahmet.id, overage: 'credit' })
    expect(next).toMatchObject({ debtsAfter: [], creditAfterKurus: 0 })
    expect(next.movementIds).toEqual(expect.arrayContaining(['r1', 'h2']))
  })

  it('removing a courier’s own pay rate goes back to the rate for all', async () => {
    const w = world()
    const cem = w.day.addCourier({ requestId: 'b', name: 'Cem' })
    await w.bag(1, cem.id)
    w.day.setPay({ requestId: 'p1', courierId: null, rateKurus: 4_000 })
    w.day.setPay({ requestId: 'p2', courierId: cem.id, rateKurus: 5_000 })
    expect(w.courierLine(cem.id)).toMatchObject({ payRateKurus: 5_000 })
    expect(w.day.setPay({ requestId: 'p3', courierId: cem.id, rateKurus: null })).toEqual({
      allRateKurus: 4_000,
      byCourier: {},
    })
    expect(w.courierLine(cem.id)).toMatchObject({ payRateKurus: 4_000, payKurus: 4_000 })
  })

  it('the board’s card carries the tender recorded at the door', async () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    await w.bag(1, ahmet.id)
    const card = () => w.day.withCourier(w.board.require(key(1)))
    expect(card().doorMethod).toBeUndefined()
    await w.day.setDoorTender({ requestId: 't1', paymentKey: key(1), method: 'credit_card' })
    expect(card()).toMatchObject({ doorMethod: 'CREDIT_CARD', courier: { name: 'Ahmet' } })
    await w.day.setDoorTender({ requestId: 't2', paymentKey: key(1), method: null })
    expect(card().doorMethod).toBeUndefined()
  })
})

describe('the day-end CSV', () => {
  it('names the methods as the platform does: Nakit, not CASH; a card at the door apart', async () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    await w.bag(1, ahmet.id)
    await w.bag(2, ahmet.id, { paymentMethod: 'CASH', amountKurus: 25_000 })
    await w.day.setDoorTender({ requestId: 't1', paymentKey: key(2), method: 'CREDIT_CARD' })
    const rows = (await w.day.exportDayEndCsv('2026-11-24')).split('\r\n')
    const packages = rows.filter((row) => row.includes(';Ahmet;Paket;'))
    expect(packages).toHaveLength(2)
    expect(packages.every((row) => row.includes(';Nakit;') && !row.includes(';CASH;'))).toBe(true)
    expect(packages[1]).toContain('Kapıda kart (Kredi Kartı)')
    expect(packages[1]?.split(';')[18]).toBe('250,00')
  })
})

describe('a courier’s week', () => {
  it('lists seven days from Monday with their figures and sums them; its CSV says the same', async () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    w.day.setPay({ requestId: 'p', courierId: null, rateKurus: 4_000 })
    await w.bag(1, ahmet.id)
    w.day.recordCash({ requestId: 'h1', courierId: ahmet.id, amountKurus: 10_000 })
    await w.clock.advance(24 * 60 * MINUTE)
    w.day.recordMovement({ requestId: 'f', courierId: ahmet.id, kind: 'float', amountKurus: 2_000 })
    await w.bag(2, ahmet.id)
    w.day.recordCash({ requestId: 'h2', courierId: ahmet.id, amountKurus: 11_500 })
    // 2026-11-24 is a Tuesday: the week runs from Monday the 23rd to Sunday the 29th.
    const statement = w.day.statement({ courierId: ahmet.id })
    expect(statement).toMatchObject({ name: 'Ahmet', from: '2026-11-23', to: '2026-11-29' })
    expect(statement.days.map((day) => [day.day, day.packages, day.differenceKurus, day.payKurus])).toEqual([
      ['2026-11-23', 0, 0, null],
      ['2026-11-24', 1, 0, 4_000],
      ['2026-11-25', 1, -500, 4_000],
      ['2026-11-26', 0, 0, null],
      ['2026-11-27', 0, 0, null],
      ['2026-11-28', 0, 0, null],
      ['2026-11-29', 0, 0, null],
    ])
    expect(statement.totals).toMatchObject({
      packages: 2,
      floatKurus: 2_000,
      cashHandedInKurus: 21_500,
      differenceKurus: -500,
      payKurus: 8_000,
    })
    const rows = w.day.statementCsv({ courierId: ahmet.id }).split('\r\n')
    expect(rows).toHaveLength(1 + 7 + 1 + 1)
    expect(rows[3]?.split(';').slice(0, 4)).toEqual(['Ahmet', '25.11.2026', '1', '100,00'])
    expect(rows[8]?.split(';').slice(0, 3)).toEqual(['Ahmet', 'Toplam', '2'])
    expect(await problemOf(() => w.day.statement({ courierId: 'nobody' }))).toBe('unknown-courier')
  })
})

describe('one settlement, kept and pushed', () => {
  it('pushes today’s settlement once for a hand-over’s burst of records, and after each record', async () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    await Promise.resolve()
    w.pushed.length = 0
    w.board.add(key(1), { ...DELIVERY, paymentMethod: 'CASH', amountKurus: 10_000 })
    await w.day.handOver(key(1), { id: ahmet.id })
    await Promise.resolve()
    expect(w.pushed).toHaveLength(1)
    expect(w.pushed[0]?.out).toMatchObject([{ name: 'Ahmet', packages: 1 }])
    w.day.recordMovement({ requestId: 'f', courierId: ahmet.id, kind: 'float', amountKurus: 500 })
    await Promise.resolve()
    expect(w.pushed).toHaveLength(2)
    expect(w.pushed.at(-1)?.couriers[0]?.floatKurus).toBe(500)
  })

  it('holds the next push back four times as long as the last one took, never more than 250 ms', async () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    await Promise.resolve()
    // A push of a day this big takes 20 ms: the next waits 80 ms, and carries what came meanwhile.
    w.push.costMs = 20
    w.day.recordMovement({ requestId: 'f', courierId: ahmet.id, kind: 'float', amountKurus: 500 })
    await Promise.resolve()
    const pushes = w.pushed.length
    w.day.recordMovement({ requestId: 'g', courierId: ahmet.id, kind: 'float', amountKurus: 700 })
    await Promise.resolve()
    await w.clock.advance(79)
    expect(w.pushed).toHaveLength(pushes)
    await w.clock.advance(1)
    expect(w.pushed).toHaveLength(pushes + 1)
    expect(w.pushed.at(-1)?.couriers[0]?.floatKurus).toBe(1_200)
    // A push that took a second holds the next back 250 ms, not 4 s.
    w.push.costMs = 1_000
    await w.clock.advance(PUSH_EVERY_MS)
    w.day.recordMovement({ requestId: 'h', courierId: ahmet.id, kind: 'float', amountKurus: 100 })
    await Promise.resolve()
    w.day.recordMovement({ requestId: 'i', courierId: ahmet.id, kind: 'float', amountKurus: 100 })
    await Promise.resolve()
    await w.clock.advance(PUSH_EVERY_MS)
    expect(w.pushed.at(-1)?.couriers[0]?.floatKurus).toBe(1_400)
  })

  it('pushes today again when Settings change what is collected at the door', async () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    await w.bag(1, ahmet.id, { paymentMethod: 'MEAL_CARD', amountKurus: 10_000 })
    await Promise.resolve()
    await w.clock.advance(PUSH_EVERY_MS)
    expect(w.pushed.at(-1)?.out).toMatchObject([{ name: 'Ahmet', packages: 1, cashToCollectKurus: 0 }])
    w.settings.collectedAtDoor = ['CASH', 'MEAL_CARD']
    const pushes = w.pushed.length
    w.day.settingsChanged()
    await w.clock.advance(PUSH_EVERY_MS)
    expect(w.pushed).toHaveLength(pushes + 1)
    expect(w.pushed.at(-1)?.out).toMatchObject([{ name: 'Ahmet', packages: 1, cashToCollectKurus: 10_000 }])
  })

  it('pushes a rush of records at most once per wait, the last push carrying them all', async () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    await Promise.resolve()
    w.push.costMs = PUSH_EVERY_MS
    w.pushed.length = 0
    for (let n = 1; n <= 40; n += 1) {
      w.day.recordMovement({
        requestId: `f${String(n)}`,
        courierId: ahmet.id,
        kind: 'float',
        amountKurus: 100,
      })
      await Promise.resolve()
      await w.clock.advance(PUSH_EVERY_MS / 10)
    }
    await w.clock.advance(PUSH_EVERY_MS)
    // 40 records over four windows: one push per window and the last, not 40.
    expect(w.pushed.length).toBeLessThanOrEqual(6)
    expect(w.pushed.at(-1)?.couriers[0]?.floatKurus).toBe(4_000)
  })

  it('reads a past day’s History once and keeps it; a record computes it again from memory', () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    w.dayHistory.mockClear()
    w.day.publicDayEnd('2026-11-20')
    w.day.dayEnd('2026-11-20')
    w.day.dayEndCsv('2026-11-20')
    expect(w.dayHistory).toHaveBeenCalledTimes(1)
    w.day.recordCash({ requestId: 'c', courierId: ahmet.id, amountKurus: 100, day: '2026-11-20' })
    expect(w.day.dayEnd('2026-11-20').couriers[0]?.cashHandedInKurus).toBe(100)
    expect(w.dayHistory).toHaveBeenCalledTimes(1)
  })

  it('reads today’s History again only for a change that may have added a result to it', async () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    await w.bag(1, ahmet.id, undefined, null)
    w.day.today()
    w.dayHistory.mockClear()
    // Queued again, sending: the outbox writes no result for these; the settlement is computed from memory.
    const since = new Date(w.clock.now()).toISOString()
    w.day.orderMoved(key(1), w.board.setHandover(key(1), { state: 'queued', since, waitingForSignIn: false }))
    w.day.orderMoved(key(1), w.board.setHandover(key(1), { state: 'sending', since }))
    w.day.today()
    expect(w.dayHistory).not.toHaveBeenCalled()
    w.answer(key(1), 'handed-over')
    expect(w.courierLine(ahmet.id)?.packages).toBe(1)
    expect(w.dayHistory).toHaveBeenCalledTimes(1)
  })

  it(`refuses records past ${String(LEDGER_RECORDS_PER_DAY)} a day, and writes again the next day`, async () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    for (let index = 1; index < LEDGER_RECORDS_PER_DAY; index += 1) {
      w.ledger.recordMovement({ id: `m${String(index)}`, courierId: ahmet.id, kind: 'float', amountKurus: 1 })
    }
    expect(
      await problemOf(() =>
        w.day.recordMovement({ requestId: 'over', courierId: ahmet.id, kind: 'float', amountKurus: 1 }),
      ),
    ).toBe('day-full')
    await w.clock.advance(24 * 60 * MINUTE)
    expect(
      w.day.recordMovement({ requestId: 'next', courierId: ahmet.id, kind: 'float', amountKurus: 1 }).day,
    ).toBe('2026-11-25')
  })
})
