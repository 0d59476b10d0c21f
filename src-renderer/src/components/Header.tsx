import { useCallback, useRef, useState } from 'react'
import type { SessionStatus } from '../../../src-shared/domain.ts'
import { useMessages } from '../i18n/use-messages.tsx'
import { useUi } from '../state.ts'
import { SignOutQuestion } from './SignOutQuestion.tsx'

/** The connected platform, the credentials' reach, the session's state, settings and sign-out. */
export function Header({ session }: { session: SessionStatus }) {
  const { t } = useMessages()
  const openSettings = useUi((state) => state.openSettings)
  const openHistory = useUi((state) => state.openHistory)
  const openDayEnd = useUi((state) => state.openDayEnd)
  const [confirming, setConfirming] = useState(false)
  const signOutButton = useRef<HTMLButtonElement>(null)
  const close = useCallback(() => {
    setConfirming(false)
    signOutButton.current?.focus()
  }, [])

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
        <button type="button" className="button secondary" onClick={openDayEnd}>
          {t.dayEnd.open}
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
      {confirming && <SignOutQuestion onCancel={close} onSignedOut={() => setConfirming(false)} />}
    </header>
  )
}
