import { useId, useState, type SubmitEvent } from 'react'
import type { SettingsUpdate } from '../../../src-shared/contract.ts'
import type { Language, SessionStatus, Settings } from '../../../src-shared/domain.ts'
import { appErrorOf } from '../api.ts'
import { ErrorMessage } from '../components/ErrorMessage.tsx'
import { useMessages } from '../i18n/use-messages.tsx'
import { useSettings, useUpdateSettings } from '../queries.ts'
import { useUi } from '../state.ts'
import { DiagnosticsSection } from './settings/DiagnosticsSection.tsx'

/** Language, the platform's time zone, the platform address, an extra CA file and whether updates are on. */
export function SettingsScreen({ session }: { session: SessionStatus }) {
  const { t } = useMessages()
  const settings = useSettings()
  const closeSettings = useUi((state) => state.closeSettings)
  return (
    <main className="settings">
      <div className="signin-top">
        <h1>{t.settings}</h1>
        <button type="button" className="button secondary" onClick={closeSettings}>
          {t.back}
        </button>
      </div>
      {settings.data ? (
        <SettingsForm settings={settings.data} session={session} />
      ) : (
        <p className="muted">{t.loading}</p>
      )}
      <DiagnosticsSection />
    </main>
  )
}

function SettingsForm({ settings, session }: { settings: Settings; session: SessionStatus }) {
  const { t } = useMessages()
  const update = useUpdateSettings()
  const [language, setLanguage] = useState<Language>(settings.language)
  const [timeZone, setTimeZone] = useState(settings.platformTimeZone)
  const [caFile, setCaFile] = useState(settings.extraCaFile ?? '')
  const [address, setAddress] = useState(settings.platformAddress ?? '')
  const [allowWeak, setAllowWeak] = useState(settings.allowWeakSecretStorage)
  const [autoUpdate, setAutoUpdate] = useState(settings.autoUpdate)
  const ids = {
    language: useId(),
    zone: useId(),
    ca: useId(),
    caHint: useId(),
    address: useId(),
    weak: useId(),
    update: useId(),
    updateHint: useId(),
  }
  const error = appErrorOf(update.error)

  function submit(event: SubmitEvent) {
    event.preventDefault()
    const change: SettingsUpdate = {}
    if (language !== settings.language) change.language = language
    if (timeZone !== settings.platformTimeZone) change.platformTimeZone = timeZone
    if (caFile.trim() !== (settings.extraCaFile ?? '')) change.extraCaFile = caFile.trim() || null
    if (address.trim() !== (settings.platformAddress ?? '')) change.platformAddress = address.trim() || null
    if (allowWeak !== settings.allowWeakSecretStorage) change.allowWeakSecretStorage = allowWeak
    if (autoUpdate !== settings.autoUpdate) change.autoUpdate = autoUpdate
    update.mutate(change)
  }

  return (
    <form className="settings-card" onSubmit={submit}>
      <label htmlFor={ids.language}>{t.language}</label>
      <select
        id={ids.language}
        value={language}
        onChange={(event) => setLanguage(event.target.value as Language)}
      >
        <option value="tr">{t.languageTr}</option>
        <option value="en">{t.languageEn}</option>
      </select>

      <label htmlFor={ids.zone}>{t.platformTimeZone}</label>
      <input
        id={ids.zone}
        value={timeZone}
        onChange={(event) => setTimeZone(event.target.value)}
        spellCheck={false}
      />

      <label htmlFor={ids.address}>{t.platformAddress}</label>
      <input
        id={ids.address}
        type="url"
        value={address}
        onChange={(event) => setAddress(event.target.value)}
        placeholder="https://"
      />

      <label htmlFor={ids.ca}>{t.extraCaFile}</label>
      <input
        id={ids.ca}
        value={caFile}
        onChange={(event) => setCaFile(event.target.value)}
        aria-describedby={ids.caHint}
        spellCheck={false}
      />
      <p id={ids.caHint} className="hint">
        {t.extraCaFileHint}
      </p>

      <div className="checkbox">
        <input
          id={ids.update}
          type="checkbox"
          checked={autoUpdate}
          onChange={(event) => setAutoUpdate(event.target.checked)}
          aria-describedby={ids.updateHint}
        />
        <label htmlFor={ids.update}>{t.autoUpdate}</label>
      </div>
      <p id={ids.updateHint} className="hint">
        {t.autoUpdateHint}
      </p>

      {session.secretStorage !== 'os-keychain' && (
        <div className="checkbox">
          <input
            id={ids.weak}
            type="checkbox"
            checked={allowWeak}
            onChange={(event) => setAllowWeak(event.target.checked)}
          />
          <label htmlFor={ids.weak}>
            {t.weakStorage}
            <span className="hint"> {t.weakStorageHint}</span>
          </label>
        </div>
      )}

      {error && <ErrorMessage error={error} />}
      {update.isSuccess && (
        <p className="success" role="status">
          {t.saved}
        </p>
      )}
      <button type="submit" className="button primary" disabled={update.isPending}>
        {t.save}
      </button>
    </form>
  )
}
