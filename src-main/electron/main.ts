import { app, BrowserWindow, ipcMain, session } from 'electron'
import { eventChannelOf } from '../../src-shared/channels.ts'
import { createCore } from '../core/app.ts'
import type { Logger } from '../core/ports.ts'
import { createElectronStore } from './electron-store-adapter.ts'
import { registerIpcHandlers } from './ipc.ts'
import { createMainWindow, isAppTopFrame } from './main-window.ts'
import { installPlatformFetch } from './net-fetch.ts'
import { readLaunchOptions } from './launch-options.ts'
import { createSafeStorageCipher } from './safe-storage-cipher.ts'

const isDevelopment = !app.isPackaged

const log: Logger = {
  info: (message, details) => console.info(message, details ?? {}),
  warn: (message, details) => console.warn(message, details ?? {}),
  error: (message, details) => console.error(message, details ?? {}),
}

const launch = readLaunchOptions(process.argv, (message) => log.warn(message))
// Before the single-instance lock and electron-store, which both live in the userData folder.
if (launch.dataDir) app.setPath('userData', launch.dataDir)

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
    // The app asks for no camera, microphone, location or notifications: refuse every permission.
    session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
    session.defaultSession.setPermissionCheckHandler(() => false)

    const core = await createCore({
      appName: app.getName(),
      appVersion: app.getVersion(),
      shell: 'electron',
      store: createElectronStore(),
      cipher: await createSafeStorageCipher(),
      createFetch: installPlatformFetch(session.defaultSession),
      log,
      initialSettings: launch.initialSettings,
    })
    registerIpcHandlers(ipcMain, core.handlers, isAppTopFrame, log)
    core.subscribe((event, payload) => mainWindow?.webContents.send(eventChannelOf(event), payload))
    mainWindow = createMainWindow(isDevelopment)
    app.on('before-quit', () => core.dispose())
    void core.start()
  })
}
