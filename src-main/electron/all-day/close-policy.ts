import type { MessageBoxOptions, MessageBoxReturnValue } from 'electron'
import type { Language } from '../../../src-shared/domain.ts'
import { shellTexts } from './texts.ts'

/** A notice shown once, outside the window (an OS notification or the tray's balloon). */
export interface Notice {
  title: string
  body: string
}

export type CloseDecision = { action: 'close' } | { action: 'hide'; notice: Notice | null }

/**
 * Closing the window while hand-overs are owed must not stop them: the window hides to the tray and the app
 * keeps sending; the first time, it says so. With nothing owed, or once a quit is under way, it closes.
 */
export function decideWindowClose(
  state: { owed: number; quitting: boolean; hiddenNoticeShown: boolean },
  language: Language,
): CloseDecision {
  if (state.quitting || state.owed === 0) return { action: 'close' }
  if (state.hiddenNoticeShown) return { action: 'hide', notice: null }
  const t = shellTexts[language]
  return { action: 'hide', notice: { title: t.hiddenToTrayTitle, body: t.hiddenToTrayBody(state.owed) } }
}

/** The button that quits; the other one, first and default, keeps the app open (Escape and Enter keep it). */
export const QUIT_ANYWAY_BUTTON = 1

/** The question before quitting with hand-overs owed, with their number; null when nothing is owed. */
export function quitQuestion(owed: number, language: Language): MessageBoxOptions | null {
  if (owed === 0) return null
  const t = shellTexts[language]
  return {
    type: 'warning',
    title: t.quitTitle,
    message: t.quitMessage(owed),
    detail: t.quitDetail,
    buttons: [t.quitStay, t.quitAnyway],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  }
}

export function quitConfirmed(answer: Pick<MessageBoxReturnValue, 'response'>): boolean {
  return answer.response === QUIT_ANYWAY_BUTTON
}

export interface ClosePolicyElectron {
  app: {
    on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown
    quit(): void
  }
  dialog: { showMessageBox(options: MessageBoxOptions): Promise<MessageBoxReturnValue> }
  /** Where the OS shuts down or logs out (Linux, macOS): no question may hold that up. */
  powerMonitor?: { on(event: 'shutdown', listener: () => void): unknown }
}

export interface ClosableWindow {
  on(event: 'close', listener: (event: { preventDefault(): void }) => void): unknown
  hide(): void
}

export interface ClosePolicyDeps {
  owedCount(): number
  language(): Language
  /** Shows the one-time notice that the app keeps running in the tray. */
  notify(notice: Notice): void
}

/**
 * Wires the two decisions into the shell: the window's `close` hides it while hand-overs are owed, and a quit
 * (tray `Çık`, Cmd+Q, the menu) with hand-overs owed asks first. Windows sends no `before-quit` at shutdown
 * or logout; on Linux and macOS `powerMonitor`'s `shutdown` lets it go unasked.
 */
export function installClosePolicy(
  electron: ClosePolicyElectron,
  window: ClosableWindow,
  deps: ClosePolicyDeps,
): { isQuitting(): boolean } {
  let quitting = false
  let asking = false
  let hiddenNoticeShown = false

  window.on('close', (event) => {
    const decision = decideWindowClose(
      { owed: deps.owedCount(), quitting, hiddenNoticeShown },
      deps.language(),
    )
    if (decision.action === 'close') return
    event.preventDefault()
    window.hide()
    if (decision.notice) {
      hiddenNoticeShown = true
      deps.notify(decision.notice)
    }
  })

  electron.app.on('before-quit', (event) => {
    if (quitting) return
    const question = quitQuestion(deps.owedCount(), deps.language())
    if (!question) {
      quitting = true
      return
    }
    event.preventDefault()
    if (asking) return
    asking = true
    void electron.dialog
      .showMessageBox(question)
      .then((answer) => {
        if (!quitConfirmed(answer)) return
        quitting = true
        electron.app.quit()
      })
      // A question that could not be shown leaves the app running: staying open never loses anything.
      .catch(() => undefined)
      .finally(() => {
        asking = false
      })
  })

  electron.powerMonitor?.on('shutdown', () => {
    quitting = true
  })

  return { isQuitting: () => quitting }
}
