// The tray with several restaurant accounts (issue 29): each account says what it owes, or that it is signed
// out; with one account the menu is as before.
import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import { trayMenuTemplate, trayView } from './tray-menu.ts'

vi.mock('electron', () => import('../../../test-support/electron/fake-electron.ts'))

const labels = (template: MenuItemConstructorOptions[]) =>
  template.map((item) =>
    item.type === 'separator' ? '---' : `${item.label ?? ''}${item.enabled === false ? ' (info)' : ''}`,
  )

describe('the tray with several accounts', () => {
  it('has a line per account: what it owes, or that it is signed out and its orders wait', () => {
    const view = trayView({
      owed: 3,
      attention: 0,
      paused: false,
      language: 'tr',
      accounts: [
        { name: 'Burger Ustası', owed: 0, signedIn: true },
        { name: 'Pide Evi', owed: 3, signedIn: false },
        { name: 'Döner', owed: 2, signedIn: true },
      ],
    })
    expect(labels(trayMenuTemplate(view, vi.fn()))).toEqual([
      '3 teslim bekliyor (info)',
      'Burger Ustası: Bekleyen teslim yok (info)',
      'Pide Evi: giriş yapılmadı, siparişleri bekliyor (info)',
      'Döner: 2 teslim bekliyor (info)',
      '---',
      'Aç',
      'Duraklat',
      '---',
      'Çık',
    ])
  })

  it('has no account line with one account (the core gives none)', () => {
    const view = trayView({ owed: 0, attention: 0, paused: false, language: 'en', accounts: [] })
    expect(view.items.filter((item) => item?.info)).toHaveLength(1)
  })
})
