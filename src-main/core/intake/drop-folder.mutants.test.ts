// The drop folder's rules that the scenario tests beside it did not pin (issue 27's mutation run): how often a
// file is tried and when, what stays settled, what the listing takes, what close and a changed folder leave
// behind (which folders may be the drop folder: drop-folder.check.test.ts). Real files, links, FIFOs and
// folders in temp folders; every wait is bounded (within.ts), so a change that stops the folder answering fails in seconds.
import type { FSWatcher } from 'chokidar'
import { execFileSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
  type Stats,
} from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { recordingLogger } from '../../../test-support/core/memory-adapters.ts'
import { DropFolder, type DropFolderDeps, type DropOutcome } from './drop-folder.ts'
import type { IntakeOrder } from './order-input.ts'
import { until, within } from '../../../test-support/core/within.ts'
import { fakeOs } from '../../../test-support/core/fake-os.ts'

// os.homedir() and os.tmpdir() are a test's temp folders while it runs (fake-os.ts).
vi.mock('node:os', (original) =>
  import('../../../test-support/core/fake-os.ts').then((fake) => fake.fakeOsModule(original)),
)

/**
 * Seams the tests below reach through, each passing to the real module unless a test sets it: what the drop
 * file's take finds (a file Windows holds open, a name that became a folder), a prune that fails, the
 * watcher (to report its errors), and a listing that fails.
 */
const seams = vi.hoisted(() => ({
  taken: new Map<string, 'locked' | 'folder' | 'gone'>(),
  pruneFails: false,
  watchers: [] as FSWatcher[],
  listingFails: undefined as string | undefined,
  /** Run once, just before the next lstat of this path: a writer acting between two looks. */
  beforeLook: undefined as { path: string; act: () => void } | undefined,
  /** A path lstat reports on another device, same inode number: a share mounted over the folder. */
  otherDevice: undefined as string | undefined,
}))
vi.mock('./drop-file.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./drop-file.ts')>()
  return {
    ...real,
    takeDropFile: (path: string, stillTheFolder: () => Promise<void>) => {
      const kind = seams.taken.get(path)
      return kind === undefined ? real.takeDropFile(path, stillTheFolder) : Promise.resolve({ kind })
    },
    pruneKept: (kept: string, now: number, maxAgeMs: number) =>
      seams.pruneFails ? Promise.reject(new Error('disk gone')) : real.pruneKept(kept, now, maxAgeMs),
  }
})
vi.mock('chokidar', async (importOriginal) => {
  const real = await importOriginal<typeof import('chokidar')>()
  return {
    ...real,
    watch: (...args: Parameters<typeof real.watch>) => {
      const watcher = real.watch(...args)
      seams.watchers.push(watcher)
      return watcher
    },
  }
})
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>()
  const readdir = ((path: string, ...rest: unknown[]) =>
    path === seams.listingFails
      ? Promise.reject(Object.assign(new Error('EIO: i/o error, scandir'), { code: 'EIO' }))
      : (real.readdir as (...args: unknown[]) => Promise<unknown>)(path, ...rest)) as typeof real.readdir
  const lstat = ((path: string, ...rest: unknown[]) => {
    const before = seams.beforeLook
    if (before?.path === path) {
      seams.beforeLook = undefined
      before.act()
    }
    const found = (real.lstat as (...args: unknown[]) => Promise<Stats>)(path, ...rest)
    if (path !== seams.otherDevice) return found
    return found.then((stats) => {
      stats.dev += 1
      return stats
    })
  }) as typeof real.lstat
  return { ...real, readdir, lstat, default: { ...real, readdir, lstat } }
})

const KEY = '0f8fad5b-d9cb-469f-a165-70867728950e'
const OTHER = '7c9e6679-7425-40de-944b-e07fc1f90ae7'
const STABLE_MS = 40
/** A watcher that polls once an hour reports nothing new during a test: only the folder's listing can. */
const SILENT_WATCHER = { usePolling: true, pollIntervalMs: 3_600_000 } as const
const posix = process.platform !== 'win32'
const root = process.getuid?.() === 0

let base: string
let folder: string
let dataDir: string
let dropFolder: DropFolder | undefined
let added: IntakeOrder[]
let outcomes: { at: number; outcome: DropOutcome }[]
let changed: number
/** Files made immutable (chattr +i) by a test: made removable again before the temp folder goes. */
let immutable: string[]

beforeEach(async () => {
  // A parent only this user controls: a folder right in /tmp is refused (its parent is shared).
  base = await mkdtemp(join(tmpdir(), 'drop-mutants-'))
  folder = join(base, 'pos')
  mkdirSync(folder, { mode: 0o700 })
  dataDir = join(base, 'data')
  mkdirSync(dataDir, { mode: 0o700 })
  added = []
  outcomes = []
  changed = 0
  immutable = []
  fakeOs.home = join(base, 'real-home')
})

afterEach(async () => {
  vi.unstubAllEnvs()
  seams.taken.clear()
  seams.pruneFails = false
  seams.watchers.length = 0
  seams.listingFails = undefined
  seams.beforeLook = undefined
  seams.otherDevice = undefined
  fakeOs.home = undefined
  fakeOs.temp = undefined
  for (const path of immutable) execFileSync('chattr', ['-i', path])
  const closing = dropFolder?.close()
  dropFolder = undefined
  await within(closing, 'close')
  await rm(base, { recursive: true, force: true })
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function startWatching(extra: Partial<DropFolderDeps> = {}): Promise<DropFolder> {
  const started = await within(
    DropFolder.start({
      folder,
      dataDir,
      stableMs: STABLE_MS,
      addOrder: (order) => {
        added.push(order)
        return Promise.resolve()
      },
      onOutcome: (outcome) => outcomes.push({ at: Date.now(), outcome }),
      onFolderChanged: () => {
        changed += 1
      },
      ...extra,
    }),
    'start',
  )
  if (started === undefined) throw new Error('start answered nothing')
  dropFolder = started
  return started
}

const outcomesOf = (file: string) => outcomes.filter(({ outcome }) => outcome.file === file)
const results = () => outcomes.map(({ outcome }) => outcome)
const kept = (sub: 'done' | 'failed') => readdirSync(join((dropFolder as DropFolder).keptIn, sub))

function makeImmutable(path: string): void {
  execFileSync('chattr', ['+i', path])
  immutable.push(path)
}

function makeMutable(path: string): void {
  execFileSync('chattr', ['-i', path])
  immutable.splice(immutable.indexOf(path), 1)
}

describe('DropFolder: how often and when a file is tried', () => {
  it('takes a file once, however often the folder is listed meanwhile', async () => {
    await startWatching({ ...SILENT_WATCHER, rescanMs: 10 })
    writeFileSync(join(folder, 'order.txt'), KEY)
    await until(() => outcomes.length > 0, 'the file to be taken')
    // Many listings after it was taken: each finds it gone, and says nothing.
    await sleep(200)
    expect(results()).toEqual([{ file: 'order.txt', result: 'done', paymentKey: KEY }])
    expect(added).toEqual([{ paymentKey: KEY, details: {} }])
  })

  it('takes a file once it stood still for stableMs, not chokidar’s default 2 s', async () => {
    await startWatching({ rescanMs: 3_600_000 })
    const written = Date.now()
    writeFileSync(join(folder, 'order.txt'), KEY)
    await until(() => outcomes.length > 0, 'the file to be taken')
    // 40 ms of stillness and the take: far below a second even on a busy machine.
    expect((outcomes[0]?.at ?? Infinity) - written).toBeLessThan(1500)
  })

  it('tries a file the app cannot add five times, further apart each time, and logs it once', async () => {
    const log = recordingLogger()
    // The retries' timers, by their waits: none may keep the app from quitting.
    const waits = new Map<number, NodeJS.Timeout[]>()
    const realSetTimeout = globalThis.setTimeout
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation((job: () => void, ms?: number) => {
      const timer = realSetTimeout(job, ms)
      waits.set(ms ?? 0, [...(waits.get(ms ?? 0) ?? []), timer])
      return timer
    })
    onTestFinished(() => {
      spy.mockRestore()
    })
    // Only the watcher's one event: the tries that follow are the retries' own.
    await startWatching({ log, rescanMs: 3_600_000, addOrder: () => Promise.reject(new Error('disk full')) })
    writeFileSync(join(folder, 'order.txt'), KEY)
    await until(() => outcomes.length >= 5, 'five tries')
    await sleep(STABLE_MS * 6)
    expect(results()).toEqual(Array.from({ length: 5 }, () => ({ file: 'order.txt', result: 'retry-later' })))
    const times = outcomes.map(({ at }) => at)
    // The n-th wait is n times the stable time (a timer never fires early; allow a millisecond of rounding).
    for (let tries = 1; tries < 5; tries++)
      expect((times[tries] ?? 0) - (times[tries - 1] ?? 0)).toBeGreaterThanOrEqual(STABLE_MS * tries - 2)
    const logged = log.lines.filter((line) => line.includes('could not add an order'))
    expect(logged).toHaveLength(1)
    expect(logged[0]).toContain('"file":"order.txt"')
    expect(logged[0]).toContain('disk full')
    expect(readdirSync(folder)).toEqual(['order.txt'])
    expect(kept('done')).toEqual([])
    for (let tries = 1; tries < 5; tries++)
      expect(waits.get(STABLE_MS * tries)?.map((timer) => timer.hasRef())).toEqual([false])
  })

  it('waits for the try it set when the watcher tells of the file again meanwhile', async () => {
    // The listing takes it once it stood still for 300 ms; its next try is set 300 ms after the first.
    await startWatching({
      ...SILENT_WATCHER,
      stableMs: 300,
      rescanMs: 10,
      addOrder: () => Promise.reject(new Error('disk full')),
    })
    const path = join(folder, 'order.txt')
    writeFileSync(path, KEY)
    await until(() => outcomes.length >= 1, 'the first try')
    // A write the watcher reports as an add and then a change: the change must not bring the next try forward.
    seams.watchers.at(-1)?.emit('change', path)
    await sleep(100)
    expect(results()).toEqual([{ file: 'order.txt', result: 'retry-later' }])
  })

  it('leaves a file it gave up on alone, however often the folder is listed after', async () => {
    const log = recordingLogger()
    await startWatching({
      log,
      stableMs: 10,
      rescanMs: 10,
      addOrder: () => Promise.reject(new Error('disk full')),
    })
    writeFileSync(join(folder, 'order.txt'), KEY)
    await until(() => outcomes.length >= 5, 'five tries')
    // Its last retry is due within 10 ms × 5 of the first: then nothing more, listed every 10 ms.
    await sleep(150)
    // Five tries, though the watcher and the listing both found it first.
    expect(outcomes).toHaveLength(5)
    await sleep(150)
    expect(outcomes).toHaveLength(5)
    expect(readdirSync(folder)).toEqual(['order.txt'])
    expect(log.lines.filter((line) => line.includes('could not add an order'))).toHaveLength(1)
  })

  it('forgets the tries of a file once it was taken: the same name later is listed and taken', async () => {
    let failures = 1
    await startWatching({
      ...SILENT_WATCHER,
      rescanMs: 10,
      addOrder: (order) => {
        if (failures-- > 0) return Promise.reject(new Error('disk full'))
        added.push(order)
        return Promise.resolve()
      },
    })
    writeFileSync(join(folder, 'order.txt'), KEY)
    await until(() => outcomes.some(({ outcome }) => outcome.result === 'done'), 'the file to be taken')
    writeFileSync(join(folder, 'order.txt'), OTHER)
    await until(() => added.length === 2, 'the same name to be taken again')
    expect(added.map((order) => order.paymentKey)).toEqual([KEY, OTHER])
  })

  it('works without anyone told of outcomes: a file is tried again and taken, nothing logged', async () => {
    const log = recordingLogger()
    let failures = 1
    // As the core may start it: no onOutcome, no onFolderChanged.
    dropFolder = await within(
      DropFolder.start({
        folder,
        dataDir,
        stableMs: STABLE_MS,
        log,
        addOrder: (order) => {
          if (failures-- > 0) return Promise.reject(new Error('disk full'))
          added.push(order)
          return Promise.resolve()
        },
      }),
      'start',
    )
    writeFileSync(join(folder, 'later.txt'), KEY)
    await until(() => added.length === 1, 'the later try')
    await until(() => readdirSync(folder).length === 0, 'the file to be removed')
    writeFileSync(join(folder, 'now.txt'), OTHER)
    await until(() => added.length === 2, 'the next file')
    await until(() => readdirSync(folder).length === 0, 'the next file to be removed')
    expect(log.lines.filter((line) => line.includes('could not take'))).toEqual([])
  })

  it('keeps a file it could not keep a copy of in the drop folder, and takes it once it can', async () => {
    const log = recordingLogger()
    await startWatching({ log })
    const done = join((dropFolder as DropFolder).keptIn, 'done')
    // The app's done/ is not a folder any more (a full or broken disk does the same): nothing can be kept.
    rmdirSync(done)
    writeFileSync(done, '')
    writeFileSync(join(folder, 'order.txt'), KEY)
    await until(() => outcomes.length > 0, 'a first try')
    expect(results()).toEqual([{ file: 'order.txt', result: 'retry-later' }])
    expect(readdirSync(folder)).toEqual(['order.txt'])
    expect(log.lines.filter((line) => line.includes('could not take a file'))).toHaveLength(1)
    rmSync(done)
    mkdirSync(done)
    await until(() => outcomesOf('order.txt').some(({ outcome }) => outcome.result === 'done'), 'the take')
    expect(readdirSync(folder)).toEqual([])
    expect(readdirSync(done)).toHaveLength(1)
  })
})

describe.runIf(process.platform === 'linux' && root)(
  'DropFolder: a file whose name cannot be removed',
  () => {
    it('is taken once, not again at each listing, and again once it was gone and came back', async () => {
      const file = join(folder, 'order.txt')
      writeFileSync(file, KEY)
      // Not even root may remove an immutable file's name: as a file another program holds, on Windows.
      makeImmutable(file)
      await startWatching({ rescanMs: 10 })
      await until(() => outcomes.length > 0, 'the file to be taken')
      await sleep(200)
      expect(results()).toEqual([{ file: 'order.txt', result: 'done', paymentKey: KEY }])
      expect(added).toHaveLength(1)
      expect(kept('done')).toHaveLength(1)
      // Moved away (the listing no longer has the name) and back, unchanged: it is a file to take again.
      makeMutable(file)
      renameSync(file, join(base, 'aside.txt'))
      await sleep(200)
      renameSync(join(base, 'aside.txt'), file)
      await until(() => outcomes.length > 1, 'the file to be taken again')
      expect(added).toHaveLength(2)
      await until(() => !existsSync(file), 'the name to be removed')
    })

    it('takes it again once its writer rewrote it in place', async () => {
      const file = join(folder, 'order.txt')
      writeFileSync(file, KEY)
      makeImmutable(file)
      // Only the watcher's events: the rewrite is told as a change of the name.
      await startWatching({ rescanMs: 3_600_000 })
      await until(() => outcomes.length > 0, 'the file to be taken')
      makeMutable(file)
      writeFileSync(file, OTHER)
      await until(() => added.length === 2, 'the rewritten file to be taken')
      expect(added.map((order) => order.paymentKey)).toEqual([KEY, OTHER])
      await until(() => !existsSync(file), 'the name to be removed')
    })

    it('is refused once, with one log line', async () => {
      const log = recordingLogger()
      const file = join(folder, 'junk.txt')
      writeFileSync(file, 'no order here')
      makeImmutable(file)
      await startWatching({ log, rescanMs: 10 })
      await until(() => outcomes.length > 0, 'the file to be refused')
      await sleep(200)
      expect(results()).toEqual([{ file: 'junk.txt', result: 'failed', reason: 'no-order-id' }])
      expect(kept('failed')).toHaveLength(2)
      expect(log.lines.filter((line) => line.includes('junk.txt'))).toHaveLength(1)
    })
  },
)

describe('DropFolder: what the listing takes', () => {
  it('takes a file only once it stood still for the stable time, by the app clock', async () => {
    let now = 0
    await startWatching({ ...SILENT_WATCHER, rescanMs: 10, stableMs: 500, clock: { now: () => now } })
    const file = join(folder, 'order.txt')
    writeFileSync(file, KEY)
    const written = Math.floor(Date.now() / 1000) * 1000 - 60_000
    utimesSync(file, new Date(written), new Date(written))
    now = written + 499
    await sleep(150)
    expect(outcomes).toEqual([])
    now = written + 500
    await until(() => outcomes.length > 0, 'the file to be taken')
    expect(results()).toEqual([{ file: 'order.txt', result: 'done', paymentKey: KEY }])
  })

  it('skips quietly a name gone between the listing and its look, and takes the others', async () => {
    const log = recordingLogger()
    await startWatching({ ...SILENT_WATCHER, log, rescanMs: 10 })
    const gone = join(folder, 'a-gone.txt')
    seams.beforeLook = { path: gone, act: () => rmSync(gone) }
    writeFileSync(gone, KEY)
    writeFileSync(join(folder, 'b-stays.txt'), OTHER)
    await until(() => outcomes.length > 0, 'the other file to be taken')
    expect(results()).toEqual([{ file: 'b-stays.txt', result: 'done', paymentKey: OTHER }])
    expect(log.lines.filter((line) => line.includes('could not list'))).toEqual([])
  })

  it('never takes a sub-folder or a name still being written, only the files beside them', async () => {
    await startWatching({ ...SILENT_WATCHER, rescanMs: 10 })
    mkdirSync(join(folder, 'sub'))
    writeFileSync(join(folder, 'sub', 'inside.txt'), OTHER)
    for (const name of ['order.json.tmp', '.order.json', '~order.json'])
      writeFileSync(join(folder, name), KEY)
    writeFileSync(join(folder, 'real.txt'), OTHER)
    await until(() => outcomes.length > 0, 'the file to be taken')
    await sleep(150)
    expect(results()).toEqual([{ file: 'real.txt', result: 'done', paymentKey: OTHER }])
    expect(readdirSync(folder).sort()).toEqual(['.order.json', 'order.json.tmp', 'sub', '~order.json'])
  })

  it('refuses a link to a folder as itself, and leaves the folder it points to alone', async () => {
    const elsewhere = join(base, 'elsewhere')
    mkdirSync(elsewhere)
    writeFileSync(join(elsewhere, 'order.txt'), KEY)
    await startWatching({ rescanMs: 3_600_000 })
    symlinkSync(elsewhere, join(folder, 'orders'))
    await until(() => outcomes.length > 0, 'the link to be refused')
    expect(results()).toEqual([{ file: 'orders', result: 'failed', reason: 'not-a-file' }])
    expect(added).toEqual([])
    expect(readdirSync(elsewhere)).toEqual(['order.txt'])
  })

  it('uses OS events unless told to poll, whatever the poll interval', async () => {
    await startWatching({ pollIntervalMs: 3_600_000, rescanMs: 3_600_000 })
    writeFileSync(join(folder, 'order.txt'), KEY)
    await until(() => outcomes.length > 0, 'the file to be taken')
    expect(results()).toEqual([{ file: 'order.txt', result: 'done', paymentKey: KEY }])
  })

  it('polls for a network share: no OS events, only what the poll finds', async () => {
    await startWatching({ ...SILENT_WATCHER, rescanMs: 3_600_000 })
    writeFileSync(join(folder, 'order.txt'), KEY)
    // OS events would have brought it by now; a poll once an hour has not.
    await sleep(STABLE_MS * 10)
    expect(outcomes).toEqual([])
    expect(seams.watchers.at(-1)?.options.interval).toBe(SILENT_WATCHER.pollIntervalMs)
  })

  it('polls at chokidar’s own interval when none is given', async () => {
    await startWatching({ usePolling: true, rescanMs: 3_600_000 })
    // The poll compares the folder with its first look, which may come just after the start (a file written
    // before it is never told; the listing is the safety net for that).
    await sleep(300)
    writeFileSync(join(folder, 'order.txt'), KEY)
    await until(() => outcomes.length > 0, 'the file to be taken')
    expect(results()).toEqual([{ file: 'order.txt', result: 'done', paymentKey: KEY }])
  })
})

describe.runIf(posix)('DropFolder: a changed folder', () => {
  it('stops when a parent was swapped for a link, though the folder itself is the same', async () => {
    const parent = join(base, 'p')
    mkdirSync(parent, { mode: 0o700 })
    folder = join(parent, 'pos')
    mkdirSync(folder, { mode: 0o700 })
    const log = recordingLogger()
    await startWatching({ log, rescanMs: 10 })
    renameSync(parent, join(base, 'q'))
    symlinkSync(join(base, 'q'), parent)
    // The same folder (device and inode) under a path that now leads through a link.
    writeFileSync(join(base, 'q', 'pos', 'order.txt'), KEY)
    await until(() => changed > 0, 'the change to be noticed')
    await sleep(100)
    expect(changed).toBe(1)
    expect(added).toEqual([])
    expect(readdirSync(join(base, 'q', 'pos'))).toEqual(['order.txt'])
    // Said once, naming the folder; the listing that found it is no failure to list.
    const said = log.lines.filter((line) => line.includes('no longer the one that was checked'))
    expect(said).toHaveLength(1)
    expect(said[0]).toContain(JSON.stringify(folder))
    expect(log.lines.filter((line) => line.includes('could not list'))).toEqual([])
  })

  it('leaves the name alone when a parent was swapped for a link while the order was being added', async () => {
    const parent = join(base, 'p')
    mkdirSync(parent, { mode: 0o700 })
    folder = join(parent, 'pos')
    mkdirSync(folder, { mode: 0o700 })
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await startWatching({
      rescanMs: 3_600_000,
      addOrder: async (order) => {
        added.push(order)
        await held
      },
    })
    writeFileSync(join(folder, 'order.txt'), KEY)
    await until(() => added.length === 1, 'the add')
    // The name now leads, through a link, to the very same file: still not the folder that was checked.
    renameSync(parent, join(base, 'q'))
    symlinkSync(join(base, 'q'), parent)
    release()
    await until(() => changed > 0, 'the change to be noticed')
    await sleep(100)
    expect(outcomes).toEqual([])
    expect(readdirSync(join(base, 'q', 'pos'))).toEqual(['order.txt'])
  })

  it('never trusts the folder again once swapped, even swapped back while a take was under way', async () => {
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await startWatching({
      rescanMs: 10,
      addOrder: async (order) => {
        added.push(order)
        await held
      },
    })
    writeFileSync(join(folder, 'order.txt'), KEY)
    await until(() => added.length === 1, 'the add')
    renameSync(folder, join(base, 'pos-old'))
    symlinkSync(dataDir, folder)
    await until(() => changed > 0, 'the listing to notice the change')
    rmSync(folder)
    renameSync(join(base, 'pos-old'), folder)
    release()
    await sleep(100)
    expect(outcomes).toEqual([])
    expect(readdirSync(folder)).toEqual(['order.txt'])
  })

  it('stops when the folder is another device\u2019s with the same inode number (a share mounted over it)', async () => {
    await startWatching({ ...SILENT_WATCHER, rescanMs: 10 })
    seams.otherDevice = folder
    writeFileSync(join(folder, 'order.txt'), KEY)
    await until(() => changed > 0 || added.length > 0, 'the change to be noticed')
    expect(added).toEqual([])
    expect(dropFolder?.changed).toBe(true)
    expect(readdirSync(folder)).toEqual(['order.txt'])
  })

  it('stops when the folder is gone', async () => {
    await startWatching({ rescanMs: 10 })
    rmSync(folder, { recursive: true })
    await until(() => changed > 0, 'the change to be noticed')
    expect((dropFolder as DropFolder).changed).toBe(true)
    expect(outcomes).toEqual([])
  })

  it.each([
    ['told', true],
    ['not told', false],
  ])('stops a take under way when the folder was swapped, whoever is %s', async (_name, told) => {
    const deps: DropFolderDeps = {
      folder,
      dataDir,
      stableMs: STABLE_MS,
      // Only the watcher's event for the file starts a take: no listing finds the swap first.
      rescanMs: 3_600_000,
      addOrder: (order) => {
        added.push(order)
        return Promise.resolve()
      },
      onOutcome: (outcome) => outcomes.push({ at: Date.now(), outcome }),
      ...(told ? { onFolderChanged: () => (changed += 1) } : {}),
    }
    dropFolder = await within(DropFolder.start(deps), 'start')
    renameSync(folder, join(base, 'pos-old'))
    symlinkSync(dataDir, folder)
    // The watcher still watches the folder it opened, and names the file by the path it was given: through
    // the link, where a file of that name stands in the data folder.
    writeFileSync(join(dataDir, 'order.txt'), KEY)
    writeFileSync(join(base, 'pos-old', 'order.txt'), KEY)
    await until(() => (dropFolder as DropFolder).changed, 'the change to be noticed')
    await sleep(100)
    expect(outcomes).toEqual([])
    expect(added).toEqual([])
    expect(changed).toBe(told ? 1 : 0)
    expect(readFileSync(join(dataDir, 'order.txt'), 'utf8')).toBe(KEY)
  })

  it('stops listing the folder once it changed, and once closed', async () => {
    // The listing's interval, counted each time it runs.
    let listings = 0
    const intervals: NodeJS.Timeout[] = []
    const realSetInterval = globalThis.setInterval
    const spy = vi.spyOn(globalThis, 'setInterval').mockImplementation(((job: () => void, ms: number) => {
      const timer = realSetInterval(() => {
        if (ms === 10) listings += 1
        job()
      }, ms)
      intervals.push(timer)
      return timer
    }) as typeof setInterval)
    try {
      await startWatching({ rescanMs: 10 })
      renameSync(folder, join(base, 'pos-old'))
      symlinkSync(dataDir, folder)
      await until(() => changed > 0, 'the change to be noticed')
      // The listing and the 6-hourly prune, neither keeping the app from quitting.
      expect(intervals).toHaveLength(2)
      expect(intervals.map((timer) => timer.hasRef())).toEqual([false, false])
      const atChange = listings
      await sleep(100)
      expect(listings).toBe(atChange)
      await within((dropFolder as DropFolder).close(), 'close')
      rmSync(folder)
      renameSync(join(base, 'pos-old'), folder)
      await startWatching({ rescanMs: 10 })
      await until(() => listings > atChange, 'a listing')
      await within((dropFolder as DropFolder).close(), 'close')
      dropFolder = undefined
      const atClose = listings
      await sleep(100)
      expect(listings).toBe(atClose)
    } finally {
      spy.mockRestore()
    }
  })
})

describe('DropFolder: what it keeps, where, and for how long', () => {
  it('keeps in a readable folder of its own, one per drop folder, the same after a restart', async () => {
    folder = join(base, 'Kasa 1 — Sipariş Klasörü, Akşam Vardiyası')
    mkdirSync(folder, { mode: 0o700 })
    const first = (await startWatching()).keptIn
    expect(dirname(first)).toBe(join(dataDir, 'drop-folder'))
    // Letters other than A-Z, digits, `.`, `_` and `-` become `_`; 40 of them at most; then the path's hash.
    expect(basename(first)).toMatch(/^Kasa_1___Sipari__Klas_r___Ak_am_Vardiyas-[0-9a-f]{12}$/)
    await within((dropFolder as DropFolder).close(), 'close')
    expect((await startWatching()).keptIn).toBe(first)
    await within((dropFolder as DropFolder).close(), 'close')
    // A folder of the same name elsewhere has its own.
    folder = join(base, 'other', 'Kasa 1 — Sipariş Klasörü, Akşam Vardiyası')
    mkdirSync(folder, { recursive: true, mode: 0o700 })
    const second = (await startWatching()).keptIn
    expect(basename(second)).toMatch(/^Kasa_1___Sipari__Klas_r___Ak_am_Vardiyas-[0-9a-f]{12}$/)
    expect(second).not.toBe(first)
  })

  it('removes what it kept over 30 days before every 6 hours, not only at start, and says how many', async () => {
    const log = recordingLogger()
    const jobs = new Map<number, () => void>()
    const realSetInterval = globalThis.setInterval
    const spy = vi.spyOn(globalThis, 'setInterval').mockImplementation(((job: () => void, ms: number) => {
      jobs.set(ms, job)
      return realSetInterval(job, ms)
    }) as typeof setInterval)
    try {
      let now = Date.now()
      await startWatching({ log, clock: { now: () => now } })
      writeFileSync(join(folder, 'order.txt'), KEY)
      writeFileSync(join(folder, 'junk.txt'), 'no order here')
      await until(() => outcomes.length === 2, 'both files')
      expect(kept('done')).toHaveLength(1)
      expect(kept('failed')).toHaveLength(2)
      const prune = jobs.get(6 * 60 * 60 * 1000)
      expect(prune).toBeDefined()
      prune?.()
      await sleep(50)
      expect(kept('done')).toHaveLength(1)
      expect(log.lines.filter((line) => line.includes('removed old kept files'))).toEqual([])
      now += 31 * 24 * 60 * 60 * 1000
      prune?.()
      await until(() => kept('done').length + kept('failed').length === 0, 'the old files to go')
      const said = log.lines.filter((line) => line.includes('removed old kept files'))
      expect(said).toHaveLength(1)
      expect(said[0]).toContain('"removed":3')
      expect(said[0]).toContain('"keepDays":30')
    } finally {
      spy.mockRestore()
    }
  })
})

describe('DropFolder.close', () => {
  it('cancels a retry that is due later', async () => {
    // The retry's job, by its wait: whether it ever ran.
    const ran = new Set<number>()
    const realSetTimeout = globalThis.setTimeout
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation((job: () => void, ms?: number) =>
      realSetTimeout(() => {
        ran.add(ms ?? 0)
        job()
      }, ms),
    )
    onTestFinished(() => {
      spy.mockRestore()
    })
    await startWatching({ stableMs: 200, addOrder: () => Promise.reject(new Error('disk full')) })
    writeFileSync(join(folder, 'order.txt'), KEY)
    await until(() => outcomes.length > 0, 'a first try')
    await within((dropFolder as DropFolder).close(), 'close')
    dropFolder = undefined
    await sleep(400)
    expect(ran.has(200)).toBe(false)
  })

  it('waits for the file being taken, and takes none of those queued behind it', async () => {
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await startWatching({
      rescanMs: 10,
      addOrder: async (order) => {
        added.push(order)
        if (added.length === 1) await held
      },
    })
    writeFileSync(join(folder, 'first.txt'), KEY)
    await until(() => added.length === 1, 'the first add')
    writeFileSync(join(folder, 'second.txt'), OTHER)
    // Listed every 10 ms: the second file is queued behind the first by now.
    await sleep(STABLE_MS * 6)
    let closed = false
    const closing = (dropFolder as DropFolder).close().then(() => {
      closed = true
    })
    await sleep(50)
    expect(closed).toBe(false)
    release()
    await within(closing, 'close')
    dropFolder = undefined
    expect(results()).toEqual([{ file: 'first.txt', result: 'done', paymentKey: KEY }])
    expect(added).toHaveLength(1)
    expect(readdirSync(folder)).toEqual(['second.txt'])
  })
})

describe('DropFolder.start', () => {
  it('refuses a name that is a link to nowhere, and makes nothing where it points', async () => {
    symlinkSync(join(base, 'nowhere'), join(base, 'dangling'))
    await expect(startWatching({ folder: join(base, 'dangling') })).rejects.toMatchObject({
      refusal: 'not-a-folder',
    })
    expect(existsSync(join(base, 'nowhere'))).toBe(false)
  })
})

describe('DropFolder: what the drop file\u2019s take can also find', () => {
  it('tries again later a file another program holds open (Windows), without an error line', async () => {
    const log = recordingLogger()
    const file = join(folder, 'held.txt')
    seams.taken.set(file, 'locked')
    await startWatching({ log, rescanMs: 3_600_000 })
    writeFileSync(file, KEY)
    await until(() => outcomes.length > 0, 'a first try')
    // (Its write may be told twice, as an add and a change: each try finds it held.)
    expect(results()).toContainEqual({ file: 'held.txt', result: 'retry-later' })
    expect(results().every((outcome) => outcome.result === 'retry-later')).toBe(true)
    expect(readdirSync(folder)).toEqual(['held.txt'])
    // Let go: the next try takes it.
    seams.taken.delete(file)
    await until(() => results().some((outcome) => outcome.result === 'done'), 'the later try')
    expect(results().at(-1)).toEqual({ file: 'held.txt', result: 'done', paymentKey: KEY })
    expect(added).toHaveLength(1)
    expect(log.lines.filter((line) => line.startsWith('error'))).toEqual([])
  })

  it('tries a file held open all along five times, as any other', async () => {
    const file = join(folder, 'held.txt')
    seams.taken.set(file, 'locked')
    await startWatching({ stableMs: 10, rescanMs: 3_600_000 })
    writeFileSync(file, KEY)
    await until(() => outcomes.length >= 5, 'five tries')
    // The last wait was 10 ms × 4: a sixth try would have come by now.
    await sleep(100)
    expect(results()).toEqual(Array.from({ length: 5 }, () => ({ file: 'held.txt', result: 'retry-later' })))
  })

  it.each([
    ['became a folder', 'folder'],
    ['was gone', 'gone'],
  ] as const)('says nothing of a name that %s when it was taken', async (_name, kind) => {
    const log = recordingLogger()
    const file = join(folder, 'order.txt')
    seams.taken.set(file, kind)
    await startWatching({ log, rescanMs: 3_600_000 })
    writeFileSync(file, KEY)
    writeFileSync(join(folder, 'after.txt'), OTHER)
    await until(() => outcomes.length > 0, 'the next file')
    await sleep(STABLE_MS * 4)
    expect(results()).toEqual([{ file: 'after.txt', result: 'done', paymentKey: OTHER }])
    expect(log.lines).toEqual([])
  })
})

describe('DropFolder.start against a writer acting between the check and the watch', () => {
  it.each([
    ['a link', () => symlinkSync(dataDir, folder)],
    ['a file', () => writeFileSync(folder, KEY)],
  ])('refuses (changed) a folder swapped for %s after it was checked', async (_name, plant) => {
    seams.beforeLook = {
      path: folder,
      act: () => {
        renameSync(folder, join(base, 'pos-old'))
        plant()
      },
    }
    await expect(startWatching()).rejects.toMatchObject({ refusal: 'changed' })
    expect(readdirSync(dataDir)).toEqual([])
  })
})

describe('DropFolder: failures around the takes', () => {
  it('logs a prune that fails, and still starts', async () => {
    const log = recordingLogger()
    seams.pruneFails = true
    await startWatching({ log })
    const said = log.lines.filter((line) => line.includes('could not prune kept files'))
    expect(said).toHaveLength(1)
    expect(said[0]).toContain('disk gone')
    writeFileSync(join(folder, 'order.txt'), KEY)
    await until(() => outcomes.length > 0, 'the file to be taken')
  })

  it('logs what the watcher reports as an error, and goes on', async () => {
    const log = recordingLogger()
    await startWatching({ log })
    seams.watchers.at(-1)?.emit('error', new Error('EMFILE: too many open files'))
    const said = log.lines.filter((line) => line.includes('watcher error'))
    expect(said).toHaveLength(1)
    expect(said[0]).toContain('EMFILE')
    writeFileSync(join(folder, 'order.txt'), KEY)
    await until(() => outcomes.length > 0, 'the file to be taken')
  })

  it('logs a listing that fails, and still takes what the watcher reports', async () => {
    const log = recordingLogger()
    seams.listingFails = folder
    await startWatching({ log, rescanMs: 10 })
    await until(() => log.lines.some((line) => line.includes('could not list the folder')), 'a listing')
    expect(log.lines.find((line) => line.includes('could not list the folder'))).toContain('EIO')
    writeFileSync(join(folder, 'order.txt'), KEY)
    await until(() => outcomes.length > 0, 'the file to be taken')
  })
})

// Windows, as far as it can be on another OS: who may write a folder is read from its ACL (icacls, here a
// stand-in giving each folder's SDDL), the app's user from whoami.
