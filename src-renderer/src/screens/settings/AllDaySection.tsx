import { useId } from 'react'
import { appErrorOf } from '../../api.ts'
import { ErrorMessage } from '../../components/ErrorMessage.tsx'
import { CheckboxField } from '../../components/FormFields.tsx'
import { useSettings, useUpdateSettings } from '../../queries.ts'
import { isDesktopApp } from '../../slip/print-slip.ts'
import { useMessages } from '../../i18n/use-messages.tsx'

/** Notifications, and in the desktop app starting with the computer (docs/decisions.md D50). Saved at once. */
export function AllDaySection() {
  const id = useId()
  const t = useMessages().t.allDay
  const settings = useSettings().data
  const update = useUpdateSettings()
  const error = appErrorOf(update.error)
  if (!settings) return null
  const desktop = isDesktopApp()
  return (
    <section className="settings-card all-day" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.title}</h2>
      <CheckboxField
        label={t.notifications}
        hint={desktop ? t.notificationsHint : `${t.notificationsHint} ${t.notificationsBrowserHint}`}
        checked={settings.notifications}
        onChange={(notifications) => {
          // The browser asks only in answer to a click: ask here, when staff turn them on.
          if (notifications && !desktop && 'Notification' in window) void Notification.requestPermission()
          update.mutate({ notifications })
        }}
      />
      {desktop && (
        <CheckboxField
          label={t.startWithComputer}
          hint={t.startWithComputerHint}
          checked={settings.startWithComputer}
          onChange={(startWithComputer) => update.mutate({ startWithComputer })}
        />
      )}
      {error && <ErrorMessage error={error} />}
    </section>
  )
}
