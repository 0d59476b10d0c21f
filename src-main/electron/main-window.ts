import { BrowserWindow, type WebFrameMain } from 'electron'
import { join } from 'node:path'
import { APP_ENTRY_URL } from './app-protocol.ts'

/**
 * The one place that owns window options (Bitwarden's WindowMain is the model): every security switch for
 * the renderer is set here and nowhere else. `webSecurity`, `allowRunningInsecureContent` and
 * `experimentalFeatures` are never set, so Electron's safe defaults hold (main-window.test.ts checks it).
 */

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

/** Where the window opens and whether it shows (all-day/window-state.ts keeps it; hidden when started with the computer). */
export interface WindowPlacement {
  bounds: { x: number; y: number; width: number; height: number }
  maximized: boolean
  show: boolean
}

export function createMainWindow(
  page: AppPage,
  isDevelopment: boolean,
  placement?: WindowPlacement,
): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    ...placement?.bounds,
    minWidth: 800,
    minHeight: 600,
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
      devTools: isDevelopment,
    },
  })

  window.webContents.on('will-navigate', (event, url) => {
    if (!page.isAppUrl(url)) event.preventDefault()
  })
  // No page opens beside the app, and nothing is handed to the OS browser: the app links nowhere. Should it one
  // day (help, the platform's site), match each address's exact origin, never a prefix.
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }))
  window.once('ready-to-show', () => {
    if (placement?.maximized) window.maximize()
    if (placement?.show ?? true) window.show()
  })
  void window.loadURL(page.url)
  return window
}
