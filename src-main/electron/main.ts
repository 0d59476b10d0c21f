import { join } from 'node:path'
import { app, BrowserWindow, dialog, ipcMain, protocol, session } from 'electron'
import { describeThrown } from '../core/app-failure.ts'
import { createCore } from '../core/app.ts'
import { createFileLog, type FileLog } from '../core/logging/file-log.ts'
import { logProcessErrors } from '../core/logging/process-errors.ts'
import { SecretRedactor } from '../core/logging/secret-redactor.ts'
import { holdDataDir } from '../core/storage/data-dir-lock.ts'
import { openDataFiles } from '../core/storage/data-files.ts'
import type { Logger } from '../core/ports.ts'
import { registerAppScheme, serveRenderer } from './app-protocol.ts'
import { createElectronStore } from './electron-store-adapter.ts'
import { registerIpcHandlers, sendContractEvents } from './ipc.ts'
import { installAllDay } from './all-day/wire-all-day.ts'
import { appPageFor, createMainWindow } from './main-window.ts'
import { installSlipPrinting } from './print/install-slip-printing.ts'
import { installPlatformFetch } from './net-fetch.ts'
import { isE2eBuild, readLaunchOptions, refusedSwitch } from './launch-options.ts'
import { restrictPermissions } from './permissions.ts'
import { createSafeStorageCipher } from './safe-storage-cipher.ts'
import { startOrFail } from './startup-failure.ts'
import { systemReplyWait } from './intake-launch.ts'
import { forwardToRunningApp, installIntake, prepareIntakeLaunch } from './intake-wiring.ts'

const isDevelopment = !app.isPackaged

// The launch options decide where userData (and so the log) lives: their warnings wait for the log.
const launchWarnings: string[] = []
const launch = readLaunchOptions(process.argv, (message) => launchWarnings.push(message))
// Before the single-instance lock and electron-store, which both live in the userData folder.
if (launch.dataDir) app.setPath('userData', launch.dataDir)
// ELECTRON_RENDERER_URL counts only in development (main-window.ts): the installed app shows its own page.
const page = appPageFor(app.isPackaged, process.env, (message) => launchWarnings.push(message))
// Chromium learns the app:// scheme's privileges before the app is ready, or never.
registerAppScheme(protocol)

const redactor = new SecretRedactor()
const logFolder = join(app.getPath('userData'), 'logs')
const log = openLog()
for (const warning of launchWarnings) log.warn(warning)
// Logged, and the app stays up as Electron's default would, but without its stack-trace dialog.
logProcessErrors(process, log)

/** The rotating, redacted log in userData/logs; in development each entry's summary also goes to the console. */
function openLog(): Logger & Partial<Pick<FileLog, 'recentLines'>> {
  const echo = (level: 'info' | 'warn' | 'error', message: string) => console[level](message)
  try {
    return createFileLog({ directory: logFolder, redactor, ...(isDevelopment ? { echo } : {}) })
  } catch (error) {
    // An unwritable folder must not stop the app: say so once, then keep redacted summaries on the console.
    console.error(`log: cannot write to the logs folder (${error instanceof Error ? error.name : 'error'})`)
    const summary = (level: 'info' | 'warn' | 'error') => (message: string) =>
      echo(level, redactor.redactText(message))
    return { info: summary('info'), warn: summary('warn'), error: summary('error') }
  }
}

// The installed app does not start with a switch that would let its command line debug it or run a program
// (launch-options.ts); it quits before `ready`, before the lock, a window or a page. An e2e build keeps them.
const refused =
  app.isPackaged && !isE2eBuild(app.getAppPath()) ? refusedSwitch(process.argv, process.platform) : undefined
// A link or `--add-order` on this launch, the link registered, macOS's open-url heard from the start.
const intakeLaunch = refused === undefined ? prepareIntakeLaunch(app, process) : undefined
if (refused !== undefined || intakeLaunch === undefined) {
  log.warn(`launch: refused --${String(refused)}; the installed app does not start with it`)
  process.stderr.write(`POS Companion: --${String(refused)} is refused; not starting.\n`)
  app.exit(2)
} else if (!app.requestSingleInstanceLock(intakeLaunch.lockData)) {
  // One app per desk: a second launch focuses the first window instead of running a second core.
  const write = (line: string) => process.stdout.write(`${line}\n`)
  void forwardToRunningApp(app, intakeLaunch, app.getPath('userData'), { write, wait: systemReplyWait })
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

  // A failed step shows a dialog (what failed, where the log is), releases the lock and exits (startup-failure.ts).
  void app.whenReady().then(() =>
    startOrFail(
      async (enter) => {
        // The app asks for no camera, microphone, location or notifications: every permission is refused but
        // the clipboard write the Tanılama button needs, from the app's own page (permissions.ts).
        restrictPermissions(session.defaultSession, page.isAppUrl)
        if (!page.fromDevServer) serveRenderer(protocol, join(import.meta.dirname, '../renderer'))

        enter('data-folder')
        // One app per data folder across both shells (web mode on the same folder included); the OS frees it.
        await holdDataDir(app.getPath('userData'), 'electron')
        const store = createElectronStore()
        // Beside electron-store's config.json: the outbox's fsync'd journal, the board's log, History's days.
        const dataFiles = openDataFiles(app.getPath('userData'), log)
        enter('secret-storage')
        const cipher = await createSafeStorageCipher()
        enter('core')
        const core = await createCore({
          appName: app.getName(),
          appVersion: app.getVersion(),
          shell: 'electron',
          store,
          ...dataFiles,
          cipher,
          createFetch: installPlatformFetch(session.defaultSession),
          log,
          secrets: redactor,
          ...(log.recentLines ? { recentLogLines: log.recentLines } : {}),
          settingsOverrides: launch.initialSettings,
        })
        app.on('before-quit', () => core.dispose())
        registerIpcHandlers(ipcMain, core.handlers, page.isAppTopFrame, log)
        installSlipPrinting(core, page.isAppTopFrame, log)
        sendContractEvents(core, log, (channel, payload) => mainWindow?.webContents.send(channel, payload))

        enter('window')
        // Tray, close-to-tray, notifications, badge, wake, start with the computer, window state (D50, D51).
        mainWindow = installAllDay({
          core,
          store,
          log,
          openWindow: (at) => createMainWindow(page, isDevelopment, at),
        })
        void core.start()
        void installIntake({
          app,
          core,
          launch: intakeLaunch,
          dataDir: app.getPath('userData'),
          log,
          focus: () => mainWindow?.show(),
        })
        // Off unless the app is installed and the staff turned updates on; the source is fixed at build time.
        // Loaded once the window is on its way: electron-updater and what it pulls in are not needed for the
        // first screen (docs/decisions.md#d63).
        void import('./auto-update.ts')
          .then(({ startAutoUpdate }) => {
            const updates = startAutoUpdate({
              isPackaged: app.isPackaged,
              readTurnedOn: async () => {
                const settings = await core.handlers.getSettings(undefined)
                return settings.ok && settings.value.autoUpdate
              },
              log,
            })
            app.on('before-quit', () => updates.stop())
          })
          .catch((error: unknown) => log.warn(`auto-update: not started (${describeThrown(error)})`))
      },
      { app, dialog, log, logFolder },
    ),
  )
}
