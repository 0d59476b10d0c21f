import { BrowserWindow, shell, type WebFrameMain } from 'electron'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/**
 * The one place that owns window options (Bitwarden's WindowMain is the model): every security switch for
 * the renderer is set here and nowhere else.
 */
const rendererDevUrl = process.env['ELECTRON_RENDERER_URL']
const rendererFile = join(import.meta.dirname, '../renderer/index.html')
const rendererUrl = rendererDevUrl ?? pathToFileURL(rendererFile).href

/** External pages staff may be sent to (help, the platform's site); everything else stays closed. */
const EXTERNAL_URL_ALLOWLIST: readonly string[] = []

export function isAppTopFrame(frame: WebFrameMain | null): boolean {
  if (!frame || frame.parent !== null) return false
  return isAppUrl(frame.url)
}

/** The app's own page: the built renderer file, or the dev server's origin in development. */
export function isAppUrl(url: string): boolean {
  if (rendererDevUrl) return new URL(url).origin === new URL(rendererDevUrl).origin
  return url.split(/[?#]/)[0] === rendererUrl
}

export function createMainWindow(isDevelopment: boolean): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
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
    if (!isAppUrl(url)) event.preventDefault()
  })
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (EXTERNAL_URL_ALLOWLIST.some((allowed) => url.startsWith(allowed))) void shell.openExternal(url)
    return { action: 'deny' }
  })
  window.once('ready-to-show', () => window.show())

  if (rendererDevUrl) void window.loadURL(rendererDevUrl)
  else void window.loadFile(rendererFile)
  return window
}
