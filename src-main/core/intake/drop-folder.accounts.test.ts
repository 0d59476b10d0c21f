// Issue 27, finding 1, with the second local account the attack needs: another user who can write the drop
// folder's parent (and nothing of the app's) swaps the folder for a link to the app's data folder, or to a folder
// they cannot even list. Needs root (to add the account and run the writer as it) on Linux; skipped elsewhere,
// saying why. The same attack by the app's own user is in drop-folder.trust.test.ts.
import { execFileSync, spawnSync } from 'node:child_process'
import {
  chmodSync,
  existsSync,
  lutimesSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { checkDropFolder, createDropFolder, DropFolder, type DropOutcome } from './drop-folder.ts'
import { ANSWER_WITHIN_MS, within } from '../../../test-support/core/within.ts'

const ACCOUNT = 'posdroptest'
const KEY = '0f8fad5b-d9cb-469f-a165-70867728950e'

function cannotRun(): string | undefined {
  if (process.platform !== 'linux') return 'runs on Linux only (runuser)'
  if (process.getuid?.() !== 0) return 'needs root, to add a second account and run the writer as it'
  if (spawnSync('runuser', ['--version']).error) return 'runuser is missing'
  return undefined
}
const why = cannotRun()
if (why !== undefined) console.warn(`drop-folder.accounts.test.ts skipped: ${why}`)

/** Runs a shell command as the second account; its exit code. */
function asOther(command: string): number {
  return spawnSync('runuser', ['-u', ACCOUNT, '--', 'sh', '-c', command]).status ?? -1
}

let base: string
let dataDir: string
let dropFolder: DropFolder | undefined

describe.skipIf(why !== undefined)('another account swaps the drop folder (finding 1)', () => {
  beforeAll(() => {
    if (spawnSync('id', [ACCOUNT]).status !== 0)
      execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', ACCOUNT])
  })

  beforeEach(async () => {
    // Under / rather than /tmp: the second account must be able to reach the shared parent.
    base = await mkdtemp('/var/tmp/drop-accounts-')
    chmodSync(base, 0o755)
    dataDir = join(base, 'data')
    mkdirSync(dataDir, { mode: 0o700 })
    const longAgo = new Date(Date.now() - 60_000)
    for (const name of ['secret.key', 'settings.json', 'courier-ledger.jsonl']) {
      writeFileSync(join(dataDir, name), `${name} of the app`)
      lutimesSync(join(dataDir, name), longAgo, longAgo)
    }
  })

  afterEach(async () => {
    const closing = dropFolder?.close()
    dropFolder = undefined
    await within(closing, 'close')
    await rm(base, { recursive: true, force: true })
  })

  async function watch(folder: string) {
    let changed = 0
    const outcomes: DropOutcome[] = []
    dropFolder = await within(
      DropFolder.start({
        folder,
        dataDir,
        stableMs: 40,
        rescanMs: 30,
        addOrder: () => Promise.resolve(),
        onOutcome: (outcome) => outcomes.push(outcome),
        onFolderChanged: () => (changed += 1),
      }),
      'start',
    )
    return { outcomes, changed: () => changed }
  }

  it('refuses a folder the other account could swap, unless the app created it', async () => {
    const shared = join(base, 'shared')
    mkdirSync(join(shared, 'orders'), { recursive: true })
    chmodSync(shared, 0o777)
    expect(await checkDropFolder(join(shared, 'orders'), { dataDir, sharedConfirmed: true })).toEqual({
      ok: false,
      refusal: 'shared-parent',
    })
    expect(await createDropFolder(join(shared, 'mine'), { dataDir })).toEqual({
      ok: true,
      folder: join(shared, 'mine'),
    })
  })

  it.each([
    ['the app’s data folder', () => dataDir],
    ['a folder the other account cannot even list', () => join(base, 'private')],
  ])(
    'takes nothing from %s when the other account swaps the folder for a link to it',
    async (_name, target) => {
      const shared = join(base, 'shared')
      mkdirSync(shared)
      chmodSync(shared, 0o777) // no sticky bit: the other account may rename what is in it
      const privateFolder = join(base, 'private')
      mkdirSync(privateFolder, { mode: 0o700 })
      writeFileSync(join(privateFolder, 'order.txt'), KEY)
      lutimesSync(join(privateFolder, 'order.txt'), new Date(0), new Date(0))
      const folder = join(shared, 'pos')
      expect(await createDropFolder(folder, { dataDir })).toMatchObject({ ok: true })
      const watching = await watch(folder)
      expect(asOther(`mv ${folder} ${shared}/pos-old && ln -s ${target()} ${folder}`)).toBe(0)
      const end = Date.now() + ANSWER_WITHIN_MS
      while (watching.changed() === 0 && Date.now() < end)
        await new Promise((resolve) => setTimeout(resolve, 20))
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(watching.changed()).toBe(1)
      expect(watching.outcomes).toEqual([])
      for (const name of ['secret.key', 'settings.json', 'courier-ledger.jsonl'])
        expect(readFileSync(join(dataDir, name), 'utf8')).toBe(`${name} of the app`)
      expect(readdirSync(privateFolder)).toEqual(['order.txt'])
      const kept = (dropFolder as DropFolder).keptIn
      expect(readdirSync(join(kept, 'done'))).toEqual([])
      expect(readdirSync(join(kept, 'failed'))).toEqual([])
    },
  )

  it('cannot swap a folder the app created in a sticky shared folder (as /tmp)', async () => {
    const shared = join(base, 'shared')
    mkdirSync(shared)
    chmodSync(shared, 0o1777)
    const folder = join(shared, 'pos')
    expect(await createDropFolder(folder, { dataDir })).toMatchObject({ ok: true })
    await watch(folder)
    expect(asOther(`mv ${folder} ${shared}/pos-old`)).not.toBe(0)
    expect(existsSync(folder)).toBe(true)
    expect(dropFolder?.changed).toBe(false)
  })
})
