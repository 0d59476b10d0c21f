import type { WebFrameMain } from 'electron'
import { beforeEach, describe, expect, it, vi } from 'vitest'

// A stand-in for Electron's BrowserWindow that records what the window owner asks of it.
const created: {
  options: Record<string, unknown>
  listeners: Map<string, (...args: unknown[]) => void>
  openHandler?: (details: { url: string }) => unknown
  loaded?: string
  loadedFile?: string
}[] = []
const openExternal = vi.fn()

vi.mock('electron', () => {
  class BrowserWindow {
    readonly record: (typeof created)[number]
    readonly webContents: unknown
    constructor(options: Record<string, unknown>) {
      this.record = { options, listeners: new Map() }
      created.push(this.record)
      const record = this.record
      this.webContents = {
        on: (name: string, listener: (...args: unknown[]) => void) => record.listeners.set(name, listener),
        setWindowOpenHandler: (handler: (details: { url: string }) => unknown) => {
          record.openHandler = handler
        },
      }
    }
    once() {
      return this
    }
    loadFile(file: string) {
      this.record.loadedFile = file
      return Promise.resolve()
    }
    loadURL(url: string) {
      this.record.loaded = url
      return Promise.resolve()
    }
  }
  return { BrowserWindow, shell: { openExternal } }
})

const { appPageFor, createMainWindow } = await import('./main-window.ts')

const EVIL = 'https://evil.example/'
const packaged = appPageFor(true, {})
const optionsOf = (index = 0) => created[index]?.options['webPreferences'] as Record<string, unknown>

describe('the main window', () => {
  beforeEach(() => {
    created.length = 0
    openExternal.mockClear()
  })

  it('is sandboxed and isolated, with no Node in the renderer and devtools only in development', () => {
    createMainWindow(packaged, false)
    expect(optionsOf()).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      devTools: false,
    })
    expect(String(optionsOf()['preload'])).toMatch(/preload[/\\]preload\.cjs$/)
    createMainWindow(packaged, true)
    expect(optionsOf(1)['devTools']).toBe(true)
  })

  it("never sets webSecurity, allowRunningInsecureContent or experimentalFeatures (Electron's safe defaults)", () => {
    createMainWindow(packaged, true)
    createMainWindow(appPageFor(false, { ELECTRON_RENDERER_URL: 'http://localhost:5173/' }), true)
    for (const index of [0, 1]) {
      const keys = Object.keys(optionsOf(index))
      expect(keys).not.toContain('webSecurity')
      expect(keys).not.toContain('allowRunningInsecureContent')
      expect(keys).not.toContain('experimentalFeatures')
    }
  })

  it('loads the built page from app://, never from file://', () => {
    createMainWindow(packaged, false)
    expect(created[0]?.loaded).toBe('app://renderer/index.html')
    expect(created[0]?.loadedFile).toBeUndefined()
  })

  it('refuses navigation away from the app', () => {
    createMainWindow(packaged, false)
    const willNavigate = created[0]?.listeners.get('will-navigate')
    const away = { preventDefault: vi.fn() }
    willNavigate?.(away, EVIL)
    expect(away.preventDefault).toHaveBeenCalled()
    const file = { preventDefault: vi.fn() }
    willNavigate?.(file, 'file:///app/out/renderer/index.html')
    expect(file.preventDefault).toHaveBeenCalled()
    const home = { preventDefault: vi.fn() }
    willNavigate?.(home, 'app://renderer/index.html#/orders')
    expect(home.preventDefault).not.toHaveBeenCalled()
  })

  it('denies window.open and hands nothing to the OS browser', () => {
    createMainWindow(packaged, false)
    expect(created[0]?.openHandler?.({ url: EVIL })).toEqual({ action: 'deny' })
    expect(openExternal).not.toHaveBeenCalled()
  })

  it('trusts only the app top frame as an IPC sender', () => {
    const frame = (url: string, parent: unknown = null) => ({ url, parent }) as unknown as WebFrameMain
    const top = frame('app://renderer/index.html')
    expect(packaged.isAppTopFrame(top)).toBe(true)
    expect(packaged.isAppTopFrame(frame('app://renderer/index.html#/orders'))).toBe(true)
    expect(packaged.isAppTopFrame(frame('app://renderer/index.html', top))).toBe(false)
    expect(packaged.isAppTopFrame(frame(EVIL))).toBe(false)
    expect(packaged.isAppTopFrame(frame('app://evil/index.html'))).toBe(false)
    expect(packaged.isAppTopFrame(frame('file:///etc/passwd'))).toBe(false)
    expect(packaged.isAppTopFrame(null)).toBe(false)
  })
})

describe('ELECTRON_RENDERER_URL (D32)', () => {
  beforeEach(() => {
    created.length = 0
  })

  it('is ignored by the packaged app: the window loads the built page and trusts only it', () => {
    const warn = vi.fn()
    const page = appPageFor(true, { ELECTRON_RENDERER_URL: 'http://127.0.0.1:5173/' }, warn)
    createMainWindow(page, false)
    expect(created[0]?.loaded).toBe('app://renderer/index.html')
    expect(page.fromDevServer).toBe(false)
    expect(page.isAppUrl('http://127.0.0.1:5173/')).toBe(false)
    expect(warn).toHaveBeenCalledOnce()
  })

  it('points the development window at a loopback dev server', () => {
    const page = appPageFor(false, { ELECTRON_RENDERER_URL: 'http://localhost:5173/' })
    createMainWindow(page, true)
    expect(created[0]?.loaded).toBe('http://localhost:5173/')
    expect(page.isAppUrl('http://localhost:5173/#/orders')).toBe(true)
    expect(page.isAppUrl('http://localhost:5174/')).toBe(false)
    expect(page.isAppUrl('app://renderer/index.html')).toBe(false)
  })

  it.each([
    'https://evil.example/',
    'http://evil.example:5173/',
    'http://192.168.1.20:5173/',
    'file:///tmp/page.html',
    'https://localhost:5173/',
    'not a url',
  ])('is ignored in development when it is %s, not a loopback http:// server', (url) => {
    const page = appPageFor(false, { ELECTRON_RENDERER_URL: url })
    expect(page.url).toBe('app://renderer/index.html')
    expect(page.isAppUrl(url)).toBe(false)
  })
})
