// The desktop app as an all-day companion (docs/decisions.md D50–D51): one function wires the tested decisions
// of this folder (tray, close policy, notifications, badge, wake, start with the computer, window state) to the
// core and the window. Electron comes in as a parameter, so wire-all-day.test.ts drives it with stand-ins.
import { app, dialog, Menu, nativeImage, net, Notification, powerMonitor, screen, Tray } from 'electron'
import { eventChannelOf } from '../../../src-shared/channels.ts'
import type { EventPayload } from '../../../src-shared/contract.ts'
import type { BoardOrder, Language, Settings } from '../../../src-shared/domain.ts'
import type { Core } from '../../core/app.ts'
import type { KeyValueStore, Logger } from '../../core/ports.ts'
import type { WindowPlacement } from '../main-window.ts'
import {
  ATTENTION_CHECK_INTERVAL_MS,
  AttentionNotifier,
  createNotificationShower,
  type AttentionAction,
  type NotificationElectron,
} from './attention-notifications.ts'
import { createBadge, type BadgedWindow, type BadgeElectron } from './badge.ts'
import { installClosePolicy, type ClosableWindow, type ClosePolicyElectron } from './close-policy.ts'
import { countHandovers } from './counts.ts'
import { applyLoginItem, planLoginItem, startedHidden, type LoginItemElectron } from './login-item.ts'
import { TRAY_ICON_PATH } from './tray-icon.ts'
import { createTray, type TrayCommand, type TrayElectron } from './tray-menu.ts'
import { watchWakeAndNetwork, type WakeElectron } from './wake-and-network.ts'
import {
  keepWindowState,
  restoreWindowState,
  type DisplayArea,
  type Rect,
  type StatefulWindow,
} from './window-state.ts'

/** Where the window state is kept, beside the settings in the shell's store. */
export const WINDOW_STATE_KEY = 'window.state'

/** The window as the all-day wiring uses it (Electron's BrowserWindow fits). */
export type AllDayWindow = ClosableWindow &
  BadgedWindow &
  StatefulWindow & {
    show(): void
    focus(): void
    restore(): void
    isMinimized(): boolean
    webContents: { send(channel: string, payload: unknown): void }
  }

/** The parts of Electron the wiring needs, passed in (the real module fits: see the test's type check). */
export type AllDayElectron = TrayElectron &
  NotificationElectron &
  Omit<BadgeElectron, 'app'> &
  Omit<ClosePolicyElectron, 'app' | 'powerMonitor'> &
  Omit<WakeElectron, 'powerMonitor'> & {
    app: ClosePolicyElectron['app'] &
      BadgeElectron['app'] &
      LoginItemElectron['app'] & {
        on(event: 'second-instance', listener: () => void): unknown
        getLoginItemSettings(): { wasOpenedAtLogin?: boolean }
        getPath(name: 'home'): string
        getName(): string
        readonly isPackaged: boolean
      }
    powerMonitor: WakeElectron['powerMonitor'] & NonNullable<ClosePolicyElectron['powerMonitor']>
    screen: {
      getAllDisplays(): DisplayArea[]
      getPrimaryDisplay(): DisplayArea
      getDisplayMatching(rect: Rect): { id: number }
    }
  }

export interface AllDayDeps<W extends AllDayWindow = AllDayWindow> {
  core: Pick<Core, 'subscribe' | 'handlers' | 'allDay'>
  store: KeyValueStore
  log: Logger
  iconPath: string
  argv: readonly string[]
  platform: NodeJS.Platform
  env: Readonly<Record<string, string | undefined>>
  execPath: string
  /** Makes the main window at that place (main-window.ts owns its options). */
  openWindow(placement: WindowPlacement): W
  /** For tests: the clock and the interval of the attention check. */
  clock?: () => number
  setInterval?: (callback: () => void, ms: number) => { unref?(): unknown }
  clearInterval?: (handle: unknown) => void
}

/** Opens the main window and keeps the app beside the POS all day; returns the window. */
export function wireAllDay<W extends AllDayWindow>(electron: AllDayElectron, deps: AllDayDeps<W>): W {
  const window = openPlacedWindow(electron, deps)
  let settings: Settings | undefined
  const language = (): Language => settings?.language ?? 'tr'
  const orders = new Map<string, BoardOrder>()
  const showWindow = () => {
    if (window.isMinimized()) window.restore()
    window.show()
    window.focus()
  }
  const onAction = (action: AttentionAction) => {
    showWindow()
    // The renderer scrolls to the order and marks it (docs/decisions.md D50); the sign-in needs nothing more.
    if (action.type === 'open-order') {
      window.webContents.send(eventChannelOf('focusOrder'), { paymentKey: action.paymentKey })
    }
  }
  const notifier = new AttentionNotifier({
    clock: deps.clock ?? Date.now,
    enabled: () => settings?.notifications ?? false,
    language,
    notify: createNotificationShower(electron, onAction),
  })
  const showBadge = createBadge(electron, window, deps.platform)
  const refresh = () => {
    const counts = countHandovers(orders.values(), notifier.retryingTooLong())
    tray.update({ ...counts, paused: deps.core.allDay.isPaused(), language: language() })
    showBadge(counts.attention, language())
  }
  const onCommand = (command: TrayCommand) => {
    if (command === 'open') showWindow()
    else if (command === 'quit') electron.app.quit()
    else {
      if (command === 'pause') deps.core.allDay.pauseSending()
      else deps.core.allDay.resumeSending()
      deps.log.info(`all-day: sending ${command === 'pause' ? 'paused' : 'resumed'} from the tray`)
      refresh()
    }
  }
  const tray = createTray(electron, {
    iconPath: deps.iconPath,
    initial: { owed: 0, failed: 0, paused: false, language: 'tr' },
    onCommand,
  })
  installClosePolicy(electron, window, {
    owedCount: () => deps.core.allDay.countOwed(),
    language,
    notify: (notice) => {
      if (electron.Notification.isSupported()) new electron.Notification(notice).show()
    },
  })
  electron.app.on('second-instance', showWindow)
  const { allDay } = deps.core
  const wake = watchWakeAndNetwork(
    electron,
    {
      checkSession: () => allDay.checkSession(),
      retryOwedNow: () => {
        allDay.retryOwedNow()
        return Promise.resolve()
      },
    },
    { log: deps.log },
  )

  const stopFollowing = followCoreAndSettings(electron, deps, {
    orders,
    notifier,
    refresh,
    settingsRead: (read) => (settings = read),
  })
  electron.app.on('before-quit', () => {
    stopFollowing()
    wake.dispose()
  })
  return window
}

/**
 * Keeps the notifier, tray and badge in step with the core (the board at start, then each change) and reads
 * the settings at start and with each periodic check (language, notifications, start with the computer).
 */
function followCoreAndSettings(
  electron: AllDayElectron,
  deps: AllDayDeps,
  state: {
    orders: Map<string, BoardOrder>
    notifier: AttentionNotifier
    refresh: () => void
    settingsRead: (settings: Settings) => void
  },
): () => void {
  const { orders, notifier, refresh } = state
  const loginItem = followStartWithComputer(electron, deps)
  const readSettings = async () => {
    const answer = await deps.core.handlers.getSettings(undefined)
    if (!answer.ok) return
    state.settingsRead(answer.value)
    loginItem(answer.value.startWithComputer)
  }
  const unsubscribe = deps.core.subscribe((event, payload) => {
    if (event === 'orderChanged') {
      const change = payload as EventPayload<'orderChanged'>
      if (change.order) orders.set(change.paymentKey, change.order)
      else orders.delete(change.paymentKey)
      notifier.orderChanged(change)
    } else if (event === 'sessionChanged') {
      notifier.sessionChanged(payload as EventPayload<'sessionChanged'>)
    }
    refresh()
  })
  void seed(deps, orders, notifier).then(readSettings).then(refresh)
  const tick = (deps.setInterval ?? setInterval)(() => {
    notifier.check()
    void readSettings().then(refresh)
  }, ATTENTION_CHECK_INTERVAL_MS)
  tick.unref?.()
  return () => {
    unsubscribe()
    ;(deps.clearInterval ?? clearInterval)(tick as ReturnType<typeof setInterval>)
  }
}

/** The window at its kept place (or the default), hidden when started with the computer; kept as it moves. */
function openPlacedWindow<W extends AllDayWindow>(electron: AllDayElectron, deps: AllDayDeps<W>): W {
  const { screen } = electron
  const restored = restoreWindowState(
    deps.store.get(WINDOW_STATE_KEY),
    screen.getAllDisplays(),
    screen.getPrimaryDisplay(),
  )
  const hidden = startedHidden(deps.argv, deps.platform, () => electron.app.getLoginItemSettings())
  const window = deps.openWindow({ ...restored, show: !hidden })
  keepWindowState(
    window,
    {
      read: () => deps.store.get(WINDOW_STATE_KEY),
      write: (state) => deps.store.set(WINDOW_STATE_KEY, state),
    },
    (rect) => screen.getDisplayMatching(rect),
  )
  return window
}

/** The board at start: remembered by the notifier, not announced (staff see it when they open the app). */
async function seed(
  deps: Pick<AllDayDeps, 'core'>,
  orders: Map<string, BoardOrder>,
  notifier: AttentionNotifier,
): Promise<void> {
  const answer = await deps.core.handlers.listOrders(undefined)
  if (!answer.ok) return
  for (const order of answer.value) orders.set(order.paymentKey, order)
  notifier.seed(answer.value)
}

/** Applies "start with the computer" whenever the setting differs from what was last applied. */
function followStartWithComputer(
  electron: AllDayElectron,
  deps: Pick<AllDayDeps, 'platform' | 'execPath' | 'env' | 'log'>,
): (on: boolean) => void {
  let applied: boolean | undefined
  return (on) => {
    if (on === applied) return
    applied = on
    const plan = planLoginItem(on, {
      platform: deps.platform,
      isPackaged: electron.app.isPackaged,
      execPath: deps.execPath,
      appImagePath: deps.env['APPIMAGE'],
      homeDir: electron.app.getPath('home'),
      xdgConfigHome: deps.env['XDG_CONFIG_HOME'],
      appName: electron.app.getName(),
    })
    void applyLoginItem(electron, plan).then(
      (done) => {
        if (!done && on) deps.log.warn('all-day: this build cannot start with the computer')
      },
      () => deps.log.warn('all-day: could not change starting with the computer'),
    )
  }
}

/** main.ts's one call: the real Electron, this process, and the tray icon the build ships. */
export function installAllDay<W extends AllDayWindow>(
  deps: Pick<AllDayDeps<W>, 'core' | 'store' | 'log' | 'openWindow'>,
): W {
  const electron: AllDayElectron = {
    app,
    dialog,
    Menu,
    nativeImage,
    net,
    Notification,
    powerMonitor,
    screen,
    Tray,
  }
  return wireAllDay(electron, {
    ...deps,
    iconPath: TRAY_ICON_PATH,
    argv: process.argv,
    platform: process.platform,
    env: process.env,
    execPath: process.execPath,
  })
}
