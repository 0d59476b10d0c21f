// A stand-in for the `electron` module, so the packaging check can run the BUILT main process (out/main/main.js)
// under plain Node and watch what it asks of Electron: which page the window loads, with which options, and how
// the app:// scheme is registered and answers. Nothing here is Electron; every observation is appended as one
// JSON line to the file named by POS_FAKE_ELECTRON_OUT. The run ends once the window has loaded its page (or
// the app gave up with an error box).
import { appendFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const out = process.env.POS_FAKE_ELECTRON_OUT
const record = (kind, value) => appendFileSync(out, `${JSON.stringify({ kind, value })}\n`)
let userData = process.env.POS_FAKE_ELECTRON_USERDATA || mkdtempSync(join(tmpdir(), 'fake-electron-'))
let schemeHandler

/** Anything not modelled below: any property is a function that returns another stub; `new` works too. */
function stub() {
  const target = function () {}
  return new Proxy(target, {
    get: (_t, property) => (property === 'then' ? undefined : stub()),
    apply: () => stub(),
    construct: () => stub(),
  })
}

async function finish() {
  if (schemeHandler) {
    for (const url of [
      'app://renderer/index.html',
      'app://renderer/%2e%2e/main/main.js',
      'app://renderer/..%2fmain%2fmain.js',
      'app://other/index.html',
    ]) {
      const response = await schemeHandler(new Request(url))
      record('scheme-answer', {
        url,
        status: response.status,
        csp: response.headers.get('content-security-policy'),
      })
    }
  }
  process.exit(0)
}

// What the check watches is modelled; anything else the app asks of `app` (the order link's registration, login
// items, the badge) is a stub, so a new use of Electron's API does not stop the run before its window.
const appModel = {
  isPackaged: process.env.POS_FAKE_ELECTRON_PACKAGED === '1',
  getPath: (name) => (name === 'userData' ? userData : tmpdir()),
  setPath: (name, value) => {
    if (name === 'userData') userData = value
  },
  // The repository's package.json stands in for app.asar's (no e2e mark: the shipped build's rules apply).
  getAppPath: () => process.cwd(),
  getName: () => 'POS Companion',
  getVersion: () => '0.0.0-packaging-check',
  getLocale: () => 'tr',
  requestSingleInstanceLock: (data) => {
    record('single-instance-lock', data ?? null)
    return true
  },
  releaseSingleInstanceLock: () => undefined,
  on: () => app,
  once: () => app,
  whenReady: () => {
    record('when-ready', true)
    return Promise.resolve()
  },
  isReady: () => true,
  quit: () => process.exit(0),
  exit: (code) => {
    record('exit', code)
    process.exit(code ?? 0)
  },
  setAppUserModelId: () => undefined,
  setAsDefaultProtocolClient: () => true,
}
export const app = new Proxy(appModel, {
  get: (target, property) => (property in target ? target[property] : stub()),
})

export class BrowserWindow {
  constructor(options) {
    record('window-options', options)
    this.webContents = { on: () => undefined, setWindowOpenHandler: () => undefined, send: () => undefined }
    this.title = options.title ?? ''
    // What the check watches is modelled; the rest of a window's API (bounds, maximise, show) is a stub.
    return new Proxy(this, { get: (target, property) => (property in target ? target[property] : stub()) })
  }
  setTitle(title) {
    this.title = title
  }
  getTitle() {
    return this.title
  }
  once() {
    return this
  }
  on() {
    return this
  }
  loadURL(url) {
    record('load-url', url)
    void finish()
    return Promise.resolve()
  }
  loadFile(file) {
    record('load-file', file)
    void finish()
    return Promise.resolve()
  }
}

export const protocol = {
  registerSchemesAsPrivileged: (schemes) => record('privileged-schemes', schemes),
  handle: (scheme, handler) => {
    record('scheme-handled', scheme)
    schemeHandler = handler
  },
}

export const dialog = {
  showErrorBox: (title, body) => {
    record('error-box', { title, body })
  },
}

const defaultSession = {
  setPermissionRequestHandler: () => undefined,
  setPermissionCheckHandler: () => undefined,
  setCertificateVerifyProc: () => undefined,
}
export const session = { defaultSession, fromPartition: () => defaultSession }
export const ipcMain = { handle: () => undefined, on: () => undefined, removeHandler: () => undefined }
export const net = {
  fetch: () => Promise.reject(new Error('no network in the packaging check')),
  isOnline: () => true,
}
export const shell = { openExternal: () => Promise.resolve(), openPath: () => Promise.resolve('') }
export const safeStorage = {
  isEncryptionAvailable: () => false,
  isAsyncEncryptionAvailable: () => Promise.resolve(false),
  getSelectedStorageBackend: () => 'basic_text',
  encryptStringAsync: () => Promise.reject(new Error('no keychain in the packaging check')),
  decryptStringAsync: () => Promise.reject(new Error('no keychain in the packaging check')),
}
export const Tray = stub()
export const Menu = stub()
export const MenuItem = stub()
export const Notification = stub()
export const nativeImage = stub()
export const nativeTheme = stub()
export const powerMonitor = stub()
export const powerSaveBlocker = stub()
// One 1920×1080 display, so the window's placement (src-main/electron/main-window.ts) has real numbers to work with.
const display = {
  id: 1,
  scaleFactor: 1,
  bounds: { x: 0, y: 0, width: 1920, height: 1080 },
  workArea: { x: 0, y: 0, width: 1920, height: 1040 },
}
export const screen = {
  getAllDisplays: () => [display],
  getPrimaryDisplay: () => display,
  getDisplayMatching: () => display,
  getDisplayNearestPoint: () => display,
  on: () => screen,
}
export const clipboard = stub()
/** Electron's main-process ClipboardItem (the intake key's copy carries each OS's "secret" marker in one). */
export class ClipboardItem {
  constructor(items) {
    this.items = items
  }
  /** The MIME types it holds, as Electron's own answers. */
  get types() {
    return Object.keys(this.items)
  }
}
export const globalShortcut = stub()
export const crashReporter = stub()
export const autoUpdater = stub()
export const webContents = stub()

export default {
  app,
  BrowserWindow,
  protocol,
  dialog,
  session,
  ipcMain,
  net,
  shell,
  safeStorage,
  Tray,
  Menu,
  MenuItem,
  Notification,
  nativeImage,
  nativeTheme,
  powerMonitor,
  powerSaveBlocker,
  screen,
  clipboard,
  ClipboardItem,
  globalShortcut,
  crashReporter,
  autoUpdater,
  webContents,
}
