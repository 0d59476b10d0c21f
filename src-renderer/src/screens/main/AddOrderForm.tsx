import { useId, useRef, useState, type SubmitEvent } from 'react'
import type { Methods } from '../../../../src-shared/domain.ts'
import { shortCodeOf } from '../../../../src-shared/order-rules.ts'
import { appErrorOf } from '../../api.ts'
import { ErrorMessage } from '../../components/ErrorMessage.tsx'
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
  const [shippingMethod, setShippingMethod] = useState('')
  const [paymentMethod, setPaymentMethod] = useState('')
  const [courierType, setCourierType] = useState('')
  const [label, setLabel] = useState('')
  const [added, setAdded] = useState<string | undefined>()
  const ids = { input: useId(), hint: useId(), label: useId() }
  const error = appErrorOf(addOrder.error)

  function submit(event: SubmitEvent) {
    event.preventDefault()
    setAdded(undefined)
    const submitted = { text, shippingMethod, paymentMethod, courierType, label }
    // A scanner may type the next id before this one is answered: the field is emptied at once, and the
    // text comes back only if it was refused and nothing new was typed meanwhile.
    setText('')
    // Details are cleared only where they still hold the submitted value: staff may be choosing the next ones.
    const clearIfUnchanged = (value: string) => (current: string) => (current === value ? '' : current)
    addOrder.mutate(
      {
        text: submitted.text,
        ...(shippingMethod ? { shippingMethod } : {}),
        ...(paymentMethod ? { paymentMethod } : {}),
        ...(courierType ? { courierType } : {}),
        ...(label.trim() ? { label: label.trim() } : {}),
      },
      {
        onSuccess: (order) => {
          setShippingMethod(clearIfUnchanged(submitted.shippingMethod))
          setPaymentMethod(clearIfUnchanged(submitted.paymentMethod))
          setCourierType(clearIfUnchanged(submitted.courierType))
          setLabel(clearIfUnchanged(submitted.label))
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
      <fieldset className="details">
        <legend>{t.details}</legend>
        <KeySelect
          label={t.shippingMethod}
          value={shippingMethod}
          options={methods?.shippingMethods ?? []}
          onChange={setShippingMethod}
        />
        <KeySelect
          label={t.paymentMethod}
          value={paymentMethod}
          options={methods?.paymentMethods ?? []}
          onChange={setPaymentMethod}
        />
        <KeySelect
          label={t.courierType}
          value={courierType}
          options={[
            { key: 'restaurant', name: t.courierRestaurant },
            { key: 'platform', name: t.courierPlatform },
          ]}
          onChange={setCourierType}
        />
        <div className="field">
          <label htmlFor={ids.label}>{t.label}</label>
          <input
            id={ids.label}
            value={label}
            maxLength={120}
            onChange={(event) => setLabel(event.target.value)}
          />
        </div>
      </fieldset>
      {error && <ErrorMessage error={error} />}
      {added && !error && (
        <p className="success" role="status">
          {t.orderAdded(added)}
        </p>
      )}
    </form>
  )
}
