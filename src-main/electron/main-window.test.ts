import type { WebFrameMain } from 'electron'
import { beforeEach, describe, expect, it, vi } from 'vitest'

// A stand-in for Electron's BrowserWindow that records what the window owner asks of it.
const created: {
  options: Record<string, unknown>
  listeners: Map<string, (...args: unknown[]) => void>
  openHandler?: (details: { url: string }) => unknown
  loaded?: string
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
      this.record.loaded = file
      return Promise.resolve()
    }
    loadURL(url: string) {
      this.record.loaded = url
      return Promise.resolve()
    }
  }
  return { BrowserWindow, shell: { openExternal } }
})

const { createMainWindow, isAppTopFrame } = await import('./main-window.ts')

describe('the main window', () => {
  beforeEach(() => {
    created.length = 0
    openExternal.mockClear()
  })

  it('is sandboxed and isolated, with no Node in the renderer and devtools only in development', () => {
    createMainWindow(false)
    const preferences = created[0]?.options['webPreferences'] as Record<string, unknown>
    expect(preferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      devTools: false,
    })
    expect(String(preferences['preload'])).toMatch(/preload[/\\]preload\.cjs$/)
    createMainWindow(true)
    expect((created[1]?.options['webPreferences'] as Record<string, unknown>)['devTools']).toBe(true)
  })

  it('refuses navigation away from the app', () => {
    createMainWindow(false)
    const willNavigate = created[0]?.listeners.get('will-navigate')
    const away = { preventDefault: vi.fn() }
    willNavigate?.(away, 'https://evil.example/')
    expect(away.preventDefault).toHaveBeenCalled()
    const home = { preventDefault: vi.fn() }
    willNavigate?.(home, String(created[0]?.loaded).replace(/^(?!file:)/, 'file://'))
    expect(home.preventDefault).not.toHaveBeenCalled()
  })

  it('denies window.open and opens nothing outside the allowlist', () => {
    createMainWindow(false)
    expect(created[0]?.openHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' })
    expect(openExternal).not.toHaveBeenCalled()
  })

  it('trusts only the app top frame as an IPC sender', () => {
    createMainWindow(false)
    const appUrl = `file://${String(created[0]?.loaded)}`
    const top = { url: appUrl, parent: null } as unknown as WebFrameMain
    expect(isAppTopFrame(top)).toBe(true)
    expect(isAppTopFrame({ url: `${appUrl}#/orders`, parent: null } as unknown as WebFrameMain)).toBe(true)
    expect(isAppTopFrame({ url: appUrl, parent: top } as unknown as WebFrameMain)).toBe(false)
    expect(isAppTopFrame({ url: 'https://evil.example/', parent: null } as unknown as WebFrameMain)).toBe(
      false,
    )
    expect(isAppTopFrame({ url: 'file:///etc/passwd', parent: null } as unknown as WebFrameMain)).toBe(false)
    expect(isAppTopFrame(null)).toBe(false)
  })
})
