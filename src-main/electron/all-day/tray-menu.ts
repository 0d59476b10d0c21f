import { Menu, nativeImage, Tray, type MenuItemConstructorOptions } from 'electron'
import type { Language } from '../../../src-shared/domain.ts'
import { texts } from '../../../src-shared/texts/index.ts'

/** What staff can ask of the tray icon. */
export type TrayCommand = 'open' | 'pause' | 'resume' | 'quit'

export interface TrayState {
  owed: number
  /** What needs staff, as the core's attention value counts it (D70). */
  attention: number
  /** Sending is paused by the staff (e.g. during a network change). */
  paused: boolean
  language: Language
  /** With two accounts or more (issue 29): each by short name, what it owes and whether it is signed in. */
  accounts?: readonly { name: string; owed: number; signedIn: boolean }[]
}

interface TrayItem {
  label: string
  /** A line that only informs (the counts): shown greyed, does nothing. */
  info?: true
  command?: TrayCommand
}

export interface TrayView {
  tooltip: string
  /** Short text beside the icon in macOS's menu bar (elsewhere ignored); empty when nothing is owed or failed. */
  title: string
  /** The menu from top to bottom; `null` is a separator. */
  items: (TrayItem | null)[]
}

/** The tray's words and menu for these counts: pure, so the tests read exactly what staff will see. */
export function trayView({ owed, attention, paused, language, accounts = [] }: TrayState): TrayView {
  const t = texts[language].shell
  const parts = [
    owed > 0 ? t.owed(owed) : undefined,
    attention > 0 ? t.attentionTitle(attention) : undefined,
  ].filter((part): part is string => part !== undefined)
  const status = parts.length > 0 ? parts.join(' · ') : t.allSent
  const tooltip = `${t.appName} — ${status}${paused ? ` (${t.paused})` : ''}`
  const title = [owed > 0 ? `↑${owed}` : '', attention > 0 ? `!${attention}` : ''].filter(Boolean).join(' ')
  const items: (TrayItem | null)[] = [{ label: status, info: true }]
  // Each account says for itself (issue 29): one signed out holds back only its own orders.
  for (const account of accounts) {
    const state = !account.signedIn ? t.accountSignedOut : account.owed > 0 ? t.owed(account.owed) : t.allSent
    items.push({ label: `${account.name}: ${state}`, info: true })
  }
  if (paused) items.push({ label: t.paused, info: true })
  items.push(
    null,
    { label: t.open, command: 'open' },
    paused ? { label: t.resume, command: 'resume' } : { label: t.pause, command: 'pause' },
    null,
    { label: t.quit, command: 'quit' },
  )
  return { tooltip, title, items }
}

/** Electron's menu template for the view; each command goes to `onCommand`. */
export function trayMenuTemplate(
  view: TrayView,
  onCommand: (command: TrayCommand) => void,
): MenuItemConstructorOptions[] {
  return view.items.map((item): MenuItemConstructorOptions => {
    if (item === null) return { type: 'separator' }
    const { command } = item
    if (command === undefined) return { label: item.label, enabled: false }
    return { label: item.label, click: () => onCommand(command) }
  })
}

export interface TrayHandle {
  update(state: TrayState): void
  destroy(): void
}

/**
 * Puts the icon in the tray / menu bar. A click on it opens the window (Windows and most Linux desktops;
 * macOS opens the menu). Call `update` whenever counts, pause or language change.
 */
export function createTray(deps: {
  iconPath: string
  initial: TrayState
  onCommand: (command: TrayCommand) => void
}): TrayHandle {
  const tray = new Tray(nativeImage.createFromPath(deps.iconPath))
  tray.on('click', () => deps.onCommand('open'))
  const update = (state: TrayState) => {
    const view = trayView(state)
    tray.setToolTip(view.tooltip)
    tray.setTitle(view.title)
    tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(view, deps.onCommand)))
  }
  update(deps.initial)
  return { update, destroy: () => tray.destroy() }
}
