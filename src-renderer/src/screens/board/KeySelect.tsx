import { useId } from 'react'
import { useMessages } from '../../i18n/use-messages.tsx'

/** A labelled choice among known keys, with "Bilinmiyor" (unknown) first: details are optional (D7). */
export function KeySelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: string
  options: readonly { key: string; name: string }[]
  onChange: (value: string) => void
}) {
  const { t } = useMessages()
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t.unknown}</option>
        {options.map((option) => (
          <option key={option.key} value={option.key}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  )
}
