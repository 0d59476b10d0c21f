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
import { balanceClass, balanceText, branchText, dayText, showsBranches } from './day-end/day-end-format.ts'
import { ReturnDialog } from './day-end/ReturnDialog.tsx'
import './day-end/courier-day.css'

/**
 * "Gün sonu" (issue 21, docs/decisions.md D65): the couriers' settlement of a day, today by the platform's time
 * zone or a past day History still keeps: per courier the packages the platform confirmed, the cash to collect,
 * the cash handed in and the difference; the couriers' total; under it the packages no courier was named for,
 * whose cash is in no courier's difference (D76); what is still not confirmed; the split by branch. Printed on
 * the receipt roll, exported as CSV; a courier's return from here.
 */
export function DayEndScreen() {
  const { t, language } = useMessages()
  const texts = t.dayEnd
  const closeDayEnd = useUi((state) => state.closeDayEnd)
  const [day, setDay] = useState<string | undefined>(undefined)
  const [returnFor, setReturnFor] = useState<string | undefined>(undefined)
  const dayEnd = useDayEnd(day)
  const exportCsv = useExportDayEnd()
  const settings = useSettings().data
  const signedIn = isSignedIn(useSession().data)
  const methodNames = useMethodNames(useMethods(signedIn).data)
  const slipPrint = useDocumentPrint('day-end')
  const view = dayEnd.data
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
        />
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
}: {
  view: DayEndView
  language: Language
  t: Messages
  methodNames: ReadonlyMap<string, string>
  onReturn: (courierId: string) => void
}) {
  const texts = t.dayEnd
  const money = (kurus: number) => formatKurus(kurus, language)
  const { totals, unassigned, allOrders } = view
  const methods = view.collectedAtDoor.map((key) => methodNames.get(key) ?? key)
  const nothing = view.couriers.length === 0 && unassigned.packages === 0
  return (
    <>
      <p className="muted">
        {methods.length > 0 ? texts.collected(methods.join(', ')) : texts.collectedNone}
      </p>
      {nothing ? (
        <p className="muted empty">{texts.empty}</p>
      ) : (
        <table className="day-end-table" aria-label={texts.title}>
          <thead>
            <tr>
              <th scope="col">{texts.courier}</th>
              <th scope="col" className="money">
                {texts.packages}
              </th>
              <th scope="col" className="money">
                {texts.toCollect}
              </th>
              <th scope="col" className="money">
                {texts.handedIn}
              </th>
              <th scope="col" className="money">
                {texts.difference}
              </th>
              <th scope="col">{texts.actions}</th>
            </tr>
          </thead>
          <tbody>
            {view.couriers.map((courier) => (
              <CourierRow
                key={courier.courierId}
                courier={courier}
                language={language}
                t={t}
                onReturn={() => onReturn(courier.courierId)}
              />
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{texts.total}</th>
              <td className="money">{totals.packages}</td>
              <td className="money">{money(totals.cashToCollectKurus)}</td>
              <td className="money">{money(totals.cashHandedInKurus)}</td>
              <td className="money">
                <Balance differenceKurus={totals.differenceKurus} language={language} t={t} />
              </td>
              <td />
            </tr>
            {/* Below the couriers' total, which leaves it out: its cash is owed by no courier (D76). */}
            {unassigned.packages > 0 && (
              <tr className="day-end-unassigned">
                <th scope="row">{texts.unassigned}</th>
                <td className="money">{unassigned.packages}</td>
                <td className="money">{money(unassigned.cashToCollectKurus)}</td>
                <td className="money">–</td>
                <td className="money">–</td>
                <td />
              </tr>
            )}
          </tfoot>
        </table>
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
    </>
  )
}

function CourierRow({
  courier,
  language,
  t,
  onReturn,
}: {
  courier: CourierDayEnd
  language: Language
  t: Messages
  onReturn: () => void
}) {
  const texts = t.dayEnd
  const money = (kurus: number) => formatKurus(kurus, language)
  return (
    <tr>
      <th scope="row">
        {courier.name}
        {courier.retired && <span className="muted"> {texts.retired}</span>}
      </th>
      <td className="money">{courier.packages}</td>
      <td className="money">{money(courier.cashToCollectKurus)}</td>
      <td className="money">{money(courier.cashHandedInKurus)}</td>
      <td className="money">
        <Balance differenceKurus={courier.differenceKurus} language={language} t={t} />
      </td>
      <td>
        <button
          type="button"
          className="button secondary small"
          aria-label={texts.returnFor(courier.name)}
          onClick={onReturn}
        >
          {texts.returnButton}
        </button>
      </td>
    </tr>
  )
}

function Balance({
  differenceKurus,
  language,
  t,
}: {
  differenceKurus: number
  language: Language
  t: Messages
}) {
  return (
    <span className={`balance balance-${balanceClass(differenceKurus)}`}>
      {balanceText(differenceKurus, t, language)}
    </span>
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
