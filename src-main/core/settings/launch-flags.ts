import { resolve } from 'node:path'
import { Language, Settings } from '../../../src-shared/domain.ts'
import { normalizePlatformAddress } from './settings-store.ts'

/** The flags both shells take, with the same meaning (the e2e suite and the demo drive both alike). */
export type LaunchFlagName = 'data-dir' | 'api-base' | 'extra-ca' | 'lang'

export const LAUNCH_FLAGS_USAGE = '[--api-base https://…] [--extra-ca FILE] [--data-dir DIR] [--lang tr|en]'

export interface LaunchFlags {
  /** Where all state lives; undefined for the shell's default. */
  dataDir: string | undefined
  /** Settings for this run only, never written (D34). */
  settingsOverrides: Partial<Pick<Settings, 'platformAddress' | 'extraCaFile' | 'language'>>
}

/**
 * Reads the common flags' values (`value` says what was given for a name, or undefined). Each unusable one is
 * left out and named in `problems`, one line each: web mode refuses to start on the first, Electron logs them
 * and starts without them (a staff machine must not be stopped by a bad shortcut).
 */
export function readLaunchFlags(value: (name: LaunchFlagName) => string | undefined): {
  flags: LaunchFlags
  problems: string[]
} {
  const flags: LaunchFlags = { dataDir: undefined, settingsOverrides: {} }
  const problems: string[] = []
  const apiBase = value('api-base')
  if (apiBase !== undefined) {
    try {
      const address = normalizePlatformAddress(apiBase)
      // Within the settings' own bounds, so getSettings always answers inside the contract.
      if (Settings.shape.platformAddress.safeParse(address).success)
        flags.settingsOverrides.platformAddress = address
      else problems.push('--api-base is too long')
    } catch {
      problems.push('--api-base must be an https:// address')
    }
  }
  const lang = value('lang')
  if (lang !== undefined) {
    const language = Language.safeParse(lang)
    if (language.success) flags.settingsOverrides.language = language.data
    else problems.push('--lang must be tr or en')
  }
  const path = (name: 'extra-ca' | 'data-dir'): string | undefined => {
    const given = value(name)
    if (given === '') problems.push(`--${name} needs a path`)
    return given ? resolve(given) : undefined
  }
  const extraCaFile = path('extra-ca')
  if (extraCaFile !== undefined && !Settings.shape.extraCaFile.safeParse(extraCaFile).success)
    problems.push('--extra-ca is too long')
  else if (extraCaFile !== undefined) flags.settingsOverrides.extraCaFile = extraCaFile
  flags.dataDir = path('data-dir')
  return { flags, problems }
}
