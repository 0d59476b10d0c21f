// Property tests for settings input: whatever the contract lets through, SettingsStore.update either saves a
// valid Settings or refuses with our own AppFailure, and a refusal leaves the settings file's bytes as they were.
import { readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import type { ZodType } from 'zod'
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
 * Any value for every field the contract names (so a field added later is fuzzed too). Each field keeps its value
 * only when the contract's schema for that field accepts it (otherwise the field is left out), and the whole
 * update must still pass the contract: the store is never handed anything else. Filtering whole records instead
 * would almost never succeed once Settings has twenty fields, and fast-check would search forever.
 */
function settingsUpdate() {
  const value = fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer({ min: -2, max: 70_000 }),
    fc.constantFrom(0, 5, 10, 58, 80, 47_810),
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
      dir,
    ),
  )
  const shape: Record<string, ZodType> = SettingsUpdate.shape
  const fields = Object.fromEntries(
    Object.entries(shape).map(([key, schema]) => [
      key,
      value.map((candidate) => (schema.safeParse(candidate).success ? candidate : undefined)),
    ]),
  )
  return fc
    .record(fields, { requiredKeys: [] })
    .map((candidate) => Object.fromEntries(Object.entries(candidate).filter(([, v]) => v !== undefined)))
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
          // The bytes are compared as latin1 (any byte is one character); the JSON is read as the UTF-8 it is.
          expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ settings: saved })
          if (saved.platformAddress !== null) expect(saved.platformAddress).toMatch(/^https:\/\//)
        } catch (error) {
          // A failed expectation above is not a refusal: let it fail the property as itself.
          if (!(error instanceof AppFailure)) throw error
          expect(error.appError.code).toBe('invalid-input')
          expect(fileBytes(file)).toBe(before.bytes)
          expect(settings.get()).toEqual(before.live)
        }
      }),
      FUZZ_RUNS,
    )
  })
})
