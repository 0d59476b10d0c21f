// The one settlement, fuzzed (issue 28): random days of events — hand-overs assigned before or at the press,
// refusals, retries, returns, every kind of movement, corrections (before and after a closing), door tenders,
// closings, midnight in the platform's time zone — and every surface must agree: the settlement's couriers add
// up to its total, its formula holds, the CSV's courier rows and the `GET /v1/day-end` view say the same
// figures, today's pushed settlement is the one Gün sonu reads, and the strip carries exactly the bags carried.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../../test-support/core/manual-clock.ts'
import { FUZZ_RUNS } from '../../../test-support/core/fuzz.ts'
import { testBoard } from '../../../test-support/core/orders/test-parts.ts'
import type { CourierToday, DayEnd, MovementKind } from '../../../src-shared/couriers.ts'
import { DEFAULT_SETTINGS, type HistoryEntry } from '../../../src-shared/domain.ts'
import { silentLogger } from '../ports.ts'
import { MemoryHistoryArchive } from '../storage/history-archive.ts'
import { MemoryJournal } from '../storage/memory-journal.ts'
import { dayOf } from '../time/platform-day.ts'
import { BranchList } from './branch-list.ts'
import { CourierDay, PUSH_EVERY_MS } from './courier-day.ts'
import { CourierLedger } from './courier-ledger.ts'
import { kurusCell } from './day-end-csv.ts'

const ZONE = 'Europe/Istanbul'
/** 22:00 in Istanbul on 2026-11-24: a few hours of events cross midnight. */
const START = Date.UTC(2026, 10, 24, 19, 0, 0)
const COURIERS = ['Ahmet', 'Cem', 'Çağla']
const KINDS: MovementKind[] = ['float', 'expense', 'handed-in', 'advance', 'debt-repaid']
const key = (n: number) => `3f1b6a9e-0c1d-4e2f-9a3b-${String(100000000000 + n)}`

const event = fc.oneof(
  fc.record({
    type: fc.constant('bag' as const),
    courier: fc.nat({ max: 3 }), // 3: no courier
    assignFirst: fc.boolean(),
    method: fc.constantFrom('CASH', 'CREDIT_CARD', undefined),
    amount: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: undefined }),
    outcome: fc.constantFrom('handed-over', 'refused', 'retry-then-handed-over', 'owed', 'unconfirmed'),
    tender: fc.constantFrom(undefined, 'CREDIT_CARD', 'CASH'),
  }),
  fc.record({
    type: fc.constant('move' as const),
    courier: fc.nat({ max: 2 }),
    kind: fc.constantFrom(...KINDS),
    amount: fc.integer({ min: 0, max: 50_000 }),
  }),
  fc.record({
    type: fc.constant('correct' as const),
    which: fc.nat(),
    amount: fc.integer({ min: 0, max: 50_000 }),
  }),
  fc.record({
    type: fc.constant('close' as const),
    courier: fc.nat({ max: 2 }),
    overage: fc.constantFrom('tip', 'credit'),
  }),
  fc.record({ type: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 90 }) }),
)

async function run(events: readonly EventSpec[]) {
  const clock = new ManualClock(START)
  const board = testBoard({ clock })
  const history: HistoryEntry[] = []
  const owed = new Set<string>()
  const outbox = {
    handOver: (paymentKey: string) => {
      owed.add(paymentKey)
      return Promise.resolve(
        board.setHandover(paymentKey, { state: 'sending', since: new Date(clock.now()).toISOString() }),
      )
    },
    owedNow: () => [...owed],
    dayHistory: (day: string) => ({
      entries: history.filter((entry) => dayOf(Date.parse(entry.at), ZONE) === day),
      days: [day],
    }),
  }
  const ledger = new CourierLedger({
    journal: new MemoryJournal(),
    archive: new MemoryHistoryArchive(),
    clock,
    log: silentLogger,
    timeZone: () => ZONE,
  })
  const pushed: CourierToday[] = []
  const settings = { ...DEFAULT_SETTINGS, platformTimeZone: ZONE, language: 'tr' as const }
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
    listedPaymentMethods: () =>
      Promise.resolve([
        { key: 'CASH', name: 'Nakit' },
        { key: 'CREDIT_CARD', name: 'Kredi Kartı' },
      ]),
  })
  const ids = COURIERS.map((name, index) => day.addCourier({ requestId: `c${String(index)}`, name }).id)
  const result = (paymentKey: string, outcome: HistoryEntry['result']) => {
    owed.delete(paymentKey)
    history.push({
      seq: history.length,
      paymentKey,
      attempt: 1,
      at: new Date(clock.now()).toISOString(),
      result: outcome,
    })
    day.orderMoved(paymentKey, board.get(paymentKey) ?? null)
  }
  const movements: string[] = []
  let n = 0
  for (const spec of events) {
    try {
      if (spec.type === 'wait') await clock.advance(spec.minutes * 60_000)
      else if (spec.type === 'bag') {
        const paymentKey = key((n += 1))
        const courierId = ids[spec.courier]
        board.add(paymentKey, {
          shippingMethod: 'delivery',
          courierType: 'restaurant',
          ...(spec.method === undefined ? {} : { paymentMethod: spec.method }),
          ...(spec.amount === undefined ? {} : { amountKurus: spec.amount }),
        })
        if (spec.assignFirst && courierId !== undefined) {
          day.orderAdded(paymentKey, courierId, 'pos-api')
          await clock.advance(60_000)
        }
        await day.handOver(paymentKey, courierId === undefined ? undefined : { id: courierId })
        if (spec.outcome === 'retry-then-handed-over') {
          result(paymentKey, 'will-retry')
          result(paymentKey, 'handed-over')
        } else if (spec.outcome !== 'owed') result(paymentKey, spec.outcome)
        if (spec.tender !== undefined) {
          await day.setDoorTender({ requestId: `t${String(n)}`, paymentKey, method: spec.tender })
        }
      } else if (spec.type === 'move') {
        const id = `m${String(movements.length)}`
        day.recordMovement({
          requestId: id,
          courierId: ids[spec.courier] as string,
          kind: spec.kind,
          amountKurus: spec.amount,
        })
        movements.push(id)
      } else if (spec.type === 'correct' && movements.length > 0) {
        const corrects = movements[spec.which % movements.length] as string
        const id = `m${String(movements.length)}`
        day.recordMovement({
          requestId: id,
          courierId: ids[0] as string,
          kind: 'handed-in',
          amountKurus: spec.amount,
          corrects,
        })
        movements.push(id)
      } else if (spec.type === 'close') {
        day.closeAccount({
          requestId: `close${String((n += 1))}`,
          courierId: ids[spec.courier] as string,
          overage: spec.overage,
          carryingConfirmed: true,
        })
      }
    } catch (error) {
      // A refusal (a correction of a record another day holds) writes nothing: still a valid day.
      if (!(error instanceof Error) || !/refused/.test(error.message)) throw error
    }
    await Promise.resolve()
  }
  await Promise.resolve()
  // The last push of a rush comes at its window's end.
  await clock.advance(PUSH_EVERY_MS)
  return { day, pushed, clock }
}

type EventSpec = typeof event extends fc.Arbitrary<infer T> ? T : never

function checkDay(dayEnd: DayEnd, csv: string, view: ReturnType<CourierDay['publicDayEnd']>) {
  const sum = (pick: (line: DayEnd['couriers'][number]) => number) =>
    dayEnd.couriers.reduce((total, line) => total + pick(line), 0)
  for (const field of [
    'packages',
    'cashToCollectKurus',
    'cashHandedInKurus',
    'floatKurus',
    'expensesKurus',
    'expectedCashKurus',
    'differenceKurus',
    'cardAtDoorKurus',
    'advancesKurus',
    'debtRepaidKurus',
    'unknownCount',
    'debtCarriedKurus',
  ] as const) {
    expect(sum((line) => line[field])).toBe(dayEnd.totals[field])
  }
  for (const line of [...dayEnd.couriers, dayEnd.totals]) {
    expect(line.expectedCashKurus).toBe(line.floatKurus + line.cashToCollectKurus - line.expensesKurus)
    expect(line.differenceKurus).toBe(line.cashHandedInKurus - line.expectedCashKurus)
  }
  for (const line of dayEnd.couriers) {
    // A refused bag is in no figure; an unknown one is never even.
    const counted = line.bags.filter((bag) => !bag.refused && bag.state === 'handed-over')
    expect(counted.length).toBe(line.packages)
    if (line.unknownCount > 0) expect(['unknown', 'out']).toContain(line.balance)
    if (line.bags.some((bag) => bag.carried)) expect(line.balance).toBe('out')
  }
  // The CSV's courier rows say the settlement's figures.
  const rows = csv.split('\r\n').map((row) => row.split(';'))
  for (const line of dayEnd.couriers) {
    const row = rows.find((cells) => cells[1] === line.name && cells[2] === 'Kurye toplamı')
    expect(row?.[7]).toBe(String(line.packages))
    expect(row?.[8]).toBe(kurusCell(line.cashToCollectKurus, 'tr'))
    expect(row?.[9]).toBe(kurusCell(line.cashHandedInKurus, 'tr'))
    expect(row?.[10]).toBe(kurusCell(line.differenceKurus, 'tr'))
    expect(row?.[15]).toBe(kurusCell(line.floatKurus, 'tr'))
    expect(row?.[16]).toBe(kurusCell(line.expensesKurus, 'tr'))
    expect(row?.[17]).toBe(kurusCell(line.expectedCashKurus, 'tr'))
    expect(row?.[18]).toBe(kurusCell(line.cardAtDoorKurus, 'tr'))
  }
  // The public view says the same.
  expect(view.couriers).toEqual(
    dayEnd.couriers.map((line): unknown =>
      expect.objectContaining({
        courier: line.name,
        packages: line.packages,
        cash_to_collect_kurus: line.cashToCollectKurus,
        cash_handed_in_kurus: line.cashHandedInKurus,
        difference_kurus: line.differenceKurus,
        float_kurus: line.floatKurus,
        expenses_kurus: line.expensesKurus,
        card_at_door_kurus: line.cardAtDoorKurus,
        expected_cash_kurus: line.expectedCashKurus,
        closed: line.closed,
      }),
    ),
  )
}

describe('the one settlement, fuzzed', () => {
  it('agrees with itself on every surface, over random days across midnight', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(event, { maxLength: 40 }), async (events) => {
        const { day, pushed } = await run(events)
        const today = day.today()
        // Every day the events touched: the start's and, past midnight, the next.
        for (const date of new Set(['2026-11-24', today.today])) {
          checkDay(day.dayEnd(date), day.dayEndCsv(date), day.publicDayEnd(date))
        }
        // The pushed settlement is the one Gün sonu reads; the strip carries exactly the bags carried.
        const last = pushed.at(-1)
        if (last) expect(last).toEqual(today)
        // Yesterday's carried bags too: a courier out past midnight is still out.
        const yesterday = today.today === '2026-11-24' ? undefined : day.dayEnd('2026-11-24')
        for (const line of today.out) {
          const carried = [...(yesterday?.couriers ?? []), ...today.couriers]
            .filter((held) => held.courierId === line.courierId)
            .flatMap((held) => held.bags.filter((bag) => bag.carried).map((bag) => bag.paymentKey))
          expect(line.paymentKeys).toEqual(carried)
        }
        // And every courier carrying a bag, either day, is on the strip.
        const carrying = new Set(
          [...(yesterday?.couriers ?? []), ...today.couriers]
            .filter((held) => held.bags.some((bag) => bag.carried))
            .map((held) => held.courierId),
        )
        expect(new Set(today.out.map((line) => line.courierId))).toEqual(carrying)
      }),
      FUZZ_RUNS,
    )
  })
})
