import type { App, Dialog } from 'electron'
import { describeThrown } from '../core/app-failure.ts'
import type { Logger } from '../core/ports.ts'

/** The steps of start-up, in order; the dialog names the one that failed. */
export type StartupStage = 'data-folder' | 'secret-storage' | 'core' | 'window'

const STAGE_TEXT: Readonly<Record<StartupStage, { tr: string; en: string }>> = {
  'data-folder': { tr: 'veri klasörü açılamadı', en: 'the data folder could not be opened' },
  'secret-storage': { tr: 'anahtar deposu açılamadı', en: 'the key store could not be opened' },
  core: {
    tr: 'ayarlar veya teslim kaydı okunamadı',
    en: 'the settings or the hand-over journal could not be read',
  },
  window: { tr: 'pencere açılamadı', en: 'the window could not be opened' },
}

/** Causes the staff can fix themselves get their own words, whatever step met them. */
const CAUSE_TEXT: Readonly<Record<string, { tr: string; en: string }>> = {
  DATA_FOLDER_IN_USE: {
    tr: 'veri klasörü başka bir POS Companion (web modu veya masaüstü uygulaması) tarafından kullanılıyor; önce onu kapatın',
    en: 'the data folder is in use by another POS Companion (web mode or the desktop app); close it first',
  },
}

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

export function failStartup(stage: StartupStage, error: unknown, deps: StartupFailureDeps): void {
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
export function startupFailureText(
  stage: StartupStage,
  reason: string,
  logFolder: string,
): { title: string; body: string } {
  const step = CAUSE_TEXT[reason] ?? STAGE_TEXT[stage]
  return {
    title: 'POS Companion başlatılamadı / could not start',
    body: [
      `POS Companion başlatılamadı: ${step.tr} (${reason}).`,
      `Ayrıntılar günlük klasöründe: ${logFolder}`,
      'Uygulamayı yeniden açın; sorun sürerse bu klasörü destek ekibine gönderin.',
      '',
      `POS Companion could not start: ${step.en} (${reason}).`,
      `Details are in the log folder: ${logFolder}`,
      'Open the app again; if it keeps happening, send this folder to support.',
    ].join('\n'),
  }
}

/** A short, stable name for the cause (EACCES, ENOSPC, SyntaxError…), safe to show. */
function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'string' && /^[A-Z0-9_-]{1,40}$/i.test(code)) return code
  return error instanceof Error ? error.name : 'error'
}
