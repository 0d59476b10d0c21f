import type { AppError } from '../../../src-shared/errors.ts'
import { useMessages } from '../i18n/use-messages.tsx'
import { TextField } from './FormFields.tsx'

export interface SignInDraft {
  address: string
  appSecretKey: string
  restSecretKey: string
}

/**
 * The sign-in's fields as the platform asks for them: "Platform adresi" and the two keys. The sign-in screen and
 * each account in Settings → Hesaplar (issue 29) ask with these same fields. The keys are write-only: once stored,
 * a field says so and stays empty.
 */
export function SignInFields({
  draft,
  onChange,
  stored,
}: {
  draft: SignInDraft
  onChange: (draft: SignInDraft) => void
  /** The keys are stored: empty fields mean "the stored ones". */
  stored: boolean
}) {
  const { t } = useMessages()
  return (
    <>
      <TextField
        label={t.platformAddress}
        hint={t.platformAddressHint}
        type="url"
        inputMode="url"
        autoComplete="url"
        value={draft.address}
        onChange={(address) => onChange({ ...draft, address })}
        placeholder="https://"
        required
      />
      {(['appSecretKey', 'restSecretKey'] as const).map((which) => (
        <TextField
          key={which}
          label={which === 'appSecretKey' ? t.appSecretKey : t.restSecretKey}
          type="password"
          autoComplete="off"
          value={draft[which]}
          onChange={(value) => onChange({ ...draft, [which]: value })}
          placeholder={stored ? t.keyStoredPlaceholder : ''}
          required={!stored}
        />
      ))}
    </>
  )
}

/** The address is checked here before anything is sent (https only), and again in the main process (D8). */
export function addressErrorOf(address: string): AppError | undefined {
  if (/^https:\/\//i.test(address)) return undefined
  return {
    code: 'invalid-input',
    problem: /^[a-z][a-z0-9+.-]*:/i.test(address) ? 'not-https' : 'not-a-url',
    retryable: false,
  }
}
