import { useEffect, useId } from 'react'
import type { SettingsUpdate } from '../../../../src-shared/contract.ts'
import { appErrorOf } from '../../api.ts'
import { ErrorMessage } from '../../components/ErrorMessage.tsx'
import { useSettings, useUpdateSettings } from '../../queries.ts'
import { useMessages } from '../../i18n/use-messages.tsx'

const UNDO_SECONDS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const

/**
 * The till's comfort (docs/decisions.md D40, D44): the undo window of `Kuryeye Verildi`, a larger text size,
 * a dark theme and short sounds. Each is saved as soon as it is chosen.
 */
export function ComfortSection() {
  const rt = useMessages().t.comfort
  const id = useId()
  const settings = useSettings().data
  const update = useUpdateSettings()
  const error = appErrorOf(update.error)
  if (!settings) return null
  const save = (change: SettingsUpdate) => update.mutate(change)
  return (
    <section className="settings-card comfort" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{rt.comfortTitle}</h2>
      <label htmlFor={`${id}-undo`}>{rt.undoWindow}</label>
      <select
        id={`${id}-undo`}
        value={settings.undoWindowSeconds}
        onChange={(event) => save({ undoWindowSeconds: Number(event.target.value) })}
      >
        {UNDO_SECONDS.map((seconds) => (
          <option key={seconds} value={seconds}>
            {rt.undoWindowSeconds(seconds)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-size`}>{rt.textSize}</label>
      <select
        id={`${id}-size`}
        value={settings.textSize}
        onChange={(event) => save({ textSize: event.target.value === 'large' ? 'large' : 'normal' })}
      >
        <option value="normal">{rt.textNormal}</option>
        <option value="large">{rt.textLarge}</option>
      </select>
      <label htmlFor={`${id}-theme`}>{rt.theme}</label>
      <select
        id={`${id}-theme`}
        value={settings.theme}
        onChange={(event) => save({ theme: event.target.value === 'dark' ? 'dark' : 'light' })}
      >
        <option value="light">{rt.themeLight}</option>
        <option value="dark">{rt.themeDark}</option>
      </select>
      <div className="checkbox">
        <input
          id={`${id}-sounds`}
          type="checkbox"
          checked={settings.sounds}
          onChange={(event) => save({ sounds: event.target.checked })}
        />
        <label htmlFor={`${id}-sounds`}>{rt.sounds}</label>
      </div>
      {error && <ErrorMessage error={error} />}
    </section>
  )
}

/** Marks the document with the chosen text size and theme, for the whole app (styles.css reads them). */
export function useComfortOnDocument(): void {
  const settings = useSettings().data
  const textSize = settings?.textSize ?? 'normal'
  const theme = settings?.theme ?? 'light'
  useEffect(() => {
    document.documentElement.dataset.textSize = textSize
    document.documentElement.dataset.theme = theme
  }, [textSize, theme])
}
