/**
 * The app's one window and everything about it, in one owner (Bitwarden's WindowMain is the model): its
 * security switches, where it opens and whether it shows, keeping its place, closing to the tray while
 * hand-overs are owed, the question before quitting, and coming forward for a second launch (D26, D50).
 * `webSecurity`, `allowRunningInsecureContent` and `experimentalFeatures` are never set, so Electron's safe
 * defaults hold (main-window.test.ts checks it).
 */
import {
  app,
  BrowserWindow,
  dialog,
  Notification,
  powerMonitor,
  screen,
  type Display,
  type MessageBoxOptions,
  type Rectangle,
  type WebFrameMain,
} from 'electron'
import { join } from 'node:path'
import { z } from 'zod'
import type { Language } from '../../src-shared/domain.ts'
import type { KeyValueStore } from '../core/ports.ts'
import { startedHidden } from './all-day/login-item.ts'
import { texts } from '../../src-shared/texts/index.ts'
import { APP_ENTRY_URL } from './app-protocol.ts'

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]'])

/** The page the window shows and the test that tells it apart from any other page. */
export interface AppPage {
  readonly url: string
  /** True only in development, when electron-vite's dev server serves the renderer. */
  readonly fromDevServer: boolean
  readonly isAppUrl: (url: string) => boolean
  readonly isAppTopFrame: (frame: WebFrameMain | null) => boolean
}

/**
 * Which page is the app's. ELECTRON_RENDERER_URL (set by `electron-vite dev`) is honoured only when the app is
 * not packaged and only for a loopback http:// dev server: anyone able to set an environment variable for the
 * installed app must not be able to give a web page of their choice the app's API.
 */
export function appPageFor(
  isPackaged: boolean,
  env: Readonly<Record<string, string | undefined>>,
  warn: (message: string) => void = () => undefined,
): AppPage {
  const requested = env['ELECTRON_RENDERER_URL']
  const devUrl = !isPackaged && requested !== undefined ? loopbackHttpUrl(requested) : undefined
  if (requested !== undefined && devUrl === undefined) {
    warn(
      'window: ELECTRON_RENDERER_URL ignored (only a loopback http:// dev server, and never when packaged)',
    )
  }
  const isAppUrl = devUrl
    ? (url: string) => sameOrigin(url, devUrl)
    : (url: string) => url.split(/[?#]/)[0] === APP_ENTRY_URL
  return {
    url: devUrl?.href ?? APP_ENTRY_URL,
    fromDevServer: devUrl !== undefined,
    isAppUrl,
    isAppTopFrame: (frame) => frame !== null && frame.parent === null && isAppUrl(frame.url),
  }
}

function loopbackHttpUrl(text: string): URL | undefined {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) ? url : undefined
  } catch {
    return undefined
  }
}

function sameOrigin(url: string, expected: URL): boolean {
  try {
    return new URL(url).origin === expected.origin
  } catch {
    return false
  }
}

// Where the window opens -----------------------------------------------------------------------------------

/** Where the window state is kept, beside the settings in the shell's store. */
export const WINDOW_STATE_KEY = 'window.state'

const RectSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })

/** What is kept between runs: the normal bounds, maximised, and which display. */
const WindowState = z.object({
  bounds: RectSchema,
  maximized: z.boolean(),
  displayId: z.number().optional(),
})
export type WindowState = z.infer<typeof WindowState>

/** A display as `screen.getAllDisplays()` gives it: where windows may go is its `workArea` (no taskbar). */
type DisplayArea = Pick<Display, 'id' | 'workArea'>

export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 800 } as const
/** The window's minimum size, unless the display is smaller still. */
const MIN_WINDOW_SIZE = { width: 800, height: 600 } as const

function overlap(a: Rectangle, b: Rectangle): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
  return width > 0 && height > 0 ? width * height : 0
}

/** The display the window belongs on: most of it, else the one it was on, else the primary. */
function homeDisplay(
  state: WindowState,
  displays: readonly DisplayArea[],
  primary: DisplayArea,
): DisplayArea {
  let best: DisplayArea | undefined
  let bestOverlap = 0
  for (const display of displays) {
    const area = overlap(state.bounds, display.workArea)
    if (area > bestOverlap) [best, bestOverlap] = [display, area]
  }
  return best ?? displays.find((display) => display.id === state.displayId) ?? primary
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), Math.max(low, high))
}

/** The saved bounds moved and shrunk, as little as needed, to lie wholly inside the work area. */
export function fitInto(bounds: Rectangle, workArea: Rectangle): Rectangle {
  const width = clamp(
    Math.round(bounds.width),
    Math.min(MIN_WINDOW_SIZE.width, workArea.width),
    workArea.width,
  )
  const height = clamp(
    Math.round(bounds.height),
    Math.min(MIN_WINDOW_SIZE.height, workArea.height),
    workArea.height,
  )
  return {
    width,
    height,
    x: clamp(Math.round(bounds.x), workArea.x, workArea.x + workArea.width - width),
    y: clamp(Math.round(bounds.y), workArea.y, workArea.y + workArea.height - height),
  }
}

/**
 * Where to open the window: the kept size and place, on a display that still exists (a laptop taken off its
 * dock, a second screen unplugged, a lower resolution), never off-screen. Anything unreadable in the store
 * gives the default window centred on the primary display.
 */
export function restoreWindowState(
  saved: unknown,
  displays: readonly DisplayArea[],
  primary: DisplayArea,
): { bounds: Rectangle; maximized: boolean } {
  const parsed = WindowState.safeParse(saved)
  if (!parsed.success || !Object.values(parsed.data.bounds).every(Number.isFinite)) {
    const { workArea } = primary
    const centred = {
      ...DEFAULT_WINDOW_SIZE,
      x: workArea.x + (workArea.width - DEFAULT_WINDOW_SIZE.width) / 2,
      y: workArea.y + (workArea.height - DEFAULT_WINDOW_SIZE.height) / 2,
    }
    return { bounds: fitInto(centred, workArea), maximized: false }
  }
  const display = homeDisplay(parsed.data, displays, primary)
  return { bounds: fitInto(parsed.data.bounds, display.workArea), maximized: parsed.data.maximized }
}

// Closing and quitting -------------------------------------------------------------------------------------

/** A notice shown once, outside the window (an OS notification). */
interface Notice {
  title: string
  body: string
}

type CloseDecision = { action: 'close' } | { action: 'hide'; notice: Notice | null }

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
  const t = texts[language].shell
  return { action: 'hide', notice: { title: t.hiddenToTrayTitle, body: t.hiddenToTrayBody(state.owed) } }
}

/** The button that quits; the other one, first and default, keeps the app open (Escape and Enter keep it). */
export const QUIT_ANYWAY_BUTTON = 1

/** The question before quitting with hand-overs owed, with their number; null when nothing is owed. */
export function quitQuestion(owed: number, language: Language): MessageBoxOptions | null {
  if (owed === 0) return null
  const t = texts[language].shell
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

// The owner ------------------------------------------------------------------------------------------------

interface MainWindowDeps {
  page: AppPage
  isDevelopment: boolean
  /** Where the window's size and place are kept (electron-store, under WINDOW_STATE_KEY). */
  store: KeyValueStore
  /** Hand-overs still owed: while there are any, closing hides to the tray and a quit asks first. */
  owedCount(): number
  language(): Language
  /** What a second launch asked for (its argv and the lock's data), once the window has come forward. */
  onSecondLaunch(argv: string[], data: unknown): void
}

export class MainWindow {
  readonly #deps: MainWindowDeps
  #window: BrowserWindow | undefined
  #quitting = false
  #asking = false
  #hiddenNoticeShown = false

  /** Once the app is ready, before the window opens: the app-wide events that concern the window. */
  constructor(deps: MainWindowDeps) {
    this.#deps = deps
    // One app per desk: a second launch brings this window forward, then hands over what it asked for.
    app.on('second-instance', (_event, argv, _cwd, data) => {
      this.show()
      deps.onSecondLaunch(argv, data)
    })
    app.on('before-quit', (event) => this.#beforeQuit(event))
    app.on('window-all-closed', () => app.quit())
    // Linux and macOS say when the OS shuts down or logs out: no question may hold that up (Windows sends no
    // before-quit then).
    powerMonitor.on('shutdown', () => (this.#quitting = true))
    app.on('web-contents-created', (_event, contents) => {
      contents.on('will-attach-webview', (event) => event.preventDefault())
    })
  }

  /** Opens the window where it was kept, hidden in the tray when the computer started the app. */
  open(): BrowserWindow {
    const { page, store } = this.#deps
    const placement = restoreWindowState(
      store.get(WINDOW_STATE_KEY),
      screen.getAllDisplays(),
      screen.getPrimaryDisplay(),
    )
    const show = !startedHidden(process.argv, process.platform, () => app.getLoginItemSettings())
    const window = new BrowserWindow({
      ...DEFAULT_WINDOW_SIZE,
      ...placement.bounds,
      minWidth: MIN_WINDOW_SIZE.width,
      minHeight: MIN_WINDOW_SIZE.height,
      title: 'POS Companion',
      backgroundColor: '#ffffff',
      show: false,
      webPreferences: {
        preload: join(import.meta.dirname, '../preload/preload.cjs'),
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInSubFrames: false,
        webviewTag: false,
        spellcheck: false,
        devTools: this.#deps.isDevelopment,
      },
    })
    window.webContents.on('will-navigate', (event, url) => {
      if (!page.isAppUrl(url)) event.preventDefault()
    })
    // No page opens beside the app, and nothing is handed to the OS browser: the app links nowhere. Should it
    // one day (help, the platform's site), match each address's exact origin, never a prefix.
    window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }))
    window.once('ready-to-show', () => {
      if (placement.maximized) window.maximize()
      if (show) window.show()
    })
    // The normal (not maximised) bounds, so un-maximising after a restart gives the right size.
    const keep = () => {
      const bounds = window.getNormalBounds()
      const state: WindowState = {
        bounds,
        maximized: window.isMaximized(),
        displayId: screen.getDisplayMatching(bounds).id,
      }
      store.set(WINDOW_STATE_KEY, state)
    }
    window.on('resized', keep)
    window.on('moved', keep)
    window.on('maximize', keep)
    window.on('unmaximize', keep)
    window.on('close', (event) => {
      keep()
      this.#close(event, window)
    })
    void window.loadURL(page.url)
    this.#window = window
    return window
  }

  /** The open window (open() first). */
  get window(): BrowserWindow {
    if (!this.#window) throw new Error('the main window is not open yet')
    return this.#window
  }

  /** Brings the window forward: restored, shown, focused. Nothing before it is open. */
  show(): void {
    const window = this.#window
    if (!window) return
    if (window.isMinimized()) window.restore()
    window.show()
    window.focus()
  }

  /** Sends an event to the page; nothing before the window is open. */
  send(channel: string, payload: unknown): void {
    this.#window?.webContents.send(channel, payload)
  }

  #close(event: { preventDefault(): void }, window: BrowserWindow): void {
    const decision = decideWindowClose(
      {
        owed: this.#deps.owedCount(),
        quitting: this.#quitting,
        hiddenNoticeShown: this.#hiddenNoticeShown,
      },
      this.#deps.language(),
    )
    if (decision.action === 'close') return
    event.preventDefault()
    window.hide()
    if (decision.notice) {
      this.#hiddenNoticeShown = true
      if (Notification.isSupported()) new Notification(decision.notice).show()
    }
  }

  /** A quit (tray `Çık`, Cmd+Q, the menu) with hand-overs owed asks first, once at a time. */
  #beforeQuit(event: { preventDefault(): void }): void {
    if (this.#quitting) return
    const question = quitQuestion(this.#deps.owedCount(), this.#deps.language())
    if (!question) {
      this.#quitting = true
      return
    }
    event.preventDefault()
    if (this.#asking) return
    this.#asking = true
    void dialog
      .showMessageBox(question)
      .then((answer) => {
        if (answer.response !== QUIT_ANYWAY_BUTTON) return
        this.#quitting = true
        app.quit()
      })
      // A question that could not be shown leaves the app running: staying open never loses anything.
      .catch(() => undefined)
      .finally(() => {
        this.#asking = false
      })
  }
}
