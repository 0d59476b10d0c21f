import type { SettingsUpdate } from '../../../src-shared/contract.ts'
import { Settings } from '../../../src-shared/domain.ts'
import { invalidInput } from '../app-failure.ts'
import type { KeyValueStore } from '../ports.ts'
import { isValidTimeZone } from '../session/token-expiry.ts'
import { readExtraCa } from '../platform/extra-ca-file.ts'

const SETTINGS_KEY = 'settings'

export const DEFAULT_SETTINGS: Settings = {
  platformAddress: null,
  extraCaFile: null,
  platformTimeZone: 'Europe/Istanbul',
  language: 'tr',
  allowWeakSecretStorage: false,
  updateUrl: null,
}

/** Plain, non-secret settings. Secrets never pass through here (D11): see credential-vault.ts. */
export class SettingsStore {
  readonly #store: KeyValueStore
  #current: Settings

  constructor(store: KeyValueStore, initial: Partial<Settings> = {}) {
    this.#store = store
    const saved = Settings.partial().safeParse(store.get(SETTINGS_KEY))
    this.#current = {
      ...DEFAULT_SETTINGS,
      ...(saved.success ? withoutUndefined(saved.data) : {}),
      ...withoutUndefined(initial),
    }
  }

  get(): Settings {
    return this.#current
  }

  /**
   * Checks every field before anything is written, so a refused update leaves the stored settings as they
   * were. Returns the settings as saved.
   */
  async update(update: SettingsUpdate): Promise<Settings> {
    const next: Settings = { ...this.#current }
    if (update.platformAddress !== undefined) {
      next.platformAddress =
        update.platformAddress === null ? null : normalizePlatformAddress(update.platformAddress)
    }
    if (update.platformTimeZone !== undefined) {
      const zone = update.platformTimeZone.trim()
      if (!isValidTimeZone(zone)) throw invalidInput('invalid-time-zone')
      next.platformTimeZone = zone
    }
    if (update.extraCaFile !== undefined) {
      const file = update.extraCaFile?.trim() ?? ''
      if (file !== '') await readExtraCa(file)
      next.extraCaFile = file === '' ? null : file
    }
    if (update.language !== undefined) next.language = update.language
    if (update.allowWeakSecretStorage !== undefined)
      next.allowWeakSecretStorage = update.allowWeakSecretStorage
    if (update.updateUrl !== undefined) {
      const url = update.updateUrl?.trim() ?? ''
      next.updateUrl = url === '' ? null : normalizeUpdateUrl(url)
    }
    this.#current = next
    this.#store.set(SETTINGS_KEY, next)
    return next
  }
}

/** D8: only https:// addresses; anything else is refused at input and again here. */
export function normalizePlatformAddress(address: string): string {
  const trimmed = address.trim()
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    throw invalidInput(
      /^https?:/i.test(trimmed) ? 'not-a-url' : trimmed.includes('://') ? 'not-https' : 'not-a-url',
    )
  }
  if (url.protocol !== 'https:') throw invalidInput('not-https')
  if (url.username || url.password || url.search || url.hash) throw invalidInput('not-a-url')
  return url.href.replace(/\/+$/, '')
}

/**
 * The update feed's address (auto-update, off while null): the platform address's https rule (D8), with
 * its own problem so the staff are told which field to fix.
 */
export function normalizeUpdateUrl(address: string): string {
  try {
    return normalizePlatformAddress(address)
  } catch {
    throw invalidInput('update-url-invalid')
  }
}

/** The strict reader shared by both shells (extra-ca-file.ts); the name stays for the core's callers. */
export { readExtraCa as readExtraCaPem } from '../platform/extra-ca-file.ts'

function withoutUndefined<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>
  }
}
