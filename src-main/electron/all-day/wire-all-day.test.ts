// The all-day wiring against stand-ins for Electron and the core: each test fails if one wire is cut.
import { EventEmitter } from 'node:events'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_ALL_DAY_SETTINGS } from '../../../src-shared/all-day-settings.ts'
import { eventChannelOf } from '../../../src-shared/channels.ts'
import type { BoardOrder, Settings } from '../../../src-shared/domain.ts'
import type { CoreEventListener } from '../../core/app.ts'
import { DEFAULT_SETTINGS } from '../../core/settings/settings-store.ts'
import { MemoryStore, recordingLogger } from '../../../test-support/core/memory-adapters.ts'
import { ATTENTION_CHECK_INTERVAL_MS } from './attention-notifications.ts'
import { WAKE_SETTLE_MS } from './wake-and-network.ts'

vi.mock('electron', () => ({}))
vi.mock('./tray-icon.ts', () => ({ TRAY_ICON_PATH: '/icons/tray.png' }))
const { WINDOW_STATE_KEY, wireAllDay } = await import('./wire-all-day.ts')
type AllDayElectron = import('./wire-all-day.ts').AllDayElectron
type WindowPlacement = import('../main-window.ts').WindowPlacement

export type RealElectronFits = typeof import('electron') extends AllDayElectron ? true : never
const realElectronFits: RealElectronFits = true

const KEY = '0d3c5e2a-1b4f-4c8d-9e7a-6f5b4a3c2d1e'
const DISPLAY = { id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1040 } }
const at = '2026-11-22T12:00:00.000Z'
const order = (handover: BoardOrder['handover']): BoardOrder => ({
  paymentKey: KEY,
  addedAt: at,
  handover,
  courierType: 'restaurant',
})

class FakeWindow extends EventEmitter {
  visible = false
  title = ''
  placement: WindowPlacement | undefined
  readonly sent: [string, unknown][] = []
  readonly webContents = { send: (channel: string, payload: unknown) => this.sent.push([channel, payload]) }
  show = () => void (this.visible = true)
  hide = () => void (this.visible = false)
  focus = () => undefined
  restore = () => undefined
  isMinimized = () => false
  isMaximized = () => false
  getNormalBounds = () => ({ x: 10, y: 20, width: 1000, height: 700 })
  setTitle = (title: string) => void (this.title = title)
  setOverlayIcon = vi.fn()
}

function fakeElectron() {
  const app = Object.assign(new EventEmitter(), {
    quit: vi.fn(),
    setBadgeCount: vi.fn(() => true),
    setLoginItemSettings: vi.fn(),
    getLoginItemSettings: () => ({}),
    getPath: () => '/home/kasa',
    getName: () => 'POS Companion',
    isPackaged: true,
  })
  const notes: { title: string; body: string; click(): void }[] = []
  class Notification extends EventEmitter {
    static isSupported = () => true
    readonly options: { title: string; body: string }
    constructor(options: { title: string; body: string }) {
      super()
      this.options = options
    }
    show() {
      notes.push({ ...this.options, click: () => this.emit('click') })
    }
  }
  const trays: { tooltip: string; menu: { label?: string; click?: () => void }[] }[] = []
  class Tray extends EventEmitter {
    readonly view = { tooltip: '', menu: [] as { label?: string; click?: () => void }[] }
    constructor() {
      super()
      trays.push(this.view)
    }
    setToolTip = (text: string) => void (this.view.tooltip = text)
    setTitle = () => undefined
    setContextMenu = (menu: unknown) => void (this.view.menu = menu as typeof this.view.menu)
    destroy = () => undefined
  }
  const electron = {
    app,
    dialog: { showMessageBox: vi.fn(() => Promise.resolve({ response: 0, checkboxChecked: false })) },
    Menu: { buildFromTemplate: (template: unknown) => template },
    nativeImage: { createFromPath: () => ({}), createFromBitmap: () => ({}) },
    net: { isOnline: () => true },
    Notification,
    powerMonitor: new EventEmitter(),
    screen: {
      getAllDisplays: () => [DISPLAY],
      getPrimaryDisplay: () => DISPLAY,
      getDisplayMatching: () => ({ id: 1 }),
    },
    Tray,
  }
  return {
    electron: electron as unknown as AllDayElectron,
    app,
    notes,
    trays,
    powerMonitor: electron.powerMonitor,
  }
}

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
    getSettings: () => Promise.resolve({ ok: true, value: values }),
    listOrders: () => Promise.resolve({ ok: true, value: board }),
  }
  const core = {
    handlers: handlers as never,
    allDay,
    subscribe(next: CoreEventListener) {
      listener = next
      return () => undefined
    },
  }
  return { core, allDay, emit: (...args: Parameters<CoreEventListener>) => listener(...args) }
}

let world: ReturnType<typeof start>
function start(
  options: { board?: BoardOrder[]; settings?: Partial<Settings>; argv?: string[]; saved?: unknown } = {},
) {
  const fake = fakeElectron()
  const core = fakeCore(options.board ?? [], options.settings)
  const store = new MemoryStore()
  if (options.saved) store.set(WINDOW_STATE_KEY, options.saved)
  const window = new FakeWindow()
  wireAllDay(fake.electron, {
    core: core.core,
    store,
    log: recordingLogger(),
    iconPath: '/icons/tray.png',
    argv: options.argv ?? ['pos-companion'],
    platform: 'win32',
    env: {},
    execPath: 'C:\\POS Companion\\POS Companion.exe',
    openWindow: (placement) => {
      window.placement = placement
      window.visible = placement.show
      return window
    },
  })
  return { ...fake, ...core, store, window }
}
const settle = () => vi.advanceTimersByTimeAsync(0)
const tray = () => world.trays[0] ?? { tooltip: '', menu: [] }

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse(at) })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the window', () => {
  it('opens where it was kept, on a display that exists, and keeps where staff move it', () => {
    expect(realElectronFits).toBe(true)
    world = start({
      saved: { bounds: { x: 100, y: 50, width: 1100, height: 760 }, maximized: true, displayId: 1 },
    })
    expect(world.window.placement).toEqual({
      bounds: { x: 100, y: 50, width: 1100, height: 760 },
      maximized: true,
      show: true,
    })
    world.window.emit('moved')
    expect(world.store.get(WINDOW_STATE_KEY)).toEqual({
      bounds: { x: 10, y: 20, width: 1000, height: 700 },
      maximized: false,
      displayId: 1,
    })
  })

  it('stays hidden in the tray when started with the computer, and a second launch shows it', () => {
    world = start({ argv: ['pos-companion', '--hidden'] })
    expect(world.window.placement?.show).toBe(false)
    world.app.emit('second-instance')
    expect(world.window.visible).toBe(true)
  })
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

  it('pauses and resumes sending through the core, and quits through the app', async () => {
    world = start()
    await settle()
    tray()
      .menu.find((item) => item.label === 'Duraklat')
      ?.click?.()
    expect(world.allDay.pauseSending).toHaveBeenCalledTimes(1)
    tray()
      .menu.find((item) => item.label === 'Sürdür')
      ?.click?.()
    expect(world.allDay.resumeSending).toHaveBeenCalledTimes(1)
    tray()
      .menu.find((item) => item.label === 'Çık')
      ?.click?.()
    expect(world.app.quit).toHaveBeenCalledTimes(1)
  })
})

describe('notifications and the badge', () => {
  it('tells staff once that a hand-over failed; the click opens the app at that order', async () => {
    world = start({ argv: ['pos-companion', '--hidden'] })
    await settle()
    const failed = order({ state: 'failed', at, error: { code: 'order-not-found', retryable: false } })
    world.emit('orderChanged', { paymentKey: KEY, order: failed })
    world.emit('orderChanged', { paymentKey: KEY, order: failed })
    expect(world.notes).toHaveLength(1)
    expect(world.window.title).toBe('(1) POS Companion')
    world.notes[0]?.click()
    expect(world.window.visible).toBe(true)
    expect(world.window.sent).toEqual([[eventChannelOf('focusOrder'), { paymentKey: KEY }]])
  })

  it('shows none when the setting is off, and still counts the order on the badge', async () => {
    world = start({ settings: { notifications: false } })
    await settle()
    world.emit('orderChanged', {
      paymentKey: KEY,
      order: order({ state: 'unconfirmed', at, error: { code: 'order-not-found', retryable: false } }),
    })
    expect(world.notes).toHaveLength(0)
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
    expect(world.notes).toHaveLength(1)
    expect(world.window.title).toBe('(1) POS Companion')
  })
})

describe('closing, waking and starting with the computer', () => {
  it('hides the window instead of closing while the core owes hand-overs', () => {
    world = start()
    world.allDay.countOwed.mockReturnValue(2)
    const event = { preventDefault: vi.fn() }
    world.window.emit('close', event)
    expect(event.preventDefault).toHaveBeenCalled()
    expect(world.window.visible).toBe(false)
  })

  it('checks the session and sends what is owed after the computer wakes', async () => {
    world = start()
    world.powerMonitor.emit('resume')
    await vi.advanceTimersByTimeAsync(WAKE_SETTLE_MS)
    expect(world.allDay.checkSession).toHaveBeenCalledTimes(1)
    expect(world.allDay.retryOwedNow).toHaveBeenCalledTimes(1)
  })

  it('registers the login item, hidden, when the setting is on', async () => {
    world = start({ settings: { startWithComputer: true } })
    await settle()
    expect(world.app.setLoginItemSettings).toHaveBeenCalledWith(
      expect.objectContaining({ openAtLogin: true, args: ['--hidden'] }),
    )
  })
})
