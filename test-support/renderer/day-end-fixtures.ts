// Day-end answers as the core gives them, for the renderer's tests: one courier at a time, the couriers' total
// summed without the unassigned (D76), every order of the day with them. The formula is the core's (issue 28):
// expected = float + cash at the door − expenses; difference = handed in − expected. These fixtures only
// restate it so a test can give a courier in a line; the renderer never computes it.
import type {
  Bag,
  CashLine,
  CourierBatch,
  CourierDayEnd,
  CourierToday,
  DayEndView,
  PackageTally,
} from '../../src-shared/couriers.ts'

export const TODAY = '2026-11-25'

const noneNotConfirmed = { owed: 0, unconfirmed: 0, refused: 0 }

function tally(overrides: Partial<PackageTally> = {}): PackageTally {
  return {
    packages: 0,
    cashToCollectKurus: 0,
    amountUnknown: 0,
    methodUnknown: 0,
    notConfirmed: noneNotConfirmed,
    branches: [],
    ...overrides,
  }
}

export function cashLine(id: string, amountKurus: number, overrides: Partial<CashLine> = {}): CashLine {
  const counts = overrides.counts ?? true
  return {
    id,
    at: '2026-11-25T14:05:00.000Z',
    kind: 'handed-in',
    amountKurus,
    counts,
    countedKurus: counts ? amountKurus : 0,
    ...overrides,
  }
}

const sumOf = (cash: readonly CashLine[], kind: CashLine['kind']) =>
  cash.filter((line) => line.kind === kind).reduce((sum, line) => sum + line.countedKurus, 0)

/** A courier's line: the sums and the balance worked out from the cash lines that count. */
export function courierLine(
  courierId: string,
  name: string,
  packages: number,
  cashToCollectKurus: number,
  cash: CashLine[] = [],
  overrides: Partial<CourierDayEnd> = {},
): CourierDayEnd {
  const handedIn = sumOf(cash, 'handed-in')
  const float = sumOf(cash, 'float')
  const expenses = sumOf(cash, 'expense')
  const expected = float + cashToCollectKurus - expenses
  const difference = handedIn - expected
  return {
    ...tally({ packages, cashToCollectKurus }),
    cashHandedInKurus: handedIn,
    floatKurus: float,
    expensesKurus: expenses,
    expectedCashKurus: expected,
    differenceKurus: difference,
    balance: difference === 0 ? 'even' : difference < 0 ? 'short' : 'over',
    cardAtDoorKurus: 0,
    advancesKurus: sumOf(cash, 'advance'),
    debtRepaidKurus: sumOf(cash, 'debt-repaid'),
    unknownCount: 0,
    courierId,
    name,
    retired: false,
    packageLines: [],
    bags: [],
    cash,
    out: false,
    closed: false,
    closings: [],
    debts: [],
    debtCarriedKurus: 0,
    creditKurus: 0,
    payRateKurus: null,
    payKurus: null,
    ...overrides,
  }
}

export function dayEndView(
  couriers: CourierDayEnd[],
  overrides: Partial<DayEndView> = {},
  unassigned: Partial<PackageTally> = {},
): DayEndView {
  const un = { ...tally(unassigned), packageLines: [] }
  const sum = (pick: (courier: CourierDayEnd) => number) => couriers.reduce((total, c) => total + pick(c), 0)
  const packages = sum((c) => c.packages)
  const toCollect = sum((c) => c.cashToCollectKurus)
  const handedIn = sum((c) => c.cashHandedInKurus)
  const expected = sum((c) => c.expectedCashKurus)
  const difference = handedIn - expected
  const pays = couriers.flatMap((c) => (c.payKurus === null ? [] : [c.payKurus]))
  return {
    day: TODAY,
    today: TODAY,
    days: [TODAY, '2026-11-24'],
    collectedAtDoor: ['CASH'],
    couriers,
    unassigned: un,
    totals: {
      ...tally({ packages, cashToCollectKurus: toCollect }),
      cashHandedInKurus: handedIn,
      floatKurus: sum((c) => c.floatKurus),
      expensesKurus: sum((c) => c.expensesKurus),
      expectedCashKurus: expected,
      differenceKurus: difference,
      balance: difference === 0 ? 'even' : difference < 0 ? 'short' : 'over',
      cardAtDoorKurus: sum((c) => c.cardAtDoorKurus),
      advancesKurus: sum((c) => c.advancesKurus),
      debtRepaidKurus: sum((c) => c.debtRepaidKurus),
      unknownCount: sum((c) => c.unknownCount),
      debtCarriedKurus: sum((c) => c.debtCarriedKurus),
      payKurus: pays.length === 0 ? null : pays.reduce((a, b) => a + b, 0),
      closed: couriers.every((c) => c.closed),
    },
    allOrders: tally({
      packages: packages + un.packages,
      cashToCollectKurus: toCollect + un.cashToCollectKurus,
    }),
    ...overrides,
  }
}

const bagKey = (n: number) => `0d3e1f00-5a1b-4c2d-8e3f-${String(100000000000 + n)}`

/** One bag a courier took: cash, handed over, still carried, unless told otherwise. */
export function bag(n: number, overrides: Partial<Bag> = {}): Bag {
  return {
    paymentKey: bagKey(n),
    at: '2026-11-25T12:05:00.000Z',
    leftAt: '2026-11-25T12:00:00.000Z',
    paymentMethod: 'CASH',
    collect: true,
    tender: 'cash',
    state: 'handed-over',
    refused: false,
    carried: true,
    ...overrides,
  }
}

/** A batch scan-out as the core answers it (open: touched a minute ago). */
export function batchOf(overrides: Partial<CourierBatch> = {}): CourierBatch {
  return {
    batchId: 'batch-1',
    courierId: 'c-ahmet',
    name: 'Ahmet',
    startedAt: new Date(Date.now() - 120_000).toISOString(),
    lastTouchedAt: new Date(Date.now() - 60_000).toISOString(),
    bags: [],
    cashToCollectKurus: 0,
    amountUnknown: 0,
    unknownCount: 0,
    refused: 0,
    ...overrides,
  }
}

/** Today's settlement as the core keeps and pushes it, from a day-end view of today. */
export function todayOf(view: DayEndView, overrides: Partial<CourierToday> = {}): CourierToday {
  const { day, today, collectedAtDoor, couriers, unassigned, totals, allOrders } = view
  return {
    day,
    today,
    collectedAtDoor,
    couriers,
    unassigned,
    totals,
    allOrders,
    out: [],
    batches: [],
    ...overrides,
  }
}

/** Today's settlement as the core pushes it: the day-end of today, the strip and the batches. */
export function courierToday(
  couriers: CourierDayEnd[] = [],
  overrides: Partial<CourierToday> = {},
): CourierToday {
  return todayOf(dayEndView(couriers), overrides)
}
