import { useId, useState, type SubmitEvent } from 'react'
import type { SettingsUpdate } from '../../../src-shared/contract.ts'
import type { Language, SessionStatus, Settings } from '../../../src-shared/domain.ts'
import { isSignedIn } from '../../../src-shared/session-rules.ts'
import { appErrorOf } from '../api.ts'
import { ErrorMessage } from '../components/ErrorMessage.tsx'
import { CheckboxField, TextField } from '../components/FormFields.tsx'
import { ScreenHeader } from '../components/ScreenHeader.tsx'
import { useMessages } from '../i18n/use-messages.tsx'
import { useSettings, useUpdateSettings } from '../queries.ts'
import { useUi } from '../state.ts'
import { AccountsSection } from './settings/AccountsSection.tsx'
import { AllDaySection } from './settings/AllDaySection.tsx'
import { BoardStaySection } from './settings/BoardStaySection.tsx'
import { ComfortSection } from './settings/ComfortSection.tsx'
import { CouriersSection } from './settings/CouriersSection.tsx'
import { PrintSection } from './settings/PrintSection.tsx'
import { ScannerSection } from './settings/ScannerSection.tsx'
import { DiagnosticsSection } from './settings/DiagnosticsSection.tsx'
import { IntakeSection } from './settings/IntakeSection.tsx'
import { AttentionSection } from './settings/AttentionSection.tsx'

/** Language, the platform's time zone, the platform address, an extra CA file and whether updates are on. */
export function SettingsScreen({ session }: { session: SessionStatus }) {
  const { t } = useMessages()
  const settings = useSettings()
  const closeSettings = useUi((state) => state.closeSettings)
  return (
    <main className="settings">
      <ScreenHeader title={<h1>{t.settings}</h1>} action={t.back} onAction={closeSettings} />
      {settings.data ? (
        <SettingsForm settings={settings.data} session={session} />
      ) : (
        <p className="muted">{t.loading}</p>
      )}
      {/* The accounts once there is one: the first sign-in makes the first (issue 29). */}
      {isSignedIn(session) || session.credentialsStored ? <AccountsSection /> : null}
      <ComfortSection />
      <BoardStaySection />
      <AttentionSection />
      <AllDaySection />
      <PrintSection />
      <CouriersSection signedIn={isSignedIn(session)} />
      <ScannerSection />
      <IntakeSection />
      <DiagnosticsSection />
    </main>
  )
}

interface SettingsDraft {
  language: Language
  timeZone: string
  caFile: string
  address: string
  allowWeak: boolean
  autoUpdate: boolean
}

/** Only what staff changed is sent: an untouched field keeps a one-run override from the command line. */
function changesOf(settings: Settings, draft: SettingsDraft): SettingsUpdate {
  const change: SettingsUpdate = {}
  if (draft.language !== settings.language) change.language = draft.language
  if (draft.timeZone !== settings.platformTimeZone) change.platformTimeZone = draft.timeZone
  if (draft.caFile.trim() !== (settings.extraCaFile ?? '')) change.extraCaFile = draft.caFile.trim() || null
  if (draft.address.trim() !== (settings.platformAddress ?? ''))
    change.platformAddress = draft.address.trim() || null
  if (draft.allowWeak !== settings.allowWeakSecretStorage) change.allowWeakSecretStorage = draft.allowWeak
  if (draft.autoUpdate !== settings.autoUpdate) change.autoUpdate = draft.autoUpdate
  return change
}

function SettingsForm({ settings, session }: { settings: Settings; session: SessionStatus }) {
  const { t } = useMessages()
  const update = useUpdateSettings()
  const [draft, setDraft] = useState<SettingsDraft>({
    language: settings.language,
    timeZone: settings.platformTimeZone,
    caFile: settings.extraCaFile ?? '',
    address: settings.platformAddress ?? '',
    allowWeak: settings.allowWeakSecretStorage,
    autoUpdate: settings.autoUpdate,
  })
  const set =
    <K extends keyof SettingsDraft>(key: K) =>
    (value: SettingsDraft[K]) =>
      setDraft((current) => ({ ...current, [key]: value }))
  const languageId = useId()
  const error = appErrorOf(update.error)

  function submit(event: SubmitEvent) {
    event.preventDefault()
    update.mutate(changesOf(settings, draft))
  }

  return (
    <form className="settings-card" onSubmit={submit}>
      <label htmlFor={languageId}>{t.language}</label>
      <select
        id={languageId}
        value={draft.language}
        onChange={(event) => set('language')(event.target.value as Language)}
      >
        <option value="tr">{t.languageTr}</option>
        <option value="en">{t.languageEn}</option>
      </select>
      {(
        [
          { key: 'timeZone', label: t.platformTimeZone, spellCheck: false },
          { key: 'address', label: t.platformAddress, type: 'url', placeholder: 'https://' },
          { key: 'caFile', label: t.extraCaFile, hint: t.extraCaFileHint, spellCheck: false },
        ] as const
      ).map(({ key, ...field }) => (
        <TextField key={key} {...field} value={draft[key]} onChange={set(key)} />
      ))}
      <CheckboxField
        label={t.autoUpdate}
        hint={t.autoUpdateHint}
        checked={draft.autoUpdate}
        onChange={set('autoUpdate')}
      />
      {session.secretStorage !== 'os-keychain' && (
        <WeakStorageField checked={draft.allowWeak} onChange={set('allowWeak')} />
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

/** The hint sits inside the label here: it is the reason to tick the box, read as part of its name. */
function WeakStorageField({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useMessages()
  const id = useId()
  return (
    <div className="checkbox">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>
        {t.weakStorage}
        <span className="hint"> {t.weakStorageHint}</span>
      </label>
    </div>
  )
}
