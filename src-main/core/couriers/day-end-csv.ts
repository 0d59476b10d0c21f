// The day-end settlement as CSV for Excel in Turkey, written the one way the app writes CSV (history-csv.ts's
// csvFile: BOM, `;`, CRLF, formula starts neutralised: courier names and labels come from staff and the POS).
// One row per courier, its branch split and its packages and cash records under it; the packages no courier
// was named for, whose cash is in no courier's difference (D76); the couriers' total, which their rows add up
// to; then every order of the day with its branch split, as the screen's notes and branch table read it.
// Amounts are plain numbers with the language's decimal mark (`399,90` / `399.90`), no ₺ and no grouping, so
// Excel sums them.
import type {
  Bag,
  BranchLine,
  CashLine,
  CashTally,
  DayEnd,
  PackageLine,
  PackageTally,
} from '../../../src-shared/couriers.ts'
import { CASH_PAYMENT_KEY, paymentMethodKey } from '../../../src-shared/courier-rules.ts'
import { shortCodeOf, type Language } from '../../../src-shared/domain.ts'
import { texts } from '../../../src-shared/texts/index.ts'
import { csvFile, dateFormatter, type CsvValue } from '../orders/history-csv.ts'

export interface DayEndCsvOptions {
  language: Language
  /** The platform's time zone: times are written in it, as the day is. */
  timeZone: string
  /** The platform's name of a payment method ("Nakit"), the key when not known. */
  methodName?: (key: string) => string
  /**
   * An account's short name by its id, with several restaurant accounts (issue 29): the file then ends with an
   * account column, filled on each package's row. Left out (one account): the file is as before.
   */
  accountName?: ((account: string) => string | undefined) | undefined
}

/** Kuruş as a number Excel reads in that language: `-1234,50` / `-1234.50`. */
export function kurusCell(kurus: number, language: Language): string {
  const sign = kurus < 0 ? '-' : ''
  const absolute = Math.abs(kurus)
  const cents = String(absolute % 100).padStart(2, '0')
  return `${sign}${String(Math.floor(absolute / 100))}${language === 'tr' ? ',' : '.'}${cents}`
}

type Row = CsvValue[]

/** A day as the CSV's times write it (`24.11.2026`): one date format in the file. */
export function dayCell(day: string): string {
  const [year, month, date] = day.split('-')
  return `${date ?? ''}.${month ?? ''}.${year ?? ''}`
}

/** The settlement of one day as the whole text of a CSV file. */
export function dayEndCsv(dayEnd: DayEnd, options: DayEndCsvOptions): string {
  const labels = texts[options.language].dayEndCsv
  const named = options.methodName ?? ((key: string) => key)
  // The platform's list names its methods; without it (signed out) cash is still named, never `CASH`.
  const methodName = (key: string) => {
    const name = named(key)
    return name === key && paymentMethodKey(key) === CASH_PAYMENT_KEY ? labels.cashMethod : name
  }
  const money = (kurus: number): CsvValue => ({ number: kurusCell(kurus, options.language) })
  const time = dateFormatter(options.timeZone)
  const notConfirmed = (tally: PackageTally) =>
    String(tally.notConfirmed.owed + tally.notConfirmed.unconfirmed + tally.notConfirmed.refused)
  const accountName = options.accountName
  const columns = accountName ? [...labels.columns, labels.accountColumn] : [...labels.columns]
  const ACCOUNT = labels.columns.length
  const accountOf = (account: string | undefined) =>
    account === undefined ? undefined : accountName?.(account)
  const row = (fields: Partial<Record<number, CsvValue>>): Row =>
    columns.map((_, index) => (index === 0 ? dayCell(dayEnd.day) : fields[index]))

  const branchRows = (who: string, branches: readonly BranchLine[]): Row[] =>
    // A split with no branch named says nothing the total does not.
    branches.every((line) => line.branch === null)
      ? []
      : branches.map((line) =>
          row({
            1: who,
            2: labels.branch,
            3: line.branchName ?? line.branch ?? labels.noBranch,
            7: String(line.packages),
            8: money(line.cashToCollectKurus),
            12: String(line.amountUnknown),
          }),
        )
  const packageRows = (who: string, lines: readonly PackageLine[]): Row[] =>
    lines.map((line) =>
      row({
        1: who,
        2: labels.package,
        3: line.branch,
        4: shortCodeOf(line.paymentKey),
        5: time(line.at),
        6: line.paymentMethod === undefined ? undefined : methodName(line.paymentMethod),
        7: '1',
        8: line.collect && line.amountKurus !== undefined ? money(line.amountKurus) : undefined,
        12: line.collect && line.amountKurus === undefined ? '1' : undefined,
        14:
          [
            line.label,
            line.collect ? labels.collect : undefined,
            line.tender === 'door-other'
              ? `${labels.cardAtDoor} (${methodName(line.doorMethod ?? '')})`
              : undefined,
          ]
            .filter(Boolean)
            .join(' · ') || undefined,
        18:
          line.tender === 'door-other' && line.amountKurus !== undefined
            ? money(line.amountKurus)
            : undefined,
        [ACCOUNT]: accountOf(line.account),
      }),
    )
  /** A bag the platform refused ("GÖNDERİLEMEDİ"): listed, counted in no column. */
  const refusedRows = (who: string, bags: readonly Bag[]): Row[] =>
    bags
      .filter((bag) => bag.refused)
      .map((bag) =>
        row({
          1: who,
          2: labels.refused,
          3: bag.branch,
          4: shortCodeOf(bag.paymentKey),
          5: time(bag.at),
          6: bag.paymentMethod === undefined ? undefined : methodName(bag.paymentMethod),
          14: bag.label,
          [ACCOUNT]: accountOf(bag.account),
        }),
      )
  /** A movement's amount in its own column: what it adds there (a correction after closing, the change). */
  const MOVEMENT_COLUMN = { 'handed-in': 9, float: 15, expense: 16, advance: 19, 'debt-repaid': 20 } as const
  const cashRows = (who: string, lines: readonly CashLine[]): Row[] =>
    lines.map((line) =>
      row({
        1: who,
        2: !line.counts
          ? labels.corrected
          : line.kind === 'handed-in'
            ? labels.cash
            : labels.movement[line.kind],
        5: time(line.at),
        [MOVEMENT_COLUMN[line.kind]]: money(line.counts ? line.countedKurus : line.amountKurus),
        14: line.note,
      }),
    )
  /** The whole cash of a courier or of the total: float, expenses, expected, card, advances, debts, pay. */
  const cashColumns = (
    tally: CashTally & { debtCarriedKurus: number; payKurus: number | null; closed: boolean },
  ): Partial<Record<number, CsvValue>> => ({
    15: money(tally.floatKurus),
    16: money(tally.expensesKurus),
    17: money(tally.expectedCashKurus),
    18: money(tally.cardAtDoorKurus),
    19: money(tally.advancesKurus),
    20: money(tally.debtRepaidKurus),
    21: money(tally.debtCarriedKurus),
    22: tally.payKurus === null ? undefined : money(tally.payKurus),
    23: tally.closed ? labels.yes : labels.no,
  })

  const rows: Row[] = [columns]
  for (const courier of dayEnd.couriers) {
    rows.push(
      row({
        1: courier.name,
        2: labels.courier,
        7: String(courier.packages),
        8: money(courier.cashToCollectKurus),
        9: money(courier.cashHandedInKurus),
        10: money(courier.differenceKurus),
        11: labels.balance[courier.balance],
        12: String(courier.amountUnknown),
        13: notConfirmed(courier),
        ...cashColumns(courier),
      }),
      ...branchRows(courier.name, courier.branches),
      ...packageRows(courier.name, courier.packageLines),
      ...refusedRows(courier.name, courier.bags),
      ...cashRows(courier.name, courier.cash),
    )
  }
  const { unassigned, totals, allOrders } = dayEnd
  if (unassigned.packages > 0 || notConfirmed(unassigned) !== '0') {
    rows.push(
      row({
        1: labels.unassigned,
        2: labels.total,
        7: String(unassigned.packages),
        8: money(unassigned.cashToCollectKurus),
        12: String(unassigned.amountUnknown),
        13: notConfirmed(unassigned),
        14: unassigned.cashToCollectKurus > 0 ? labels.unassignedNote : undefined,
      }),
      ...packageRows(labels.unassigned, unassigned.packageLines),
    )
  }
  rows.push(
    row({
      1: labels.couriersTotal,
      2: labels.total,
      7: String(totals.packages),
      8: money(totals.cashToCollectKurus),
      9: money(totals.cashHandedInKurus),
      10: money(totals.differenceKurus),
      11: labels.balance[totals.balance],
      12: String(totals.amountUnknown),
      13: notConfirmed(totals),
      ...cashColumns(totals),
    }),
    row({
      1: labels.allOrders,
      2: labels.total,
      7: String(allOrders.packages),
      8: money(allOrders.cashToCollectKurus),
      12: String(allOrders.amountUnknown),
      13: notConfirmed(allOrders),
    }),
    ...branchRows(labels.allOrders, allOrders.branches),
  )
  return csvFile(rows)
}
