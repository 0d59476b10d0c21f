import { useEffect, useId, useRef, useState } from 'react'
import type { CourierStatement, StatementDay } from '../../../../src-shared/couriers.ts'
import type { Language } from '../../../../src-shared/domain.ts'
import { formatKurus } from '../../../../src-shared/money.ts'
import { appErrorOf } from '../../api.ts'
import { ErrorMessage } from '../../components/ErrorMessage.tsx'
import { downloadTextFile } from '../../download.ts'
import type { Messages } from '../../i18n/index.ts'
import { useMessages } from '../../i18n/use-messages.tsx'
import { useCourierStatement, useExportCourierStatement, useSettings } from '../../queries.ts'
import { slipFileCode, useDocumentPrint } from '../../slip/print-document.tsx'
import { StatementSlip } from '../../slip/StatementSlip.tsx'
import { dayText } from './day-end-format.ts'
import './courier-day.css'

/** A day seven days from `day` (YYYY-MM-DD), by the calendar. */
function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/**
 * A courier's weekly statement (issue 28): seven days from a Monday, as the core settled each, the week's sums,
 * the debts still owed; printed on the receipt roll or saved as CSV (the core writes it). Modal, Escape closes.
 */
export function StatementDialog({ courierId, onClose }: { courierId: string; onClose: () => void }) {
  const id = useId()
  const { t, language } = useMessages()
  const ct = t.courierCash
  const [from, setFrom] = useState<string | undefined>(undefined)
  const statement = useCourierStatement(courierId, from)
  const exportCsv = useExportCourierStatement()
  const settings = useSettings().data
  const slipPrint = useDocumentPrint(`statement:${courierId}`)
  const closeButton = useRef<HTMLButtonElement>(null)
  const view = statement.data
  const error = appErrorOf(statement.error) ?? appErrorOf(exportCsv.error)
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  })
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    closeButton.current?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current()
    }
    window.addEventListener('keydown', onKey)
    return () => {
      window.removeEventListener('keydown', onKey)
      if (opener?.isConnected) opener.focus()
    }
  }, [])

  const print = (shown: CourierStatement) =>
    slipPrint.print(
      <StatementSlip
        statement={shown}
        language={language}
        paperWidth={settings?.slipPaperWidth ?? 80}
        printedAt={new Date().toISOString()}
      />,
      slipFileCode(`hafta-${shown.from.replace(/-/g, '')}`),
    )

  return (
    <div className="return-backdrop">
      <div
        className="return-dialog statement-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
      >
        <h2 id={`${id}-title`}>{ct.statementTitle(view?.name ?? '')}</h2>
        {view && (
          <p className="muted">
            {ct.statementWeek(dayText(view.from, language), dayText(view.to, language))}
          </p>
        )}
        <div className="return-buttons">
          {view && (
            <>
              <button
                type="button"
                className="button secondary small"
                onClick={() => setFrom(shiftDay(view.from, -7))}
              >
                {ct.statementPrev}
              </button>
              <button
                type="button"
                className="button secondary small"
                onClick={() => setFrom(shiftDay(view.from, 7))}
              >
                {ct.statementNext}
              </button>
              <button
                type="button"
                className="button primary small"
                disabled={slipPrint.printing}
                onClick={() => print(view)}
              >
                {ct.statementPrint}
              </button>
              <button
                type="button"
                className="button secondary small"
                disabled={exportCsv.isPending}
                onClick={() =>
                  exportCsv.mutate(
                    { courierId, from: view.from },
                    {
                      onSuccess: (csv) =>
                        downloadTextFile(
                          `pos-companion-kurye-hafta-${view.from.replace(/-/g, '')}.csv`,
                          csv,
                          'text/csv;charset=utf-8',
                        ),
                    },
                  )
                }
              >
                {ct.statementCsv}
              </button>
            </>
          )}
          <button ref={closeButton} type="button" className="button secondary small" onClick={onClose}>
            {ct.statementClose}
          </button>
        </div>
        {slipPrint.failed && (
          <p className="press-refusal" role="alert">
            {t.dayEnd.printFailed}
          </p>
        )}
        {error && <ErrorMessage error={error} />}
        {statement.isPending && <p className="muted">{t.loading}</p>}
        {view && <StatementTable statement={view} t={t} language={language} />}
      </div>
    </div>
  )
}

function StatementTable({
  statement,
  t,
  language,
}: {
  statement: CourierStatement
  t: Messages
  language: Language
}) {
  const ct = t.courierCash
  const c = ct.columns
  const money = (kurus: number) => formatKurus(kurus, language)
  const pay = statement.totals.payKurus !== null
  const cells = (day: Omit<StatementDay, 'day' | 'closed'>) => (
    <>
      <td className="money">{day.packages}</td>
      <td className="money">{money(day.cashToCollectKurus)}</td>
      <td className="money">{money(day.floatKurus)}</td>
      <td className="money">{money(day.expensesKurus)}</td>
      <td className="money">{day.unknownCount > 0 ? '?' : money(day.expectedCashKurus)}</td>
      <td className="money">{money(day.cashHandedInKurus)}</td>
      <td className="money">{money(day.differenceKurus)}</td>
      <td className="money">{money(day.cardAtDoorKurus)}</td>
      <td className="money">{money(day.advancesKurus)}</td>
      {pay && <td className="money">{day.payKurus === null ? ct.payOff : money(day.payKurus)}</td>}
    </>
  )
  return (
    <div className="day-end-scroll">
      <table className="day-end-table day-end-cash" aria-label={ct.statementTitle(statement.name)}>
        <thead>
          <tr>
            {[
              c.day,
              c.packages,
              c.door,
              c.float,
              c.expenses,
              c.expected,
              c.handedIn,
              c.difference,
              c.card,
              c.advances,
            ]
              .concat(pay ? [c.pay] : [])
              .map((name, index) => (
                <th key={name} scope="col" className={index === 0 ? undefined : 'money'}>
                  {name}
                </th>
              ))}
          </tr>
        </thead>
        <tbody>
          {statement.days.map((day) => (
            <tr key={day.day}>
              <th scope="row">
                {dayText(day.day, language)}
                {day.closed && <span className="day-end-account closed">{ct.closed}</span>}
              </th>
              {cells(day)}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{ct.statementTotal}</th>
            {cells(statement.totals)}
          </tr>
        </tfoot>
      </table>
      {statement.debts.length > 0 && (
        <p>
          {ct.debts}:{' '}
          {statement.debts
            .map((debt) => ct.debtLine(dayText(debt.since, language), money(debt.amountKurus)))
            .join(' · ')}
        </p>
      )}
      {statement.creditKurus > 0 && <p>{ct.credit(money(statement.creditKurus))}</p>}
    </div>
  )
}
