// The courier's day, the rules its other tests left unpinned (its mutation run, issue 23): the card's courier and
// tender, a batch named by id, what the app already knows of an order, the POS's cash under a used id, the door
// tender's checks, a closing's previous account, when today's History is read again, the settlements kept, and
// the push's cost and failure. Each over a real board and ledger, on a clock the test moves.
import { describe, expect, it, vi } from 'vitest'
import { ManualClock } from '../../../test-support/core/manual-clock.ts'
import { recordingLogger } from '../../../test-support/core/memory-adapters.ts'
import { testBoard } from '../../../test-support/core/orders/test-parts.ts'
import type { CourierToday } from '../../../src-shared/couriers.ts'
import { DEFAULT_SETTINGS, type Handover, type HistoryEntry } from '../../../src-shared/domain.ts'
import { problemOf } from '../../../test-support/core/courier-parts.ts'
import { silentLogger } from '../ports.ts'
import { MemoryHistoryArchive } from '../storage/history-archive.ts'
import { MemoryJournal } from '../storage/memory-journal.ts'
import { BranchList } from './branch-list.ts'
import { CourierDay, PUSH_EVERY_MS, type CourierDayDeps } from './courier-day.ts'
import { CourierLedger } from './courier-ledger.ts'

const ZONE = 'Europe/Istanbul'
/** 12:00 in Istanbul on 2026-11-24. */
const NOON = Date.UTC(2026, 10, 24, 9, 0, 0)
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const key = (n: number) => `7c2d6a9e-0c1d-4e2f-9a3b-${String(100000000000 + n)}`
const DELIVERY = { shippingMethod: 'delivery', courierType: 'restaurant' } as const
const iso = (ms: number) => new Date(ms).toISOString()

/**
 * The courier's day over a real board and ledger. The outbox answers a press at once (`handed-over` in History and
 * on the board) unless `pressesOwed` says the platform has not answered yet; History is read as a copy, so a
 * History kept too long shows in the figures.
 */
function world(
  options: {
    clock?: ManualClock
    journal?: MemoryJournal
    /** Pushes today's settlement to `pushed` (off unless asked: a push reads the day too). */
    push?: boolean | ((today: CourierToday) => void)
    stopwatch?: () => number
    /** The platform's payment methods (left out: the dep is missing). */
    listed?: CourierDayDeps['listedPaymentMethods']
  } = {},
) {
  const clock = options.clock ?? new ManualClock(NOON)
  const log = recordingLogger()
  const journal = options.journal ?? new MemoryJournal()
  const ledger = new CourierLedger({
    journal,
    archive: new MemoryHistoryArchive(),
    clock,
    log: silentLogger,
    timeZone: () => ZONE,
  })
  const board = testBoard({ clock })
  const history: HistoryEntry[] = []
  const owed: string[] = []
  const outbox = { pressesOwed: false }
  const dayHistory = vi.fn((day: string) => ({ entries: [...history], days: [day] }))
  /** History's entry for an attempt's result, now. */
  const result = (paymentKey: string, outcome: HistoryEntry['result'], label?: string) => {
    const entry: HistoryEntry = {
      seq: history.length,
      paymentKey,
      attempt: 1,
      at: iso(clock.now()),
      result: outcome,
    }
    if (label !== undefined) entry.label = label
    history.push(entry)
  }
  const settings = { ...DEFAULT_SETTINGS, platformTimeZone: ZONE, language: 'tr' as const }
  const pushed: CourierToday[] = []
  const push = options.push
  const day = new CourierDay({
    ledger,
    board,
    outbox: {
      handOver: (paymentKey: string) => {
        const since = iso(clock.now())
        if (outbox.pressesOwed) {
          owed.push(paymentKey)
          return Promise.resolve(board.setHandover(paymentKey, { state: 'sending', since }))
        }
        result(paymentKey, 'handed-over')
        return Promise.resolve(board.setHandover(paymentKey, { state: 'handed-over', at: since }))
      },
      owedNow: () => [...owed],
      dayHistory,
    },
    branches: new BranchList(() => Promise.resolve([]), clock, silentLogger),
    settings: { get: () => settings },
    clock,
    log,
    orderChanged: () => undefined,
    couriersChanged: () => undefined,
    ...(push === undefined || push === false
      ? {}
      : { courierDayChanged: push === true ? (today: CourierToday) => pushed.push(today) : push }),
    ...(options.stopwatch ? { stopwatch: options.stopwatch } : {}),
    ...(options.listed ? { listedPaymentMethods: options.listed } : {}),
  })
  /** The board's change of an order's hand-over, as the core passes it on. */
  const moved = (paymentKey: string, handover: Handover) =>
    day.orderMoved(paymentKey, board.setHandover(paymentKey, handover))
  const lineOf = (courierId: string, on?: string) =>
    day.dayEnd(on).couriers.find((line) => line.courierId === courierId)
  return {
    day,
    ledger,
    board,
    clock,
    journal,
    log,
    history,
    owed,
    outbox,
    dayHistory,
    result,
    pushed,
    moved,
    lineOf,
  }
}

/** Lets the pushes queued as microtasks run. */
const settled = () => new Promise((resolve) => setImmediate(resolve))

describe('the card: its courier and the tender at the door', () => {
  it('shows the tender recorded at the door on a card with no courier', async () => {
    const w = world()
    w.board.add(key(1), { ...DELIVERY, paymentMethod: 'CASH', amountKurus: 10_000 })
    await w.day.setDoorTender({ requestId: 't1', paymentKey: key(1), method: 'credit_card' })
    const order = w.board.require(key(1))
    expect(w.day.withCourier(order)).toStrictEqual({ ...order, doorMethod: 'CREDIT_CARD' })
  })

  it('passes on a card with neither courier nor tender as it is, not a copy', () => {
    const w = world()
    w.board.add(key(1), DELIVERY)
    const order = w.board.require(key(1))
    expect(w.day.withCourier(order)).toBe(order)
  })

  it('shows the courier on a card without a tender, and no tender field', () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    w.board.add(key(1), DELIVERY)
    w.day.assignCourier({ requestId: 'a1', paymentKey: key(1), courierId: ahmet.id })
    const order = w.board.require(key(1))
    expect(w.day.withCourier(order)).toStrictEqual({ ...order, courier: { id: ahmet.id, name: 'Ahmet' } })
  })
})

describe('a hand-over into a batch', () => {
  it('goes into the batch named by its id, not the first one started', async () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    const cem = w.day.addCourier({ requestId: 'b', name: 'Cem' })
    w.day.startBatch({ requestId: 'batch-a', courierId: ahmet.id })
    w.day.startBatch({ requestId: 'batch-c', courierId: cem.id })
    w.board.add(key(1), { ...DELIVERY, paymentMethod: 'CASH', amountKurus: 10_000 })
    await w.day.handOver(key(1), { id: cem.id }, 'batch-c')
    const batches = w.day.today().batches
    expect(batches.find((batch) => batch.batchId === 'batch-c')?.bags.map((bag) => bag.paymentKey)).toEqual([
      key(1),
    ])
  })

  it('refuses a batch id nobody started before writing anything, though the courier has a batch', async () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    w.day.startBatch({ requestId: 'batch-a', courierId: ahmet.id })
    w.board.add(key(1), { ...DELIVERY, paymentMethod: 'CASH', amountKurus: 10_000 })
    const records = w.journal.records.length
    expect(await problemOf(() => w.day.handOver(key(1), { id: ahmet.id }, 'no-such-batch'))).toBe(
      'unknown-batch',
    )
    expect(w.journal.records).toHaveLength(records)
    expect(w.board.require(key(1)).handover).toEqual({ state: 'none' })
  })

  it('counts the press’s own result already in History, though today’s History was read before it', async () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    w.board.add(key(1), { ...DELIVERY, paymentMethod: 'CASH', amountKurus: 10_000 })
    expect(w.day.today().couriers).toEqual([])
    await w.day.handOver(key(1), { id: ahmet.id })
    expect(w.lineOf(ahmet.id)).toMatchObject({ packages: 1, cashToCollectKurus: 10_000 })
    // Without a courier too: the package is counted, as nobody's.
    w.board.add(key(2), { ...DELIVERY, paymentMethod: 'CASH', amountKurus: 2_000 })
    await w.day.handOver(key(2))
    expect(w.day.dayEnd().unassigned).toMatchObject({ packages: 1, cashToCollectKurus: 2_000 })
  })
})

describe('what the app already knows of an order', () => {
  it('knows nothing of an order no record and no History names', () => {
    const w = world()
    expect(w.day.knownOrder(key(1))).toBeUndefined()
  })

  it('knows the label History kept of an order the ledger never noted, and an order History kept unlabelled', () => {
    const w = world()
    w.result(key(1), 'handed-over', 'A-7')
    // One History kept without a label: known, with no label at all (not one left undefined).
    w.result(key(2), 'handed-over')
    expect(w.day.knownOrder(key(1))).toStrictEqual({ details: { label: 'A-7' }, courierId: undefined })
    expect(w.day.knownOrder(key(2))).toStrictEqual({ details: {}, courierId: undefined })
  })

  it('knows an order noted or assigned after the day’s first look, from the ledger in memory', () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    // The first look reads what the days before knew, once for the day.
    expect(w.day.knownOrder(key(9))).toBeUndefined()
    w.ledger.noteOrder({ paymentKey: key(1), paymentMethod: 'CASH', amountKurus: 1_500 })
    expect(w.day.knownOrder(key(1))).toStrictEqual({
      details: { paymentMethod: 'CASH', amountKurus: 1_500 },
      courierId: undefined,
    })
    w.ledger.assign({ paymentKey: key(2), courierId: ahmet.id })
    expect(w.day.knownOrder(key(2))).toStrictEqual({ details: {}, courierId: ahmet.id })
    // Taken off its courier: nobody carries it.
    w.ledger.assign({ paymentKey: key(2), courierId: null })
    expect(w.day.knownOrder(key(2))).toStrictEqual({ details: {}, courierId: undefined })
  })

  it('keeps the ledger’s label over History’s, and the courier of two days before', async () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    w.ledger.noteOrder({ paymentKey: key(1), paymentMethod: 'CASH', amountKurus: 1_500, label: 'L-1' })
    w.ledger.assign({ paymentKey: key(1), courierId: ahmet.id })
    w.result(key(1), 'handed-over', 'X-9')
    // An entry without a label says nothing of it.
    w.result(key(1), 'handed-over')
    await w.clock.advance(2 * DAY)
    expect(w.ledger.notedOf(key(1))).toBeUndefined()
    expect(w.day.knownOrder(key(1))).toStrictEqual({
      details: { paymentMethod: 'CASH', amountKurus: 1_500, label: 'L-1' },
      courierId: ahmet.id,
    })
  })

  it('reads the days before once a day, however many orders a drop folder asks of', async () => {
    const w = world()
    const days = vi.spyOn(w.ledger, 'day')
    w.day.knownOrder(key(1))
    w.day.knownOrder(key(2))
    expect(days).toHaveBeenCalledTimes(1)
    await w.clock.advance(DAY)
    w.day.knownOrder(key(1))
    expect(days).toHaveBeenCalledTimes(2)
  })
})

describe('the POS’s cash under its request id', () => {
  const cash = { courier: 'Ahmet', kind: 'handed-in', amountKurus: 5_000 } as const

  it('writes a second request as a record of its own, and answers a record without a note without one', () => {
    const w = world()
    w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    const first = w.day.posCash({ ...cash, requestId: 'pos-request-0001' })
    expect(first).toStrictEqual({
      created: true,
      record: {
        request_id: 'pos-request-0001',
        courier: 'Ahmet',
        kind: 'handed-in',
        amount_kurus: 5_000,
        day: '2026-11-24',
        at: iso(NOON),
      },
    })
    const second = w.day.posCash({ ...cash, requestId: 'pos-request-0002', amountKurus: 7_000 })
    expect(second).toMatchObject({ created: true, record: { amount_kurus: 7_000 } })
    expect(w.lineOf(w.day.courierOf('Ahmet').id)?.cashHandedInKurus).toBe(12_000)
  })

  it.each([
    ['another courier', { courier: 'Cem' }],
    ['a courier nobody knows', { courier: 'Kimse' }],
    ['another kind', { kind: 'expense' }],
    ['another note', { note: 'bozuk' }],
  ] as const)(
    'refuses the same request id with %s (id-reused), and writes nothing',
    async (_case, change) => {
      const w = world()
      w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
      w.day.addCourier({ requestId: 'b', name: 'Cem' })
      w.day.posCash({ ...cash, requestId: 'pos-request-0001' })
      const records = w.journal.records.length
      expect(
        await problemOf(() => w.day.posCash({ ...cash, requestId: 'pos-request-0001', ...change })),
      ).toBe('id-reused')
      expect(w.journal.records).toHaveLength(records)
      expect(w.day.posCash({ ...cash, requestId: 'pos-request-0001' }).created).toBe(false)
    },
  )
})

describe('the tender at the door, its checks', () => {
  const listed = () => Promise.resolve([{ key: 'CASH', name: 'Nakit' }])

  it('answers false for an order not on the board, and writes nothing', async () => {
    const w = world({ listed })
    const records = w.journal.records.length
    expect(await w.day.doorPayment(key(1), 'CASH')).toBe(false)
    expect(w.journal.records).toHaveLength(records)
  })

  it('writes the same method once: the POS saying it again is answered true, nothing written', async () => {
    const w = world({ listed })
    w.board.add(key(1), { ...DELIVERY, paymentMethod: 'CREDIT_CARD', amountKurus: 1_000 })
    expect(await w.day.doorPayment(key(1), 'cash')).toBe(true)
    const records = w.journal.records.length
    expect(await w.day.doorPayment(key(1), 'CASH')).toBe(true)
    expect(w.journal.records).toHaveLength(records)
    expect(w.ledger.tenderOf(key(1))).toBe('CASH')
  })

  it('takes a tender for an order known only by its courier (off the board, never noted)', async () => {
    const w = world({ listed })
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    w.ledger.assign({ paymentKey: key(1), courierId: ahmet.id })
    await w.day.setDoorTender({ requestId: 't1', paymentKey: key(1), method: 'cash' })
    expect(w.ledger.tenderOf(key(1))).toBe('CASH')
    expect(w.log.lines).toEqual([])
  })

  it('takes any method when the platform’s list cannot be had, but never an empty one', async () => {
    for (const list of [undefined, () => Promise.resolve(undefined)]) {
      const w = world(list ? { listed: list } : {})
      w.board.add(key(1), { ...DELIVERY, paymentMethod: 'CASH', amountKurus: 1_000 })
      await w.day.setDoorTender({ requestId: 't1', paymentKey: key(1), method: 'meal_card' })
      expect(w.ledger.tenderOf(key(1))).toBe('MEAL_CARD')
      expect(
        await problemOf(() => w.day.setDoorTender({ requestId: 't2', paymentKey: key(1), method: '  ' })),
      ).toBe('method-not-listed')
      // No list is no failure: nothing to warn of.
      expect(w.log.lines).toEqual([])
    }
  })

  it('warns when the list could not be asked for, and takes the method', async () => {
    const w = world({ listed: () => Promise.reject(new Error('offline')) })
    w.board.add(key(1), { ...DELIVERY, paymentMethod: 'CASH', amountKurus: 1_000 })
    await w.day.setDoorTender({ requestId: 't1', paymentKey: key(1), method: 'meal_card' })
    expect(w.ledger.tenderOf(key(1))).toBe('MEAL_CARD')
    expect(w.log.lines).toEqual([
      'warn couriers: the payment methods could not be listed {"error":"Error: offline"}',
    ])
  })
})

describe('closing an account, its other paths', () => {
  it('answers a closing’s request again with the first closing, after the courier retired', () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    w.day.recordMovement({ requestId: 'f', courierId: ahmet.id, kind: 'float', amountKurus: 1_000 })
    const closing = w.day.closeAccount({ requestId: 'close-1', courierId: ahmet.id })
    w.day.retireCourier({ requestId: 'r', courierId: ahmet.id })
    expect(w.day.closeAccount({ requestId: 'close-1', courierId: ahmet.id })).toEqual(closing)
  })

  it('refuses a day still to come', async () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    expect(
      await problemOf(() => w.day.closeAccount({ requestId: 'c', courierId: ahmet.id, day: '2026-11-25' })),
    ).toBe('day-invalid')
  })

  it('settles the courier asked for, and carries no other courier’s debt into it', async () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    const cem = w.day.addCourier({ requestId: 'b', name: 'Cem' })
    w.board.add(key(1), { ...DELIVERY, paymentMethod: 'CASH', amountKurus: 10_000 })
    await w.day.handOver(key(1), { id: ahmet.id })
    w.board.add(key(2), { ...DELIVERY, paymentMethod: 'CASH', amountKurus: 20_000 })
    await w.day.handOver(key(2), { id: cem.id })
    w.day.recordCash({ requestId: 'h1', courierId: ahmet.id, amountKurus: 9_000 })
    w.day.recordCash({ requestId: 'h2', courierId: cem.id, amountKurus: 20_000 })
    expect(w.day.closeAccount({ requestId: 'close-a', courierId: ahmet.id })).toMatchObject({
      booked: 'debt',
      debtsAfter: [{ amountKurus: 1_000 }],
    })
    expect(w.day.closeAccount({ requestId: 'close-c', courierId: cem.id })).toMatchObject({
      courierId: cem.id,
      paymentKeys: [key(2)],
      expectedCashKurus: 20_000,
      differenceKurus: 0,
      booked: 'even',
      debtsAfter: [],
      creditAfterKurus: 0,
    })
  })

  it('refuses to close a day before one already closed, and keeps the later closing’s debts', async () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    const mehmet = w.day.addCourier({ requestId: 'm', name: 'Mehmet' })
    w.day.recordMovement({ requestId: 'f1', courierId: ahmet.id, kind: 'float', amountKurus: 3_000 })
    w.day.recordMovement({ requestId: 'g1', courierId: mehmet.id, kind: 'float', amountKurus: 500 })
    await w.clock.advance(DAY)
    w.day.recordMovement({ requestId: 'f2', courierId: ahmet.id, kind: 'float', amountKurus: 1_000 })
    w.day.closeAccount({ requestId: 'close-25', courierId: ahmet.id })
    // Closed out of order, the 24th's 30,00 ₺ would have been left out of every day after the 25th.
    expect(
      await problemOf(() =>
        w.day.closeAccount({ requestId: 'close-24', courierId: ahmet.id, day: '2026-11-24' }),
      ),
    ).toBe('later-day-closed')
    expect(w.day.dayEnd('2026-11-24').couriers.find((line) => line.courierId === ahmet.id)?.closed).toBe(
      false,
    )
    expect(w.day.today().couriers.find((line) => line.courierId === ahmet.id)).toMatchObject({
      debts: [{ since: '2026-11-25', amountKurus: 1_000 }],
    })
    // Another courier's later closing does not stop this one's: the order is per courier.
    expect(
      w.day.closeAccount({ requestId: 'close-m-24', courierId: mehmet.id, day: '2026-11-24' }).debtsAfter,
    ).toEqual([{ since: '2026-11-24', closingId: 'close-m-24', amountKurus: 500 }])
    // The same day again is no "later" day: a replay answers the closing as it was.
    expect(w.day.closeAccount({ requestId: 'close-25', courierId: ahmet.id }).id).toBe('close-25')
  })

  it('pays the debts with only the change a correction made to a repayment an earlier closing settled', () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    w.day.recordMovement({ requestId: 'f1', courierId: ahmet.id, kind: 'float', amountKurus: 1_000 })
    w.day.closeAccount({ requestId: 'close-1', courierId: ahmet.id })
    w.day.recordMovement({ requestId: 'r1', courierId: ahmet.id, kind: 'debt-repaid', amountKurus: 400 })
    expect(w.day.closeAccount({ requestId: 'close-2', courierId: ahmet.id }).debtsAfter).toMatchObject([
      { amountKurus: 600 },
    ])
    // 4,00 ₺ was really 7,00 ₺: the 3,00 ₺ more pays the debt, the 4,00 ₺ settled does not pay it again.
    w.day.recordMovement({
      requestId: 'r1-fix',
      courierId: ahmet.id,
      kind: 'debt-repaid',
      amountKurus: 700,
      corrects: 'r1',
    })
    expect(w.day.closeAccount({ requestId: 'close-3', courierId: ahmet.id })).toMatchObject({
      debtsAfter: [{ since: '2026-11-24', amountKurus: 300 }],
      creditAfterKurus: 0,
    })
  })

  it('books an overage as a tip without paying the debts carried', () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    w.day.recordMovement({ requestId: 'f1', courierId: ahmet.id, kind: 'float', amountKurus: 1_000 })
    w.day.closeAccount({ requestId: 'close-1', courierId: ahmet.id })
    w.day.recordCash({ requestId: 'h1', courierId: ahmet.id, amountKurus: 2_000 })
    expect(w.day.closeAccount({ requestId: 'close-2', courierId: ahmet.id, overage: 'tip' })).toMatchObject({
      booked: 'tip',
      differenceKurus: 2_000,
      debtsAfter: [{ since: '2026-11-24', amountKurus: 1_000 }],
      creditAfterKurus: 0,
    })
  })
})

describe('pay rates and batches, as of today', () => {
  it('leaves a rate set on a later day out while the clock is set back before it', () => {
    const journal = new MemoryJournal()
    const later = world({ journal, clock: new ManualClock(NOON + DAY) })
    later.day.setPay({ requestId: 'p1', courierId: null, rateKurus: 4_000 })
    expect(later.day.getPay().allRateKurus).toBe(4_000)
    const setBack = world({ journal })
    expect(setBack.day.getPay()).toEqual({ allRateKurus: null, byCourier: {} })
  })

  it('lists today’s batches newest first, with their courier’s name, and not yesterday’s', async () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    w.day.startBatch({ requestId: 'batch-0', courierId: ahmet.id })
    await w.clock.advance(DAY)
    expect(w.day.startBatch({ requestId: 'batch-1', courierId: ahmet.id })).toMatchObject({
      batchId: 'batch-1',
      name: 'Ahmet',
    })
    await w.clock.advance(MINUTE)
    w.day.startBatch({ requestId: 'batch-2', courierId: ahmet.id })
    expect(w.day.today().batches.map((batch) => batch.batchId)).toEqual(['batch-2', 'batch-1'])
  })
})

describe('the settlements kept, and when they are read again', () => {
  /** Ahmet with a package pressed and not answered yet; today's settlement read. */
  async function pressed() {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    w.board.add(key(1), { ...DELIVERY, paymentMethod: 'CASH', amountKurus: 10_000 })
    w.outbox.pressesOwed = true
    await w.day.handOver(key(1), { id: ahmet.id })
    w.day.today()
    return { w, ahmet }
  }
  const now = (w: ReturnType<typeof world>) => iso(w.clock.now())
  const error = { code: 'platform-refused', retryable: false } as const

  it('counts an unconfirmed result, and the handed-over one staff checked after it', async () => {
    const { w, ahmet } = await pressed()
    w.owed.length = 0
    w.result(key(1), 'unconfirmed')
    w.moved(key(1), { state: 'unconfirmed', at: now(w), error })
    expect(w.day.today().allOrders.notConfirmed).toEqual({ owed: 0, unconfirmed: 1, refused: 0 })
    await w.clock.advance(MINUTE)
    w.result(key(1), 'checked-handed-over')
    w.moved(key(1), { state: 'handed-over', at: now(w) })
    expect(w.lineOf(ahmet.id)).toMatchObject({ packages: 1, cashToCollectKurus: 10_000 })
    expect(w.day.today().allOrders.notConfirmed).toEqual({ owed: 0, unconfirmed: 0, refused: 0 })
  })

  it('reads History again for each new result: a retry’s attempts, a wait for sign-in', async () => {
    const { w } = await pressed()
    const reads = () => {
      w.dayHistory.mockClear()
      w.day.today()
      return w.dayHistory.mock.calls.length
    }
    const retrying = (attempts: number): Handover => ({
      state: 'retrying',
      nextAttemptAt: now(w),
      attempts,
      error: { code: 'unreachable', retryable: true },
    })
    w.moved(key(1), retrying(1))
    expect(reads()).toBe(1)
    w.moved(key(1), retrying(2))
    expect(reads()).toBe(1)
    w.moved(key(1), { state: 'queued', since: now(w), waitingForSignIn: true })
    expect(reads()).toBe(1)
    // Sent again, and held again for sign-in: a new result.
    w.moved(key(1), { state: 'sending', since: now(w) })
    expect(reads()).toBe(0)
    w.moved(key(1), { state: 'queued', since: now(w), waitingForSignIn: true })
    expect(reads()).toBe(1)
  })

  it('does not read History again for the same result told twice, nor for a resend after a result', async () => {
    const { w } = await pressed()
    const reads = () => {
      w.dayHistory.mockClear()
      w.day.today()
      return w.dayHistory.mock.calls.length
    }
    const failed: Handover = { state: 'failed', at: now(w), error }
    w.moved(key(1), failed)
    expect(reads()).toBe(1)
    w.moved(key(1), failed)
    expect(reads()).toBe(0)
    w.moved(key(1), { state: 'queued', since: now(w), waitingForSignIn: false })
    expect(reads()).toBe(0)
  })

  it('reads History again when Settings change, and keeps today’s settlement between changes', () => {
    const w = world()
    const days = vi.spyOn(w.ledger, 'day')
    w.day.today()
    const first = days.mock.calls.length
    w.day.today()
    w.day.couriersOut()
    expect(days).toHaveBeenCalledTimes(first)
    w.dayHistory.mockClear()
    w.day.settingsChanged()
    w.day.today()
    expect(w.dayHistory).toHaveBeenCalled()
  })

  it('reads yesterday’s settlement again, with today’s, when an order moves today (its carried bags)', async () => {
    const { w } = await pressed()
    const days = vi.spyOn(w.ledger, 'day')
    w.day.today()
    expect(days).not.toHaveBeenCalled()
    w.moved(key(1), { state: 'handed-over', at: now(w) })
    w.day.today()
    expect(days.mock.calls.map(([day]) => day)).toEqual(['2026-11-24', '2026-11-23'])
  })

  it('keeps today’s and ten other days’ settlements, forgetting the oldest read first', () => {
    const w = world()
    const past = Array.from({ length: 12 }, (_, index) => `2026-11-${String(1 + index).padStart(2, '0')}`)
    for (const day of past.slice(0, 11)) w.day.dayEnd(day)
    expect(w.dayHistory).toHaveBeenCalledTimes(11)
    w.day.dayEnd(past[0])
    expect(w.dayHistory).toHaveBeenCalledTimes(11)
    // A twelfth day: the first read is forgotten, and read again when asked for.
    w.day.dayEnd(past[11])
    w.day.dayEnd(past[0])
    expect(w.dayHistory).toHaveBeenCalledTimes(13)
  })

  it('shows a bag that left before midnight as still carried after it; the day before yesterday’s are back', async () => {
    const w = world()
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    // 23:30 in Istanbul.
    await w.clock.advance(11 * 60 * MINUTE + 30 * MINUTE)
    w.board.add(key(1), { ...DELIVERY, paymentMethod: 'CASH', amountKurus: 10_000 })
    await w.day.handOver(key(1), { id: ahmet.id })
    await w.clock.advance(60 * MINUTE)
    expect(w.day.couriersOut()).toMatchObject([{ name: 'Ahmet', packages: 1, paymentKeys: [key(1)] }])
    await w.clock.advance(DAY)
    expect(w.day.couriersOut()).toEqual([])
    expect(w.lineOf(ahmet.id, '2026-11-24')).toMatchObject({ out: false, balance: 'short', packages: 1 })
  })
})

describe('the push of today’s settlement, its other paths', () => {
  it('pushes for a change of an order pressed or with a courier, not of one merely on the board', async () => {
    const w = world({ push: true })
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    w.board.add(key(1), DELIVERY)
    w.board.add(key(2), DELIVERY)
    await w.clock.advance(PUSH_EVERY_MS)
    await settled()
    const pushes = w.pushed.length
    w.day.orderMoved(key(1), w.board.require(key(1)))
    await settled()
    await w.clock.advance(PUSH_EVERY_MS)
    expect(w.pushed).toHaveLength(pushes)
    w.ledger.assign({ paymentKey: key(2), courierId: ahmet.id })
    await settled()
    await w.clock.advance(PUSH_EVERY_MS)
    const assigned = w.pushed.length
    w.day.orderMoved(key(2), w.board.require(key(2)))
    await settled()
    await w.clock.advance(PUSH_EVERY_MS)
    expect(w.pushed).toHaveLength(assigned + 1)
  })

  it('without a stopwatch, waits as long as the last push took by performance.now', async () => {
    const w = world({ push: true })
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    await settled()
    expect(w.pushed).toHaveLength(1)
    w.day.recordMovement({ requestId: 'f', courierId: ahmet.id, kind: 'float', amountKurus: 500 })
    await settled()
    // A push takes some time: the next waits for the clock.
    expect(w.pushed).toHaveLength(1)
    await w.clock.advance(PUSH_EVERY_MS)
    expect(w.pushed).toHaveLength(2)
    expect(w.pushed.at(-1)?.couriers[0]?.floatKurus).toBe(500)
  })

  it('logs a push that failed, and pushes the next change', async () => {
    const got: CourierToday[] = []
    let fail = true
    const w = world({
      stopwatch: () => 0,
      push: (today) => {
        if (fail) throw new Error('renderer gone')
        got.push(today)
      },
    })
    const ahmet = w.day.addCourier({ requestId: 'a', name: 'Ahmet' })
    await settled()
    expect(w.log.lines).toEqual(['error couriers: could not push the day {"error":"Error: renderer gone"}'])
    fail = false
    w.day.recordMovement({ requestId: 'f', courierId: ahmet.id, kind: 'float', amountKurus: 500 })
    await settled()
    expect(got.map((today) => today.couriers[0]?.floatKurus)).toEqual([500])
  })
})
