import type { Menu, MenuItemConstructorOptions, NativeImage } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import { createTray, trayMenuTemplate, trayView, type TrayElectron, type TrayState } from './tray-menu.ts'

/** The real `electron` module must fit what createTray asks for (a type error here otherwise). */
export type RealElectronFits = typeof import('electron') extends TrayElectron ? true : never
const realElectronFits: RealElectronFits = true

const state = (overrides: Partial<TrayState> = {}): TrayState => ({
  owed: 0,
  failed: 0,
  paused: false,
  language: 'tr',
  ...overrides,
})

const labels = (template: MenuItemConstructorOptions[]) =>
  template.map((item) =>
    item.type === 'separator' ? '---' : `${item.label ?? ''}${item.enabled === false ? ' (info)' : ''}`,
  )

describe('trayView', () => {
  it('shows the owed and failed counts in the tooltip, the menu bar title and the first menu line', () => {
    const view = trayView(state({ owed: 3, failed: 1 }))
    expect(view.tooltip).toBe('POS Companion — 3 teslim bekliyor · 1 başarısız')
    expect(view.title).toBe('↑3 !1')
    expect(labels(trayMenuTemplate(view, vi.fn()))).toEqual([
      '3 teslim bekliyor · 1 başarısız (info)',
      '---',
      'Aç',
      'Duraklat',
      '---',
      'Çık',
    ])
  })

  it('says nothing is waiting when all is sent, with an empty menu bar title', () => {
    const view = trayView(state())
    expect(view.tooltip).toBe('POS Companion — Bekleyen teslim yok')
    expect(view.title).toBe('')
  })

  it('offers Sürdür instead of Duraklat while paused, and says sending is paused', () => {
    const view = trayView(state({ owed: 2, paused: true }))
    expect(view.tooltip).toBe('POS Companion — 2 teslim bekliyor (Gönderim duraklatıldı)')
    const menu = labels(trayMenuTemplate(view, vi.fn()))
    expect(menu).toContain('Sürdür')
    expect(menu).not.toContain('Duraklat')
    expect(menu).toContain('Gönderim duraklatıldı (info)')
  })

  it('speaks English when the app does', () => {
    const view = trayView(state({ owed: 1, failed: 2, language: 'en' }))
    expect(view.tooltip).toBe('POS Companion — 1 hand-over waiting · 2 failed')
    expect(labels(trayMenuTemplate(view, vi.fn()))).toEqual([
      '1 hand-over waiting · 2 failed (info)',
      '---',
      'Open',
      'Pause',
      '---',
      'Quit',
    ])
  })
})

describe('trayMenuTemplate', () => {
  it('sends each item command, and the info lines do nothing', () => {
    const onCommand = vi.fn()
    const template = trayMenuTemplate(trayView(state({ owed: 1, paused: true })), onCommand)
    for (const item of template) item.click?.(undefined as never, undefined, undefined as never)
    expect(onCommand.mock.calls.map(([command]) => command as string)).toEqual(['open', 'resume', 'quit'])
    expect(template[0]?.click).toBeUndefined()
  })
})

describe('createTray', () => {
  function fakeElectron() {
    const tray = {
      setToolTip: vi.fn(),
      setTitle: vi.fn(),
      setContextMenu: vi.fn(),
      destroy: vi.fn(),
      listeners: new Map<string, () => void>(),
      on(event: string, listener: () => void) {
        this.listeners.set(event, listener)
        return this
      },
    }
    const electron: TrayElectron = {
      Tray: vi.fn(function () {
        return tray
      }),
      Menu: { buildFromTemplate: (template) => ({ template }) as unknown as Menu },
      nativeImage: { createFromPath: (path) => ({ path }) as unknown as NativeImage },
    }
    return { electron, tray }
  }

  it('builds the icon from the given file, with tooltip, title and menu, and updates them', () => {
    expect(realElectronFits).toBe(true)
    const { electron, tray } = fakeElectron()
    const onCommand = vi.fn()
    const handle = createTray(electron, {
      iconPath: '/app/tray.png',
      initial: state({ failed: 1 }),
      onCommand,
    })
    expect(electron.Tray).toHaveBeenCalledWith({ path: '/app/tray.png' })
    expect(tray.setToolTip).toHaveBeenLastCalledWith('POS Companion — 1 başarısız')
    expect(tray.setTitle).toHaveBeenLastCalledWith('!1')

    handle.update(state({ owed: 4, paused: true, language: 'en' }))
    expect(tray.setToolTip).toHaveBeenLastCalledWith('POS Companion — 4 hand-overs waiting (Sending paused)')
    const menu = tray.setContextMenu.mock.lastCall?.[0] as { template: MenuItemConstructorOptions[] }
    expect(labels(menu.template)).toContain('Resume')

    tray.listeners.get('click')?.()
    expect(onCommand).toHaveBeenCalledWith('open')
    handle.destroy()
    expect(tray.destroy).toHaveBeenCalled()
  })
})
