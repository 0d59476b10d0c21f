import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Settings } from '../../src-shared/domain.ts'
import { readLaunchFlags, type LaunchFlagName } from '../core/settings/launch-flags.ts'

export interface LaunchOptions {
  /** Where all state lives (Electron's userData); the default is the OS's app-data folder. */
  dataDir?: string
  initialSettings: Partial<Settings>
}

/**
 * The flags the app takes besides Chromium's own, each as `--name=value`, read by the same rules as web mode's
 * (core/settings/launch-flags.ts). Anything unusable is ignored with a warning rather than stopping the app on
 * a staff machine.
 */
export function readLaunchOptions(argv: readonly string[], warn: (message: string) => void): LaunchOptions {
  const value = (name: LaunchFlagName) =>
    argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3)
  const { flags, problems } = readLaunchFlags(value)
  for (const problem of problems) warn(`launch: ${problem}; ignored`)
  return {
    ...(flags.dataDir === undefined ? {} : { dataDir: flags.dataDir }),
    initialSettings: flags.settingsOverrides,
  }
}

/**
 * Chromium and Electron switches that open the app to whoever writes its command line (a shortcut, a crafted
 * link, a second launch): a debugger over a port or pipe, a program run in front of the GPU, renderer or
 * utility processes, another executable as the child processes, or V8 flags. The installed app refuses to
 * start with any of them (docs/security.md); a development run keeps them.
 */
export const REFUSED_SWITCHES: ReadonlySet<string> = new Set([
  'remote-debugging-port',
  'remote-debugging-pipe',
  'gpu-launcher',
  'renderer-cmd-prefix',
  'utility-cmd-prefix',
  'browser-subprocess-path',
  'js-flags',
])

/**
 * The first refused switch on the command line, read as Chromium reads switches (`--name`, `-name`, `/name` on
 * Windows; `=value` or none; names in any case), wherever it stands: `--` ends Chromium's switches but not
 * this check.
 */
export function refusedSwitch(argv: readonly string[], platform: NodeJS.Platform): string | undefined {
  const prefix = platform === 'win32' ? /^(--|-|\/)/ : /^(--|-)/
  for (const arg of argv.slice(1)) {
    const body = arg.replace(prefix, '')
    if (body === arg) continue
    const name = body.split('=', 1)[0]?.toLowerCase() ?? ''
    if (REFUSED_SWITCHES.has(name)) return name
  }
  return undefined
}

/** The mark an e2e build (`POS_E2E_BUILD=1`, electron-builder.config.ts) leaves in its package.json. */
export const E2E_BUILD_MARK = 'posCompanionE2eBuild'

/**
 * Whether this is an e2e build, which Playwright's `_electron` starts with `--remote-debugging-port`. Read from
 * the package.json inside app.asar, which the asar integrity fuse guards: not from the environment or the
 * command line, which whoever starts the app controls.
 */
export function isE2eBuild(appPath: string): boolean {
  try {
    const manifest = JSON.parse(readFileSync(join(appPath, 'package.json'), 'utf8')) as Record<
      string,
      unknown
    >
    return manifest[E2E_BUILD_MARK] === true
  } catch {
    return false
  }
}
