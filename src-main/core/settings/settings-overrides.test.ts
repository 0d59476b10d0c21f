// D34: `--api-base`, `--extra-ca` and `--lang` are for one run; no settings change writes them.
import { describe, expect, it } from 'vitest'
import { MemoryStore } from '../../../test-support/core/memory-adapters.ts'
import { DEFAULT_SETTINGS } from '../../../src-shared/domain.ts'
import { SettingsStore } from './settings-store.ts'

const SAVED = 'https://saved.example.com/integrations'
const OVERRIDE = 'https://one-run.example.net/integrations'

/** What the settings file holds now. */
const onDisk = (store: MemoryStore) => store.get('settings') as Record<string, unknown> | undefined

describe('SettingsStore command-line overrides', () => {
  it('win for this run, and the next settings change writes none of them', async () => {
    const store = new MemoryStore()
    await new SettingsStore(store).update({ platformAddress: SAVED })
    const settings = new SettingsStore(store, {
      platformAddress: OVERRIDE,
      extraCaFile: '/tmp/one-run-ca.pem',
      language: 'en',
    })
    expect(settings.get()).toMatchObject({
      platformAddress: OVERRIDE,
      extraCaFile: '/tmp/one-run-ca.pem',
      language: 'en',
    })
    await settings.update({ platformTimeZone: 'Europe/Berlin' })
    expect(settings.get()).toMatchObject({ platformAddress: OVERRIDE, platformTimeZone: 'Europe/Berlin' })
    expect(onDisk(store)).toMatchObject({
      platformAddress: SAVED,
      extraCaFile: null,
      language: DEFAULT_SETTINGS.language,
      platformTimeZone: 'Europe/Berlin',
    })
    // The next run without the flags is back on the saved settings.
    expect(new SettingsStore(store).get()).toMatchObject({ platformAddress: SAVED, language: 'tr' })
  })

  it('signing in at the overridden address (the same value) keeps it a one-run setting', async () => {
    const store = new MemoryStore()
    await new SettingsStore(store).update({ platformAddress: SAVED })
    const settings = new SettingsStore(store, { platformAddress: OVERRIDE })
    await settings.update({ platformAddress: OVERRIDE })
    expect(settings.get().platformAddress).toBe(OVERRIDE)
    expect(onDisk(store)?.platformAddress).toBe(SAVED)
  })

  it('a value staff choose in Settings replaces the override, and is saved', async () => {
    const store = new MemoryStore()
    const settings = new SettingsStore(store, { platformAddress: OVERRIDE, language: 'en' })
    await settings.update({ platformAddress: SAVED, language: 'tr' })
    expect(settings.get()).toMatchObject({ platformAddress: SAVED, language: 'tr' })
    expect(onDisk(store)).toMatchObject({ platformAddress: SAVED, language: 'tr' })
    // The override is gone for this run too: a later change does not bring it back.
    await settings.update({ platformTimeZone: 'Europe/Istanbul' })
    expect(settings.get().platformAddress).toBe(SAVED)
  })

  it('a refused update changes neither this run nor the disk', async () => {
    const store = new MemoryStore()
    const settings = new SettingsStore(store, { platformAddress: OVERRIDE })
    await expect(settings.update({ platformAddress: 'http://plain.example.com' })).rejects.toThrow()
    expect(settings.get().platformAddress).toBe(OVERRIDE)
    expect(onDisk(store)).toBeUndefined()
  })
})
