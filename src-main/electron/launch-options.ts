import { Language, type Settings } from '../../src-shared/domain.ts'
import { normalizePlatformAddress } from '../core/settings/settings-store.ts'

export interface LaunchOptions {
  /** Where all state lives (Electron's userData); the default is the OS's app-data folder. */
  dataDir?: string
  initialSettings: Partial<Settings>
}

/**
 * The flags the app takes besides Chromium's own, each as `--name=value`: the same meaning as web mode's
 * (`--data-dir`, `--api-base`, `--extra-ca`, `--lang`), so the e2e suite and the demo drive both shells alike.
 * Anything unusable is ignored with a warning rather than stopping the app on a staff machine.
 */
export function readLaunchOptions(argv: readonly string[], warn: (message: string) => void): LaunchOptions {
  const value = (name: string) => argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3)
  const options: LaunchOptions = { initialSettings: {} }
  const dataDir = value('data-dir')
  if (dataDir) options.dataDir = dataDir
  const apiBase = value('api-base')
  if (apiBase) {
    try {
      options.initialSettings.platformAddress = normalizePlatformAddress(apiBase)
    } catch {
      warn('launch: --api-base must be an https:// address; ignored')
    }
  }
  const extraCa = value('extra-ca')
  if (extraCa) options.initialSettings.extraCaFile = extraCa
  const lang = Language.safeParse(value('lang'))
  if (lang.success) options.initialSettings.language = lang.data
  return options
}
