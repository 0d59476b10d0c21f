// The desktop app as an all-day companion (docs/decisions.md D50–D51): around the one window (main-window.ts),
// the tray, notifications, badge, wake and start-with-the-computer, wired to the core's events and settings.
// What needs staff is the core's one attention value (D70): the tray, the badge and the notifications read it.
import { app } from 'electron'
import type { Attention } from '../../../src-shared/attention.ts'
import { AttentionAnnouncer } from '../../../src-shared/attention-notices.ts'
import { eventChannelOf } from '../../../src-shared/channels.ts'
import type { EventPayload } from '../../../src-shared/contract.ts'
import type { Language, Settings } from '../../../src-shared/domain.ts'
import type { Core } from '../../core/create-core.ts'
import type { Logger } from '../../core/ports.ts'
import type { MainWindow } from '../main-window.ts'
import { createNotificationShower, withAction, type AttentionAction } from './attention-notifications.ts'
import { createBadge } from './badge.ts'
import { applyLoginItem, planLoginItem } from './login-item.ts'
import { TRAY_ICON_PATH } from './tray-icon.ts'
import { createTray, type TrayCommand } from './tray-menu.ts'
import { watchWakeAndNetwork } from './wake-and-network.ts'

interface AllDayDeps {
  core: Pick<Core, 'subscribe' | 'settings' | 'attention' | 'allDay'>
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
export function installAllDay(deps: AllDayDeps): AllDay {
  const { core, mainWindow, log } = deps
  const platform = deps.platform ?? process.platform
  let settings: Settings | undefined
  const language = (): Language => settings?.language ?? 'tr'
  let attention: Attention = core.attention.current()

  const onAction = (action: AttentionAction) => {
    mainWindow.show()
    // The renderer scrolls to the order and marks it (docs/decisions.md D50); the sign-in needs nothing more.
    if (action.type === 'open-order') {
      mainWindow.send(eventChannelOf('focusOrder'), { paymentKey: action.paymentKey })
    }
  }
  const announcer = new AttentionAnnouncer()
  const notify = createNotificationShower(onAction)
  /** The value as the core pushes it; what is due is decided even while notifications are off (no burst later). */
  const attentionIs = (next: Attention) => {
    attention = next
    const notices = announcer.update(next, language())
    if (settings?.notifications ?? false) for (const notice of notices) notify(withAction(notice))
  }
  const showBadge = createBadge(mainWindow.window, platform)
  const refresh = () => {
    tray.update({
      owed: core.allDay.countOwed(),
      attention: attention.count,
      paused: core.allDay.isPaused(),
      language: language(),
      accounts: core.allDay.accounts?.() ?? [],
    })
    showBadge(attention.count, language())
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
    initial: { owed: 0, attention: 0, paused: false, language: 'tr' },
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
  settingsAre(core.settings.get())
  // What needs staff at start: remembered by the announcer, not announced (staff see it when they open the app).
  announcer.update(attention, language())
  const unsubscribe = core.subscribe((event, payload) => {
    if (event === 'attentionChanged') attentionIs(payload as EventPayload<'attentionChanged'>)
    else if (event === 'settingsChanged') settingsAre(payload as EventPayload<'settingsChanged'>)
    else if (event !== 'orderChanged') return
    refresh()
  })
  refresh()

  // will-quit, not before-quit: a quit that staff call off at its question must leave all this running.
  app.on('will-quit', () => {
    unsubscribe()
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
