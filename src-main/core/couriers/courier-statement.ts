// A courier's week (issue 28): seven days of the one settlement, their sums and the debts at the end. The
// screen, the 80 mm slip and the CSV read this.
import type { CourierStatement, DayEnd, StatementDay } from '../../../src-shared/couriers.ts'
import type { Language } from '../../../src-shared/domain.ts'
import { texts } from '../../../src-shared/texts/index.ts'
import { csvFile, type CsvValue } from '../orders/history-csv.ts'
import { dayCell, kurusCell } from './day-end-csv.ts'
import type { LedgerCourier } from './day-end.ts'

const SUMMED = [
  'packages',
  'cashToCollectKurus',
  'floatKurus',
  'expensesKurus',
  'expectedCashKurus',
  'cashHandedInKurus',
  'differenceKurus',
  'cardAtDoorKurus',
  'advancesKurus',
  'debtRepaidKurus',
  'unknownCount',
] as const

export function courierStatement(
  courier: LedgerCourier,
  from: string,
  dayEnds: readonly DayEnd[],
): CourierStatement {
  const days: StatementDay[] = dayEnds.map((dayEnd) => {
    const line = dayEnd.couriers.find((held) => held.courierId === courier.id)
    const day: StatementDay = {
      day: dayEnd.day,
      packages: 0,
      cashToCollectKurus: 0,
      floatKurus: 0,
      expensesKurus: 0,
      expectedCashKurus: 0,
      cashHandedInKurus: 0,
      differenceKurus: 0,
      cardAtDoorKurus: 0,
      advancesKurus: 0,
      debtRepaidKurus: 0,
      payKurus: null,
      closed: false,
      unknownCount: 0,
    }
    if (!line) return day
    for (const field of SUMMED) day[field] = line[field]
    return { ...day, payKurus: line.payKurus, closed: line.closed }
  })
  const totals = Object.fromEntries(
    SUMMED.map((field) => [field, days.reduce((sum, day) => sum + day[field], 0)]),
  ) as Record<(typeof SUMMED)[number], number>
  const pays = days.map((day) => day.payKurus).filter((pay): pay is number => pay !== null)
  const last = [...dayEnds]
    .reverse()
    .find((dayEnd) => dayEnd.couriers.some((held) => held.courierId === courier.id))
  const lastLine = last?.couriers.find((held) => held.courierId === courier.id)
  return {
    courierId: courier.id,
    name: courier.name,
    from,
    to: dayEnds.at(-1)?.day ?? from,
    days,
    totals: { ...totals, payKurus: pays.length === 0 ? null : pays.reduce((sum, pay) => sum + pay, 0) },
    debts: lastLine?.debts ?? [],
    debtCarriedKurus: lastLine?.debtCarriedKurus ?? 0,
    creditKurus: lastLine?.creditKurus ?? 0,
  }
}

/** The statement as CSV for Excel in Turkey (UTF-8 with BOM, `;`, CRLF), like the day-end's. */
export function statementCsv(statement: CourierStatement, language: Language): string {
  const labels = texts[language].courierStatementCsv
  const money = (kurus: number | null): CsvValue =>
    kurus === null ? undefined : { number: kurusCell(kurus, language) }
  const row = (label: string, day: Omit<StatementDay, 'day' | 'closed'>, closed?: boolean): CsvValue[] => [
    statement.name,
    label,
    String(day.packages),
    money(day.cashToCollectKurus),
    money(day.floatKurus),
    money(day.expensesKurus),
    money(day.expectedCashKurus),
    money(day.cashHandedInKurus),
    money(day.differenceKurus),
    money(day.cardAtDoorKurus),
    money(day.advancesKurus),
    money(day.debtRepaidKurus),
    money(day.payKurus),
    closed === undefined ? undefined : closed ? labels.yes : labels.no,
  ]
  return csvFile([
    ['', ...labels.columns],
    ...statement.days.map((day) => row(dayCell(day.day), day, day.closed)),
    row(labels.total, statement.totals),
  ])
}
