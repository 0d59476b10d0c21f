import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { appErrorOf } from '../../api.ts'
import { ErrorMessage } from '../../components/ErrorMessage.tsx'
import { CheckboxField } from '../../components/FormFields.tsx'
import { useSettings, useUpdateSettings } from '../../queries.ts'
import { isDesktopApp } from '../../slip/print-slip.ts'
import { useMessages } from '../../i18n/use-messages.tsx'

const DEFAULT_PRINTER = ''

/**
 * The courier slip's paper and printing (docs/decisions.md D52). The printer and "print without asking" only
 * in the desktop app; web mode prints through the browser's dialog, which has its own printer choice.
 */
export function PrintSection() {
  const id = useId()
  const t = useMessages().t.printing
  const settings = useSettings().data
  const update = useUpdateSettings()
  const desktop = isDesktopApp()
  const printers = useQuery({
    queryKey: ['printers'],
    queryFn: () => window.printBridge?.listPrinters() ?? Promise.resolve([]),
    enabled: desktop,
  })
  const error = appErrorOf(update.error)
  if (!settings) return null
  const names = printers.data ?? []
  const chosen = settings.slipPrinter
  return (
    <section className="settings-card print" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.title}</h2>
      <label htmlFor={`${id}-paper`}>{t.paperWidth}</label>
      <select
        id={`${id}-paper`}
        value={String(settings.slipPaperWidth)}
        onChange={(event) => update.mutate({ slipPaperWidth: event.target.value === '58' ? 58 : 80 })}
      >
        <option value="80">80 mm</option>
        <option value="58">58 mm</option>
      </select>
      {desktop && (
        <>
          <label htmlFor={`${id}-printer`}>{t.printer}</label>
          <select
            id={`${id}-printer`}
            value={chosen ?? DEFAULT_PRINTER}
            onChange={(event) =>
              update.mutate({
                slipPrinter: event.target.value === DEFAULT_PRINTER ? null : event.target.value,
              })
            }
          >
            <option value={DEFAULT_PRINTER}>{t.defaultPrinter}</option>
            {/* A chosen printer no longer installed stays shown, so the choice is not silently lost. */}
            {[...new Set([...names, ...(chosen === null ? [] : [chosen])])].map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          <CheckboxField
            label={t.printWithoutAsking}
            hint={t.printWithoutAskingHint}
            checked={settings.printWithoutAsking}
            onChange={(printWithoutAsking) => update.mutate({ printWithoutAsking })}
          />
        </>
      )}
      <CheckboxField
        label={t.printAfterHandover}
        checked={settings.printAfterHandover}
        onChange={(printAfterHandover) => update.mutate({ printAfterHandover })}
      />
      {error && <ErrorMessage error={error} />}
    </section>
  )
}
