import { TextField } from '../../components/FormFields.tsx'
import type { Methods } from '../../../../src-shared/domain.ts'
import { useMessages } from '../../i18n/use-messages.tsx'
import { KeySelect } from './KeySelect.tsx'

/** What staff may tell of an order besides its id (D7); an empty string is "unknown". */
export interface DetailsDraft {
  shippingMethod: string
  paymentMethod: string
  courierType: string
  label: string
}

export const NO_DETAILS: DetailsDraft = { shippingMethod: '', paymentMethod: '', courierType: '', label: '' }

/** Only the details staff chose are sent. */
export function knownDetails({ shippingMethod, paymentMethod, courierType, label }: DetailsDraft) {
  return {
    ...(shippingMethod ? { shippingMethod } : {}),
    ...(paymentMethod ? { paymentMethod } : {}),
    ...(courierType ? { courierType } : {}),
    ...(label.trim() ? { label: label.trim() } : {}),
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
