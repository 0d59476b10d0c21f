// Issue 27: the drop folder's writers against the data folder, with real files, links, folders and a process that
// swaps names while the app takes them. Each test here failed on the code before the fix.
import { spawn } from 'node:child_process'
import {
  chmodSync,
  existsSync,
  lstatSync,
  lutimesSync,
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
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { recordingLogger } from '../../../test-support/core/memory-adapters.ts'
import {
  checkDropFolder,
  createDropFolder,
  createPosFolder,
  DropFolder,
  POS_FOLDER_NAME,
  type DropOutcome,
} from './drop-folder.ts'
import type { IntakeOrder } from './order-input.ts'
import { until, within } from '../../../test-support/core/within.ts'
import { fakeOs } from '../../../test-support/core/fake-os.ts'

// os.homedir() and os.tmpdir() are a test's temp folders while it runs (fake-os.ts).
vi.mock('node:os', (original) =>
  import('../../../test-support/core/fake-os.ts').then((fake) => fake.fakeOsModule(original)),
)

const KEY = '0f8fad5b-d9cb-469f-a165-70867728950e'
const STABLE_MS = 60
const DAY = 24 * 60 * 60 * 1000
const posix = process.platform !== 'win32'

let base: string
let folder: string
let dataDir: string
let dropFolder: DropFolder | undefined
let added: IntakeOrder[]
let outcomes: DropOutcome[]
let changed: number

/** The app's own files, as a signed-in till has them. */
const APP_FILES = {
  'secret.key': 'k'.repeat(64),
  'settings.json': '{"platformAddress":"https://platform.example"}',
  'handover-journal.jsonl': `{"paymentKey":"${KEY}"}\n`,
  'courier-ledger.jsonl': '{"courier":"Ali"}\n',
  'intake-key.txt': 'intake-key',
}

beforeEach(async () => {
  // A parent only this user controls: a folder in /tmp itself is refused (its parent is shared).
  base = await mkdtemp(join(tmpdir(), 'drop-trust-'))
  folder = join(base, 'pos')
  mkdirSync(folder, { mode: 0o700 })
  dataDir = join(base, 'data')
  mkdirSync(dataDir, { mode: 0o700 })
  const longAgo = new Date(Date.now() - 60_000)
  for (const [name, text] of Object.entries(APP_FILES)) {
    writeFileSync(join(dataDir, name), text)
    lutimesSync(join(dataDir, name), longAgo, longAgo)
  }
  added = []
  outcomes = []
  changed = 0
  fakeOs.home = join(base, 'real-home')
})

afterEach(async () => {
  fakeOs.home = undefined
  const closing = dropFolder?.close()
  dropFolder = undefined
  await within(closing, 'close')
  await rm(base, { recursive: true, force: true })
})

async function startWatching(extra: { log?: ReturnType<typeof recordingLogger>; now?: () => number } = {}) {
  const starting = DropFolder.start({
    folder,
    dataDir,
    stableMs: STABLE_MS,
    rescanMs: 40,
    ...(extra.log ? { log: extra.log } : {}),
    ...(extra.now ? { clock: { now: extra.now } } : {}),
    addOrder: (order) => {
      added.push(order)
      return Promise.resolve()
    },
    onOutcome: (outcome) => outcomes.push(outcome),
    onFolderChanged: () => {
      changed += 1
    },
  })
  const started = await within(starting, 'start')
  if (started === undefined) throw new Error('start answered nothing')
  dropFolder = started
  return started
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function expectAppFilesIntact(): void {
  for (const [name, text] of Object.entries(APP_FILES)) {
    expect(existsSync(join(dataDir, name)), name).toBe(true)
    expect(readFileSync(join(dataDir, name), 'utf8'), name).toBe(text)
  }
}

/** Every entry under the app's own folder for this drop folder, with what it is. */
function keptEntries(kept: string): { path: string; kind: string }[] {
  const found: { path: string; kind: string }[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      const stats = lstatSync(path)
      const kind = stats.isSymbolicLink()
        ? 'link'
        : stats.isDirectory()
          ? 'folder'
          : stats.isFile()
            ? 'file'
            : 'other'
      found.push({ path: path.slice(kept.length + 1), kind })
      if (kind === 'folder') walk(path)
    }
  }
  walk(kept)
  return found
}

describe.runIf(posix)('the drop folder swapped after it was checked (finding 1)', () => {
  it('stops taking files, says so once, and touches nothing in the data folder', async () => {
    await startWatching()
    // Whoever can write the parent swaps the folder for a link to the data folder.
    renameSync(folder, join(base, 'pos-old'))
    symlinkSync(dataDir, folder)
    await sleep(400) // several rescans and stability waits
    expectAppFilesIntact()
    expect(added).toEqual([])
    expect(outcomes).toEqual([])
    expect(changed).toBe(1)
    expect(dropFolder?.changed).toBe(true)
  })

  it('stops when the folder is replaced by another real folder under the same name', async () => {
    await startWatching()
    renameSync(folder, join(base, 'pos-old'))
    mkdirSync(folder)
    writeFileSync(join(folder, 'order.txt'), KEY)
    await until(() => changed > 0, 'the change to be noticed')
    await sleep(200)
    expect(added).toEqual([])
    expect(readdirSync(folder)).toEqual(['order.txt'])
  })

  it('takes nothing again after the folder was swapped back', async () => {
    await startWatching()
    renameSync(folder, join(base, 'pos-old'))
    symlinkSync(dataDir, folder)
    await until(() => changed > 0, 'the change to be noticed')
    await rm(folder)
    renameSync(join(base, 'pos-old'), folder)
    writeFileSync(join(folder, 'order.txt'), KEY)
    await sleep(300)
    expect(added).toEqual([])
    expect(readdirSync(folder)).toEqual(['order.txt'])
  })
})

describe.runIf(process.platform === 'linux')(
  'a folder exchanged with a file while it is taken (finding 2)',
  () => {
    it('never lets a folder of the writer into done/ or failed/', async () => {
      await startWatching()
      const kept = (dropFolder as DropFolder).keptIn
      // A second process swaps a file and a folder under one name as fast as it can (renameat2 RENAME_EXCHANGE),
      // the folder holding a link to a place only the app's user may read.
      const victim = join(base, 'victim')
      mkdirSync(victim, { mode: 0o700 })
      writeFileSync(join(victim, 'private.txt'), 'private')
      mkdirSync(join(base, 'swap'))
      symlinkSync(victim, join(base, 'swap', 'inside'))
      renameSync(join(base, 'swap'), join(folder, 'swap-dir'))
      const script = `
import ctypes, os, time
libc = ctypes.CDLL(None, use_errno=True)
a = os.path.join(${JSON.stringify(folder)}, 'order.txt').encode()
b = os.path.join(${JSON.stringify(folder)}, 'swap-dir').encode()
end = time.time() + 1.5
while time.time() < end:
    if not os.path.lexists(a):
        with open(a + b'.tmp', 'w') as f: f.write('no id here')
        os.rename(a + b'.tmp', a)
    libc.renameat2(-100, a, -100, b, 2)
`
      const writer = spawn('python3', ['-c', script], { stdio: 'ignore' })
      await new Promise((resolve) => writer.once('exit', resolve))
      await sleep(STABLE_MS * 4)
      const foreign = keptEntries(kept).filter(
        (entry) => entry.path.includes('/') && entry.kind !== 'file' && !entry.path.startsWith('taking'),
      )
      expect(foreign).toEqual([])
      expect(keptEntries(kept).filter((entry) => entry.kind === 'link')).toEqual([])
      expect(readFileSync(join(victim, 'private.txt'), 'utf8')).toBe('private')
    }, 15_000)
  },
)

describe('pruning what the app kept (finding 2)', () => {
  it('never removes a folder with something in it, and never follows a link in it', async () => {
    await startWatching()
    const kept = (dropFolder as DropFolder).keptIn
    await within((dropFolder as DropFolder).close(), 'close')
    const victim = join(base, 'victim')
    mkdirSync(victim)
    writeFileSync(join(victim, 'private.txt'), 'private')
    // As if a writer had got its own folder into failed/, dated 1970.
    const smuggled = join(kept, 'failed', 'order.json')
    mkdirSync(smuggled)
    writeFileSync(join(smuggled, 'keep-me.txt'), 'x')
    symlinkSync(victim, join(smuggled, 'link'))
    lutimesSync(smuggled, new Date(0), new Date(0))
    await startWatching()
    expect(readFileSync(join(smuggled, 'keep-me.txt'), 'utf8')).toBe('x')
    expect(readFileSync(join(victim, 'private.txt'), 'utf8')).toBe('private')
  })

  it('counts age from its own record, not from a time someone else can set', async () => {
    let now = Date.now()
    await startWatching({ now: () => now })
    writeFileSync(join(folder, 'order.txt'), KEY)
    await until(() => outcomes.length > 0, 'the file to be taken')
    const kept = (dropFolder as DropFolder).keptIn
    await within((dropFolder as DropFolder).close(), 'close')
    const [done] = readdirSync(join(kept, 'done'))
    // A time set from outside (1970) does not make a file kept today old.
    lutimesSync(join(kept, 'done', done ?? ''), new Date(0), new Date(0))
    await startWatching({ now: () => now })
    expect(readdirSync(join(kept, 'done'))).toEqual([done])
    await within((dropFolder as DropFolder).close(), 'close')
    // 31 days on the app's own clock, and it goes.
    now += 31 * DAY
    await startWatching({ now: () => now })
    expect(readdirSync(join(kept, 'done'))).toEqual([])
  })
})

describe('names as long as the file system allows (finding 4)', () => {
  it.each([
    ['230 bytes', `${'a'.repeat(225)}.json`],
    ['255 bytes', `${'b'.repeat(250)}.json`],
    ['255 bytes of Turkish letters', `${'ş'.repeat(125)}.json`],
  ])('takes a file whose name is %s, with one log line at most', async (_name, name) => {
    const log = recordingLogger()
    writeFileSync(join(folder, name), JSON.stringify({ payment_key: KEY }))
    await startWatching({ log })
    await until(() => outcomes.length > 0, 'the file to be taken')
    await sleep(300)
    expect(outcomes).toEqual([{ file: name, result: 'done', paymentKey: KEY }])
    expect(readdirSync(folder)).toEqual([])
    expect(log.lines.filter((line) => line.includes('drop folder')).length).toBeLessThanOrEqual(1)
  })

  it('refuses a long-named file once, with its reason and its whole name kept', async () => {
    const log = recordingLogger()
    const name = `${'c'.repeat(240)}.txt`
    writeFileSync(join(folder, name), 'no id')
    await startWatching({ log })
    await until(() => outcomes.length > 0, 'the file to be refused')
    await sleep(300)
    expect(outcomes).toEqual([{ file: name, result: 'failed', reason: 'no-order-id' }])
    const failed = join((dropFolder as DropFolder).keptIn, 'failed')
    const reason = readdirSync(failed).find((entry) => entry.endsWith('.reason.txt')) ?? ''
    expect(readFileSync(join(failed, reason), 'utf8')).toContain(name)
    expect(log.lines.filter((line) => line.includes('drop folder'))).toHaveLength(1)
  })
})

describe.runIf(posix)('who may write above the folder', () => {
  it('refuses a folder in a shared sticky folder (as /tmp), even when staff confirmed', async () => {
    const shared = join(base, 'shared')
    mkdirSync(join(shared, 'orders'), { recursive: true })
    chmodSync(shared, 0o1777)
    for (const sharedConfirmed of [false, true])
      expect(await checkDropFolder(join(shared, 'orders'), { dataDir, sharedConfirmed })).toEqual({
        ok: false,
        refusal: 'shared-parent',
      })
  })

  it('takes a folder the app created itself there, and only that one', async () => {
    const shared = join(base, 'shared')
    mkdirSync(shared)
    chmodSync(shared, 0o1777)
    const created = await createDropFolder(join(shared, 'orders'), { dataDir })
    expect(created).toEqual({ ok: true, folder: join(shared, 'orders') })
    expect(lstatSync(join(shared, 'orders')).mode & 0o777).toBe(0o700)
    expect(await checkDropFolder(join(shared, 'orders'), { dataDir, sharedConfirmed: false })).toEqual({
      ok: true,
      folder: join(shared, 'orders'),
      exists: true,
    })
    // The same name made again by someone else is not the folder the app created.
    renameSync(join(shared, 'orders'), join(shared, 'was-orders'))
    mkdirSync(join(shared, 'orders'))
    expect(await checkDropFolder(join(shared, 'orders'), { dataDir, sharedConfirmed: false })).toEqual({
      ok: false,
      refusal: 'shared-parent',
    })
  })

  it('makes a folder named in Settings that is not there yet as its own, and watches it in a shared parent', async () => {
    const shared = join(base, 'shared')
    mkdirSync(shared)
    chmodSync(shared, 0o777)
    folder = join(shared, 'new', 'orders')
    await startWatching()
    expect(lstatSync(folder).mode & 0o777).toBe(0o700)
    writeFileSync(join(folder, 'order.txt'), KEY)
    await until(() => outcomes.length > 0, 'the file to be taken')
    expect(added).toEqual([{ paymentKey: KEY, details: {} }])
  })

  it('never creates over a name that is already there', async () => {
    mkdirSync(join(base, 'taken'))
    expect(await createDropFolder(join(base, 'taken'), { dataDir })).toEqual({ ok: false, refusal: 'exists' })
    symlinkSync(join(base, 'taken'), join(base, 'link'))
    expect(await createDropFolder(join(base, 'link'), { dataDir })).toEqual({ ok: false, refusal: 'exists' })
    symlinkSync(join(base, 'nowhere'), join(base, 'dangling'))
    expect(await createDropFolder(join(base, 'dangling'), { dataDir })).toEqual({
      ok: false,
      refusal: 'exists',
    })
    expect(existsSync(join(base, 'nowhere'))).toBe(false)
  })

  it('creates the POS folder in a home only this user controls, owner-only, and finds it again', async () => {
    const home = join(base, 'home')
    mkdirSync(home, { mode: 0o700 })
    const created = await createPosFolder({ dataDir, home })
    expect(created).toEqual({ ok: true, folder: join(home, POS_FOLDER_NAME) })
    expect(lstatSync(join(home, POS_FOLDER_NAME)).mode & 0o777).toBe(0o700)
    // Pressed again: the same folder, not a second one.
    expect(await createPosFolder({ dataDir, home })).toEqual(created)
    expect(readdirSync(home)).toEqual([POS_FOLDER_NAME])
    // Watched as it is: a drop file there is taken.
    folder = join(home, POS_FOLDER_NAME)
    writeFileSync(join(folder, 'order.txt'), KEY)
    await startWatching()
    await until(() => outcomes.length > 0, 'the file to be taken')
    expect(added).toEqual([{ paymentKey: KEY, details: {} }])
  })

  it('never takes a folder of that name it did not make, and refuses a home others can write', async () => {
    const home = join(base, 'home')
    mkdirSync(join(home, POS_FOLDER_NAME), { recursive: true, mode: 0o700 })
    expect(await createPosFolder({ dataDir, home })).toEqual({
      ok: true,
      folder: join(home, `${POS_FOLDER_NAME}-2`),
    })
    chmodSync(home, 0o777)
    expect(await createPosFolder({ dataDir, home })).toEqual({ ok: false, refusal: 'shared-parent' })
  })
})

describe.runIf(process.platform === 'linux')('what the drop folder opens (finding 5)', () => {
  const openFiles = () => readdirSync('/proc/self/fd').length

  it('closes everything it opened, at close and once the folder changed, start after start', async () => {
    const take = async (start: number) => {
      await startWatching()
      writeFileSync(join(folder, `order-${String(start)}.txt`), KEY)
      await until(() => outcomes.length > start, 'the file to be taken')
      await within((dropFolder as DropFolder).close(), 'close')
    }
    // The first start opens what the process keeps for good (libuv's one inotify descriptor).
    await take(0)
    const before = openFiles()
    for (let start = 1; start < 6; start++) await take(start)
    expect(openFiles()).toBe(before)
    await startWatching()
    renameSync(folder, join(base, 'pos-old'))
    symlinkSync(dataDir, folder)
    await until(() => changed > 0, 'the change to be noticed')
    await sleep(100)
    expect(openFiles()).toBe(before)
  })
})
