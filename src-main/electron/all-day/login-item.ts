import { mkdir, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { app, type Settings as LoginItemSettings } from 'electron'

/** Given when the app is started with the computer: it starts hidden in the tray, not in the staff's face. */
export const HIDDEN_FLAG = '--hidden'

/** The autostart entry's file name on Linux (one per user, in ~/.config/autostart). */
const AUTOSTART_FILE = 'pos-companion.desktop'

export interface LoginItemDeps {
  platform: NodeJS.Platform
  isPackaged: boolean
  /** The executable to start: `process.execPath`. */
  execPath: string
  /** Set by an AppImage to its own path (`process.env.APPIMAGE`): execPath is then a temporary mount. */
  appImagePath?: string | undefined
  /** The user's home and `XDG_CONFIG_HOME`, where the Linux autostart folder lives. */
  homeDir: string
  xdgConfigHome?: string | undefined
  appName: string
}

export type LoginItemPlan =
  /** Windows and macOS: Electron writes the per-user login item (Run key / Login Items); no admin rights. */
  | { kind: 'electron'; settings: LoginItemSettings }
  /** Linux: an XDG autostart entry in the user's config folder; `content: null` removes it. */
  | { kind: 'xdg-autostart'; file: string; content: string | null }
  /** A development run would register the bare Electron binary, which starts nothing useful. */
  | { kind: 'unsupported'; reason: 'not-packaged' | 'platform' }

/** Pure: what turning "start with the computer" on or off means on this machine. */
export function planLoginItem(openAtLogin: boolean, deps: LoginItemDeps): LoginItemPlan {
  if (!deps.isPackaged) return { kind: 'unsupported', reason: 'not-packaged' }
  switch (deps.platform) {
    case 'win32':
      return { kind: 'electron', settings: { openAtLogin, args: [HIDDEN_FLAG] } }
    case 'darwin':
      // macOS no longer honours "open hidden" for login items: the app tells from wasOpenedAtLogin instead.
      return { kind: 'electron', settings: { openAtLogin } }
    case 'linux': {
      const file = join(autostartFolder(deps), AUTOSTART_FILE)
      return { kind: 'xdg-autostart', file, content: openAtLogin ? desktopEntry(deps) : null }
    }
    default:
      return { kind: 'unsupported', reason: 'platform' }
  }
}

function autostartFolder({ homeDir, xdgConfigHome }: LoginItemDeps): string {
  // The XDG spec: an unset or relative XDG_CONFIG_HOME means ~/.config.
  const config = xdgConfigHome?.startsWith('/') ? xdgConfigHome : join(homeDir, '.config')
  return join(config, 'autostart')
}

/** The autostart `.desktop` entry (freedesktop Desktop Entry spec, `Exec` quoted as it requires). */
function desktopEntry(deps: LoginItemDeps): string {
  const executable = deps.appImagePath ?? deps.execPath
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Version=1.0',
    `Name=${deps.appName}`,
    `Exec=${quoteExecArgument(executable)} ${HIDDEN_FLAG}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n')
}

/**
 * One `Exec` argument: quoted when it holds a space or a reserved character, with `"`, `` ` ``, `$` and `\`
 * escaped inside the quotes and `%` doubled (field codes), as the Desktop Entry spec asks.
 */
export function quoteExecArgument(argument: string): string {
  const percent = argument.replace(/%/g, '%%')
  if (!/[\s"'\\><~|&;$*?#()`]/.test(percent)) return percent
  return `"${percent.replace(/(["`$\\])/g, '\\$1')}"`
}

/** Carries the plan out; returns false when this machine cannot start the app with the computer. */
export async function applyLoginItem(plan: LoginItemPlan): Promise<boolean> {
  switch (plan.kind) {
    case 'electron':
      app.setLoginItemSettings(plan.settings)
      return true
    case 'xdg-autostart':
      if (plan.content === null) {
        await rm(plan.file, { force: true })
      } else {
        await mkdir(join(plan.file, '..'), { recursive: true })
        await writeFile(plan.file, plan.content, { mode: 0o644 })
      }
      return true
    case 'unsupported':
      return false
  }
}

/** Whether the Linux autostart entry is there (the other platforms ask `app.getLoginItemSettings()`). */
export async function autostartEntryExists(plan: LoginItemPlan): Promise<boolean> {
  if (plan.kind !== 'xdg-autostart') return false
  return stat(plan.file).then(
    () => true,
    () => false,
  )
}

/**
 * Whether this run was started with the computer, and so should stay in the tray: the flag our login item
 * passes (Windows, Linux), or macOS's own word for it.
 */
export function startedHidden(
  argv: readonly string[],
  platform: NodeJS.Platform,
  loginItem: () => { wasOpenedAtLogin?: boolean },
): boolean {
  if (argv.includes(HIDDEN_FLAG)) return true
  return platform === 'darwin' && loginItem().wasOpenedAtLogin === true
}
