import { useId, type InputHTMLAttributes } from 'react'

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'onChange' | 'value' | 'aria-describedby'
>

/** A labelled text input, with a hint under it that assistive technology reads with the field. */
export function TextField({
  label,
  hint,
  value,
  onChange,
  ...input
}: InputProps & { label: string; hint?: string; value: string; onChange: (value: string) => void }) {
  const id = useId()
  const hintId = useId()
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hint === undefined ? undefined : hintId}
        {...input}
      />
      {hint !== undefined && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
    </>
  )
}

/** A labelled checkbox, with an optional hint under it that assistive technology reads with it. */
export function CheckboxField({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string
  hint?: string
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  const id = useId()
  const hintId = useId()
  return (
    <>
      <div className="checkbox">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={hint === undefined ? undefined : hintId}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {hint !== undefined && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
    </>
  )
}
