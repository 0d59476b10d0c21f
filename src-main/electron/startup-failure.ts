import type { App, Dialog } from 'electron'
import type { Language } from '../../src-shared/domain.ts'
import { describeThrown } from '../core/app-failure.ts'
import type { Logger } from '../core/ports.ts'
import { texts } from '../../src-shared/texts/index.ts'

/** The steps of start-up, in order; the dialog names the one that failed. */
export type StartupStage = 'data-folder' | 'secret-storage' | 'core' | 'window'

export interface StartupFailureDeps {
  app: Pick<App, 'releaseSingleInstanceLock' | 'exit'>
  dialog: Pick<Dialog, 'showErrorBox'>
  log: Logger
  /** Where the log lives, so the dialog can say where to look. */
  logFolder: string
}

/**
 * Runs start-up step by step. If a step throws, the app does not linger without a window holding the
 * single-instance lock (a relaunch would then do nothing): the failure is logged, a dialog in Turkish and
 * English says what failed and where the log is, the lock is released and the app exits.
 */
export async function startOrFail(
  start: (enter: (stage: StartupStage) => void) => Promise<void>,
  deps: StartupFailureDeps,
): Promise<boolean> {
  let stage: StartupStage = 'data-folder'
  try {
    await start((next) => (stage = next))
    return true
  } catch (error) {
    failStartup(stage, error, deps)
    return false
  }
}

function failStartup(stage: StartupStage, error: unknown, deps: StartupFailureDeps): void {
  const reason = reasonOf(error)
  try {
    deps.log.error('startup: failed', {
      stage,
      reason,
      message: error instanceof Error ? error.message : describeThrown(error),
      stack: error instanceof Error ? error.stack : undefined,
    })
  } catch {
    // The log itself may be what broke; the dialog still tells the staff.
  }
  const { title, body } = startupFailureText(stage, reason, deps.logFolder)
  try {
    deps.dialog.showErrorBox(title, body)
  } finally {
    deps.app.releaseSingleInstanceLock()
    deps.app.exit(1)
  }
}

/** What the staff read: the failed step and where the log is, never a stack trace. */
function startupFailureText(
  stage: StartupStage,
  reason: string,
  logFolder: string,
): { title: string; body: string } {
  const text = (language: Language) => {
    const t = texts[language].startup
    const stageText: Readonly<Record<StartupStage, string>> = t.stage
    return [t.failed(t.cause[reason] ?? stageText[stage], reason), t.logFolder(logFolder), t.whatToDo]
  }
  return {
    title: `${texts.tr.startup.title} / ${texts.en.startup.title}`,
    body: [...text('tr'), '', ...text('en')].join('\n'),
  }
}

/** A short, stable name for the cause (EACCES, ENOSPC, SyntaxError…), safe to show. */
function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'string' && /^[A-Z0-9_-]{1,40}$/i.test(code)) return code
  return error instanceof Error ? error.name : 'error'
}
