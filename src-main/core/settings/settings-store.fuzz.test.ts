// Property tests for settings input: whatever the contract lets through, SettingsStore.update either saves a
// valid Settings or refuses with our own AppFailure, and a refusal leaves the settings file's bytes as they were.
import { readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SettingsUpdate } from '../../../src-shared/contract.ts'
import { Settings } from '../../../src-shared/domain.ts'
import { JsonFileStore } from '../../web/json-file-store.ts'
import { AppFailure } from '../app-failure.ts'
import { forge } from '../../../test-support/core/forge-certificates.ts'
import { anyText, FUZZ_RUNS } from '../../../test-support/core/fuzz.ts'
import { SettingsStore } from './settings-store.ts'

let dir: string
let pemFile: string
let notPemFile: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'settings-fuzz-'))
  pemFile = join(dir, 'ca.pem')
  notPemFile = join(dir, 'not.pem')
  await writeFile(pemFile, (await forge({ name: 'Fuzz CA', isCa: true })).pem)
  await writeFile(notPemFile, 'hello')
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/**
 * Any value for every field the contract names (so a field added later is fuzzed too), kept only when the
 * contract's own schema accepts the update: the store is never handed anything else.
 */
function settingsUpdate() {
  const value = fc.oneof(
    fc.constant(null),
    fc.boolean(),
    anyText(120),
    fc.constantFrom(
      '',
      'tr',
      'en',
      'UTC',
      ' Europe/Istanbul ',
      'Mars/Olympus_Mons',
      'https://platform.example/integrations/',
      'http://plain.example',
      'https://user:pass@platform.example',
      pemFile,
      notPemFile,
      join(dir, 'missing.pem'),
    ),
  )
  const fields = Object.fromEntries(Object.keys(SettingsUpdate.shape).map((key) => [key, value]))
  return fc
    .record(fields, { requiredKeys: [] })
    .map((candidate) => SettingsUpdate.safeParse(candidate))
    .filter((parsed) => parsed.success)
    .map((parsed) => parsed.data)
}

const fileBytes = (file: string): string => {
  try {
    return readFileSync(file, 'latin1')
  } catch {
    return '<no file>'
  }
}

describe('SettingsStore.update, fuzzed', () => {
  it('saves valid settings or refuses with invalid-input, leaving the file and the live settings untouched', async () => {
    let run = 0
    await fc.assert(
      fc.asyncProperty(settingsUpdate(), settingsUpdate(), async (first, update) => {
        const file = join(dir, `settings-${String(run++)}.json`)
        const settings = new SettingsStore(new JsonFileStore(file))
        // Some state on disk first, so that "unchanged" means more than "still absent".
        await settings.update(first).catch(() => undefined)
        const before = { bytes: fileBytes(file), live: settings.get() }
        try {
          const saved = await settings.update(update)
          expect(Settings.safeParse(saved).success).toBe(true)
          expect(saved).toEqual(settings.get())
          expect(JSON.parse(fileBytes(file))).toMatchObject({ settings: saved })
          if (saved.platformAddress !== null) expect(saved.platformAddress).toMatch(/^https:\/\//)
        } catch (error) {
          expect(error).toBeInstanceOf(AppFailure)
          expect((error as AppFailure).appError.code).toBe('invalid-input')
          expect(fileBytes(file)).toBe(before.bytes)
          expect(settings.get()).toEqual(before.live)
        }
      }),
      FUZZ_RUNS,
    )
  })
})
