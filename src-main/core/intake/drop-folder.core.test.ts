// The drop folder as the core composes it (issue 27): swapped after it was checked, Settings (getIntakeInfo)
// and the status line (the attention value) say so and nothing more is taken; "Create the POS folder" makes the
// app's own folder in the staff user's home and watches it.
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Core } from '../create-core.ts'
import { testCore } from '../../../test-support/core/core-on-mock.ts'
import { POS_FOLDER_NAME } from './drop-folder.ts'
import { until, within } from '../../../test-support/core/within.ts'
import { fakeOs } from '../../../test-support/core/fake-os.ts'

// os.homedir() and os.tmpdir() are a test's temp folders while it runs (fake-os.ts).
vi.mock('node:os', (original) =>
  import('../../../test-support/core/fake-os.ts').then((fake) => fake.fakeOsModule(original)),
)

const ORDER = '3f2b7c9e-1a4d-4e8b-9c2f-5d6e7f8a9b0c'

const cores: Core[] = []
const folders: string[] = []

afterEach(async () => {
  for (const core of cores.splice(0)) {
    await within(core.intake.stop(), 'stop')
    core.dispose()
  }
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true })
  fakeOs.home = undefined
})

function value<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`)
  return result.value
}

async function servedCore() {
  const base = await mkdtemp(join(tmpdir(), 'drop-core-'))
  folders.push(base)
  const dataDir = join(base, 'data')
  const home = join(base, 'home')
  fakeOs.home = join(base, 'real-home')
  mkdirSync(dataDir, { mode: 0o700 })
  mkdirSync(home, { mode: 0o700 })
  const core = await testCore({})
  cores.push(core)
  await core.intake.serve({ port: 0, dropStableMs: 40, dataDir, home })
  return { core, base, dataDir, home }
}

describe('the drop folder in the core', () => {
  it('says on the status line and in Settings that a swapped folder is no longer watched', async () => {
    const { core, base, dataDir } = await servedCore()
    writeFileSync(join(dataDir, 'secret.key'), 'secret')
    const folder = join(base, 'pos')
    mkdirSync(folder, { mode: 0o700 })
    value(await core.handlers.updateSettings({ dropFolder: folder }))
    expect(value(await core.handlers.getIntakeInfo(undefined)).dropFolder.status).toBe('watching')
    expect(value(await core.handlers.getAttention(undefined))).toMatchObject({
      dropFolderChanged: false,
      count: 0,
    })
    renameSync(folder, join(base, 'pos-old'))
    symlinkSync(dataDir, folder)
    // The rescan (every 5 s) or the watcher's next event finds it; a drop file makes one.
    writeFileSync(join(dataDir, 'bait.txt'), ORDER)
    await until(
      async () => value(await core.handlers.getIntakeInfo(undefined)).dropFolder.status === 'refused',
      'the swap to be noticed',
    )
    expect(value(await core.handlers.getIntakeInfo(undefined)).dropFolder).toEqual({
      folder,
      status: 'refused',
      refusal: 'changed',
    })
    expect(value(await core.handlers.getAttention(undefined))).toMatchObject({
      dropFolderChanged: true,
      count: 1,
    })
    expect(value(await core.handlers.listOrders(undefined))).toEqual([])
    expect(readFileSync(join(dataDir, 'secret.key'), 'utf8')).toBe('secret')
    expect(readFileSync(join(dataDir, 'bait.txt'), 'utf8')).toBe(ORDER)
  }, 15_000)

  it('creates the POS folder in the home, names it in Settings and watches it', async () => {
    const { core, home } = await servedCore()
    const info = value(await core.handlers.createPosFolder(undefined))
    const folder = join(home, POS_FOLDER_NAME)
    expect(info.dropFolder).toEqual({ folder, status: 'watching' })
    expect(value(await core.handlers.getSettings(undefined)).dropFolder).toBe(folder)
    expect(lstatSync(folder).mode & 0o777).toBe(0o700)
    writeFileSync(join(folder, 'order.txt'), ORDER)
    // Taken: on the board, and (just after the board took it) gone from the folder.
    await until(
      async () =>
        value(await core.handlers.listOrders(undefined)).length === 1 && readdirSync(folder).length === 0,
      'the drop file to be taken',
    )
  }, 15_000)
})
