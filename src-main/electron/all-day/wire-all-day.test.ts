// The all-day wiring against a stand-in Electron and core: each test fails if one wire is cut.
import type { BrowserWindow } from 'electron'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_ALL_DAY_SETTINGS } from '../../../src-shared/all-day-settings.ts'
import { eventChannelOf } from '../../../src-shared/channels.ts'
import type { BoardOrder, Settings } from '../../../src-shared/domain.ts'
import type { CoreEventListener } from '../../core/app.ts'
import { DEFAULT_SETTINGS } from '../../core/settings/settings-store.ts'
import { recordingLogger } from '../../../test-support/core/memory-adapters.ts'
import * as electron from '../../../test-support/electron/fake-electron.ts'
import { ATTENTION_CHECK_INTERVAL_MS } from './attention-notifications.ts'
import { WAKE_SETTLE_MS } from './wake-and-network.ts'

vi.mock('electron', () => import('../../../test-support/electron/fake-electron.ts'))
vi.mock('./tray-icon.ts', () => ({ TRAY_ICON_PATH: '/icons/tray.png' }))
const { installAllDay } = await import('./wire-all-day.ts')

const KEY = '0d3c5e2a-1b4f-4c8d-9e7a-6f5b4a3c2d1e'
const at = '2026-11-22T12:00:00.000Z'
const order = (handover: BoardOrder['handover']): BoardOrder => ({
  paymentKey: KEY,
  addedAt: at,
  handover,
  courierType: 'restaurant',
})

function fakeCore(board: BoardOrder[], settings: Partial<Settings> = {}) {
  let listener: CoreEventListener = () => undefined
  let paused = false
  const allDay = {
    countOwed: vi.fn(() => 0),
    pauseSending: vi.fn(() => void (paused = true)),
    resumeSending: vi.fn(() => void (paused = false)),
    isPaused: () => paused,
    retryOwedNow: vi.fn(),
    checkSession: vi.fn(() => Promise.resolve()),
  }
  const values: Settings = { ...DEFAULT_SETTINGS, ...DEFAULT_ALL_DAY_SETTINGS, ...settings }
  const handlers = {
    getSettings: vi.fn(() => Promise.resolve({ ok: true, value: values })),
    listOrders: () => Promise.resolve({ ok: true, value: board }),
  }
  const core = {
    handlers: handlers as never,
    allDay,
    subscribe(next: CoreEventListener) {
      listener = next
      return () => void (listener = () => undefined)
    },
  }
  return { core, allDay, handlers, emit: (...args: Parameters<CoreEventListener>) => listener(...args) }
}

let world: ReturnType<typeof start>
function start(options: { board?: BoardOrder[]; settings?: Partial<Settings> } = {}) {
  const core = fakeCore(options.board ?? [], options.settings)
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
  it('shows the board’s owed and failed counts, and follows each change', async () => {
    world = start({
      board: [
        order({
          state: 'retrying',
          attempts: 1,
          nextAttemptAt: at,
          error: { code: 'timeout', retryable: true },
        }),
      ],
    })
    await settle()
    expect(tray().tooltip).toContain('1 teslim bekliyor')
    world.emit('orderChanged', { paymentKey: KEY, order: order({ state: 'handed-over', at }) })
    expect(tray().tooltip).not.toContain('teslim bekliyor')
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
    const failed = order({ state: 'failed', at, error: { code: 'order-not-found', retryable: false } })
    world.emit('orderChanged', { paymentKey: KEY, order: failed })
    world.emit('orderChanged', { paymentKey: KEY, order: failed })
    expect(electron.notifications).toHaveLength(1)
    expect(world.window.title).toBe('(1) POS Companion')
    electron.notifications[0]?.click()
    expect(world.window.visible).toBe(true)
    expect(world.window.webContents.sent).toEqual([[eventChannelOf('focusOrder'), { paymentKey: KEY }]])
  })

  it('shows none when the setting is off, and still counts the order on the badge', async () => {
    world = start({ settings: { notifications: false } })
    await settle()
    world.emit('orderChanged', {
      paymentKey: KEY,
      order: order({ state: 'unconfirmed', at, error: { code: 'order-not-found', retryable: false } }),
    })
    expect(electron.notifications).toHaveLength(0)
    expect(world.window.title).toBe('(1) POS Companion')
  })

  it('counts an order retrying for over 2 minutes once the periodic check finds it', async () => {
    world = start()
    await settle()
    const retrying = order({
      state: 'retrying',
      attempts: 1,
      nextAttemptAt: at,
      error: { code: 'timeout', retryable: true },
    })
    world.emit('orderChanged', { paymentKey: KEY, order: retrying })
    expect(world.window.title).toBe('POS Companion')
    await vi.advanceTimersByTimeAsync(2 * 60_000 + ATTENTION_CHECK_INTERVAL_MS)
    expect(electron.notifications).toHaveLength(1)
    expect(world.window.title).toBe('(1) POS Companion')
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

  it('speaks Turkish until the settings are read, then their language', async () => {
    world = start({ settings: { language: 'en' } })
    expect(world.wired.language()).toBe('tr')
    await settle()
    expect(world.wired.language()).toBe('en')
  })

  it('keeps following while a quit waits for its answer, and stops once the app quits', async () => {
    world = start()
    await settle()
    const OTHER = '1d3c5e2a-1b4f-4c8d-9e7a-6f5b4a3c2d1e'
    electron.app.emit('before-quit', { preventDefault: vi.fn() })
    world.emit('orderChanged', {
      paymentKey: KEY,
      order: order({ state: 'failed', at, error: { code: 'order-not-found', retryable: false } }),
    })
    world.emit('orderChanged', {
      paymentKey: OTHER,
      order: {
        ...order({
          state: 'retrying',
          attempts: 1,
          nextAttemptAt: at,
          error: { code: 'timeout', retryable: true },
        }),
        paymentKey: OTHER,
      },
    })
    expect(world.window.title).toBe('(1) POS Companion')
    electron.app.emit('will-quit')
    world.emit('orderChanged', { paymentKey: KEY, order: null })
    // Neither the core's events nor the periodic check (which would find OTHER retrying too long) reach it now.
    await vi.advanceTimersByTimeAsync(2 * 60_000 + ATTENTION_CHECK_INTERVAL_MS)
    expect(world.window.title).toBe('(1) POS Companion')
  })
})

describe('following Settings as the core announces each change (issue 19.6)', () => {
  const changed = (settings: Partial<Settings>): Settings => ({
    ...DEFAULT_SETTINGS,
    ...DEFAULT_ALL_DAY_SETTINGS,
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
    await vi.advanceTimersByTimeAsync(4 * ATTENTION_CHECK_INTERVAL_MS)
    expect(world.handlers.getSettings).toHaveBeenCalledTimes(1)
  })

  it('speaks the new language and follows the notifications switch at once', async () => {
    world = start()
    await settle()
    world.emit('settingsChanged', changed({ language: 'en', notifications: false }))
    expect(tray().tooltip).toBe('POS Companion — No hand-overs waiting')
    expect(world.wired.language()).toBe('en')
    world.emit('orderChanged', {
      paymentKey: KEY,
      order: order({ state: 'failed', at, error: { code: 'order-not-found', retryable: false } }),
    })
    expect(electron.notifications).toHaveLength(0)
  })

  it('keeps a change announced while the first read was on its way, not the older answer', async () => {
    world = start({ settings: { language: 'tr' } })
    world.emit('settingsChanged', changed({ language: 'en' }))
    await settle()
    expect(world.wired.language()).toBe('en')
  })
})
