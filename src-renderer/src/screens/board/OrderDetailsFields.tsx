import { useId } from 'react'
import { TextField } from '../../components/FormFields.tsx'
import type { Methods } from '../../../../src-shared/domain.ts'
import { RESTAURANT_COURIER } from '../../../../src-shared/order-rules.ts'
import type { Messages } from '../../i18n/index.ts'
import { useMessages } from '../../i18n/use-messages.tsx'
import { useCouriers } from '../../queries.ts'
import { readAmount } from '../day-end/day-end-format.ts'
import { pickerCouriers } from './batch-rules.ts'
import { KeySelect } from './KeySelect.tsx'

/** What staff may tell of an order besides its id (D7); an empty string is "unknown". */
export interface DetailsDraft {
  shippingMethod: string
  paymentMethod: string
  courierType: string
  label: string
  /** The amount as typed (`399,90`): read with parseKurus, one way or refused. */
  amount: string
  /** The courier who takes it (a working courier's id). */
  courierId: string
}

export const NO_DETAILS: DetailsDraft = {
  shippingMethod: '',
  paymentMethod: '',
  courierType: '',
  label: '',
  amount: '',
  courierId: '',
}

/** What is sent of the details staff chose, or why nothing may be sent (an amount that does not read one way). */
type CheckedDetails =
  | {
      ok: true
      details: {
        shippingMethod?: string
        paymentMethod?: string
        courierType?: string
        label?: string
        amountKurus?: number
      }
      courierId: string | undefined
    }
  | { ok: false; problem: string }

/**
 * Only the details staff chose are sent. An amount is read the return dialog's way (`1.234` is refused, never
 * guessed). A courier named makes it a restaurant-courier order where staff did not say otherwise: our courier
 * takes it.
 */
export function checkDetails(draft: DetailsDraft, t: Messages): CheckedDetails {
  const { shippingMethod, paymentMethod, label, amount, courierId } = draft
  const courierType = draft.courierType || (courierId ? RESTAURANT_COURIER : '')
  let amountKurus: number | undefined
  if (amount.trim() !== '') {
    const read = readAmount(amount, t)
    if (!read.ok) return { ok: false, problem: read.message }
    amountKurus = read.kurus
  }
  return {
    ok: true,
    details: {
      ...(shippingMethod ? { shippingMethod } : {}),
      ...(paymentMethod ? { paymentMethod } : {}),
      ...(courierType ? { courierType } : {}),
      ...(label.trim() ? { label: label.trim() } : {}),
      ...(amountKurus === undefined ? {} : { amountKurus }),
    },
    courierId: courierId || undefined,
  }
}

export function clearedWhereUnchanged(current: DetailsDraft, submitted: DetailsDraft): DetailsDraft {
  const cleared = { ...current }
  for (const key of Object.keys(NO_DETAILS) as (keyof DetailsDraft)[]) {
    if (current[key] === submitted[key]) cleared[key] = ''
  }
  return cleared
}

/** The order's details besides its id, folded under the order field. */
export function DetailsFields({
  methods,
  details,
  onChange,
}: {
  methods: Methods | undefined
  details: DetailsDraft
  onChange: (update: (current: DetailsDraft) => DetailsDraft) => void
}) {
  const { t } = useMessages()
  const amountId = useId()
  const couriers = pickerCouriers(useCouriers().data ?? [], '')
  const set = (key: keyof DetailsDraft) => (value: string) =>
    onChange((current) => ({ ...current, [key]: value }))
  const amount = details.amount.trim() === '' ? undefined : readAmount(details.amount, t)
  const problem = amount && !amount.ok ? amount.message : undefined
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
        <label htmlFor={amountId}>{t.orderAmount}</label>
        <input
          id={amountId}
          inputMode="decimal"
          autoComplete="off"
          value={details.amount}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${amountId}-hint`}
          onChange={(event) => set('amount')(event.target.value)}
        />
        <p id={`${amountId}-hint`} className={problem ? 'field-problem' : 'hint'} aria-live="polite">
          {problem ?? t.orderAmountHint}
        </p>
      </div>
      {couriers.length > 0 && (
        <KeySelect
          label={t.orderCourier}
          value={details.courierId}
          options={couriers.map((courier) => ({ key: courier.id, name: courier.name }))}
          onChange={set('courierId')}
        />
      )}
      <div className="field">
        <TextField label={t.label} value={details.label} maxLength={120} onChange={set('label')} />
      </div>
    </fieldset>
  )
}
