import type { SettingsUpdate } from '../../../src-shared/contract.ts'
import { isAbsolute } from 'node:path'
import { DEFAULT_SETTINGS, Settings } from '../../../src-shared/domain.ts'
import { invalidInput } from '../app-failure.ts'
import type { KeyValueStore } from '../ports.ts'
import { isValidTimeZone } from '../session/token-expiry.ts'
import { readExtraCa } from '../platform/extra-ca-file.ts'

const SETTINGS_KEY = 'settings'

/**
 * Plain, non-secret settings. Secrets never pass through here (D11): see credential-vault.ts.
 *
 * Two layers: the saved settings, and the command line's overrides (`--api-base`, `--extra-ca`, `--lang`), which
 * win for this run and are never written (D34). A field staff change to another value becomes theirs: saved,
 * and no longer overridden.
 */
export class SettingsStore {
  readonly #store: KeyValueStore
  #saved: Settings
  #overrides: Partial<Settings>
  #current: Settings

  constructor(store: KeyValueStore, overrides: Partial<Settings> = {}) {
    this.#store = store
    const saved = Settings.partial().safeParse(store.get(SETTINGS_KEY))
    this.#saved = { ...DEFAULT_SETTINGS, ...(saved.success ? withoutUndefined(saved.data) : {}) }
    this.#overrides = withoutUndefined(overrides)
    this.#current = { ...this.#saved, ...this.#overrides }
  }

  get(): Settings {
    return this.#current
  }

  /**
   * Checks every field before anything is written, so a refused update leaves the stored settings as they
   * were. Returns the settings now in effect.
   */
  async update(update: SettingsUpdate): Promise<Settings> {
    // The contract's schema has checked every field's type and range; what it cannot check is checked here.
    const next: Settings = { ...this.#current, ...withoutUndefined(update) }
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
    if (update.dropFolder !== undefined) {
      // A relative path would depend on where the app happened to start (Settings says a full path is needed).
      const folder = update.dropFolder?.trim() ?? ''
      if (folder !== '' && !isAbsolute(folder)) throw invalidInput('malformed')
      next.dropFolder = folder === '' ? null : folder
    }
    // Staff's "other accounts may write it" holds for the folder it was given with (D69): naming a folder again
    // without it takes it back.
    if (update.dropFolder !== undefined || update.dropFolderSharedConfirmed !== undefined)
      next.dropFolderSharedConfirmed = update.dropFolderSharedConfirmed ?? false
    // Each payment method once.
    if (update.collectedAtDoor !== undefined) next.collectedAtDoor = [...new Set(update.collectedAtDoor)]
    const { saved, overrides } = this.#layersOf(next)
    this.#store.set(SETTINGS_KEY, saved)
    this.#saved = saved
    this.#overrides = overrides
    this.#current = next
    return next
  }

  /** `next` split into what is saved and what stays a one-run override (a field still at its override's value). */
  #layersOf(next: Settings): { saved: Settings; overrides: Partial<Settings> } {
    const saved: Settings = { ...next }
    const overrides: Partial<Settings> = {}
    for (const key of Object.keys(this.#overrides) as (keyof Settings)[]) {
      if (next[key] !== this.#overrides[key]) continue
      Object.assign(overrides, { [key]: next[key] })
      Object.assign(saved, { [key]: this.#saved[key] })
    }
    return { saved, overrides }
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

/** The strict reader shared by both shells (extra-ca-file.ts); the name stays for the core's callers. */
export { readExtraCa as readExtraCaPem } from '../platform/extra-ca-file.ts'

function withoutUndefined<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>
  }
}
