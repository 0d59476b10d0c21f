import { join } from 'node:path'
import { app, BrowserWindow, ipcMain, session } from 'electron'
import { eventChannelOf } from '../../src-shared/channels.ts'
import { createCore } from '../core/app.ts'
import { createFileLog, type FileLog } from '../core/logging/file-log.ts'
import { SecretRedactor } from '../core/logging/secret-redactor.ts'
import { FileJournal, HANDOVER_JOURNAL_FILE } from '../core/storage/file-journal.ts'
import type { Logger } from '../core/ports.ts'
import { startAutoUpdate } from './auto-update.ts'
import { createElectronStore } from './electron-store-adapter.ts'
import { registerIpcHandlers } from './ipc.ts'
import { createMainWindow, isAppTopFrame, isAppUrl } from './main-window.ts'
import { installPlatformFetch } from './net-fetch.ts'
import { readLaunchOptions } from './launch-options.ts'
import { restrictPermissions } from './permissions.ts'
import { createSafeStorageCipher } from './safe-storage-cipher.ts'

const isDevelopment = !app.isPackaged

// The launch options decide where userData (and so the log) lives: their warnings wait for the log.
const launchWarnings: string[] = []
const launch = readLaunchOptions(process.argv, (message) => launchWarnings.push(message))
// Before the single-instance lock and electron-store, which both live in the userData folder.
if (launch.dataDir) app.setPath('userData', launch.dataDir)

const redactor = new SecretRedactor()
const log = openLog()
for (const warning of launchWarnings) log.warn(warning)

/** The rotating, redacted log in userData/logs; in development each entry's summary also goes to the console. */
function openLog(): Logger & Partial<Pick<FileLog, 'recentLines'>> {
  const echo = (level: 'info' | 'warn' | 'error', message: string) => console[level](message)
  try {
    return createFileLog({
      directory: join(app.getPath('userData'), 'logs'),
      redactor,
      ...(isDevelopment ? { echo } : {}),
    })
  } catch (error) {
    // An unwritable folder must not stop the app: say so once, then keep redacted summaries on the console.
    console.error(`log: cannot write to the logs folder (${error instanceof Error ? error.name : 'error'})`)
    const summary = (level: 'info' | 'warn' | 'error') => (message: string) =>
      echo(level, redactor.redactText(message))
    return { info: summary('info'), warn: summary('warn'), error: summary('error') }
  }
}

// One app per desk: a second launch focuses the first window instead of running a second core.
if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  let mainWindow: BrowserWindow | undefined

  app.on('second-instance', () => {
    if (!mainWindow) return
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.focus()
  })

  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault())
  })

  app.on('window-all-closed', () => app.quit())

  void app.whenReady().then(async () => {
    // The app asks for no camera, microphone, location or notifications: every permission is refused but
    // the clipboard write the Tanılama button needs, from the app's own page (permissions.ts).
    restrictPermissions(session.defaultSession, isAppUrl)

    const core = await createCore({
      appName: app.getName(),
      appVersion: app.getVersion(),
      shell: 'electron',
      store: createElectronStore(),
      // Beside electron-store's config.json: the hand-over outbox's fsync'd journal (file-journal.ts).
      journal: new FileJournal(join(app.getPath('userData'), HANDOVER_JOURNAL_FILE), log),
      cipher: await createSafeStorageCipher(),
      createFetch: installPlatformFetch(session.defaultSession),
      log,
      secrets: redactor,
      ...(log.recentLines ? { recentLogLines: log.recentLines } : {}),
      settingsOverrides: launch.initialSettings,
    })
    registerIpcHandlers(ipcMain, core.handlers, isAppTopFrame, log)
    core.subscribe((event, payload) => mainWindow?.webContents.send(eventChannelOf(event), payload))
    mainWindow = createMainWindow(isDevelopment)
    app.on('before-quit', () => core.dispose())
    void core.start()
    // Off unless the app is installed and the staff set an https update address (see auto-update.ts).
    const updates = startAutoUpdate({
      isPackaged: app.isPackaged,
      readUpdateUrl: async () => {
        const settings = await core.handlers.getSettings(undefined)
        return settings.ok ? settings.value.updateUrl : null
      },
      log,
    })
    app.on('before-quit', () => updates.stop())
  })
}
