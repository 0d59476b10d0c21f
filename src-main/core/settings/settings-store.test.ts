import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SettingsUpdate } from '../../../src-shared/contract.ts'
import { toAppError } from '../app-failure.ts'
import { MemoryStore } from '../../../test-support/core/memory-adapters.ts'
import { forge } from '../../../test-support/core/forge-certificates.ts'
import { DEFAULT_SETTINGS } from '../../../src-shared/domain.ts'
import { normalizePlatformAddress, SettingsStore } from './settings-store.ts'

async function problemOf(work: () => unknown): Promise<string | undefined> {
  try {
    await work()
    return undefined
  } catch (error) {
    return toAppError(error).problem
  }
}

describe('normalizePlatformAddress (D8)', () => {
  it('keeps https addresses, trimmed and without a trailing slash', () => {
    expect(normalizePlatformAddress('  https://api.example.com/integrations/ ')).toBe(
      'https://api.example.com/integrations',
    )
    expect(normalizePlatformAddress('HTTPS://API.example.com')).toBe('https://api.example.com')
  })

  it.each([
    ['http://api.example.com', 'not-https'],
    ['ftp://api.example.com', 'not-https'],
    ['javascript:alert(1)', 'not-https'],
    ['api.example.com', 'not-a-url'],
    ['', 'not-a-url'],
    ['https://user:pass@api.example.com', 'not-a-url'],
    ['https://api.example.com/?x=1', 'not-a-url'],
  ])('refuses %j', async (address, problem) => {
    expect(await problemOf(() => normalizePlatformAddress(address))).toBe(problem)
  })
})

describe('SettingsStore', () => {
  it('starts from the defaults: Turkish, Europe/Istanbul, no address', () => {
    expect(new SettingsStore(new MemoryStore()).get()).toEqual(DEFAULT_SETTINGS)
    expect(DEFAULT_SETTINGS).toMatchObject({ language: 'tr', platformTimeZone: 'Europe/Istanbul' })
  })

  it('saves a valid update and reads it back after a restart', async () => {
    const store = new MemoryStore()
    await new SettingsStore(store).update({ language: 'en', platformTimeZone: 'Europe/Berlin' })
    expect(new SettingsStore(store).get()).toMatchObject({
      language: 'en',
      platformTimeZone: 'Europe/Berlin',
    })
  })

  it.each([
    [{ platformAddress: 'http://x.example' }, 'not-https'],
    [{ platformTimeZone: 'Mars/Olympus' }, 'invalid-time-zone'],
    [{ extraCaFile: '/does/not/exist.pem' }, 'ca-file-unreadable'],
  ])('refuses %j and changes nothing, even fields that were valid', async (update, problem) => {
    const store = new MemoryStore()
    const settings = new SettingsStore(store)
    await settings.update({ language: 'en' })
    const before = store.asText()
    expect(await problemOf(() => settings.update({ language: 'tr', ...update }))).toBe(problem)
    expect(store.asText()).toBe(before)
    expect(settings.get().language).toBe('en')
  })

  it('accepts an extra CA file only when it holds a PEM certificate', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'settings-'))
    const notPem = join(dir, 'notes.txt')
    await writeFile(notPem, 'hello')
    const pem = join(dir, 'ca.pem')
    await writeFile(pem, (await forge({ name: 'Test CA', isCa: true })).pem)
    const settings = new SettingsStore(new MemoryStore())
    expect(await problemOf(() => settings.update({ extraCaFile: notPem }))).toBe('ca-file-not-pem')
    expect((await settings.update({ extraCaFile: pem })).extraCaFile).toBe(pem)
    expect((await settings.update({ extraCaFile: '' })).extraCaFile).toBeNull()
  })

  it('lets command-line settings win for this run without writing them', () => {
    const store = new MemoryStore()
    const settings = new SettingsStore(store, { language: 'en' })
    expect(settings.get().language).toBe('en')
    expect(store.values.size).toBe(0)
  })
})

describe('automatic updates', () => {
  it('are off by default and only switch on or off', async () => {
    expect(DEFAULT_SETTINGS.autoUpdate).toBe(false)
    const store = new MemoryStore()
    const settings = new SettingsStore(store)
    expect((await settings.update({ autoUpdate: true })).autoUpdate).toBe(true)
    expect(new SettingsStore(store).get().autoUpdate).toBe(true)
    expect((await settings.update({ autoUpdate: false })).autoUpdate).toBe(false)
  })

  it('take no update address: the contract refuses one, and an old settings file that has one still loads', () => {
    expect(SettingsUpdate.safeParse({ updateUrl: 'https://evil.example/feed' }).success).toBe(false)
    const store = new MemoryStore()
    store.set('settings', { ...DEFAULT_SETTINGS, language: 'en', updateUrl: 'https://evil.example/feed' })
    const loaded = new SettingsStore(store).get()
    expect(loaded.language).toBe('en')
    expect(loaded).not.toHaveProperty('updateUrl')
    expect(loaded.autoUpdate).toBe(false)
  })
})
