import { useId, useState, type SubmitEvent } from 'react'
import type { SessionStatus, SignedOutReason } from '../../../src-shared/domain.ts'
import type { AppError } from '../../../src-shared/errors.ts'
import { appErrorOf } from '../api.ts'
import { ErrorMessage } from '../components/ErrorMessage.tsx'
import type { TextKey } from '../i18n/messages.ts'
import { useMessages } from '../i18n/use-messages.tsx'
import { useSignIn } from '../queries.ts'
import { useUi } from '../state.ts'

const REASON_TEXT: Record<SignedOutReason, TextKey> = {
  'never-signed-in': 'reasonNeverSignedIn',
  'signed-out-by-staff': 'reasonSignedOutByStaff',
  'token-rejected': 'reasonTokenRejected',
  'wrong-credentials': 'reasonWrongCredentials',
}

/**
 * Sign-in. The keys are write-only: once stored, the form never shows them again and says they are stored.
 * The address is checked here (https only) and again in the main process (D8).
 */
export function SignInScreen({ session }: { session: SessionStatus }) {
  const { t } = useMessages()
  const openSettings = useUi((state) => state.openSettings)
  const signIn = useSignIn()
  const [address, setAddress] = useState(session.platformAddress ?? '')
  const [appSecretKey, setAppSecretKey] = useState('')
  const [restSecretKey, setRestSecretKey] = useState('')
  const [localError, setLocalError] = useState<AppError | undefined>()
  const ids = { address: useId(), addressHint: useId(), app: useId(), rest: useId(), status: useId() }

  const busy = signIn.isPending || session.state === 'signing-in'
  const stored = session.credentialsStored
  const error = localError ?? appErrorOf(signIn.error)
  const reason =
    session.state === 'signed-out' && session.reason !== 'never-signed-in' ? session.reason : undefined

  function submit(event: SubmitEvent) {
    event.preventDefault()
    const trimmed = address.trim()
    if (!/^https:\/\//i.test(trimmed)) {
      setLocalError({
        code: 'invalid-input',
        problem: /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? 'not-https' : 'not-a-url',
        retryable: false,
      })
      return
    }
    setLocalError(undefined)
    if (stored && !appSecretKey.trim() && !restSecretKey.trim()) {
      signIn.mutate('stored')
      return
    }
    signIn.mutate({ platformAddress: trimmed, appSecretKey, restSecretKey })
  }

  return (
    <main className="signin">
      <div className="signin-top">
        <span className="brand">{t.appName}</span>
        <button type="button" className="button secondary" onClick={openSettings}>
          {t.settings}
        </button>
      </div>
      <form className="signin-card" onSubmit={submit} noValidate aria-describedby={ids.status}>
        <h1>{t.signInTitle}</h1>
        <p id={ids.status}>{reason ? t[REASON_TEXT[reason]] : t.signInIntro}</p>

        <label htmlFor={ids.address}>{t.platformAddress}</label>
        <input
          id={ids.address}
          type="url"
          inputMode="url"
          autoComplete="url"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          aria-describedby={ids.addressHint}
          placeholder="https://"
          required
        />
        <p id={ids.addressHint} className="hint">
          {t.platformAddressHint}
        </p>

        <label htmlFor={ids.app}>{t.appSecretKey}</label>
        <input
          id={ids.app}
          type="password"
          autoComplete="off"
          value={appSecretKey}
          onChange={(event) => setAppSecretKey(event.target.value)}
          placeholder={stored ? t.keyStoredPlaceholder : ''}
          required={!stored}
        />

        <label htmlFor={ids.rest}>{t.restSecretKey}</label>
        <input
          id={ids.rest}
          type="password"
          autoComplete="off"
          value={restSecretKey}
          onChange={(event) => setRestSecretKey(event.target.value)}
          placeholder={stored ? t.keyStoredPlaceholder : ''}
          required={!stored}
        />

        {stored && <p className="note">{t.keysStored}</p>}
        {session.secretStorage === 'this-run-only' && <p className="note warning">{t.keysThisRunOnly}</p>}
        {error && <ErrorMessage error={error} />}

        <button type="submit" className="button primary" disabled={busy}>
          {busy ? t.signingIn : t.signIn}
        </button>
      </form>
    </main>
  )
}
