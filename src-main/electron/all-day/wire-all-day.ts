// The desktop app as an all-day companion (docs/decisions.md D50–D51): around the one window (main-window.ts),
// the tray, notifications, badge, wake and start-with-the-computer, wired to the core's events and settings.
import { app } from 'electron'
import { eventChannelOf } from '../../../src-shared/channels.ts'
import type { EventPayload } from '../../../src-shared/contract.ts'
import type { BoardOrder, Language, Settings } from '../../../src-shared/domain.ts'
import type { Core } from '../../core/app.ts'
import type { Logger } from '../../core/ports.ts'
import type { MainWindow } from '../main-window.ts'
import {
  ATTENTION_CHECK_INTERVAL_MS,
  AttentionNotifier,
  createNotificationShower,
  type AttentionAction,
} from './attention-notifications.ts'
import { createBadge } from './badge.ts'
import { countHandovers } from './counts.ts'
import { applyLoginItem, planLoginItem } from './login-item.ts'
import { TRAY_ICON_PATH } from './tray-icon.ts'
import { createTray, type TrayCommand } from './tray-menu.ts'
import { watchWakeAndNetwork } from './wake-and-network.ts'

interface AllDayOptions {
  core: Pick<Core, 'subscribe' | 'handlers' | 'allDay'>
  /** The open window: brought forward by the tray and a notification's click, badged with the count. */
  mainWindow: Pick<MainWindow, 'show' | 'send' | 'window'>
  log: Logger
  /** This machine's platform (tests pass another). */
  platform?: NodeJS.Platform
}

interface AllDay {
  /** The staff's language as last read from the settings (Turkish until then). */
  language(): Language
}

/** Keeps the app beside the POS all day; stops at quit. */
export function installAllDay(options: AllDayOptions): AllDay {
  const { core, mainWindow, log } = options
  const platform = options.platform ?? process.platform
  let settings: Settings | undefined
  const language = (): Language => settings?.language ?? 'tr'
  const orders = new Map<string, BoardOrder>()

  const onAction = (action: AttentionAction) => {
    mainWindow.show()
    // The renderer scrolls to the order and marks it (docs/decisions.md D50); the sign-in needs nothing more.
    if (action.type === 'open-order') {
      mainWindow.send(eventChannelOf('focusOrder'), { paymentKey: action.paymentKey })
    }
  }
  const notifier = new AttentionNotifier({
    clock: Date.now,
    enabled: () => settings?.notifications ?? false,
    language,
    notify: createNotificationShower(onAction),
  })
  const showBadge = createBadge(mainWindow.window, platform)
  const refresh = () => {
    const counts = countHandovers(orders.values(), notifier.retryingTooLong())
    tray.update({ ...counts, paused: core.allDay.isPaused(), language: language() })
    showBadge(counts.attention, language())
  }
  const onCommand = (command: TrayCommand) => {
    if (command === 'open') mainWindow.show()
    else if (command === 'quit') app.quit()
    else {
      if (command === 'pause') core.allDay.pauseSending()
      else core.allDay.resumeSending()
      log.info(`all-day: sending ${command === 'pause' ? 'paused' : 'resumed'} from the tray`)
      refresh()
    }
  }
  const tray = createTray({
    iconPath: TRAY_ICON_PATH,
    initial: { owed: 0, failed: 0, paused: false, language: 'tr' },
    onCommand,
  })
  const wake = watchWakeAndNetwork(
    {
      checkSession: () => core.allDay.checkSession(),
      retryOwedNow: () => {
        core.allDay.retryOwedNow()
        return Promise.resolve()
      },
    },
    { log },
  )

  // The settings at start, then each change as the core announces it (language, notifications, start with the
  // computer): a change applies at once.
  const startWithComputer = followStartWithComputer(platform, log)
  const settingsAre = (next: Settings) => {
    settings = next
    startWithComputer(next.startWithComputer)
  }
  const unsubscribe = core.subscribe((event, payload) => {
    if (event === 'orderChanged') {
      const change = payload as EventPayload<'orderChanged'>
      if (change.order) orders.set(change.paymentKey, change.order)
      else orders.delete(change.paymentKey)
      notifier.orderChanged(change)
    } else if (event === 'sessionChanged') {
      notifier.sessionChanged(payload as EventPayload<'sessionChanged'>)
    } else if (event === 'settingsChanged') {
      settingsAre(payload as EventPayload<'settingsChanged'>)
    }
    refresh()
  })
  // The board at start: remembered by the notifier, not announced (staff see it when they open the app).
  const seed = async () => {
    const [board, stored] = await Promise.all([
      core.handlers.listOrders(undefined),
      core.handlers.getSettings(undefined),
    ])
    if (board.ok) {
      for (const order of board.value) orders.set(order.paymentKey, order)
      notifier.seed(board.value)
    }
    // A change announced meanwhile is newer than this answer.
    if (stored.ok && settings === undefined) settingsAre(stored.value)
  }
  void seed().then(refresh)
  // Orders retrying for too long are found by looking, not by an event.
  const tick = setInterval(() => {
    notifier.check()
    refresh()
  }, ATTENTION_CHECK_INTERVAL_MS)
  tick.unref()

  // will-quit, not before-quit: a quit that staff call off at its question must leave all this running.
  app.on('will-quit', () => {
    unsubscribe()
    clearInterval(tick)
    wake.dispose()
  })
  return { language }
}

/** Applies "start with the computer" whenever the setting differs from what was last applied. */
function followStartWithComputer(platform: NodeJS.Platform, log: Logger): (on: boolean) => void {
  let applied: boolean | undefined
  return (on) => {
    if (on === applied) return
    applied = on
    const plan = planLoginItem(on, {
      platform,
      isPackaged: app.isPackaged,
      execPath: process.execPath,
      appImagePath: process.env['APPIMAGE'],
      homeDir: app.getPath('home'),
      xdgConfigHome: process.env['XDG_CONFIG_HOME'],
      appName: app.getName(),
    })
    void applyLoginItem(plan).then(
      (done) => {
        if (!done && on) log.warn('all-day: this build cannot start with the computer')
      },
      () => log.warn('all-day: could not change starting with the computer'),
    )
  }
}
