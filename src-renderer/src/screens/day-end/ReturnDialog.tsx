import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type SubmitEvent,
} from 'react'
import type { Bag, CashLine, CourierDayEnd, DayEnd, MovementKind } from '../../../../src-shared/couriers.ts'
import { checkCashNote } from '../../../../src-shared/courier-rules.ts'
import type { Language } from '../../../../src-shared/domain.ts'
import { formatKurus } from '../../../../src-shared/money.ts'
import { shortCodeOf } from '../../../../src-shared/order-rules.ts'
import { isSignedIn } from '../../../../src-shared/session-rules.ts'
import { appErrorOf } from '../../api.ts'
import { ErrorMessage } from '../../components/ErrorMessage.tsx'
import { formatTime, type Messages } from '../../i18n/index.ts'
import { useMessages } from '../../i18n/use-messages.tsx'
import {
  useCouriers,
  useMethodNames,
  useMethods,
  useRecordMovement,
  useSession,
  useSetDoorTender,
} from '../../queries.ts'
import { focusOrderField, useCourierUi } from '../../state.ts'
import { CloseAccount } from './CloseAccount.tsx'
import { dayText, lineBalance, readAmount } from './day-end-format.ts'
import { useCourierDay } from './use-courier-day.ts'
import { useRequestId } from './use-request-id.ts'
import './courier-day.css'

/** The return dialog the board's courier strip asks for (`returnFor`): today's return of that courier. */
export function CourierReturnHost() {
  const courierId = useCourierUi((state) => state.returnFor)
  const closeReturn = useCourierUi((state) => state.closeReturn)
  if (courierId === undefined) return null
  return <ReturnDialog key={courierId} courierId={courierId} onClose={closeReturn} />
}

const KINDS: readonly MovementKind[] = ['handed-in', 'float', 'expense', 'advance', 'debt-repaid']

/**
 * The courier's cash ("kurye kasası", issues 21 and 28): what they were given, spent and handed in, typed, with
 * the difference to what is expected shown as staff type; each saved as a movement the core journals. The
 * figures are the core's one settlement (expected = float + cash at the door − expenses), never worked out here;
 * a courier still carrying bags is shown out, a bag whose cash is not known "? kontrol edin". Below: the bags
 * with what the customer paid at the door (one press changes it), the day's records (a wrong one is corrected by
 * a new record, both stay), and "Hesabı kapat". `day`: a past day (a courier back after midnight); today when
 * left out. Modal: focus starts in the amount, Escape closes, focus goes back where it was.
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
  const ct = t.courierCash
  const courierDay = useCourierDay(day)
  const couriers = useCouriers()
  const record = useRecordMovement()
  const requestId = useRequestId()
  const [kind, setKind] = useState<MovementKind>('handed-in')
  const [amount, setAmount] = useState('')
  const [note, setNote] = useState('')
  const [shown, setShown] = useState<{ amount?: string; note?: string }>({})
  const [saved, setSaved] = useState<string | undefined>(undefined)
  const amountField = useRef<HTMLInputElement>(null)
  const error = appErrorOf(record.error) ?? appErrorOf(courierDay.error)

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

  const view = courierDay.view
  const courier = view?.couriers.find((line) => line.courierId === courierId)
  const name = courier?.name ?? couriers.data?.find((one) => one.id === courierId)?.name ?? ''
  // Handed in minus expected, as the core settled it; what is typed moves it by the kind's sign.
  const before = courier?.differenceKurus ?? 0
  const typed = amount.trim() === '' ? undefined : readAmount(amount, t)
  const pastDay = day !== undefined && view !== undefined && day !== view.today
  const kindName = ct.kinds[kind]
  const moves = kind === 'handed-in' ? 1 : kind === 'float' ? -1 : kind === 'expense' ? 1 : 0

  function submit(event: SubmitEvent) {
    event.preventDefault()
    const cash = readAmount(amount, t)
    const checkedNote = checkCashNote(note)
    const noteMissing = kind === 'expense' && checkedNote.ok && checkedNote.note === undefined
    setShown({
      ...(cash.ok ? {} : { amount: cash.message }),
      ...(!checkedNote.ok ? { note: t.errorCashNoteInvalid } : noteMissing ? { note: ct.noteRequired } : {}),
    })
    if (!cash.ok) {
      amountField.current?.focus()
      return
    }
    if (!checkedNote.ok || noteMissing) return
    const input = {
      courierId,
      kind,
      amountKurus: cash.kurus,
      ...(checkedNote.note === undefined ? {} : { note: checkedNote.note }),
      ...(pastDay ? { day } : {}),
    }
    record.mutate(
      { ...input, requestId: requestId.idFor(JSON.stringify(input)) },
      {
        onSuccess: (written) => {
          requestId.done()
          setSaved(ct.saved(ct.kinds[written.kind], formatKurus(written.amountKurus, language)))
          setAmount('')
          setNote('')
          amountField.current?.focus()
        },
      },
    )
  }

  const liveProblem = typed && !typed.ok ? typed.message : undefined
  const problem = shown.amount ?? liveProblem
  const preview =
    typed?.ok && courier && moves !== 0 && courier.balance !== 'unknown'
      ? lineBalance(
          { ...courier, balance: 'settled', differenceKurus: before + moves * typed.kurus },
          t,
          language,
        )
      : undefined
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
        {courier && <Figures courier={courier} t={t} language={language} />}
        {!view && <p className="muted">{t.loading}</p>}
        <form onSubmit={submit} noValidate className="return-form">
          <fieldset className="movement-kinds">
            <legend>{ct.kind}</legend>
            {KINDS.map((one) => (
              <label key={one} className={one === kind ? 'movement-kind chosen' : 'movement-kind'}>
                <input
                  type="radio"
                  name={`${id}-kind`}
                  value={one}
                  checked={one === kind}
                  onChange={() => {
                    setKind(one)
                    setShown({})
                    setSaved(undefined)
                  }}
                />
                {ct.kinds[one]}
              </label>
            ))}
          </fieldset>
          <p className="hint">{ct.kindHints[kind]}</p>
          <label htmlFor={`${id}-amount`}>{kind === 'handed-in' ? texts.cash : ct.amount(kindName)}</label>
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
            ) : preview && view ? (
              <span className={preview.className}>{preview.text}</span>
            ) : null}
          </p>
          <label htmlFor={`${id}-note`}>{ct.noteFor(kind === 'expense')}</label>
          <input
            id={`${id}-note`}
            value={note}
            autoComplete="off"
            maxLength={200}
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
              {kind === 'handed-in' ? texts.save : ct.save(kindName)}
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
        {view && courier && <Bags courier={courier} view={view} language={language} />}
        {view && (
          <CashRecords
            courierId={courierId}
            lines={courier?.cash ?? []}
            day={pastDay ? view.day : undefined}
            language={language}
          />
        )}
        {view && courier && <CloseAccount courier={courier} day={pastDay ? view.day : undefined} />}
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

/**
 * The whole formula at once, as the core settled it: float + cash at the door − expenses = expected; handed in;
 * the difference (or "yolda", or "? kontrol edin"); card at the door apart; debts, credit, advances, pay.
 */
function Figures({ courier, t, language }: { courier: CourierDayEnd; t: Messages; language: Language }) {
  const texts = t.courierReturn
  const ct = t.courierCash
  const money = (kurus: number) => formatKurus(kurus, language)
  const balance = lineBalance(courier, t, language)
  const waiting = courier.notConfirmed.owed + courier.notConfirmed.unconfirmed
  return (
    <div className="return-figures">
      <p className="return-summary">
        {texts.summary(courier.packages, money(courier.cashToCollectKurus), money(courier.cashHandedInKurus))}
      </p>
      {courier.unknownCount > 0 ? (
        <p className="return-expected balance-unknown">{ct.expectedUnknown}</p>
      ) : (
        <>
          <p className="return-formula">
            {ct.formula(
              money(courier.floatKurus),
              money(courier.cashToCollectKurus),
              money(courier.expensesKurus),
              money(courier.expectedCashKurus),
            )}
          </p>
          {/* What the courier still owes the till now: the difference so far, never below zero. */}
          <p className="return-expected">{texts.expected(money(Math.max(0, -courier.differenceKurus)))}</p>
        </>
      )}
      <p>
        {ct.handedInLine(money(courier.cashHandedInKurus))} ·{' '}
        <span className={balance.className}>{balance.text}</span>
        {courier.closed && <strong className="closed-mark"> · {ct.closed}</strong>}
      </p>
      {courier.cardAtDoorKurus > 0 && <p className="hint">{ct.cardAtDoor(money(courier.cardAtDoorKurus))}</p>}
      {(courier.debtCarriedKurus > 0 || courier.creditKurus > 0 || courier.advancesKurus !== 0) && (
        <p className="hint">
          {[
            courier.debtCarriedKurus > 0 ? ct.debtCarried(money(courier.debtCarriedKurus)) : undefined,
            courier.creditKurus > 0 ? ct.credit(money(courier.creditKurus)) : undefined,
            courier.advancesKurus !== 0 ? ct.advances(money(courier.advancesKurus)) : undefined,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
      {courier.payKurus !== null && <p className="hint">{ct.pay(money(courier.payKurus))}</p>}
      {waiting > 0 && <p className="hint">{texts.unconfirmed(waiting)}</p>}
    </div>
  )
}

/**
 * The day's bags with what the customer paid at the door: each one press to change (a card on the courier's
 * reader, a meal card), the expected cash following in the core. A bag the platform refused is marked and in no
 * total; a closed account's bags are settled and not changed here.
 */
function Bags({ courier, view, language }: { courier: CourierDayEnd; view: DayEnd; language: Language }) {
  const { t } = useMessages()
  const ct = t.courierCash
  const signedIn = isSignedIn(useSession().data)
  const listed = useMethods(signedIn).data
  const methods = listed?.paymentMethods ?? []
  const methodNames = useMethodNames(listed)
  const setTender = useSetDoorTender()
  const error = appErrorOf(setTender.error)
  const money = (kurus: number) => formatKurus(kurus, language)
  // The methods staff may press: the platform's, else at least those collected at the door.
  const offered = methods.length > 0 ? methods.map((method) => method.key) : view.collectedAtDoor
  if (courier.bags.length === 0) return null
  return (
    <section className="return-bags" aria-label={ct.bags}>
      <h3>{ct.bags}</h3>
      <p className="hint">{ct.bagsHint}</p>
      <ul>
        {courier.bags.map((bag) => (
          <BagLine
            key={bag.paymentKey}
            bag={bag}
            offered={offered}
            methodNames={methodNames}
            money={money}
            t={t}
            onTender={(method) =>
              setTender.mutate({
                paymentKey: bag.paymentKey,
                method: method === bag.paymentMethod ? null : method,
              })
            }
            busy={setTender.isPending}
          />
        ))}
      </ul>
      {error && <ErrorMessage error={error} />}
    </section>
  )
}

function BagLine({
  bag,
  offered,
  methodNames,
  money,
  t,
  onTender,
  busy,
}: {
  bag: Bag
  offered: readonly string[]
  methodNames: ReadonlyMap<string, string>
  money: (kurus: number) => string
  t: Messages
  onTender: (method: string) => void
  busy: boolean
}) {
  const ct = t.courierCash
  const code = shortCodeOf(bag.paymentKey)
  const current = bag.doorMethod ?? bag.paymentMethod
  const status = bag.refused
    ? ct.bagRefused
    : bag.tender === 'unknown' || (bag.tender === 'cash' && bag.amountKurus === undefined)
      ? ct.bagUnknown
      : bag.tender === 'paid'
        ? ct.bagPaid
        : undefined
  return (
    <li className={bag.refused ? 'return-bag refused' : 'return-bag'}>
      <span className="return-bag-code">{code}</span>
      {bag.label !== undefined && <span className="return-bag-label">{bag.label}</span>}
      <span className="return-bag-amount">
        {bag.amountKurus === undefined ? '?' : money(bag.amountKurus)}
      </span>
      {status && <strong className="return-bag-status">{status}</strong>}
      {bag.carried && !bag.refused && <span className="muted">{ct.bagCarried}</span>}
      {!bag.refused && bag.settledBy === undefined && (
        <span className="return-bag-tender" role="group" aria-label={code}>
          {offered.map((method) => (
            <button
              key={method}
              type="button"
              className={method === current ? 'button small primary' : 'button small secondary'}
              aria-pressed={method === current}
              aria-label={ct.tenderFor(code, methodNames.get(method) ?? method)}
              disabled={busy || method === current}
              onClick={() => onTender(method)}
            >
              {methodNames.get(method) ?? method}
              {method === bag.paymentMethod && bag.doorMethod !== undefined ? ` ${ct.tenderOrder}` : ''}
            </button>
          ))}
        </span>
      )}
    </li>
  )
}

/**
 * The day's movements of one courier, oldest first, each with its kind: a corrected record struck through with
 * what corrected it, a correction with what it replaced; a record that counts can be corrected (by a new record
 * of the same kind); the correction of one a closing settled is booked in the open account, and the form says so.
 */
function CashRecords({
  courierId,
  lines,
  day,
  language,
}: {
  courierId: string
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
          const what = `${time} · ${t.courierCash.kinds[line.kind]} ${money(line.amountKurus)}${line.note ? ` · ${line.note}` : ''}`
          return (
            <li key={line.id} className={line.counts ? 'cash-line' : 'cash-line cash-line-corrected'}>
              {line.counts ? <span>{what}</span> : <del>{what}</del>}
              {correctedBy && (
                <span className="muted"> {texts.correctedBy(money(correctedBy.amountKurus))}</span>
              )}
              {replaced && (
                <span className="muted"> · {texts.correctionOf(money(replaced.amountKurus))}</span>
              )}
              {line.settledBy !== undefined && <span className="muted"> · {t.courierCash.closed}</span>}
              {line.counts && (
                <Correction courierId={courierId} line={line} day={day} time={time} language={language} />
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

function Correction({
  courierId,
  line,
  day,
  time,
  language,
}: {
  courierId: string
  line: CashLine
  day: string | undefined
  time: string
  language: Language
}) {
  const id = useId()
  const { t } = useMessages()
  const texts = t.courierReturn
  const correct = useRecordMovement()
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
    const input = {
      courierId,
      kind: line.kind,
      corrects: line.id,
      amountKurus: cash.kurus,
      ...(day === undefined ? {} : { day }),
    }
    correct.mutate(
      { ...input, requestId: requestId.idFor(JSON.stringify(input)) },
      { onSuccess: () => requestId.done() },
    )
  }

  return (
    <form className="cash-correction" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-amount`}>{texts.correctAmount(was)}</label>
      {line.settledBy !== undefined && (
        // A closing settled it: the closed account stays as it was, the change goes to the open one (D82).
        <p id={`${id}-settled`} className="hint">
          {texts.correctSettled}
        </p>
      )}
      <input
        id={`${id}-amount`}
        ref={field}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        aria-invalid={problem ? true : undefined}
        aria-describedby={
          [problem ? `${id}-problem` : '', line.settledBy === undefined ? '' : `${id}-settled`]
            .filter(Boolean)
            .join(' ') || undefined
        }
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
