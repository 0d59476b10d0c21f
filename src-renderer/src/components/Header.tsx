import { useEffect, useRef, useState } from 'react'
import type { SessionStatus } from '../../../src-shared/domain.ts'
import { isOwed } from '../../../src-shared/order-rules.ts'
import { appErrorOf } from '../api.ts'
import { useMessages } from '../i18n/use-messages.tsx'
import { useOrders, useSignOut } from '../queries.ts'
import { useRushTexts } from '../screens/main/rush-texts.ts'
import { useUi } from '../state.ts'
import { ErrorMessage } from './ErrorMessage.tsx'

/** The connected platform, the credentials' reach, the session's state, settings and sign-out. */
export function Header({ session }: { session: SessionStatus }) {
  const { t } = useMessages()
  const openSettings = useUi((state) => state.openSettings)
  const openHistory = useUi((state) => state.openHistory)
  const signOut = useSignOut()
  const [confirming, setConfirming] = useState(false)
  const signOutError = appErrorOf(signOut.error)
  const rt = useRushTexts()
  const owed = (useOrders().data ?? []).filter((order) => isOwed(order.handover)).length
  const signOutButton = useRef<HTMLButtonElement>(null)
  const question = useRef<HTMLDivElement>(null)
  const close = () => {
    setConfirming(false)
    signOutButton.current?.focus()
  }
  // The question takes focus when it opens, and Escape closes it (docs/decisions.md D41).
  useEffect(() => {
    if (!confirming) return
    question.current?.querySelector<HTMLButtonElement>('button')?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setConfirming(false)
      signOutButton.current?.focus()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [confirming])

  const sessionText =
    session.state === 'signed-in'
      ? t.sessionSignedIn
      : session.state === 'renewing'
        ? t.sessionRenewing
        : session.state === 'signing-in'
          ? t.sessionSigningIn
          : t.sessionSignedOut

  return (
    <header className="header">
      <div className="header-main">
        <span className="brand">{t.appName}</span>
        {session.platformAddress && (
          <span className="header-item">
            <span className="muted">{t.signedInAs}: </span>
            <span className="platform-address">{session.platformAddress}</span>
          </span>
        )}
        {session.state !== 'signed-out' && session.scope && (
          <span className="badge">{session.scope === 'vendor' ? t.scopeVendor : t.scopeBranch}</span>
        )}
        <span className={`session-indicator session-${session.state}`} role="status">
          {sessionText}
        </span>
      </div>
      <div className="header-actions">
        <button type="button" className="button secondary" onClick={openHistory}>
          {t.history}
        </button>
        <button type="button" className="button secondary" onClick={openSettings}>
          {t.settings}
        </button>
        {session.state !== 'signed-out' && (
          <button
            ref={signOutButton}
            type="button"
            className="button secondary"
            onClick={() => setConfirming(true)}
            aria-expanded={confirming}
          >
            {t.signOut}
          </button>
        )}
      </div>
      {confirming && (
        <div className="confirm" role="dialog" aria-label={t.signOutTitle} ref={question}>
          <p className="confirm-title">{t.signOutTitle}</p>
          {owed > 0 && (
            <p className="confirm-owed" role="alert">
              {rt.owedQuestion(owed)}
            </p>
          )}
          {([false, true] as const).map((forgetKeys) => (
            <button
              key={String(forgetKeys)}
              type="button"
              className={forgetKeys ? 'button danger' : 'button'}
              disabled={signOut.isPending}
              onClick={() => signOut.mutate(forgetKeys, { onSuccess: () => setConfirming(false) })}
            >
              {forgetKeys ? t.signOutForgetKeys : t.signOutKeepKeys}
            </button>
          ))}
          <button type="button" className="button secondary" onClick={close}>
            {t.cancel}
          </button>
          {signOutError && <ErrorMessage error={signOutError} />}
        </div>
      )}
    </header>
  )
}
