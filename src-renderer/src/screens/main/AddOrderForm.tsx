import { useId, useRef, useState, type SubmitEvent } from 'react'
import type { Methods } from '../../../../src-shared/domain.ts'
import { shortCodeOf } from '../../../../src-shared/order-rules.ts'
import { appErrorOf } from '../../api.ts'
import { ErrorMessage } from '../../components/ErrorMessage.tsx'
import { TextField } from '../../components/FormFields.tsx'
import { useMessages } from '../../i18n/use-messages.tsx'
import { useAddOrder } from '../../queries.ts'
import { KeySelect } from './KeySelect.tsx'

/**
 * Orders enter by their payment_key (D7): typed, pasted (any text holding one id) or scanned — a scanner
 * types the id and presses Enter. The input keeps focus after each add, ready for the next scan.
 */
export function AddOrderForm({ methods }: { methods: Methods | undefined }) {
  const { t } = useMessages()
  const addOrder = useAddOrder()
  const inputRef = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const [details, setDetails] = useState<DetailsDraft>(NO_DETAILS)
  const [added, setAdded] = useState<string | undefined>()
  const ids = { input: useId(), hint: useId() }
  const error = appErrorOf(addOrder.error)

  function submit(event: SubmitEvent) {
    event.preventDefault()
    setAdded(undefined)
    const submitted = { text, details }
    // A scanner may type the next id before this one is answered: the field is emptied at once, and the
    // text comes back only if it was refused and nothing new was typed meanwhile.
    setText('')
    addOrder.mutate(
      { text: submitted.text, ...knownDetails(details) },
      {
        onSuccess: (order) => {
          // Details are cleared only where they still hold the submitted value: staff may be choosing the next.
          setDetails((current) => clearedWhereUnchanged(current, submitted.details))
          setAdded(shortCodeOf(order.paymentKey))
        },
        onError: () => setText((current) => (current === '' ? submitted.text : current)),
        onSettled: () => inputRef.current?.focus(),
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
            ref={inputRef}
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
        <button type="submit" className="button primary" disabled={addOrder.isPending}>
          {t.add}
        </button>
      </div>
      <p id={ids.hint} className="hint">
        {t.orderNumberHint}
      </p>
      <DetailsFields methods={methods} details={details} onChange={setDetails} />
      {error && <ErrorMessage error={error} />}
      {added && !error && (
        <p className="success" role="status">
          {t.orderAdded(added)}
        </p>
      )}
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
