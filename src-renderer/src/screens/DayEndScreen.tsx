import { useId, useState } from 'react'
import type { CourierDayEnd, DayEndView, PackageTally } from '../../../src-shared/couriers.ts'
import type { Language } from '../../../src-shared/domain.ts'
import { isSignedIn } from '../../../src-shared/session-rules.ts'
import { formatKurus } from '../../../src-shared/money.ts'
import { appErrorOf } from '../api.ts'
import { ErrorMessage } from '../components/ErrorMessage.tsx'
import { ScreenHeader } from '../components/ScreenHeader.tsx'
import { dayEndFileName, downloadTextFile } from '../download.ts'
import type { Messages } from '../i18n/index.ts'
import { useMessages } from '../i18n/use-messages.tsx'
import {
  useCouriers,
  useCourierToday,
  useDayEnd,
  useExportDayEnd,
  useMethodNames,
  useMethods,
  useSession,
  useSettings,
} from '../queries.ts'
import { DayEndSlip } from '../slip/DayEndSlip.tsx'
import { slipFileCode, useDocumentPrint } from '../slip/print-document.tsx'
import { useUi } from '../state.ts'
import { useAccountTags } from '../components/BrandTag.tsx'
import { AccountSplit } from './day-end/AccountSplit.tsx'
import { branchText, dayText, lineBalance, showsBranches } from './day-end/day-end-format.ts'
import { ReturnDialog } from './day-end/ReturnDialog.tsx'
import { StatementDialog } from './day-end/StatementDialog.tsx'
import './day-end/courier-day.css'

/**
 * "Gün sonu" (issues 21 and 28): the couriers' settlement of a day, today by the platform's time zone (as the
 * core keeps and pushes it) or a past day History still keeps (read once): per courier the packages, the cash at
 * the door, the float, the expenses, what is expected, what was handed in, the difference (or "yolda" for a
 * courier still out, "?" where a bag's cash is not known), the card at the door, the debt carried, the advances,
 * the pay (when on) and whether the account is closed; the couriers' total; under it the packages no courier was
 * named for (D76); what is still not confirmed; the split by branch. Printed on the receipt roll, exported as CSV
 * by the core; a courier's cash and closing, and their week, from here. Nothing is summed here.
 */
export function DayEndScreen() {
  const { t, language } = useMessages()
  const texts = t.dayEnd
  const closeDayEnd = useUi((state) => state.closeDayEnd)
  const [day, setDay] = useState<string | undefined>(undefined)
  const [returnFor, setReturnFor] = useState<string | undefined>(undefined)
  const [statementFor, setStatementFor] = useState<string | undefined>(undefined)
  const dayEnd = useDayEnd(day)
  const today = useCourierToday().data
  const exportCsv = useExportDayEnd()
  const settings = useSettings().data
  const signedIn = isSignedIn(useSession().data)
  const methodNames = useMethodNames(useMethods(signedIn).data)
  const slipPrint = useDocumentPrint('day-end')
  const accountTags = useAccountTags()
  // Today is the kept settlement the strip and the return show too; a past day is the core's answer for it.
  const showsToday = today !== undefined && (day === undefined || day === today.today)
  const view: DayEndView | undefined = showsToday
    ? { ...today, days: dayEnd.data?.days ?? [today.today] }
    : dayEnd.data
  const error = appErrorOf(dayEnd.error)
  const exportError = appErrorOf(exportCsv.error)

  const print = (shown: DayEndView) =>
    slipPrint.print(
      <DayEndSlip
        dayEnd={shown}
        methodNames={methodNames}
        language={language}
        paperWidth={settings?.slipPaperWidth ?? 80}
        printedAt={new Date().toISOString()}
        accountNames={
          accountTags.several
            ? new Map(accountTags.list.map((account) => [account.id, account.shortName]))
            : undefined
        }
      />,
      slipFileCode(`gunsonu-${shown.day.replace(/-/g, '')}`),
    )

  return (
    <main className="day-end">
      <ScreenHeader title={<h1>{texts.title}</h1>} action={t.back} onAction={closeDayEnd} />
      <p className="muted">{texts.intro}</p>
      {view && (
        <div className="day-end-actions">
          <DayPicker view={view} language={language} t={t} onDay={setDay} />
          <button
            type="button"
            className="button primary"
            disabled={slipPrint.printing}
            onClick={() => print(view)}
          >
            {texts.print}
          </button>
          <OpenCash couriers={view.couriers} onOpen={setReturnFor} />
          <button
            type="button"
            className="button secondary"
            disabled={exportCsv.isPending}
            onClick={() =>
              exportCsv.mutate(view.day, {
                onSuccess: (csv) => downloadTextFile(dayEndFileName(view.day), csv, 'text/csv;charset=utf-8'),
              })
            }
          >
            {texts.csv}
          </button>
        </div>
      )}
      {slipPrint.failed && (
        <p className="press-refusal" role="alert">
          {texts.printFailed}
        </p>
      )}
      {exportError && <ErrorMessage error={exportError} />}
      {dayEnd.isPending && <p className="muted">{t.loading}</p>}
      {error && <ErrorMessage error={error} onRetry={() => void dayEnd.refetch()} />}
      {view && (
        <DayEndTable
          view={view}
          language={language}
          t={t}
          methodNames={methodNames}
          onReturn={setReturnFor}
          onStatement={setStatementFor}
        />
      )}
      {statementFor !== undefined && (
        <StatementDialog courierId={statementFor} onClose={() => setStatementFor(undefined)} />
      )}
      {returnFor !== undefined && view && (
        <ReturnDialog
          courierId={returnFor}
          day={view.day === view.today ? undefined : view.day}
          onClose={() => setReturnFor(undefined)}
        />
      )}
    </main>
  )
}

/**
 * Any working courier's cash, even before their first bag or record of the day: the float ("bozuk para") is
 * given at the start of the shift, and a debt repaid may come on a day with nothing else.
 */
function OpenCash({
  couriers,
  onOpen,
}: {
  couriers: readonly { courierId: string }[]
  onOpen: (courierId: string) => void
}) {
  const id = useId()
  const { t } = useMessages()
  const ct = t.courierCash
  const working = (useCouriers().data ?? []).filter((courier) => !courier.retired)
  const [chosen, setChosen] = useState('')
  if (working.length === 0) return null
  const listed = new Set(couriers.map((courier) => courier.courierId))
  return (
    <div className="day-end-open-cash">
      <label htmlFor={id}>{ct.openCash}</label>
      <select id={id} value={chosen} onChange={(event) => setChosen(event.target.value)}>
        <option value="">{ct.openCashChoose}</option>
        {working.map((courier) => (
          <option key={courier.id} value={courier.id}>
            {courier.name}
            {listed.has(courier.id) ? '' : ` ${ct.openCashNothingYet}`}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button secondary"
        disabled={chosen === ''}
        onClick={() => onOpen(chosen)}
      >
        {ct.openCashButton}
      </button>
    </div>
  )
}

function DayPicker({
  view,
  language,
  t,
  onDay,
}: {
  view: DayEndView
  language: Language
  t: Messages
  onDay: (day: string) => void
}) {
  const id = useId()
  // Today is always offered, even before anything happened on it.
  const days = view.days.includes(view.today) ? view.days : [view.today, ...view.days]
  return (
    <div>
      <label htmlFor={id}>{t.dayEnd.day}</label>
      <select id={id} value={view.day} onChange={(event) => onDay(event.target.value)}>
        {days.map((held) => (
          <option key={held} value={held}>
            {held === view.today ? t.dayEnd.today(dayText(held, language)) : dayText(held, language)}
          </option>
        ))}
      </select>
    </div>
  )
}

function DayEndTable({
  view,
  language,
  t,
  methodNames,
  onReturn,
  onStatement,
}: {
  view: DayEndView
  language: Language
  t: Messages
  methodNames: ReadonlyMap<string, string>
  onReturn: (courierId: string) => void
  onStatement: (courierId: string) => void
}) {
  const texts = t.dayEnd
  const columns = t.courierCash.columns
  const money = (kurus: number) => formatKurus(kurus, language)
  const { totals, unassigned, allOrders } = view
  const methods = view.collectedAtDoor.map((key) => methodNames.get(key) ?? key)
  const nothing = view.couriers.length === 0 && unassigned.packages === 0
  const pay = totals.payKurus !== null
  const totalBalance = lineBalance(
    { ...totals, bags: view.couriers.flatMap((courier) => courier.bags) },
    t,
    language,
  )
  return (
    <>
      <p className="muted">
        {methods.length > 0 ? texts.collected(methods.join(', ')) : texts.collectedNone}
      </p>
      {nothing ? (
        <p className="muted empty">{texts.empty}</p>
      ) : (
        <div className="day-end-scroll">
          <table className="day-end-table day-end-cash" aria-label={texts.title}>
            <thead>
              <tr>
                <th scope="col">{texts.courier}</th>
                <th scope="col" className="money">
                  {columns.packages}
                </th>
                <th scope="col" className="money">
                  {columns.door}
                </th>
                <th scope="col" className="money">
                  {columns.float}
                </th>
                <th scope="col" className="money">
                  {columns.expenses}
                </th>
                <th scope="col" className="money">
                  {columns.expected}
                </th>
                <th scope="col" className="money">
                  {columns.handedIn}
                </th>
                <th scope="col" className="money">
                  {columns.difference}
                </th>
                <th scope="col" className="money">
                  {columns.card}
                </th>
                <th scope="col" className="money">
                  {columns.debt}
                </th>
                <th scope="col" className="money">
                  {columns.advances}
                </th>
                {pay && (
                  <th scope="col" className="money">
                    {columns.pay}
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {view.couriers.map((courier) => (
                <CourierRow
                  key={courier.courierId}
                  courier={courier}
                  language={language}
                  t={t}
                  pay={pay}
                  onReturn={() => onReturn(courier.courierId)}
                  onStatement={() => onStatement(courier.courierId)}
                />
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">
                  {texts.total}
                  <span className={totals.closed ? 'day-end-account closed' : 'day-end-account'}>
                    {totals.closed ? t.courierCash.closed : t.courierCash.open}
                  </span>
                </th>
                <td className="money">{totals.packages}</td>
                <td className="money">{money(totals.cashToCollectKurus)}</td>
                <td className="money">{money(totals.floatKurus)}</td>
                <td className="money">{money(totals.expensesKurus)}</td>
                <td className="money">{totals.unknownCount > 0 ? '?' : money(totals.expectedCashKurus)}</td>
                <td className="money">{money(totals.cashHandedInKurus)}</td>
                <td className="money">
                  <span className={totalBalance.className}>{totalBalance.text}</span>
                </td>
                <td className="money">{money(totals.cardAtDoorKurus)}</td>
                <td className="money">{money(totals.debtCarriedKurus)}</td>
                <td className="money">{money(totals.advancesKurus)}</td>
                {pay && <td className="money">{money(totals.payKurus ?? 0)}</td>}
              </tr>
              {/* Below the couriers' total, which leaves it out: its cash is owed by no courier (D76). */}
              {unassigned.packages > 0 && (
                <tr className="day-end-unassigned">
                  <th scope="row">{texts.unassigned}</th>
                  <td className="money">{unassigned.packages}</td>
                  <td className="money">{money(unassigned.cashToCollectKurus)}</td>
                  <td className="money" colSpan={pay ? 9 : 8}>
                    –
                  </td>
                </tr>
              )}
            </tfoot>
          </table>
        </div>
      )}
      {unassigned.cashToCollectKurus > 0 && (
        <div className="day-end-notes">
          <p>{texts.unassignedNote(unassigned.packages, money(unassigned.cashToCollectKurus))}</p>
        </div>
      )}
      <Notes tally={allOrders} t={t} />
      {showsBranches(allOrders.branches) && (
        <table className="day-end-table" aria-label={texts.branches}>
          <caption className="visually-hidden">{texts.branches}</caption>
          <thead>
            <tr>
              <th scope="col">{texts.branch}</th>
              <th scope="col" className="money">
                {texts.packages}
              </th>
              <th scope="col" className="money">
                {texts.toCollect}
              </th>
            </tr>
          </thead>
          <tbody>
            {allOrders.branches.map((line) => (
              <tr key={line.branch ?? ''}>
                <th scope="row">{branchText(line, t)}</th>
                <td className="money">{line.packages}</td>
                <td className="money">{money(line.cashToCollectKurus)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <AccountSplit view={view} language={language} t={t} />
    </>
  )
}

function CourierRow({
  courier,
  language,
  t,
  pay,
  onReturn,
  onStatement,
}: {
  courier: CourierDayEnd
  language: Language
  t: Messages
  pay: boolean
  onReturn: () => void
  onStatement: () => void
}) {
  const texts = t.dayEnd
  const ct = t.courierCash
  const money = (kurus: number) => formatKurus(kurus, language)
  const balance = lineBalance(courier, t, language)
  return (
    <tr>
      {/* The name, whether the account is closed, and its buttons: the money columns keep the width at 1024. */}
      <th scope="row">
        {courier.name}
        {courier.retired && <span className="muted"> {texts.retired}</span>}
        <span className={courier.closed ? 'day-end-account closed' : 'day-end-account'}>
          {courier.closed ? ct.closed : ct.open}
        </span>
        <span className="day-end-row-actions">
          <button
            type="button"
            className="button secondary small"
            aria-label={texts.returnFor(courier.name)}
            onClick={onReturn}
          >
            {texts.returnButton}
          </button>
          <button
            type="button"
            className="button secondary small"
            aria-label={ct.statementFor(courier.name)}
            onClick={onStatement}
          >
            {ct.statement}
          </button>
        </span>
      </th>
      <td className="money">{courier.packages}</td>
      <td className="money">{money(courier.cashToCollectKurus)}</td>
      <td className="money">{money(courier.floatKurus)}</td>
      <td className="money">{money(courier.expensesKurus)}</td>
      <td className="money">
        {courier.unknownCount > 0 ? (
          <span className="balance balance-unknown">{ct.unknown}</span>
        ) : (
          money(courier.expectedCashKurus)
        )}
      </td>
      <td className="money">{money(courier.cashHandedInKurus)}</td>
      <td className="money">
        <span className={balance.className}>{balance.text}</span>
      </td>
      <td className="money">{money(courier.cardAtDoorKurus)}</td>
      <td className="money">{money(courier.debtCarriedKurus)}</td>
      <td className="money">{money(courier.advancesKurus)}</td>
      {pay && <td className="money">{courier.payKurus === null ? ct.payOff : money(courier.payKurus)}</td>}
    </tr>
  )
}

function Notes({ tally, t }: { tally: PackageTally; t: Messages }) {
  const texts = t.dayEnd
  const { owed, unconfirmed, refused } = tally.notConfirmed
  return (
    <div className="day-end-notes">
      <p role="status">
        {owed + unconfirmed + refused > 0
          ? texts.notConfirmed(owed, unconfirmed, refused)
          : texts.allConfirmed}
      </p>
      {tally.amountUnknown > 0 && <p>{texts.amountUnknown(tally.amountUnknown)}</p>}
      {tally.methodUnknown > 0 && <p>{texts.methodUnknown(tally.methodUnknown)}</p>}
    </div>
  )
}
