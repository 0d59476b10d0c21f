import { useId, useRef, useState, type SubmitEvent } from 'react'
import type { BoardOrder, Methods } from '../../../../src-shared/domain.ts'
import { shortCodeOf } from '../../../../src-shared/order-rules.ts'
import { appErrorOf } from '../../api.ts'
import { TextField } from '../../components/FormFields.tsx'
import { describeError } from '../../i18n/describe-error.ts'
import { useMessages } from '../../i18n/use-messages.tsx'
import { useAddOrder } from '../../queries.ts'
import { registerOrderField, useBoardUi } from '../../state.ts'
import { ordersWithCode, paymentKeyIn, shortCodeIn } from './board-rules.ts'
import { KeySelect } from './KeySelect.tsx'
import { useRushTexts } from './rush-texts.ts'
import { beep } from './sounds.ts'

/** What the last Enter read and what came of it: always both, so a scan is never silently lost. */
interface ScanOutcome {
  read: string
  text: string
  failed: boolean
  /** Several orders share the code: staff choose one. */
  choices?: BoardOrder[] | undefined
}

/**
 * The order field (D7, docs/decisions.md D41): an order's id typed, pasted or scanned adds it; a short code as
 * the card shows it (`000-009`, `000009`, any case) finds it; an id already on the board is shown, not added
 * twice. The field empties on every Enter, so one bad scan never spoils the next.
 */
export function AddOrderForm({
  methods,
  orders,
  sounds = false,
}: {
  methods: Methods | undefined
  orders?: readonly BoardOrder[] | undefined
  sounds?: boolean
}) {
  const { t } = useMessages()
  const rt = useRushTexts()
  const addOrder = useAddOrder()
  const revealOrder = useBoardUi((state) => state.revealOrder)
  const announce = useBoardUi((state) => state.announce)
  const inputRef = useRef<HTMLInputElement | null>(null)
  const [text, setText] = useState('')
  const [details, setDetails] = useState<DetailsDraft>(NO_DETAILS)
  const [outcome, setOutcome] = useState<ScanOutcome | undefined>()
  const ids = { input: useId(), hint: useId() }

  const tell = (next: ScanOutcome) => {
    setOutcome(next)
    if (sounds) beep(next.failed ? 'failure' : 'scan')
  }

  function show(order: BoardOrder, read: string, text: (code: string) => string) {
    tell({ read, text: text(shortCodeOf(order.paymentKey)), failed: false })
    revealOrder(order.paymentKey)
  }

  function submit(event: SubmitEvent) {
    event.preventDefault()
    const read = text.trim()
    setText('')
    // Every Enter leaves the field empty and focused: the next scan goes there, whatever this one was.
    inputRef.current?.focus()
    if (!read) return
    const key = paymentKeyIn(read)
    const code = key === undefined ? shortCodeIn(read) : undefined
    if (code !== undefined) {
      const matches = ordersWithCode(orders ?? [], code)
      if (matches.length === 1 && matches[0]) {
        show(matches[0], read, rt.scanFound)
        return
      }
      if (matches.length === 0) {
        tell({ read, text: rt.scanNotFound(code), failed: true })
        return
      }
      tell({ read, text: rt.scanSeveral(code, matches.length), failed: false, choices: matches })
      return
    }
    const existing = key === undefined ? undefined : orders?.find((order) => order.paymentKey === key)
    if (existing) {
      show(existing, read, rt.scanAlreadyOnBoard)
      return
    }
    const submitted = details
    addOrder.mutate(
      { text: read, ...knownDetails(details) },
      {
        onSuccess: (order) => {
          // Details are cleared only where they still hold the submitted value: staff may be choosing the next.
          setDetails((current) => clearedWhereUnchanged(current, submitted))
          const added = shortCodeOf(order.paymentKey)
          tell({ read, text: rt.scanAdded(added), failed: false })
          announce(rt.announceAdded(added))
        },
        onError: (error) => {
          const appError = appErrorOf(error)
          tell({ read, text: appError ? describeError(appError, t).text : rt.scanFailed, failed: true })
        },
      },
    )
  }

  return (
    <form className="add-order" onSubmit={submit}>
      <div className="add-order-row">
        <div className="field grow">
          <label htmlFor={ids.input}>{t.orderNumber}</label>
          <input
            id={ids.input}
            ref={(element) => {
              inputRef.current = element
              registerOrderField(element)
            }}
            className="order-input"
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={ids.hint}
            autoComplete="off"
            spellCheck={false}
            // The board's main job: staff start typing or scanning without touching the mouse.
            autoFocus
          />
        </div>
        <button type="submit" className="button primary">
          {t.add}
        </button>
      </div>
      <p id={ids.hint} className="hint">
        {t.orderNumberHint}
      </p>
      <p
        className={outcome?.failed ? 'scan-outcome failed' : 'scan-outcome'}
        role={outcome?.failed ? 'alert' : 'status'}
      >
        {outcome && (
          <>
            <span className="scan-read">{rt.scanRead(outcome.read)}</span> · {outcome.text}
          </>
        )}
      </p>
      {outcome?.choices && (
        <ul className="scan-choices">
          {outcome.choices.map((order) => (
            <li key={order.paymentKey}>
              <button
                type="button"
                className="button secondary small"
                onClick={() => {
                  setOutcome({ ...outcome, choices: undefined })
                  revealOrder(order.paymentKey)
                }}
              >
                {rt.chooseOrder(shortCodeOf(order.paymentKey), order.label)}{' '}
                <code className="payment-key">{order.paymentKey}</code>
              </button>
            </li>
          ))}
        </ul>
      )}
      <details className="details-toggle">
        <summary>{rt.moreDetails}</summary>
        <DetailsFields methods={methods} details={details} onChange={setDetails} />
      </details>
    </form>
  )
}

/** What staff may tell of an order besides its id (D7); an empty string is "unknown". */
interface DetailsDraft {
  shippingMethod: string
  paymentMethod: string
  courierType: string
  label: string
}

const NO_DETAILS: DetailsDraft = { shippingMethod: '', paymentMethod: '', courierType: '', label: '' }

/** Only the details staff chose are sent. */
function knownDetails({ shippingMethod, paymentMethod, courierType, label }: DetailsDraft) {
  return {
    ...(shippingMethod ? { shippingMethod } : {}),
    ...(paymentMethod ? { paymentMethod } : {}),
    ...(courierType ? { courierType } : {}),
    ...(label.trim() ? { label: label.trim() } : {}),
  }
}

function clearedWhereUnchanged(current: DetailsDraft, submitted: DetailsDraft): DetailsDraft {
  const cleared = { ...current }
  for (const key of Object.keys(NO_DETAILS) as (keyof DetailsDraft)[]) {
    if (current[key] === submitted[key]) cleared[key] = ''
  }
  return cleared
}

function DetailsFields({
  methods,
  details,
  onChange,
}: {
  methods: Methods | undefined
  details: DetailsDraft
  onChange: (update: (current: DetailsDraft) => DetailsDraft) => void
}) {
  const { t } = useMessages()
  const set = (key: keyof DetailsDraft) => (value: string) =>
    onChange((current) => ({ ...current, [key]: value }))
  return (
    <fieldset className="details">
      <legend>{t.details}</legend>
      <KeySelect
        label={t.shippingMethod}
        value={details.shippingMethod}
        options={methods?.shippingMethods ?? []}
        onChange={set('shippingMethod')}
      />
      <KeySelect
        label={t.paymentMethod}
        value={details.paymentMethod}
        options={methods?.paymentMethods ?? []}
        onChange={set('paymentMethod')}
      />
      <KeySelect
        label={t.courierType}
        value={details.courierType}
        options={[
          { key: 'restaurant', name: t.courierRestaurant },
          { key: 'platform', name: t.courierPlatform },
        ]}
        onChange={set('courierType')}
      />
      <div className="field">
        <TextField label={t.label} value={details.label} maxLength={120} onChange={set('label')} />
      </div>
    </fieldset>
  )
}
