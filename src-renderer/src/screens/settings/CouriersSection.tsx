import {
  useEffect,
  useId,
  useRef,
  useState,
  type InputHTMLAttributes,
  type Ref,
  type RefObject,
  type SubmitEvent,
} from 'react'
import type { CourierListed } from '../../../../src-shared/couriers.ts'
import {
  checkBadgeCode,
  checkCourierName,
  DEFAULT_COLLECTED_AT_DOOR,
  paymentMethodKey,
} from '../../../../src-shared/courier-rules.ts'
import { formatKurus } from '../../../../src-shared/money.ts'
import type { CourierProblem } from '../../../../src-shared/errors.ts'
import { appErrorOf } from '../../api.ts'
import { ErrorMessage } from '../../components/ErrorMessage.tsx'
import { CheckboxField } from '../../components/FormFields.tsx'
import { describeError } from '../../i18n/describe-error.ts'
import type { Messages } from '../../i18n/index.ts'
import { useMessages } from '../../i18n/use-messages.tsx'
import {
  useAddCourier,
  useCourierPay,
  useCouriers,
  useMethods,
  useRenameCourier,
  useRetireCourier,
  useSetCourierBadge,
  useSetCourierPay,
  useSettings,
  useUpdateSettings,
} from '../../queries.ts'
import { BadgeCard } from '../../slip/BadgeCard.tsx'
import { slipFileCode, useDocumentPrint } from '../../slip/print-document.tsx'
import { readAmount } from '../day-end/day-end-format.ts'
import { useRequestId } from '../day-end/use-request-id.ts'
import '../day-end/courier-day.css'

/** A courier rule's refusal in the staff's words: the same line the core's refusal would give. */
function problemText(problem: CourierProblem, t: Messages): string {
  return describeError({ code: 'invalid-input', problem, retryable: false }, t).text
}

/**
 * Settings "Kuryeler" (issue 21, docs/decisions.md D65): add a courier, rename them, give or take away their
 * badge code, print their badge card, mark them as left; which payment methods the courier collects at the
 * door; whether every hand-over must name its courier. Names and codes are checked as the core checks them
 * (courier-rules.ts) before anything is sent; each write carries its request id, kept while staff retry it.
 */
export function CouriersSection({ signedIn }: { signedIn: boolean }) {
  const id = useId()
  const { t } = useMessages()
  const texts = t.courierSettings
  const couriers = useCouriers()
  const settings = useSettings().data
  const [note, setNote] = useState<string | undefined>(undefined)
  const listError = appErrorOf(couriers.error)
  const all = couriers.data ?? []
  const working = all.filter((courier) => !courier.retired)
  const retired = all.filter((courier) => courier.retired)

  return (
    <section className="settings-card couriers" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{texts.title}</h2>
      <p className="hint">{texts.intro}</p>
      <AddCourierForm onAdded={setNote} />
      {listError && <ErrorMessage error={listError} onRetry={() => void couriers.refetch()} />}
      {couriers.isSuccess && working.length === 0 && <p className="muted">{texts.empty}</p>}
      {working.length > 0 && (
        <ul className="courier-list" aria-label={texts.listLabel}>
          {working.map((courier) => (
            <CourierRow key={courier.id} courier={courier} onNote={setNote} />
          ))}
        </ul>
      )}
      {note && (
        <p className="success" role="status">
          {note}
        </p>
      )}
      {retired.length > 0 && (
        <details className="courier-retired">
          <summary>{texts.retiredList(retired.length)}</summary>
          <ul>
            {retired.map((courier) => (
              <li key={courier.id}>{courier.name}</li>
            ))}
          </ul>
        </details>
      )}
      {settings && <CollectedAtDoor signedIn={signedIn} collected={settings.collectedAtDoor} />}
      {settings && <CourierRequired required={settings.courierRequired} />}
      <CourierPaySettings couriers={working} />
    </section>
  )
}

/** A labelled input whose refusal is read with it (aria-invalid, aria-describedby). */
function Field({
  label,
  hint,
  problem,
  value,
  onChange,
  inputRef,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'aria-describedby'> & {
  label: string
  hint?: string
  problem?: string | undefined
  value: string
  onChange: (value: string) => void
  inputRef?: Ref<HTMLInputElement>
}) {
  const id = useId()
  const described = [hint && `${id}-hint`, problem && `${id}-problem`].filter(Boolean).join(' ')
  return (
    <div className="courier-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={inputRef}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described || undefined}
        autoComplete="off"
        spellCheck={false}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {problem && (
        <p id={`${id}-problem`} className="field-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  )
}

type Checked<T> = { ok: true; value: T } | { ok: false; problem: CourierProblem }

function checkName(text: string): Checked<string> {
  const checked = checkCourierName(text)
  return checked.ok ? { ok: true, value: checked.name } : checked
}

/** An empty badge field is no badge; anything else must be a badge code. */
function checkOptionalBadge(text: string): Checked<string | undefined> {
  if (text.trim() === '') return { ok: true, value: undefined }
  const checked = checkBadgeCode(text)
  return checked.ok ? { ok: true, value: checked.code } : checked
}

function AddCourierForm({ onAdded }: { onAdded: (note: string) => void }) {
  const { t } = useMessages()
  const texts = t.courierSettings
  const add = useAddCourier()
  const requestId = useRequestId()
  const [name, setName] = useState('')
  const [badge, setBadge] = useState('')
  const [problems, setProblems] = useState<{ name?: string; badge?: string }>({})
  const nameField = useRef<HTMLInputElement>(null)
  const badgeField = useRef<HTMLInputElement>(null)
  const error = appErrorOf(add.error)

  function submit(event: SubmitEvent) {
    event.preventDefault()
    // The last refusal was of what was sent then: a new press says only what holds now (issue 30).
    add.reset()
    const checkedName = checkName(name)
    const checkedBadge = checkOptionalBadge(badge)
    setProblems({
      ...(checkedName.ok ? {} : { name: problemText(checkedName.problem, t) }),
      ...(checkedBadge.ok ? {} : { badge: problemText(checkedBadge.problem, t) }),
    })
    if (!checkedName.ok) {
      nameField.current?.focus()
      return
    }
    if (!checkedBadge.ok) {
      badgeField.current?.focus()
      return
    }
    const input = {
      name: checkedName.value,
      ...(checkedBadge.value === undefined ? {} : { badge: checkedBadge.value }),
    }
    add.mutate(
      { ...input, requestId: requestId.idFor(JSON.stringify(input)) },
      {
        onSuccess: (courier) => {
          requestId.done()
          setName('')
          setBadge('')
          onAdded(texts.added(courier.name))
          nameField.current?.focus()
        },
      },
    )
  }

  return (
    <form className="courier-add" onSubmit={submit} noValidate>
      <Field
        label={texts.name}
        value={name}
        onChange={(value) => {
          setName(value)
          setProblems(({ badge: badgeProblem }) => (badgeProblem ? { badge: badgeProblem } : {}))
        }}
        problem={problems.name}
        inputRef={nameField}
      />
      <Field
        label={texts.badge}
        hint={texts.badgeHint}
        value={badge}
        onChange={(value) => {
          setBadge(value)
          setProblems(({ name: nameProblem }) => (nameProblem ? { name: nameProblem } : {}))
        }}
        problem={problems.badge}
        inputRef={badgeField}
      />
      {error && <ErrorMessage error={error} />}
      <button type="submit" className="button primary" disabled={add.isPending}>
        {texts.add}
      </button>
    </form>
  )
}

function CourierRow({ courier, onNote }: { courier: CourierListed; onNote: (note: string) => void }) {
  const { t, language } = useMessages()
  const texts = t.courierSettings
  const paperWidth = useSettings().data?.slipPaperWidth ?? 80
  const badgePrint = useDocumentPrint(`badge:${courier.id}`)
  const printBadge = (badge: string) =>
    badgePrint.print(
      <BadgeCard name={courier.name} badge={badge} language={language} paperWidth={paperWidth} />,
      slipFileCode(`kart-${badge}`),
    )
  const [open, setOpen] = useState<'edit' | 'retire' | undefined>(undefined)
  const editButton = useRef<HTMLButtonElement>(null)
  const retireButton = useRef<HTMLButtonElement>(null)
  const close = (back: RefObject<HTMLButtonElement | null>) => {
    setOpen(undefined)
    back.current?.focus()
  }
  return (
    <li className="courier-row">
      <div className="courier-row-head">
        <span className="courier-name">{courier.name}</span>
        <span className="muted">{courier.badge ? texts.badgeOf(courier.badge) : texts.noBadge}</span>
        <span className="courier-row-actions">
          <button
            ref={editButton}
            type="button"
            className="button secondary small"
            aria-expanded={open === 'edit'}
            aria-label={texts.editTitle(courier.name)}
            onClick={() => setOpen(open === 'edit' ? undefined : 'edit')}
          >
            {texts.edit}
          </button>
          {courier.badge && (
            <button
              type="button"
              className="button secondary small"
              aria-label={texts.printBadgeFor(courier.name)}
              disabled={badgePrint.printing}
              onClick={() => courier.badge && printBadge(courier.badge)}
            >
              {texts.printBadge}
            </button>
          )}
          <button
            ref={retireButton}
            type="button"
            className="button danger small"
            aria-expanded={open === 'retire'}
            aria-label={texts.retireFor(courier.name)}
            onClick={() => setOpen(open === 'retire' ? undefined : 'retire')}
          >
            {texts.retire}
          </button>
        </span>
      </div>
      {badgePrint.failed && (
        <p className="press-refusal" role="alert">
          {texts.printFailed}
        </p>
      )}
      {open === 'edit' && (
        <CourierEditor courier={courier} onClose={() => close(editButton)} onNote={onNote} />
      )}
      {open === 'retire' && (
        <RetireQuestion
          courier={courier}
          onClose={() => close(retireButton)}
          onRetired={() => onNote(texts.retiredNote(courier.name))}
        />
      )}
    </li>
  )
}

/** Escape closes what is open, wherever focus is inside it. */
function useEscape(onEscape: () => void) {
  const latest = useRef(onEscape)
  useEffect(() => {
    latest.current = onEscape
  })
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') latest.current()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}

function CourierEditor({
  courier,
  onClose,
  onNote,
}: {
  courier: CourierListed
  onClose: () => void
  onNote: (note: string) => void
}) {
  const { t } = useMessages()
  const texts = t.courierSettings
  const rename = useRenameCourier()
  const setBadgeCall = useSetCourierBadge()
  const renameId = useRequestId()
  const badgeId = useRequestId()
  const [name, setName] = useState(courier.name)
  const [badge, setBadge] = useState(courier.badge ?? '')
  const [problems, setProblems] = useState<{ name?: string; badge?: string }>({})
  const nameField = useRef<HTMLInputElement>(null)
  const error = appErrorOf(rename.error) ?? appErrorOf(setBadgeCall.error)
  useEscape(onClose)
  useEffect(() => nameField.current?.focus(), [])

  function saveName(event: SubmitEvent) {
    event.preventDefault()
    rename.reset()
    setBadgeCall.reset()
    const checked = checkName(name)
    if (!checked.ok) {
      setProblems({ name: problemText(checked.problem, t) })
      return
    }
    setProblems({})
    const input = { courierId: courier.id, name: checked.value }
    rename.mutate(
      { ...input, requestId: renameId.idFor(JSON.stringify(input)) },
      {
        onSuccess: (renamed) => {
          renameId.done()
          onNote(`${renamed.name}: ${texts.changed}`)
        },
      },
    )
  }

  function saveBadge(code: string | null) {
    const input = { courierId: courier.id, badge: code }
    setBadgeCall.mutate(
      { ...input, requestId: badgeId.idFor(JSON.stringify(input)) },
      {
        onSuccess: (changed) => {
          badgeId.done()
          if (code === null) setBadge('')
          onNote(`${changed.name}: ${texts.changed}`)
        },
      },
    )
  }

  function submitBadge(event: SubmitEvent) {
    event.preventDefault()
    rename.reset()
    setBadgeCall.reset()
    const checked = checkBadgeCode(badge)
    if (!checked.ok) {
      setProblems({ badge: problemText(checked.problem, t) })
      return
    }
    setProblems({})
    saveBadge(checked.code)
  }

  return (
    <div className="courier-editor" role="group" aria-label={texts.editTitle(courier.name)}>
      <form onSubmit={saveName} noValidate>
        <Field
          label={texts.newName}
          value={name}
          onChange={setName}
          problem={problems.name}
          inputRef={nameField}
        />
        <button type="submit" className="button secondary" disabled={rename.isPending}>
          {texts.saveName}
        </button>
      </form>
      <form onSubmit={submitBadge} noValidate>
        <Field
          label={texts.newBadge}
          hint={texts.badgeHint}
          value={badge}
          onChange={setBadge}
          problem={problems.badge}
        />
        <button type="submit" className="button secondary" disabled={setBadgeCall.isPending}>
          {texts.saveBadge}
        </button>
        {courier.badge && (
          <button
            type="button"
            className="button secondary"
            disabled={setBadgeCall.isPending}
            onClick={() => saveBadge(null)}
          >
            {texts.clearBadge}
          </button>
        )}
      </form>
      {error && <ErrorMessage error={error} />}
      <button type="button" className="button secondary" onClick={onClose}>
        {t.close}
      </button>
    </div>
  )
}

function RetireQuestion({
  courier,
  onClose,
  onRetired,
}: {
  courier: CourierListed
  onClose: () => void
  onRetired: () => void
}) {
  const { t } = useMessages()
  const texts = t.courierSettings
  const retire = useRetireCourier()
  const requestId = useRequestId()
  const question = useRef<HTMLDivElement>(null)
  const error = appErrorOf(retire.error)
  useEscape(onClose)
  useEffect(() => question.current?.querySelector<HTMLButtonElement>('button')?.focus(), [])
  return (
    <div className="confirm" role="alertdialog" aria-label={texts.retireFor(courier.name)} ref={question}>
      <p className="confirm-title">{texts.retireQuestion(courier.name)}</p>
      <button
        type="button"
        className="button danger"
        disabled={retire.isPending}
        onClick={() =>
          retire.mutate(
            { courierId: courier.id, requestId: requestId.idFor(courier.id) },
            { onSuccess: onRetired },
          )
        }
      >
        {texts.retireConfirm}
      </button>
      <button type="button" className="button secondary" onClick={onClose}>
        {t.cancel}
      </button>
      {error && <ErrorMessage error={error} />}
    </div>
  )
}

/**
 * The payment methods the courier collects at the door: the platform's list (names in its words), `CASH`
 * always offered, and any method Settings name that the platform does not list (signed out, or a method it
 * dropped) shown by its key, so a choice is never lost unseen. Saved at each tick.
 */
function CollectedAtDoor({ signedIn, collected }: { signedIn: boolean; collected: readonly string[] }) {
  const id = useId()
  const { t } = useMessages()
  const texts = t.courierSettings
  const methods = useMethods(signedIn).data?.paymentMethods ?? []
  const update = useUpdateSettings()
  const error = appErrorOf(update.error)
  const chosen = new Set(collected.map(paymentMethodKey))
  const listed = new Map(methods.map((method) => [paymentMethodKey(method.key), method.name]))
  // The default (cash) is always offered, by its key when the platform's list is not known.
  const keys = [...new Set([...DEFAULT_COLLECTED_AT_DOOR, ...listed.keys(), ...chosen])]
  const nameOf = (key: string) =>
    listed.get(key) ?? (DEFAULT_COLLECTED_AT_DOOR.includes(key) ? key : texts.collectedNotListed(key))

  const toggle = (key: string, on: boolean) => {
    const next = keys.filter((one) => (one === key ? on : chosen.has(one)))
    update.mutate({ collectedAtDoor: next })
  }

  return (
    <fieldset className="courier-collected" aria-describedby={`${id}-hint`}>
      <legend>{texts.collectedTitle}</legend>
      <p id={`${id}-hint`} className="hint">
        {texts.collectedHint}
      </p>
      {keys.map((key) => (
        <CheckboxField
          key={key}
          label={nameOf(key)}
          checked={chosen.has(key)}
          onChange={(on) => toggle(key, on)}
        />
      ))}
      {error && <ErrorMessage error={error} />}
    </fieldset>
  )
}

function CourierRequired({ required }: { required: boolean }) {
  const { t } = useMessages()
  const update = useUpdateSettings()
  const error = appErrorOf(update.error)
  return (
    <>
      <CheckboxField
        label={t.courierSettings.courierRequired}
        hint={t.courierSettings.courierRequiredHint}
        checked={required}
        onChange={(courierRequired) => update.mutate({ courierRequired })}
      />
      {error && <ErrorMessage error={error} />}
    </>
  )
}

/**
 * Pay per package (issue 28), off by default: a rate for every courier, and per courier over it; each kept as
 * it was on each day by the core. Typed money is read the one way (`1.234` refused); empty turns it off (for
 * all) or back to the rate for all (for one courier).
 */
function CourierPaySettings({ couriers }: { couriers: readonly CourierListed[] }) {
  const id = useId()
  const { t } = useMessages()
  const ct = t.courierCash
  const pay = useCourierPay()
  if (!pay.data) return null
  return (
    <fieldset className="courier-collected courier-pay" aria-describedby={`${id}-hint`}>
      <legend>{ct.payTitle}</legend>
      <p id={`${id}-hint`} className="hint">
        {ct.payHint}
      </p>
      <PayRate label={ct.payAll} courierId={null} rateKurus={pay.data.allRateKurus} />
      {pay.data.allRateKurus !== null &&
        couriers.map((courier) => (
          <PayRate
            key={courier.id}
            label={ct.payCourier(courier.name)}
            removeLabel={ct.payRemove(courier.name)}
            courierId={courier.id}
            rateKurus={pay.data.byCourier[courier.id] ?? null}
          />
        ))}
    </fieldset>
  )
}

function PayRate({
  label,
  removeLabel,
  courierId,
  rateKurus,
}: {
  label: string
  /** For a courier's own rate: the button that removes it (the rate for all again). */
  removeLabel?: string
  courierId: string | null
  rateKurus: number | null
}) {
  const id = useId()
  const { t, language } = useMessages()
  const ct = t.courierCash
  const setPay = useSetCourierPay()
  const requestId = useRequestId()
  const shownRate = rateKurus === null ? '' : formatKurus(rateKurus, language)
  const [text, setText] = useState(shownRate)
  const [problem, setProblem] = useState<string | undefined>(undefined)
  const [saved, setSaved] = useState(false)
  const error = appErrorOf(setPay.error)

  function save(rate: number | null) {
    setProblem(undefined)
    const input = { courierId, rateKurus: rate }
    setPay.mutate(
      { ...input, requestId: requestId.idFor(JSON.stringify(input)) },
      {
        onSuccess: () => {
          requestId.done()
          setSaved(true)
          if (rate === null) setText('')
        },
      },
    )
  }

  function submit(event: SubmitEvent) {
    event.preventDefault()
    let rate: number | null = null
    if (text.trim() !== '') {
      const read = readAmount(text, t)
      if (!read.ok) {
        setProblem(read.message)
        return
      }
      rate = read.kurus
    }
    save(rate)
  }

  return (
    <div className="courier-editor">
      <form className="courier-pay-rate" onSubmit={submit} noValidate>
        <div className="courier-field">
          <label htmlFor={id}>{label}</label>
          <input
            id={id}
            inputMode="decimal"
            autoComplete="off"
            value={text}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => {
              setText(event.target.value)
              setProblem(undefined)
              setSaved(false)
            }}
          />
          {problem && (
            <p id={`${id}-problem`} className="field-problem" role="alert">
              {problem}
            </p>
          )}
        </div>
        <button type="submit" className="button secondary" disabled={setPay.isPending}>
          {ct.paySave}
        </button>
        {removeLabel !== undefined && rateKurus !== null && (
          <button
            type="button"
            className="button secondary"
            aria-label={removeLabel}
            disabled={setPay.isPending}
            onClick={() => save(null)}
          >
            {t.remove}
          </button>
        )}
        {saved && (
          <p className="success" role="status">
            {ct.paySaved}
          </p>
        )}
        {error && <ErrorMessage error={error} />}
      </form>
    </div>
  )
}
