import type { AccountLine, CashTally, DayEnd, PackageTally } from '../../../src-shared/couriers.ts'
import type { Language } from '../../../src-shared/domain.ts'
import { formatKurus } from '../../../src-shared/money.ts'
import { dictionaries, formatTime, type Messages } from '../i18n/index.ts'
import { branchText, dayText, lineBalance, showsBranches } from '../screens/day-end/day-end-format.ts'
import type { PaperWidth } from './CourierSlip.tsx'
import './courier-day-slips.css'

export interface DayEndSlipProps {
  dayEnd: DayEnd
  /** Payment method key → the platform's name for it; unknown keys are shown as they are. */
  methodNames: ReadonlyMap<string, string>
  language: Language
  paperWidth: PaperWidth
  printedAt: string
  /** Account id → short name, given only with two accounts or more (issue 29): each courier's share per brand. */
  accountNames?: ReadonlyMap<string, string> | undefined
}

/**
 * The day-end on the receipt roll (issues 21 and 28): per courier their packages and cash at the door, the
 * float and expenses, what is expected, the cash handed in and the balance in bold ("yolda" while still out,
 * "?" where a bag's cash is not known), the card at the door, debt, advances, pay and whether closed; with
 * several accounts each courier's and the day's share per account; the couriers' total; the packages no courier
 * was named for, after the total that
 * leaves them out (D76); what the platform has not confirmed; the split by branch where orders carry one; a line
 * to sign. Narrow on purpose: one fact a line.
 */
export function DayEndSlip({
  dayEnd,
  methodNames,
  language,
  paperWidth,
  printedAt,
  accountNames,
}: DayEndSlipProps) {
  const t = dictionaries[language]
  const d = t.dayEnd
  // On a 58 mm roll a line wraps anywhere: the amount keeps its ₺ on its own line (a no-break space).
  const money = (kurus: number) => formatKurus(kurus, language).replace(' ', '\u00a0')
  const methods = dayEnd.collectedAtDoor.map((key) => methodNames.get(key) ?? key)
  const { totals, unassigned, allOrders } = dayEnd
  const notConfirmed = allOrders.notConfirmed
  return (
    <article className={`slip slip-${paperWidth}mm day-end-slip`} lang={language} data-paper-mm={paperWidth}>
      <p className="slip-title">{d.slipTitle}</p>
      <p className="day-end-slip-day">{dayText(dayEnd.day, language)}</p>
      <p className="slip-time">{methods.length > 0 ? d.collected(methods.join(', ')) : d.collectedNone}</p>
      {dayEnd.couriers.length === 0 && unassigned.packages === 0 && <p>{d.empty}</p>}
      {dayEnd.couriers.map((courier) => (
        <section key={courier.courierId} className="day-end-slip-courier">
          <p className="day-end-slip-name">
            {courier.name}
            {courier.retired && ` ${d.retired}`}
          </p>
          <p>{d.slipLine(courier.packages, money(courier.cashToCollectKurus))}</p>
          <AccountLines lines={courier.accounts} names={accountNames} t={t} money={money} />
          <CashLines line={courier} t={t} money={money} />
          <p className="day-end-slip-balance">{lineBalance(courier, t, language).text}</p>
          {courier.debtCarriedKurus > 0 && (
            <p>{t.courierCash.debtCarried(money(courier.debtCarriedKurus))}</p>
          )}
          {courier.payKurus !== null && <p>{t.courierCash.pay(money(courier.payKurus))}</p>}
          <p>{courier.closed ? t.courierCash.closed : t.courierCash.open}</p>
        </section>
      ))}
      <section className="day-end-slip-total">
        <p className="day-end-slip-name">{d.total}</p>
        <p>{d.slipLine(totals.packages, money(totals.cashToCollectKurus))}</p>
        <AccountLines lines={allOrders.accounts} names={accountNames} t={t} money={money} />
        <CashLines line={totals} t={t} money={money} />
        <p className="day-end-slip-balance">
          {lineBalance({ ...totals, bags: dayEnd.couriers.flatMap((one) => one.bags) }, t, language).text}
        </p>
        {totals.debtCarriedKurus > 0 && <p>{t.courierCash.debtCarried(money(totals.debtCarriedKurus))}</p>}
        {totals.payKurus !== null && <p>{t.courierCash.pay(money(totals.payKurus))}</p>}
      </section>
      {unassigned.packages > 0 && (
        <section className="day-end-slip-courier">
          <p>{d.slipUnassigned(unassigned.packages, money(unassigned.cashToCollectKurus))}</p>
          {unassigned.cashToCollectKurus > 0 && (
            <p className="slip-time">
              {d.unassignedNote(unassigned.packages, money(unassigned.cashToCollectKurus))}
            </p>
          )}
        </section>
      )}
      <Caveats tally={allOrders} t={t} />
      {notConfirmed.owed + notConfirmed.unconfirmed + notConfirmed.refused > 0 && (
        <p className="slip-time">
          {d.notConfirmed(notConfirmed.owed, notConfirmed.unconfirmed, notConfirmed.refused)}
        </p>
      )}
      {showsBranches(allOrders.branches) && (
        <section className="day-end-slip-branches">
          <p className="day-end-slip-name">{d.branches}</p>
          {allOrders.branches.map((line) => (
            <p key={line.branch ?? ''}>
              {branchText(line, t)}: {d.slipLine(line.packages, money(line.cashToCollectKurus))}
            </p>
          ))}
        </section>
      )}
      <p className="slip-time">{d.slipPrinted(formatTime(printedAt, language))}</p>
      <p className="day-end-slip-signature">{d.slipSignature}</p>
    </article>
  )
}

/** Float, expenses, expected (or "?"), handed in, card at the door, advances: one fact a line where it counts. */
function CashLines({ line, t, money }: { line: CashTally; t: Messages; money: (kurus: number) => string }) {
  const c = t.courierCash.columns
  return (
    <>
      {(line.floatKurus !== 0 || line.expensesKurus !== 0) && (
        <p>
          {c.float}: {money(line.floatKurus)} · {c.expenses}: {money(line.expensesKurus)}
        </p>
      )}
      <p>
        {c.expected}: {line.unknownCount > 0 ? t.courierCash.unknown : money(line.expectedCashKurus)}
      </p>
      <p>{t.dayEnd.slipHandedIn(money(line.cashHandedInKurus))}</p>
      {line.cardAtDoorKurus > 0 && (
        <p>
          {c.card}: {money(line.cardAtDoorKurus)}
        </p>
      )}
      {line.advancesKurus !== 0 && (
        <p>
          {c.advances}: {money(line.advancesKurus)}
        </p>
      )}
    </>
  )
}

/** A tally's share per restaurant account, one line each: only when the app has several (names given). */
function AccountLines({
  lines,
  names,
  t,
  money,
}: {
  lines: readonly AccountLine[] | undefined
  names: ReadonlyMap<string, string> | undefined
  t: Messages
  money: (kurus: number) => string
}) {
  if (names === undefined || lines === undefined) return null
  return (
    <>
      {lines.map((line) => (
        <p key={line.account ?? ''} className="day-end-slip-account">
          {line.account === null ? t.accounts.beforeAccounts : (names.get(line.account) ?? '?')}:{' '}
          {t.dayEnd.slipLine(line.packages, money(line.cashToCollectKurus))}
        </p>
      ))}
    </>
  )
}

function Caveats({ tally, t }: { tally: PackageTally; t: Messages }) {
  return (
    <>
      {tally.amountUnknown > 0 && <p className="slip-time">{t.dayEnd.amountUnknown(tally.amountUnknown)}</p>}
      {tally.methodUnknown > 0 && <p className="slip-time">{t.dayEnd.methodUnknown(tally.methodUnknown)}</p>}
    </>
  )
}
