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
