import { QueryClientProvider } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import type { SessionStatus } from '../../src-shared/domain.ts'
import { isSignedIn } from '../../src-shared/session-rules.ts'
import { appErrorOf, bridge } from './api.ts'
import { ErrorMessage } from './components/ErrorMessage.tsx'
import { AppLostNotice } from './components/Header.tsx'
import { tr } from './i18n/tr.ts'
import { MessagesProvider, useMessages } from './i18n/use-messages.tsx'
import { useAllDay } from './all-day/use-all-day.ts'
import { createQueryClient, useCoreEvents, useSession } from './queries.ts'
import { CourierReturnHost } from './screens/day-end/ReturnDialog.tsx'
import { BoardScreen } from './screens/BoardScreen.tsx'
import { useComfortOnDocument } from './screens/settings/ComfortSection.tsx'
import { SignInScreen } from './screens/SignInScreen.tsx'
import { SlipPrinter } from './slip/SlipPrinter.tsx'
import { useUi } from './state.ts'

// Screens a till does not open at start are loaded on their first opening (issue 31): the board and the
// sign-in come with the app.
const SettingsScreen = lazy(() =>
  import('./screens/SettingsScreen.tsx').then((module) => ({ default: module.SettingsScreen })),
)
const HistoryScreen = lazy(() =>
  import('./screens/HistoryScreen.tsx').then((module) => ({ default: module.HistoryScreen })),
)
const DayEndScreen = lazy(() =>
  import('./screens/DayEndScreen.tsx').then((module) => ({ default: module.DayEndScreen })),
)

export function App() {
  const [queryClient] = useState(createQueryClient)
  if (!bridge()) {
    return (
      <main className="shell">
        <h1>{tr.appName}</h1>
        <p role="alert">{tr.noBridge}</p>
      </main>
    )
  }
  return (
    <QueryClientProvider client={queryClient}>
      <MessagesProvider>
        {/* Web mode: the app's process stopped while this page stayed open (issue 30). On every screen. */}
        <AppLostNotice />
        <Screens />
      </MessagesProvider>
    </QueryClientProvider>
  )
}

/** Which screen: sign-in until the session is live, then the main screen; settings and history from either. */
function Screens() {
  useCoreEvents()
  useComfortOnDocument()
  useAllDay()
  const { t } = useMessages()
  const session = useSession()
  const screen = useUi((state) => state.screen)
  const error = appErrorOf(session.error)

  if (error) {
    return (
      <main className="shell">
        <h1>{t.appName}</h1>
        <ErrorMessage error={error} onRetry={() => void session.refetch()} />
      </main>
    )
  }
  if (!session.data) {
    return (
      <main className="shell">
        <p className="muted">{t.loading}</p>
      </main>
    )
  }
  const signedIn = isSignedIn(session.data)
  return (
    <>
      <Suspense
        fallback={
          <main className="shell">
            <p className="muted">{t.loading}</p>
          </main>
        }
      >
        <CurrentScreen screen={screen} session={session.data} signedIn={signedIn} />
      </Suspense>
      {/* On every screen: a hand-over that goes through while staff are in Settings still prints its slip. */}
      <SlipPrinter signedIn={signedIn} />
      {/* The courier's return, asked for from the board's courier strip (issue 21). */}
      <CourierReturnHost />
    </>
  )
}

/** Settings, History and the day-end from either side; otherwise the main screen once signed in, the sign-in before. */
function CurrentScreen({
  screen,
  session,
  signedIn,
}: {
  screen: 'board' | 'settings' | 'history' | 'day-end'
  session: SessionStatus
  signedIn: boolean
}) {
  if (screen === 'settings') return <SettingsScreen session={session} />
  if (screen === 'history') return <HistoryScreen />
  if (screen === 'day-end') return <DayEndScreen />
  if (signedIn) return <BoardScreen session={session} />
  return <SignInScreen session={session} />
}
