// Day-end answers as the core gives them, for the renderer's tests: one courier at a time, the couriers' total
// summed without the unassigned (D76), every order of the day with them.
import type { CashLine, CourierDayEnd, DayEndView, PackageTally } from '../../src-shared/couriers.ts'

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
  return { id, at: '2026-11-25T14:05:00.000Z', amountKurus, counts: true, ...overrides }
}

/** A courier's line: the handed-in sum and the balance worked out from the cash lines that count. */
export function courierLine(
  courierId: string,
  name: string,
  packages: number,
  cashToCollectKurus: number,
  cash: CashLine[] = [],
  overrides: Partial<CourierDayEnd> = {},
): CourierDayEnd {
  const handedIn = cash.filter((line) => line.counts).reduce((sum, line) => sum + line.amountKurus, 0)
  const difference = handedIn - cashToCollectKurus
  return {
    ...tally({ packages, cashToCollectKurus }),
    cashHandedInKurus: handedIn,
    differenceKurus: difference,
    balance: difference === 0 ? 'even' : difference < 0 ? 'short' : 'over',
    courierId,
    name,
    retired: false,
    packageLines: [],
    cash,
    ...overrides,
  }
}

export function dayEndView(
  couriers: CourierDayEnd[],
  overrides: Partial<DayEndView> = {},
  unassigned: Partial<PackageTally> = {},
): DayEndView {
  const un = { ...tally(unassigned), packageLines: [] }
  const packages = couriers.reduce((sum, c) => sum + c.packages, 0)
  const toCollect = couriers.reduce((sum, c) => sum + c.cashToCollectKurus, 0)
  const handedIn = couriers.reduce((sum, c) => sum + c.cashHandedInKurus, 0)
  const difference = handedIn - toCollect
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
      differenceKurus: difference,
      balance: difference === 0 ? 'even' : difference < 0 ? 'short' : 'over',
    },
    allOrders: tally({
      packages: packages + un.packages,
      cashToCollectKurus: toCollect + un.cashToCollectKurus,
    }),
    ...overrides,
  }
}
