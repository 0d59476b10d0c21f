// A stand-in for the `electron` module in unit tests of the Electron shell, which cannot start Electron here:
//   vi.mock('electron', () => import('<…>/test-support/electron/fake-electron.ts'))
// Each part records what the shell asks of it and lets the test emit Electron's events by hand. Call
// resetFakeElectron() before each test. Only what the shell uses is modelled; anything else is undefined.
import { EventEmitter } from 'node:events'
import { vi } from 'vitest'

const PRIMARY = { id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1040 } }

class FakeApp extends EventEmitter {
  isPackaged = true
  readonly quit = vi.fn()
  readonly exit = vi.fn()
  readonly setAsDefaultProtocolClient = vi.fn(() => true)
  readonly setBadgeCount = vi.fn(() => true)
  readonly setLoginItemSettings = vi.fn()
  readonly getLoginItemSettings = vi.fn(() => ({ wasOpenedAtLogin: false }))
  readonly getPath = vi.fn(() => '/home/kasa')
  readonly getName = () => 'POS Companion'
  dock: { setBadge: (text: string) => void } | undefined = { setBadge: vi.fn() }
}
export const app = new FakeApp()

class FakeWebContents extends EventEmitter {
  readonly sent: [string, unknown][] = []
  openHandler: ((details: { url: string }) => unknown) | undefined
  send(channel: string, payload: unknown) {
    this.sent.push([channel, payload])
  }
  setWindowOpenHandler(handler: (details: { url: string }) => unknown) {
    this.openHandler = handler
  }
}

/** Every BrowserWindow made since the last reset, newest last. */
export const windows: FakeBrowserWindow[] = []

class FakeBrowserWindow extends EventEmitter {
  readonly webContents = new FakeWebContents()
  visible = false
  minimized = false
  maximized = false
  title = ''
  loaded: string | undefined
  readonly setOverlayIcon = vi.fn()
  readonly options: Record<string, unknown>
  constructor(options: Record<string, unknown>) {
    super()
    this.options = options
    this.title = typeof options['title'] === 'string' ? options['title'] : ''
    windows.push(this)
  }
  loadURL(url: string) {
    this.loaded = url
    return Promise.resolve()
  }
  show() {
    this.visible = true
  }
  hide() {
    this.visible = false
  }
  focus() {}
  restore() {
    this.minimized = false
  }
  maximize() {
    this.maximized = true
  }
  isMinimized() {
    return this.minimized
  }
  isMaximized() {
    return this.maximized
  }
  isVisible() {
    return this.visible
  }
  getNormalBounds() {
    return { x: 10, y: 20, width: 1000, height: 700 }
  }
  setTitle(title: string) {
    this.title = title
  }
}
export const BrowserWindow = FakeBrowserWindow

/** Every Notification shown since the last reset, with a click to press. */
export const notifications: { title: string; body: string; click(): void; close(): void }[] = []
export class Notification extends EventEmitter {
  static supported = true
  static isSupported = () => Notification.supported
  readonly options: { title: string; body: string }
  constructor(options: { title: string; body: string }) {
    super()
    this.options = options
  }
  show() {
    notifications.push({ ...this.options, click: () => this.emit('click'), close: () => this.emit('close') })
  }
}

/** Every Tray made since the last reset, with what it shows (the menu is the template Menu got). */
export const trays: FakeTray[] = []
class FakeTray extends EventEmitter {
  tooltip = ''
  title = ''
  menu: { label?: string; enabled?: boolean; type?: string; click?: () => void }[] = []
  readonly image: unknown
  constructor(image: unknown) {
    super()
    this.image = image
    trays.push(this)
  }
  setToolTip(text: string) {
    this.tooltip = text
  }
  setTitle(text: string) {
    this.title = text
  }
  setContextMenu(menu: unknown) {
    this.menu = menu as FakeTray['menu']
  }
  readonly destroy = vi.fn()
}
export const Tray = FakeTray

export const Menu = { buildFromTemplate: (template: unknown) => template }
export const nativeImage = {
  createFromPath: vi.fn((path: string) => ({ path })),
  createFromBitmap: vi.fn((_bitmap: Buffer, size: { width: number; height: number }) => ({ dot: size })),
}
export const powerMonitor = new EventEmitter()
export const net = { online: true, isOnline: () => net.online }
export const dialog = { showMessageBox: vi.fn(), showErrorBox: vi.fn() }
export const screen = {
  displays: [PRIMARY] as { id: number; workArea: { x: number; y: number; width: number; height: number } }[],
  getAllDisplays: () => screen.displays,
  getPrimaryDisplay: () => screen.displays[0] ?? PRIMARY,
  getDisplayMatching: vi.fn(() => screen.displays[0] ?? PRIMARY),
}

/** A fresh Electron: no listeners, no windows, trays or notifications, one 1920×1040 display, online. */
export function resetFakeElectron(): void {
  app.removeAllListeners()
  app.isPackaged = true
  app.dock = { setBadge: vi.fn() }
  for (const mock of [app.quit, app.exit, app.setAsDefaultProtocolClient, app.setBadgeCount]) mock.mockClear()
  for (const mock of [app.setLoginItemSettings, app.getLoginItemSettings, app.getPath]) mock.mockClear()
  app.getLoginItemSettings.mockReturnValue({ wasOpenedAtLogin: false })
  powerMonitor.removeAllListeners()
  windows.length = 0
  trays.length = 0
  notifications.length = 0
  Notification.supported = true
  net.online = true
  screen.displays = [PRIMARY]
  screen.getDisplayMatching.mockReset() // back to its own answer: a test may have set another
  nativeImage.createFromPath.mockClear()
  nativeImage.createFromBitmap.mockClear()
  dialog.showMessageBox.mockReset()
  dialog.showErrorBox.mockReset()
}
