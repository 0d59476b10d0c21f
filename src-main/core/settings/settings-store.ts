import type { SettingsUpdate } from '../../../src-shared/contract.ts'
import { allDayUpdate, DEFAULT_ALL_DAY_SETTINGS } from '../../../src-shared/all-day-settings.ts'
import { attentionUpdate, DEFAULT_ATTENTION_SETTINGS } from '../../../src-shared/attention.ts'
import { DEFAULT_BOARD_SETTINGS } from '../../../src-shared/board-settings.ts'
import { courierSettingsUpdate, DEFAULT_COURIER_SETTINGS } from '../../../src-shared/couriers.ts'
import { DEFAULT_INTAKE_SETTINGS } from '../../../src-shared/intake-settings.ts'
import { DEFAULT_RUSH_SETTINGS, rushUpdate } from '../../../src-shared/rush-settings.ts'
import { Settings } from '../../../src-shared/domain.ts'
import { invalidInput } from '../app-failure.ts'
import type { KeyValueStore } from '../ports.ts'
import { isValidTimeZone } from '../session/token-expiry.ts'
import { readExtraCa } from '../platform/extra-ca-file.ts'
import { intakeUpdate } from '../intake/intake-settings-update.ts'

const SETTINGS_KEY = 'settings'

export const DEFAULT_SETTINGS: Settings = {
  platformAddress: null,
  extraCaFile: null,
  platformTimeZone: 'Europe/Istanbul',
  language: 'tr',
  allowWeakSecretStorage: false,
  autoUpdate: false,
  ...DEFAULT_BOARD_SETTINGS,
  ...DEFAULT_ALL_DAY_SETTINGS,
  ...DEFAULT_ATTENTION_SETTINGS,
  ...DEFAULT_RUSH_SETTINGS,
  ...DEFAULT_INTAKE_SETTINGS,
  ...DEFAULT_COURIER_SETTINGS,
}

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
    if (update.autoUpdate !== undefined) next.autoUpdate = update.autoUpdate
    if (update.handedOverStay !== undefined) next.handedOverStay = update.handedOverStay
    Object.assign(next, allDayUpdate(update))
    Object.assign(next, attentionUpdate(update))
    Object.assign(next, intakeUpdate(update))
    Object.assign(next, rushUpdate(update))
    Object.assign(next, courierSettingsUpdate(update))
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
