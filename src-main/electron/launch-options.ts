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
 * The switches the installed app refuses to start with (docs/security.md#launch-switches), by family rather than
 * one by one, so the next switch of a family is refused without anyone adding it: whoever writes the app's
 * command line (a changed shortcut, a crafted link, a second launch) must not be able to
 * - open a debugger (issue 20.9): Chromium's DevTools protocol, Node's inspector, V8's flags;
 * - run a program of theirs in front of the app's processes, or an extension (issue 20.9);
 * - send its traffic elsewhere (issue 27.4): a proxy (any switch naming one), rewritten host names, another
 *   platform address (the app's own `--api-base`, which development and e2e builds keep);
 * - weaken TLS: certificate errors ignored or certificate checks changed, insecure origins trusted, web security
 *   off, TLS versions or ciphers chosen, TLS keys written out, a CA of its own (the app's `--extra-ca`);
 * - write what crosses the network to a file (a net log holds the platform's answers);
 * - turn the renderer's sandbox off.
 * Not refused: another data folder (`--data-dir`, Chromium's `--user-data-dir`). It is another installation: it
 * starts signed out, holds none of this one's keys (D33), and the sign-in screen shows where it would send keys.
 * Names are compared in lower case, as Chromium reads them.
 */
const REFUSED_SWITCH_FAMILIES: readonly RegExp[] = [
  /^remote-debugging-/,
  /^remote-allow-origins$/,
  /^inspect/,
  /^js-flags$/,
  /-launcher$/,
  /-cmd-prefix$/,
  /^browser-subprocess-path$/,
  /^load-extension$/,
  /proxy/,
  /^host-(resolver-)?rules$/,
  /^api-base$/,
  /cert/,
  /insecure/,
  /^disable-web-security$/,
  /^ssl-/,
  /^cipher-suite/,
  /^extra-ca$/,
  /net-log/,
  /^(no|disable)-(.+-)?sandbox$/,
]

/** Whether the installed app refuses to start with the switch `--<name>` (its name in any case). */
export function isRefusedSwitch(name: string): boolean {
  const lower = name.toLowerCase()
  return REFUSED_SWITCH_FAMILIES.some((family) => family.test(lower))
}

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
    if (isRefusedSwitch(name)) return name
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
