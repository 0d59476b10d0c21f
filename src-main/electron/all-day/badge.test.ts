import type { BrowserWindow } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import * as electron from '../../../test-support/electron/fake-electron.ts'
import { createBadge, planBadge, redDotBitmap } from './badge.ts'

vi.mock('electron', () => import('../../../test-support/electron/fake-electron.ts'))

describe('planBadge', () => {
  it('puts the count in the window title on every platform', () => {
    for (const platform of ['win32', 'darwin', 'linux'] as const) {
      expect(planBadge(3, platform, 'tr').title).toBe('(3) POS Companion')
      expect(planBadge(0, platform, 'tr').title).toBe('POS Companion')
    }
  })

  it('Windows: a taskbar overlay described with the count, cleared at zero; nothing else', () => {
    expect(planBadge(2, 'win32', 'tr')).toEqual({
      title: '(2) POS Companion',
      overlay: { description: '2 sipariş ilginizi bekliyor' },
      dockBadge: null,
      badgeCount: null,
    })
    expect(planBadge(1, 'win32', 'en').overlay).toEqual({ description: '1 order needs your attention' })
    expect(planBadge(0, 'win32', 'tr').overlay).toBe('clear')
  })

  it('macOS: the dock badge; Linux: the launcher count', () => {
    expect(planBadge(5, 'darwin', 'tr')).toMatchObject({ dockBadge: '5', overlay: null, badgeCount: null })
    expect(planBadge(0, 'darwin', 'tr').dockBadge).toBe('')
    expect(planBadge(5, 'linux', 'tr')).toMatchObject({ badgeCount: 5, overlay: null, dockBadge: null })
    expect(planBadge(0, 'linux', 'tr').badgeCount).toBe(0)
  })
})

describe('redDotBitmap', () => {
  it('is a 16×16 BGRA image, red and opaque in the middle, transparent in the corners', () => {
    const pixels = redDotBitmap()
    expect(pixels).toHaveLength(16 * 16 * 4)
    const at = (x: number, y: number) => [...pixels.subarray((y * 16 + x) * 4, (y * 16 + x) * 4 + 4)]
    expect(at(8, 8)).toEqual([0x26, 0x26, 0xd3, 0xff])
    expect(at(0, 0)).toEqual([0, 0, 0, 0])
  })
})

describe('createBadge', () => {
  function setUp(platform: NodeJS.Platform) {
    electron.resetFakeElectron()
    const window = new electron.BrowserWindow({})
    const show = createBadge(window as unknown as BrowserWindow, platform)
    return { window, show, dock: electron.app.dock?.setBadge as ReturnType<typeof vi.fn> }
  }

  it('keeps the shell title against the page title', () => {
    const { window } = setUp('linux')
    const event = { preventDefault: vi.fn() }
    window.emit('page-title-updated', event)
    expect(event.preventDefault).toHaveBeenCalled()
  })

  it('on Windows sets the title and a red-dot overlay, then clears the overlay at zero', () => {
    const { window, show, dock } = setUp('win32')
    show(2, 'tr')
    expect(window.title).toBe('(2) POS Companion')
    expect(window.setOverlayIcon).toHaveBeenLastCalledWith(
      { dot: { width: 16, height: 16 } },
      '2 sipariş ilginizi bekliyor',
    )
    expect(electron.nativeImage.createFromBitmap).toHaveBeenCalledWith(expect.any(Buffer), {
      width: 16,
      height: 16,
    })
    show(0, 'tr')
    expect(window.setOverlayIcon).toHaveBeenLastCalledWith(null, '')
    expect(electron.app.setBadgeCount).not.toHaveBeenCalled()
    expect(dock).not.toHaveBeenCalled()
  })

  it('on macOS sets the dock badge, on Linux the launcher count (the title too where that is unsupported)', () => {
    const mac = setUp('darwin')
    mac.show(4, 'en')
    expect(mac.dock).toHaveBeenLastCalledWith('4')
    expect(mac.window.setOverlayIcon).not.toHaveBeenCalled()

    const linux = setUp('linux')
    electron.app.setBadgeCount.mockReturnValueOnce(false)
    linux.show(4, 'tr')
    expect(electron.app.setBadgeCount).toHaveBeenLastCalledWith(4)
    expect(linux.window.title).toBe('(4) POS Companion')
  })
})
