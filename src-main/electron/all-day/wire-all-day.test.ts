// The all-day wiring against a stand-in Electron and core: each test fails if one wire is cut.
import type { BrowserWindow } from 'electron'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NO_ATTENTION, type Attention, type AttentionOrder } from '../../../src-shared/attention.ts'
import { eventChannelOf } from '../../../src-shared/channels.ts'
import { DEFAULT_SETTINGS, type Settings } from '../../../src-shared/domain.ts'
import type { CoreEventListener } from '../../core/create-core.ts'
import { recordingLogger } from '../../../test-support/core/memory-adapters.ts'
import * as electron from '../../../test-support/electron/fake-electron.ts'
import { WAKE_SETTLE_MS } from './wake-and-network.ts'

vi.mock('electron', () => import('../../../test-support/electron/fake-electron.ts'))
vi.mock('./tray-icon.ts', () => ({ TRAY_ICON_PATH: '/icons/tray.png' }))
const { installAllDay } = await import('./wire-all-day.ts')

const KEY = '0d3c5e2a-1b4f-4c8d-9e7a-6f5b4a3c2d1e'
const at = '2026-11-22T12:00:00.000Z'
/** Time enough for any timer the shell might still run (it runs none of its own for attention since D70). */
const A_WHILE_MS = 5 * 60_000

/** The core's attention value with these orders needing staff. */
function needing(orders: Partial<AttentionOrder>[]): Attention {
  const full = orders.map((order): AttentionOrder => ({
    paymentKey: KEY,
    reason: 'failed',
    since: at,
    alarm: 'ringing',
    atStart: false,
    ...order,
  }))
  return { ...NO_ATTENTION, orders: full, count: full.length }
}

function fakeCore(initial: Attention, settings: Partial<Settings> = {}) {
  let listener: CoreEventListener = () => undefined
  let paused = false
  const owed = { count: 0 }
  const allDay = {
    countOwed: vi.fn(() => owed.count),
    pauseSending: vi.fn(() => void (paused = true)),
    resumeSending: vi.fn(() => void (paused = false)),
    isPaused: () => paused,
    retryOwedNow: vi.fn(),
    checkSession: vi.fn(() => Promise.resolve()),
  }
  const values: Settings = { ...DEFAULT_SETTINGS, ...settings }
  const settingsStore = { get: vi.fn(() => values) }
  const core = {
    settings: settingsStore,
    attention: { current: () => initial },
    allDay,
    subscribe(next: CoreEventListener) {
      listener = next
      return () => void (listener = () => undefined)
    },
  }
  return {
    core,
    allDay,
    owed,
    settingsStore,
    emit: (...args: Parameters<CoreEventListener>) => listener(...args),
  }
}

let world: ReturnType<typeof start>
function start(options: { attention?: Attention; settings?: Partial<Settings>; owed?: number } = {}) {
  const core = fakeCore(options.attention ?? NO_ATTENTION, options.settings)
  core.owed.count = options.owed ?? 0
  const window = new electron.BrowserWindow({ title: 'POS Companion' })
  const mainWindow = {
    show: vi.fn(() => window.show()),
    send: (channel: string, payload: unknown) => window.webContents.send(channel, payload),
    window: window as unknown as BrowserWindow,
  }
  const wired = installAllDay({ core: core.core, mainWindow, log: recordingLogger(), platform: 'win32' })
  return { ...core, window, mainWindow, wired }
}
const settle = () => vi.advanceTimersByTimeAsync(0)
const tray = () => electron.trays[0] ?? { tooltip: '', menu: [] }
const press = (label: string) =>
  tray()
    .menu.find((item) => item.label === label)
    ?.click?.()

beforeEach(() => {
  electron.resetFakeElectron()
  vi.useFakeTimers({ now: Date.parse(at) })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the tray', () => {
  it('shows the owed count and what the core says needs staff, and follows each change', () => {
    world = start({ owed: 1 })
    expect(tray().tooltip).toContain('1 teslim bekliyor')
    world.owed.count = 0
    world.emit('orderChanged', { paymentKey: KEY, order: null })
    expect(tray().tooltip).not.toContain('teslim bekliyor')
    world.emit('attentionChanged', needing([{ reason: 'waiting-too-long' }]))
    expect(tray().tooltip).toContain('1 sipariş ilginizi bekliyor')
    expect(electron.trays[0]?.title).toBe('!1')
  })

  it('opens the window, pauses and resumes sending through the core, and quits through the app', async () => {
    world = start()
    await settle()
    press('Aç')
    expect(world.mainWindow.show).toHaveBeenCalledTimes(1)
    press('Duraklat')
    expect(world.allDay.pauseSending).toHaveBeenCalledTimes(1)
    press('Sürdür')
    expect(world.allDay.resumeSending).toHaveBeenCalledTimes(1)
    press('Çık')
    expect(electron.app.quit).toHaveBeenCalledTimes(1)
  })
})

describe('notifications and the badge', () => {
  it('tells staff once that a hand-over failed; the click opens the app at that order', async () => {
    world = start()
    await settle()
    world.emit('attentionChanged', needing([{ reason: 'failed' }]))
    world.emit('attentionChanged', needing([{ reason: 'failed', alarm: 'silenced' }]))
    expect(electron.notifications).toMatchObject([{ title: 'Sipariş 3C2-D1E: teslim başarısız' }])
    expect(electron.notifications).toHaveLength(1)
    expect(world.window.title).toBe('(1) POS Companion')
    electron.notifications[0]?.click()
    expect(world.window.visible).toBe(true)
    expect(world.window.webContents.sent).toEqual([[eventChannelOf('focusOrder'), { paymentKey: KEY }]])
  })

  it('shows none when the setting is off, and still counts the order on the badge', async () => {
    world = start({ settings: { notifications: false } })
    await settle()
    world.emit('attentionChanged', needing([{ reason: 'unconfirmed', alarm: 'quiet' }]))
    expect(electron.notifications).toHaveLength(0)
    expect(world.window.title).toBe('(1) POS Companion')
  })

  it('counts what needed staff at start without announcing it; a new crossing later is announced', async () => {
    world = start({ attention: needing([{ reason: 'waiting-too-long', alarm: 'quiet', atStart: true }]) })
    await settle()
    expect(world.window.title).toBe('(1) POS Companion')
    expect(electron.notifications).toHaveLength(0)
    world.emit(
      'attentionChanged',
      needing([
        { reason: 'waiting-too-long', alarm: 'quiet', atStart: true },
        { paymentKey: '1d3c5e2a-1b4f-4c8d-9e7a-6f5b4a3c2d1e', reason: 'waiting-too-long' },
      ]),
    )
    expect(electron.notifications).toHaveLength(1)
    expect(world.window.title).toBe('(2) POS Companion')
  })
})

describe('waking, starting with the computer, the language and quitting', () => {
  it('checks the session and sends what is owed after the computer wakes', async () => {
    world = start()
    electron.powerMonitor.emit('resume')
    await vi.advanceTimersByTimeAsync(WAKE_SETTLE_MS)
    expect(world.allDay.checkSession).toHaveBeenCalledTimes(1)
    expect(world.allDay.retryOwedNow).toHaveBeenCalledTimes(1)
  })

  it('registers the login item, hidden, when the setting is on', async () => {
    world = start({ settings: { startWithComputer: true } })
    await settle()
    expect(electron.app.setLoginItemSettings).toHaveBeenCalledWith(
      expect.objectContaining({ openAtLogin: true, args: ['--hidden'] }),
    )
  })

  it('keeps following while a quit waits for its answer, and stops once the app quits', async () => {
    world = start()
    await settle()
    const OTHER = '1d3c5e2a-1b4f-4c8d-9e7a-6f5b4a3c2d1e'
    electron.app.emit('before-quit', { preventDefault: vi.fn() })
    world.emit('attentionChanged', needing([{ reason: 'failed' }]))
    expect(world.window.title).toBe('(1) POS Companion')
    electron.app.emit('will-quit')
    world.emit('attentionChanged', needing([{}, { paymentKey: OTHER }]))
    await vi.advanceTimersByTimeAsync(A_WHILE_MS)
    expect(world.window.title).toBe('(1) POS Companion')
  })
})

describe('following Settings as the core announces each change (issue 19.6)', () => {
  const changed = (settings: Partial<Settings>): Settings => ({
    ...DEFAULT_SETTINGS,
    ...settings,
  })

  it('applies "start with the computer" at once, without asking for the settings again', async () => {
    world = start()
    await settle()
    expect(electron.app.setLoginItemSettings).toHaveBeenLastCalledWith(
      expect.objectContaining({ openAtLogin: false }),
    )
    world.emit('settingsChanged', changed({ startWithComputer: true }))
    expect(electron.app.setLoginItemSettings).toHaveBeenLastCalledWith({
      openAtLogin: true,
      args: ['--hidden'],
    })
    world.emit('settingsChanged', changed({ startWithComputer: false }))
    expect(electron.app.setLoginItemSettings).toHaveBeenLastCalledWith({
      openAtLogin: false,
      args: ['--hidden'],
    })
    await vi.advanceTimersByTimeAsync(A_WHILE_MS)
    expect(world.settingsStore.get).toHaveBeenCalledTimes(1)
  })

  it('speaks the new language and follows the notifications switch at once', async () => {
    world = start()
    await settle()
    world.emit('settingsChanged', changed({ language: 'en', notifications: false }))
    expect(tray().tooltip).toBe('POS Companion — No hand-overs waiting')
    expect(world.wired.language()).toBe('en')
    world.emit('attentionChanged', needing([{ reason: 'failed' }]))
    expect(electron.notifications).toHaveLength(0)
  })

  it('reads the settings from the core itself at start: the tray speaks their language at once', () => {
    world = start({ settings: { language: 'en' } })
    expect(world.wired.language()).toBe('en')
    expect(tray().tooltip).toBe('POS Companion — No hand-overs waiting')
  })
})
