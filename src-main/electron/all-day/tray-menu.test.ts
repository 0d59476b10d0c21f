import type { MenuItemConstructorOptions } from 'electron'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import * as electron from '../../../test-support/electron/fake-electron.ts'
import { createTray, trayMenuTemplate, trayView, type TrayState } from './tray-menu.ts'

vi.mock('electron', () => import('../../../test-support/electron/fake-electron.ts'))
beforeEach(() => {
  electron.resetFakeElectron()
})

const state = (overrides: Partial<TrayState> = {}): TrayState => ({
  owed: 0,
  attention: 0,
  paused: false,
  language: 'tr',
  ...overrides,
})

const labels = (template: MenuItemConstructorOptions[]) =>
  template.map((item) =>
    item.type === 'separator' ? '---' : `${item.label ?? ''}${item.enabled === false ? ' (info)' : ''}`,
  )

describe('trayView', () => {
  it('shows the owed count and what needs staff in the tooltip, the menu bar title and the first menu line', () => {
    const view = trayView(state({ owed: 3, attention: 1 }))
    expect(view.tooltip).toBe('POS Companion — 3 teslim bekliyor · 1 sipariş ilginizi bekliyor')
    expect(view.title).toBe('↑3 !1')
    expect(labels(trayMenuTemplate(view, vi.fn()))).toEqual([
      '3 teslim bekliyor · 1 sipariş ilginizi bekliyor (info)',
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
    const view = trayView(state({ owed: 1, attention: 2, language: 'en' }))
    expect(view.tooltip).toBe('POS Companion — 1 hand-over waiting · 2 orders need your attention')
    expect(labels(trayMenuTemplate(view, vi.fn()))).toEqual([
      '1 hand-over waiting · 2 orders need your attention (info)',
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
  it('builds the icon from the given file, with tooltip, title and menu, and updates them', () => {
    const onCommand = vi.fn()
    const handle = createTray({
      iconPath: '/app/tray.png',
      initial: state({ attention: 1 }),
      onCommand,
    })
    const [tray] = electron.trays
    expect(electron.trays).toHaveLength(1)
    expect(tray?.image).toEqual({ path: '/app/tray.png' })
    expect(tray?.tooltip).toBe('POS Companion — 1 sipariş ilginizi bekliyor')
    expect(tray?.title).toBe('!1')

    handle.update(state({ owed: 4, paused: true, language: 'en' }))
    expect(tray?.tooltip).toBe('POS Companion — 4 hand-overs waiting (Sending paused)')
    expect(labels(tray?.menu as MenuItemConstructorOptions[])).toContain('Resume')

    tray?.emit('click')
    expect(onCommand).toHaveBeenCalledWith('open')
    handle.destroy()
    expect(tray?.destroy).toHaveBeenCalled()
  })
})
