import type { CourierStatement } from '../../../src-shared/couriers.ts'
import type { Language } from '../../../src-shared/domain.ts'
import { formatKurus } from '../../../src-shared/money.ts'
import { dictionaries, formatTime } from '../i18n/index.ts'
import { dayText } from '../screens/day-end/day-end-format.ts'
import type { PaperWidth } from './CourierSlip.tsx'
import './courier-day-slips.css'

/**
 * A courier's week on the receipt roll (issue 28): per day the packages, the cash at the door, float, expenses,
 * expected, handed in and the difference, the card at the door, advances and pay; the week's sums; the debts
 * still owed; a line for the courier to sign. The figures are the core's statement, printed as they are.
 */
export function StatementSlip({
  statement,
  language,
  paperWidth,
  printedAt,
}: {
  statement: CourierStatement
  language: Language
  paperWidth: PaperWidth
  printedAt: string
}) {
  const t = dictionaries[language]
  const ct = t.courierCash
  const c = ct.columns
  // On a 58 mm roll a line wraps anywhere: the amount keeps its ₺ on its own line (a no-break space).
  const money = (kurus: number) => formatKurus(kurus, language).replace(' ', '\u00a0')
  const lines = (day: CourierStatement['totals']) => [
    `${c.packages}: ${String(day.packages)} · ${c.door}: ${money(day.cashToCollectKurus)}`,
    `${c.float}: ${money(day.floatKurus)} · ${c.expenses}: ${money(day.expensesKurus)}`,
    `${c.expected}: ${day.unknownCount > 0 ? '?' : money(day.expectedCashKurus)} · ${c.handedIn}: ${money(day.cashHandedInKurus)}`,
    `${c.difference}: ${money(day.differenceKurus)} · ${c.card}: ${money(day.cardAtDoorKurus)}`,
    `${c.advances}: ${money(day.advancesKurus)}${day.payKurus === null ? '' : ` · ${c.pay}: ${money(day.payKurus)}`}`,
  ]
  return (
    <article
      className={`slip slip-${paperWidth}mm day-end-slip statement-slip`}
      lang={language}
      data-paper-mm={paperWidth}
    >
      <p className="slip-title">{ct.statementTitle(statement.name)}</p>
      <p className="day-end-slip-day">
        {ct.statementWeek(dayText(statement.from, language), dayText(statement.to, language))}
      </p>
      {statement.days.map((day) => (
        <section key={day.day} className="day-end-slip-courier">
          <p className="day-end-slip-name">
            {dayText(day.day, language)} · {day.closed ? ct.closed : ct.open}
          </p>
          {lines(day).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </section>
      ))}
      <section className="day-end-slip-total">
        <p className="day-end-slip-name">{ct.statementTotal}</p>
        {lines(statement.totals).map((line) => (
          <p key={line}>{line}</p>
        ))}
      </section>
      {statement.debts.length > 0 && (
        <section className="day-end-slip-courier">
          <p className="day-end-slip-name">{ct.debts}</p>
          {statement.debts.map((debt) => (
            <p key={debt.closingId}>{ct.debtLine(dayText(debt.since, language), money(debt.amountKurus))}</p>
          ))}
        </section>
      )}
      {statement.creditKurus > 0 && <p>{ct.credit(money(statement.creditKurus))}</p>}
      <p className="slip-time">{ct.statementPrinted(formatTime(printedAt, language))}</p>
      <p className="day-end-slip-signature">{ct.statementSignature}</p>
    </article>
  )
}
