import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import type { BoardOrder } from '../../../../src-shared/domain.ts'
import { shortCodeOf } from '../../../../src-shared/order-rules.ts'
import { useMessages } from '../../i18n/use-messages.tsx'
import { useCouriers, useSettings } from '../../queries.ts'
import { focusOrderField, useCourierUi } from '../../state.ts'
import { courierIn, pickerCouriers } from './batch-rules.ts'
import type { OrderActions } from './OrderActionButtons.tsx'
import { readScan } from './read-scan.ts'
import './couriers.css'

/** The picker shows this many couriers; typing narrows the rest in. */
const SHOWN = 8

/**
 * "Kim götürüyor?" after a card's `Kuryeye Verildi` (issue 21): the couriers most recently used first, one
 * press each; typing narrows them (Enter takes the first); a badge scanned anywhere picks its courier
 * (use-courier-scan.ts). `Kuryesiz ver` hands over with no courier named unless Settings require one; Esc or
 * `Vazgeç` sends nothing. Keyboard: the field has focus, ↓ and ↑ move along the couriers.
 */
export function CourierPicker({
  actions,
  orders,
}: {
  actions: OrderActions
  orders: readonly BoardOrder[] | undefined
}) {
  const paymentKey = useCourierUi((state) => state.picking)
  const pickCourierFor = useCourierUi((state) => state.pickCourierFor)
  const order = paymentKey === undefined ? undefined : orders?.find((one) => one.paymentKey === paymentKey)
  // The order left the board (or its list is not there): nothing to pick a courier for.
  useEffect(() => {
    if (paymentKey !== undefined && orders !== undefined && !order) pickCourierFor(undefined)
  }, [paymentKey, orders, order, pickCourierFor])
  if (!order) return null
  return <PickerDialog key={order.paymentKey} order={order} actions={actions} orders={orders ?? []} />
}

function PickerDialog({
  order,
  actions,
  orders,
}: {
  order: BoardOrder
  actions: OrderActions
  orders: readonly BoardOrder[]
}) {
  const ct = useMessages().t.couriers
  const couriers = useCouriers().data ?? []
  const required = useSettings().data?.courierRequired === true
  const pickCourierFor = useCourierUi((state) => state.pickCourierFor)
  const [typed, setTyped] = useState('')
  const ids = { title: useId(), field: useId(), hint: useId() }
  const list = useRef<HTMLUListElement>(null)
  const code = shortCodeOf(order.paymentKey)
  const matches = pickerCouriers(couriers, typed)
  const shown = matches.slice(0, SHOWN)
  const anyWorking = couriers.some((courier) => !courier.retired)

  const close = () => {
    pickCourierFor(undefined)
    focusOrderField()
  }
  const pick = (courierId: string | undefined) => {
    pickCourierFor(undefined)
    actions.handOver(order.paymentKey, courierId)
  }

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.preventDefault()
      pickCourierFor(undefined)
      focusOrderField()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [pickCourierFor])

  const onFieldKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      list.current?.querySelector('button')?.focus()
    }
    if (event.key !== 'Enter') return
    event.preventDefault()
    // A badge typed by hand (or its QR text) picks its courier, whatever keyboard language a scanner typed it
    // in (`K*07` for `K-07`, issue 30); otherwise the first courier shown.
    const badges = couriers.flatMap((one) => (one.retired || !one.badge ? [] : [one.badge]))
    const named = courierIn(readScan(typed, { badges }).text, couriers, orders)
    if (named?.kind === 'courier') pick(named.courier.id)
    else if (shown[0]) pick(shown[0].id)
  }
  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    event.preventDefault()
    const buttons = [...(list.current?.querySelectorAll('button') ?? [])]
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement)
    const next = buttons[at + (event.key === 'ArrowDown' ? 1 : -1)]
    if (next) next.focus()
    else if (event.key === 'ArrowUp') document.getElementById(ids.field)?.focus()
  }

  return (
    <div className="courier-picker-backdrop">
      {/* The one dialog whose scans are the board's (issue 30): a badge picks its courier, another order closes it. */}
      <div
        className="courier-picker"
        role="dialog"
        aria-modal="true"
        aria-labelledby={ids.title}
        data-scans="order-field"
      >
        <h2 id={ids.title} className="courier-picker-title">
          {ct.pickerTitle(code)}
        </h2>
        <label htmlFor={ids.field}>{ct.pickerFilter}</label>
        <input
          id={ids.field}
          className="courier-picker-field"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={onFieldKey}
          aria-describedby={ids.hint}
          autoComplete="off"
          spellCheck={false}
          autoFocus
        />
        <p id={ids.hint} className="hint">
          {ct.pickerHint}
        </p>
        {!anyWorking && <p className="courier-picker-empty">{ct.pickerNoCouriers}</p>}
        {anyWorking && shown.length === 0 && <p className="courier-picker-empty">{ct.pickerNoMatch}</p>}
        <ul className="courier-picker-list" ref={list} onKeyDown={onListKey}>
          {shown.map((courier) => (
            <li key={courier.id}>
              <button
                type="button"
                className="button courier-choice"
                aria-label={ct.pickCourier(courier.name, code)}
                onClick={() => pick(courier.id)}
              >
                {courier.name}
              </button>
            </li>
          ))}
        </ul>
        <div className="courier-picker-actions">
          {required ? (
            <p className="courier-picker-required">{ct.pickerRequired}</p>
          ) : (
            <button
              type="button"
              className="button secondary"
              aria-label={ct.handOverWithoutOrder(code)}
              onClick={() => pick(undefined)}
            >
              {ct.handOverWithout}
            </button>
          )}
          <button type="button" className="button secondary" onClick={close}>
            {ct.pickerCancel}
          </button>
        </div>
      </div>
    </div>
  )
}
