import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type SubmitEvent,
} from 'react'
import type { CashLine, CourierDayEnd } from '../../../../src-shared/couriers.ts'
import { checkCashNote } from '../../../../src-shared/courier-rules.ts'
import type { Language } from '../../../../src-shared/domain.ts'
import { formatKurus } from '../../../../src-shared/money.ts'
import { appErrorOf } from '../../api.ts'
import { ErrorMessage } from '../../components/ErrorMessage.tsx'
import { formatTime, type Messages } from '../../i18n/index.ts'
import { useMessages } from '../../i18n/use-messages.tsx'
import { useCorrectCash, useCouriers, useDayEnd, useRecordCash } from '../../queries.ts'
import { focusOrderField, useCourierUi } from '../../state.ts'
import { balanceClass, balanceText, dayText, readAmount } from './day-end-format.ts'
import { useRequestId } from './use-request-id.ts'
import './courier-day.css'

/** The return dialog the board's courier strip asks for (`returnFor`): today's return of that courier. */
export function CourierReturnHost() {
  const courierId = useCourierUi((state) => state.returnFor)
  const closeReturn = useCourierUi((state) => state.closeReturn)
  if (courierId === undefined) return null
  return <ReturnDialog key={courierId} courierId={courierId} onClose={closeReturn} />
}

/**
 * The courier's return ("Dönüş", issue 21): the cash they hand in, typed, with the difference to what is
 * expected shown as staff type (the day's cash to collect minus what they handed in before); saved as a cash
 * record. Below, the day's records: a wrong one is corrected by a new record, and both stay on the list, the
 * corrected one struck through (docs/decisions.md D65). `day`: a past day (a courier back after midnight);
 * today when left out. Modal: focus starts in the amount, Escape closes, focus goes back where it was.
 */
export function ReturnDialog({
  courierId,
  day,
  onClose,
}: {
  courierId: string
  day?: string | undefined
  onClose: () => void
}) {
  const id = useId()
  const { t, language } = useMessages()
  const texts = t.courierReturn
  const dayEnd = useDayEnd(day)
  const couriers = useCouriers()
  const record = useRecordCash()
  const requestId = useRequestId()
  const [amount, setAmount] = useState('')
  const [note, setNote] = useState('')
  const [shown, setShown] = useState<{ amount?: string; note?: string }>({})
  const [saved, setSaved] = useState<string | undefined>(undefined)
  const amountField = useRef<HTMLInputElement>(null)
  const error = appErrorOf(record.error) ?? appErrorOf(dayEnd.error)

  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  })
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    amountField.current?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current()
    }
    window.addEventListener('keydown', onKey)
    return () => {
      window.removeEventListener('keydown', onKey)
      // The strip's line leaves once the courier's return is saved: focus then goes back to the order field.
      if (opener?.isConnected) opener.focus()
      else focusOrderField()
    }
  }, [])

  const view = dayEnd.data
  const courier = view?.couriers.find((line) => line.courierId === courierId)
  const name = courier?.name ?? couriers.data?.find((one) => one.id === courierId)?.name ?? ''
  // What the courier still owes the till today: to collect minus handed in (a negative balance is owed).
  const before = courier?.differenceKurus ?? 0
  const expected = Math.max(0, -before)
  const typed = amount.trim() === '' ? undefined : readAmount(amount, t)
  const pastDay = day !== undefined && view !== undefined && day !== view.today

  function submit(event: SubmitEvent) {
    event.preventDefault()
    const cash = readAmount(amount, t)
    const checkedNote = checkCashNote(note)
    setShown({
      ...(cash.ok ? {} : { amount: cash.message }),
      ...(checkedNote.ok ? {} : { note: t.errorCashNoteInvalid }),
    })
    if (!cash.ok) {
      amountField.current?.focus()
      return
    }
    if (!checkedNote.ok) return
    const input = {
      courierId,
      amountKurus: cash.kurus,
      ...(checkedNote.note === undefined ? {} : { note: checkedNote.note }),
      ...(pastDay ? { day } : {}),
    }
    record.mutate(
      { ...input, requestId: requestId.idFor(JSON.stringify(input)) },
      {
        onSuccess: (written) => {
          requestId.done()
          const after = balanceText(before + written.amountKurus, t, language)
          setSaved(`${texts.saved(formatKurus(written.amountKurus, language))} ${after}`)
          setAmount('')
          setNote('')
          amountField.current?.focus()
        },
      },
    )
  }

  const liveProblem = typed && !typed.ok ? typed.message : undefined
  const problem = shown.amount ?? liveProblem
  return (
    <div className="return-backdrop">
      <div
        className="return-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onKeyDown={keepFocusInside}
      >
        <h2 id={`${id}-title`}>{texts.title(name)}</h2>
        {view && pastDay && <p className="muted">{texts.forDay(dayText(view.day, language))}</p>}
        {courier && (
          <p className="return-summary">
            {texts.summary(
              courier.packages,
              formatKurus(courier.cashToCollectKurus, language),
              formatKurus(courier.cashHandedInKurus, language),
            )}
          </p>
        )}
        {courier && <Caveats courier={courier} t={t} />}
        {view ? (
          <p className="return-expected">{texts.expected(formatKurus(expected, language))}</p>
        ) : (
          <p className="muted">{t.loading}</p>
        )}
        <form onSubmit={submit} noValidate className="return-form">
          <label htmlFor={`${id}-amount`}>{texts.cash}</label>
          <input
            id={`${id}-amount`}
            ref={amountField}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-hint ${id}-live`}
            onChange={(event) => {
              setAmount(event.target.value)
              setShown({})
              setSaved(undefined)
            }}
          />
          <p id={`${id}-hint`} className="hint">
            {texts.cashHint}
          </p>
          {/* Read as staff type: the difference, or what to fix. Polite, so typing is not interrupted. */}
          <p id={`${id}-live`} className="return-live" aria-live="polite">
            {problem ? (
              <span className="field-problem">{problem}</span>
            ) : typed?.ok && view ? (
              <span className={`balance balance-${balanceClass(before + typed.kurus)}`}>
                {balanceText(before + typed.kurus, t, language)}
              </span>
            ) : null}
          </p>
          <label htmlFor={`${id}-note`}>{texts.note}</label>
          <input
            id={`${id}-note`}
            value={note}
            autoComplete="off"
            aria-invalid={shown.note ? true : undefined}
            onChange={(event) => setNote(event.target.value)}
          />
          {shown.note && (
            <p className="field-problem" role="alert">
              {shown.note}
            </p>
          )}
          {error && <ErrorMessage error={error} />}
          <div className="return-buttons">
            <button type="submit" className="button primary" disabled={record.isPending || !view}>
              {texts.save}
            </button>
            <button type="button" className="button secondary" onClick={onClose}>
              {texts.close}
            </button>
          </div>
          {saved && (
            <p className="success" role="status">
              {saved}
            </p>
          )}
        </form>
        {view && (
          <CashRecords lines={courier?.cash ?? []} day={pastDay ? view.day : undefined} language={language} />
        )}
      </div>
    </div>
  )
}

/** Tab and Shift+Tab go round the dialog's own controls: the screen behind is not reachable while it is open. */
function keepFocusInside(event: ReactKeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'Tab') return
  const focusable = [
    ...event.currentTarget.querySelectorAll<HTMLElement>('input, button:not(:disabled), select, summary'),
  ]
  const first = focusable[0]
  const last = focusable.at(-1)
  if (!first || !last) return
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault()
    first.focus()
  }
}

function Caveats({ courier, t }: { courier: CourierDayEnd; t: Messages }) {
  const waiting = courier.notConfirmed.owed + courier.notConfirmed.unconfirmed
  return (
    <>
      {waiting > 0 && <p className="hint">{t.courierReturn.unconfirmed(waiting)}</p>}
      {courier.amountUnknown > 0 && (
        <p className="hint">{t.courierReturn.amountUnknown(courier.amountUnknown)}</p>
      )}
    </>
  )
}

/**
 * The day's cash records of one courier, oldest first: a corrected record struck through with what corrected
 * it, a correction with what it replaced; only a record that counts can be corrected (by a new record).
 */
function CashRecords({
  lines,
  day,
  language,
}: {
  lines: readonly CashLine[]
  day: string | undefined
  language: Language
}) {
  const { t } = useMessages()
  const texts = t.courierReturn
  const byId = new Map(lines.map((line) => [line.id, line]))
  const money = (kurus: number) => formatKurus(kurus, language)
  return (
    <section className="cash-records" aria-label={texts.records}>
      <h3>{texts.records}</h3>
      {lines.length === 0 && <p className="muted">{texts.recordsEmpty}</p>}
      <ul>
        {lines.map((line) => {
          const time = formatTime(line.at, language)
          const correctedBy = line.correctedBy === undefined ? undefined : byId.get(line.correctedBy)
          const replaced = line.corrects === undefined ? undefined : byId.get(line.corrects)
          const what = `${time} · ${money(line.amountKurus)}${line.note ? ` · ${line.note}` : ''}`
          return (
            <li key={line.id} className={line.counts ? 'cash-line' : 'cash-line cash-line-corrected'}>
              {line.counts ? <span>{what}</span> : <del>{what}</del>}
              {correctedBy && (
                <span className="muted"> {texts.correctedBy(money(correctedBy.amountKurus))}</span>
              )}
              {replaced && (
                <span className="muted"> · {texts.correctionOf(money(replaced.amountKurus))}</span>
              )}
              {line.counts && <Correction line={line} day={day} time={time} language={language} />}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

function Correction({
  line,
  day,
  time,
  language,
}: {
  line: CashLine
  day: string | undefined
  time: string
  language: Language
}) {
  const id = useId()
  const { t } = useMessages()
  const texts = t.courierReturn
  const correct = useCorrectCash()
  const requestId = useRequestId()
  const [open, setOpen] = useState(false)
  const [amount, setAmount] = useState('')
  const [problem, setProblem] = useState<string | undefined>(undefined)
  const field = useRef<HTMLInputElement>(null)
  const opener = useRef<HTMLButtonElement>(null)
  const error = appErrorOf(correct.error)
  const was = formatKurus(line.amountKurus, language)
  useEffect(() => {
    if (open) field.current?.focus()
  }, [open])

  if (!open) {
    return (
      <button
        ref={opener}
        type="button"
        className="button secondary small"
        aria-label={texts.correctFor(was, time)}
        onClick={() => setOpen(true)}
      >
        {texts.correct}
      </button>
    )
  }

  function submit(event: SubmitEvent) {
    event.preventDefault()
    const cash = readAmount(amount, t)
    if (!cash.ok) {
      setProblem(cash.message)
      field.current?.focus()
      return
    }
    setProblem(undefined)
    const input = { corrects: line.id, amountKurus: cash.kurus, ...(day === undefined ? {} : { day }) }
    correct.mutate(
      { ...input, requestId: requestId.idFor(JSON.stringify(input)) },
      { onSuccess: () => requestId.done() },
    )
  }

  return (
    <form className="cash-correction" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-amount`}>{texts.correctAmount(was)}</label>
      <input
        id={`${id}-amount`}
        ref={field}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => setAmount(event.target.value)}
        onKeyDown={(event) => {
          // Escape closes the correction only, not the whole dialog.
          if (event.key === 'Escape') {
            event.stopPropagation()
            event.nativeEvent.stopImmediatePropagation()
            setOpen(false)
          }
        }}
      />
      {problem && (
        <p id={`${id}-problem`} className="field-problem" role="alert">
          {problem}
        </p>
      )}
      {error && <ErrorMessage error={error} />}
      <button type="submit" className="button primary small" disabled={correct.isPending}>
        {texts.saveCorrection}
      </button>
      <button type="button" className="button secondary small" onClick={() => setOpen(false)}>
        {t.cancel}
      </button>
    </form>
  )
}
