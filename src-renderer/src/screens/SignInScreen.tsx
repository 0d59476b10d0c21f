import { useEffect, useId, useRef, useState, type RefObject, type SubmitEvent } from 'react'
import type { SessionStatus, SignedOutReason } from '../../../src-shared/domain.ts'
import type { AppError } from '../../../src-shared/errors.ts'
import { appErrorOf } from '../api.ts'
import { ErrorMessage } from '../components/ErrorMessage.tsx'
import { addressErrorOf, SignInFields } from '../components/SignInFields.tsx'
import { ScreenHeader } from '../components/ScreenHeader.tsx'
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
  const [draft, setDraft] = useState({
    address: session.platformAddress ?? '',
    appSecretKey: '',
    restSecretKey: '',
  })
  const { address, appSecretKey, restSecretKey } = draft
  const [localError, setLocalError] = useState<AppError | undefined>()
  const statusId = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [attempted, setAttempted] = useState(false)
  useFocusOnFirstEmptyField(formRef, t.keyStoredPlaceholder)

  const busy = signIn.isPending || session.state === 'signing-in'
  const stored = session.credentialsStored
  const error = localError ?? appErrorOf(signIn.error)
  const reason = reasonToShow(session, attempted || error !== undefined)

  function submit(event: SubmitEvent) {
    event.preventDefault()
    setAttempted(true)
    const trimmed = address.trim()
    const addressError = addressErrorOf(trimmed)
    setLocalError(addressError)
    if (addressError) return
    if (stored && !appSecretKey.trim() && !restSecretKey.trim()) {
      signIn.mutate('stored')
      return
    }
    signIn.mutate({ platformAddress: trimmed, appSecretKey, restSecretKey })
  }

  return (
    <main className="signin">
      <ScreenHeader
        title={<span className="brand">{t.appName}</span>}
        action={t.settings}
        onAction={openSettings}
      />
      <form ref={formRef} className="signin-card" onSubmit={submit} noValidate aria-describedby={statusId}>
        <h1>{t.signInTitle}</h1>
        <p id={statusId}>{reason ? t[REASON_TEXT[reason]] : t.signInIntro}</p>
        <SignInFields draft={draft} onChange={setDraft} stored={stored} />

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

/** The first empty field has focus when the screen opens: staff type at once (docs/decisions.md D41). */
function useFocusOnFirstEmptyField(formRef: RefObject<HTMLFormElement | null>, storedPlaceholder: string) {
  useEffect(() => {
    const form = formRef.current
    const fields = [...(form?.querySelectorAll<HTMLInputElement>('input') ?? [])]
    // A stored key's field is not empty to staff: it holds the stored key.
    const firstEmpty = fields.find((field) => field.value === '' && field.placeholder !== storedPlaceholder)
    ;(firstEmpty ?? form?.querySelector<HTMLButtonElement>('button[type="submit"]'))?.focus()
    // Once, when the screen opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}

/** One current error: the reason of the last sign-out is news only until staff try again or an error shows. */
function reasonToShow(session: SessionStatus, superseded: boolean): SignedOutReason | undefined {
  if (session.state !== 'signed-out' || session.reason === 'never-signed-in' || superseded) return undefined
  return session.reason
}
