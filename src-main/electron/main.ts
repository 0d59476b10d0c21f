import { join } from 'node:path'
import { app, dialog, ipcMain, protocol, session } from 'electron'
import { describeThrown } from '../core/app-failure.ts'
import { createCore } from '../core/create-core.ts'
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
import { appPageFor, MainWindow } from './main-window.ts'
import { installSlipPrinting } from './print/install-slip-printing.ts'
import { installSecretClipboard } from './secret-clipboard.ts'
import { installPlatformFetch } from './net-fetch.ts'
import { isE2eBuild, readLaunchOptions, refusedSwitch } from './launch-options.ts'
import { restrictPermissions } from './permissions.ts'
import { createSafeStorageCipher } from './safe-storage-cipher.ts'
import { startOrFail } from './startup-failure.ts'
import {
  forwardToRunningApp,
  installIntake,
  prepareIntakeLaunch,
  systemReplyWait,
  type ElectronIntake,
} from './intake.ts'

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
// (launch-options.ts): it quits before `ready`, before the lock, a window or a page. An e2e build keeps them.
const refused =
  app.isPackaged && !isE2eBuild(app.getAppPath()) ? refusedSwitch(process.argv, process.platform) : undefined
if (refused !== undefined) {
  log.warn(`launch: refused --${refused}; the installed app does not start with it`)
  process.stderr.write(`POS Companion: --${refused} is refused; not starting.\n`)
  app.exit(2)
} else {
  start()
}

function start(): void {
  // A link or `--add-order` on this launch, the link registered, macOS's open-url heard from the start.
  const intakeLaunch = prepareIntakeLaunch(process)
  // One app per desk: a second launch hands its argv to this one (main-window.ts) and quits.
  if (!app.requestSingleInstanceLock(intakeLaunch.lockData)) {
    const write = (line: string) => process.stdout.write(`${line}\n`)
    void forwardToRunningApp(intakeLaunch, app.getPath('userData'), { write, wait: systemReplyWait })
    return
  }
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
        // will-quit, not before-quit: staff may call a quit off at its question (main-window.ts).
        app.on('will-quit', () => core.dispose())
        registerIpcHandlers(ipcMain, core.handlers, page.isAppTopFrame, log)
        installSlipPrinting(core, page.isAppTopFrame, log)
        installSecretClipboard(core, page.isAppTopFrame, log)

        enter('window')
        // The one window: its place, closing to the tray while hand-overs are owed, a second launch (D26, D50).
        // Its language and a second launch's order are asked for only later, from the wires made below.
        const mainWindow = new MainWindow({
          page,
          isDevelopment,
          store,
          owedCount: () => core.allDay.countOwed(),
          language: () => allDay.language(),
          onSecondLaunch: (argv, data) => intake.takeSecondLaunch(argv, data),
        })
        sendContractEvents(core, log, (channel, payload) => mainWindow.send(channel, payload))
        mainWindow.open()
        // Tray, notifications, badge, wake, start with the computer (D50, D51).
        const allDay = installAllDay({ core, mainWindow, log })
        void core.start()
        const intake: ElectronIntake = installIntake({
          core,
          launch: intakeLaunch,
          dataDir: app.getPath('userData'),
          log,
          focus: () => mainWindow.show(),
        })
        // Off unless the app is installed and the staff turned updates on; the source is fixed at build time.
        // Loaded once the window is on its way: electron-updater and what it pulls in are not needed for the
        // first screen (docs/decisions.md#d63).
        void import('./auto-update.ts')
          .then(({ startAutoUpdate }) => {
            const updates = startAutoUpdate({
              isPackaged: app.isPackaged,
              readTurnedOn: () => Promise.resolve(core.settings.get().autoUpdate),
              log,
            })
            app.on('will-quit', () => updates.stop())
          })
          .catch((error: unknown) => log.warn(`auto-update: not started (${describeThrown(error)})`))
      },
      { app, dialog, log, logFolder },
    ),
  )
}
