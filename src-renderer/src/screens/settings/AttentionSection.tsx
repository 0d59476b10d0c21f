import { useId } from 'react'
import { useMessages } from '../../i18n/use-messages.tsx'
import { appErrorOf } from '../../api.ts'
import { ErrorMessage } from '../../components/ErrorMessage.tsx'
import { CheckboxField } from '../../components/FormFields.tsx'
import { useSettings, useUpdateSettings } from '../../queries.ts'

const WAITING_MINUTES = [5, 10, 15, 20, 30, 45, 60] as const
const READY_MINUTES = [2, 3, 5, 10, 15] as const
const OFF = 'off'

/**
 * The waiting limit, the ready limit and the alarm sound (docs/decisions.md D70). Saved as soon as chosen. A
 * value set elsewhere (the settings file) that is not among the choices is still shown as it is.
 */
export function AttentionSection() {
  const id = useId()
  const at = useMessages().t.attention
  const settings = useSettings().data
  const update = useUpdateSettings()
  const error = appErrorOf(update.error)
  if (!settings) return null
  const choices = (base: readonly number[], current: number | null) =>
    current === null || base.includes(current) ? base : [...base, current].sort((a, b) => a - b)
  const minutesOf = (value: string) => (value === OFF ? null : Number(value))
  return (
    <section className="settings-card waiting-alarm" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{at.settingsTitle}</h2>
      <label htmlFor={`${id}-waiting`}>{at.waitingLimit}</label>
      <select
        id={`${id}-waiting`}
        aria-describedby={`${id}-waiting-hint`}
        value={settings.waitingLimitMinutes === null ? OFF : String(settings.waitingLimitMinutes)}
        disabled={update.isPending}
        onChange={(event) => update.mutate({ waitingLimitMinutes: minutesOf(event.target.value) })}
      >
        <option value={OFF}>{at.off}</option>
        {choices(WAITING_MINUTES, settings.waitingLimitMinutes).map((minutes) => (
          <option key={minutes} value={String(minutes)}>
            {at.minutes(minutes)}
          </option>
        ))}
      </select>
      <p id={`${id}-waiting-hint`} className="hint">
        {at.waitingLimitHint}
      </p>
      <label htmlFor={`${id}-ready`}>{at.readyLimit}</label>
      <select
        id={`${id}-ready`}
        aria-describedby={`${id}-ready-hint`}
        value={settings.readyLimitMinutes === null ? OFF : String(settings.readyLimitMinutes)}
        disabled={update.isPending}
        onChange={(event) => update.mutate({ readyLimitMinutes: minutesOf(event.target.value) })}
      >
        <option value={OFF}>{at.readyOff}</option>
        {choices(READY_MINUTES, settings.readyLimitMinutes).map((minutes) => (
          <option key={minutes} value={String(minutes)}>
            {at.minutes(minutes)}
          </option>
        ))}
      </select>
      <p id={`${id}-ready-hint`} className="hint">
        {at.readyLimitHint}
      </p>
      <CheckboxField
        label={at.alarmSound}
        hint={at.alarmSoundHint}
        checked={settings.alarmSound}
        onChange={(alarmSound) => update.mutate({ alarmSound })}
      />
      {error && <ErrorMessage error={error} />}
    </section>
  )
}
