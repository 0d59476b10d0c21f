import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import type { SessionStatus } from '../../../src-shared/domain.ts'
import { useMessages } from '../i18n/use-messages.tsx'
import { useUi } from '../state.ts'
import { appReach, subscribeAppReach } from '../web-bridge.ts'
import { SignOutQuestion } from './SignOutQuestion.tsx'

/** Whether the page reaches the app: in web mode its process may stop while the page stays open (issue 30). */
function useAppLost(): boolean {
  return useSyncExternalStore(subscribeAppReach, appReach) === 'lost'
}

/**
 * On every screen, while web mode's process cannot be reached: that the app is gone (not the platform, not the
 * internet) and what to do. When the page reaches it again, everything is asked again: it may be a new process.
 */
export function AppLostNotice() {
  const lost = useAppLost()
  const texts = useMessages().t.appLost
  const queryClient = useQueryClient()
  const wasLost = useRef(false)
  useEffect(() => {
    if (lost) wasLost.current = true
    else if (wasLost.current) {
      wasLost.current = false
      void queryClient.invalidateQueries()
    }
  }, [lost, queryClient])
  if (!lost) return null
  return (
    <div className="app-lost" role="alert">
      <strong>{texts.title}</strong> {texts.whatToDo}
    </div>
  )
}

/** The connected platform, the credentials' reach, the session's state, settings and sign-out. */
export function Header({ session }: { session: SessionStatus }) {
  const { t } = useMessages()
  const openSettings = useUi((state) => state.openSettings)
  const openHistory = useUi((state) => state.openHistory)
  const openDayEnd = useUi((state) => state.openDayEnd)
  const lost = useAppLost()
  const [confirming, setConfirming] = useState(false)
  const signOutButton = useRef<HTMLButtonElement>(null)
  const close = useCallback(() => {
    setConfirming(false)
    signOutButton.current?.focus()
  }, [])

  // What the page last heard of the session says nothing once the app is gone.
  const sessionText = lost
    ? t.appLost.status
    : session.state === 'signed-in'
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
        <span className={`session-indicator session-${lost ? 'app-lost' : session.state}`} role="status">
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
