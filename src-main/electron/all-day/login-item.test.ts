import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as electron from '../../../test-support/electron/fake-electron.ts'
import {
  applyLoginItem,
  autostartEntryExists,
  HIDDEN_FLAG,
  planLoginItem,
  quoteExecArgument,
  startedHidden,
  type LoginItemDeps,
} from './login-item.ts'

vi.mock('electron', () => import('../../../test-support/electron/fake-electron.ts'))

let home: string
beforeEach(async () => {
  electron.resetFakeElectron()
  home = await mkdtemp(join(tmpdir(), 'login-item-home-'))
})
afterEach(async () => {
  await rm(home, { recursive: true, force: true })
})

const context = (overrides: Partial<LoginItemDeps> = {}): LoginItemDeps => ({
  platform: 'linux',
  isPackaged: true,
  execPath: '/opt/POS Companion/pos-companion',
  homeDir: home,
  appName: 'POS Companion',
  ...overrides,
})

describe('planLoginItem', () => {
  it('Windows: a per-user login item that starts the app hidden', () => {
    expect(planLoginItem(true, context({ platform: 'win32' }))).toEqual({
      kind: 'electron',
      settings: { openAtLogin: true, args: [HIDDEN_FLAG] },
    })
    expect(planLoginItem(false, context({ platform: 'win32' }))).toEqual({
      kind: 'electron',
      settings: { openAtLogin: false, args: [HIDDEN_FLAG] },
    })
  })

  it('macOS: a login item (hidden is told by wasOpenedAtLogin)', () => {
    expect(planLoginItem(true, context({ platform: 'darwin' }))).toEqual({
      kind: 'electron',
      settings: { openAtLogin: true },
    })
  })

  it('is not offered by a development run, whose executable is the bare Electron binary', () => {
    expect(planLoginItem(true, context({ isPackaged: false }))).toEqual({
      kind: 'unsupported',
      reason: 'not-packaged',
    })
  })

  it('Linux: an entry in XDG_CONFIG_HOME/autostart, or ~/.config/autostart when that is unset or relative', () => {
    expect(planLoginItem(true, context())).toMatchObject({
      file: join(home, '.config', 'autostart', 'pos-companion.desktop'),
    })
    expect(planLoginItem(true, context({ xdgConfigHome: '/etc/xdg-user' }))).toMatchObject({
      file: '/etc/xdg-user/autostart/pos-companion.desktop',
    })
    expect(planLoginItem(true, context({ xdgConfigHome: 'relative' }))).toMatchObject({
      file: join(home, '.config', 'autostart', 'pos-companion.desktop'),
    })
  })
})

describe('quoteExecArgument', () => {
  it('quotes and escapes as the Desktop Entry spec asks', () => {
    expect(quoteExecArgument('/usr/bin/app')).toBe('/usr/bin/app')
    expect(quoteExecArgument('/opt/My App/app')).toBe('"/opt/My App/app"')
    expect(quoteExecArgument('/opt/a"b$c`d\\e')).toBe('"/opt/a\\"b\\$c\\`d\\\\e"')
    expect(quoteExecArgument('/opt/100%/app')).toBe('/opt/100%%/app')
  })
})

describe('applyLoginItem', () => {
  it('writes the Linux autostart entry under a temporary HOME, hidden, and removes it again', async () => {
    const on = planLoginItem(true, context())
    expect(await applyLoginItem(on)).toBe(true)
    const file = join(home, '.config', 'autostart', 'pos-companion.desktop')
    const entry = await readFile(file, 'utf8')
    expect(entry).toContain('[Desktop Entry]\nType=Application\n')
    expect(entry).toContain('Exec="/opt/POS Companion/pos-companion" --hidden\n')
    expect(await autostartEntryExists(on)).toBe(true)

    expect(await applyLoginItem(planLoginItem(false, context()))).toBe(true)
    expect(await autostartEntryExists(on)).toBe(false)
    // Turning it off twice is fine.
    expect(await applyLoginItem(planLoginItem(false, context()))).toBe(true)
    expect(electron.app.setLoginItemSettings).not.toHaveBeenCalled()
  })

  it('starts the AppImage itself, not its temporary mount', async () => {
    const plan = planLoginItem(true, context({ appImagePath: '/home/kasa/POS-Companion.AppImage' }))
    await applyLoginItem(plan)
    const entry = await readFile(join(home, '.config', 'autostart', 'pos-companion.desktop'), 'utf8')
    expect(entry).toContain('Exec=/home/kasa/POS-Companion.AppImage --hidden\n')
  })

  it('hands Windows and macOS to app.setLoginItemSettings, and writes no file', async () => {
    expect(await applyLoginItem(planLoginItem(true, context({ platform: 'win32' })))).toBe(true)
    expect(electron.app.setLoginItemSettings).toHaveBeenCalledWith({ openAtLogin: true, args: ['--hidden'] })
    expect(await autostartEntryExists(planLoginItem(true, context()))).toBe(false)
  })

  it('says so when it cannot', async () => {
    expect(await applyLoginItem(planLoginItem(true, context({ isPackaged: false })))).toBe(false)
    expect(electron.app.setLoginItemSettings).not.toHaveBeenCalled()
  })
})

describe('startedHidden', () => {
  it('is true for the login item flag, or on macOS when the OS opened it at login', () => {
    const notAtLogin = () => ({ wasOpenedAtLogin: false })
    expect(startedHidden(['/app', HIDDEN_FLAG], 'win32', notAtLogin)).toBe(true)
    expect(startedHidden(['/app'], 'win32', () => ({ wasOpenedAtLogin: true }))).toBe(false)
    expect(startedHidden(['/app'], 'darwin', () => ({ wasOpenedAtLogin: true }))).toBe(true)
    expect(startedHidden(['/app'], 'darwin', notAtLogin)).toBe(false)
    expect(startedHidden(['/app', '--hidden=no'], 'linux', notAtLogin)).toBe(false)
  })
})
