// What the drop folder does when the file system answers otherwise than the happy path, on real files: a file
// another program holds (Windows answers EBUSY/EPERM/EACCES to an open while a POS or an antivirus scan has it
// open), a name the POS writes again while it is read, the drop folder swapped for a link between two looks, a
// name in done/ or failed/ that is somehow there already. Linux cannot make a file busy on demand, so that answer
// is given by a stand-in for that one call. A race is a real change to the folder, made from inside the call
// just before the step it races.
import { randomBytes } from 'node:crypto'
import * as fs from 'node:fs/promises'
import {
  existsSync,
  lstatSync,
  lutimesSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { DropFolder, type DropOutcome } from './drop-folder.ts'
import { keepDone, keepFailed, readDropFile, removeTaken, takeDropFile } from './drop-file.ts'
import type { IntakeOrder } from './order-input.ts'

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>()
  return { ...real, open: vi.fn(real.open), unlink: vi.fn(real.unlink) }
})
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>()
  return { ...real, randomBytes: vi.fn(real.randomBytes) }
})

const realFs = await vi.importActual<typeof import('node:fs/promises')>('node:fs/promises')
const KEY = '0f8fad5b-d9cb-469f-a165-70867728950e'
const failure = (code: string) => Object.assign(new Error(`${code}: stand-in`), { code })
const sameFolder = () => Promise.resolve()

afterEach(() => {
  vi.mocked(fs.open).mockReset().mockImplementation(realFs.open)
  vi.mocked(fs.unlink).mockReset().mockImplementation(realFs.unlink)
})

/** A drop folder holding `order.txt`, removed when the test ends. */
function dropWithFile(content = KEY) {
  const drop = mkdtempSync(join(tmpdir(), 'drop-races-'))
  onTestFinished(() => rmSync(drop, { recursive: true, force: true }))
  const path = join(drop, 'order.txt')
  writeFileSync(path, content)
  return { drop, path }
}

describe('a file another program holds open (Windows)', () => {
  it.each(['EBUSY', 'EPERM', 'EACCES'])(
    'reads a file it cannot open (%s) as locked, to try later',
    async (code) => {
      const { path } = dropWithFile()
      vi.mocked(fs.open).mockRejectedValueOnce(failure(code))
      expect(await readDropFile(path)).toEqual({ kind: 'locked' })
      vi.mocked(fs.open).mockRejectedValueOnce(failure(code))
      expect(await takeDropFile(path, sameFolder)).toEqual({ kind: 'locked' })
      expect(readFileSync(path, 'utf8')).toBe(KEY)
    },
  )

  it('says a folder or a link Windows will not open (EPERM) is a folder, or refused, never followed', async () => {
    const { drop } = dropWithFile()
    mkdirSync(join(drop, 'sub'))
    symlinkSync(join(drop, 'order.txt'), join(drop, 'link'))
    vi.mocked(fs.open).mockRejectedValueOnce(failure('EPERM'))
    expect(await takeDropFile(join(drop, 'sub'), sameFolder)).toEqual({ kind: 'folder' })
    vi.mocked(fs.open).mockRejectedValueOnce(failure('EPERM'))
    expect(await takeDropFile(join(drop, 'link'), sameFolder)).toMatchObject({
      kind: 'refused',
      reason: 'not-a-file',
    })
    vi.mocked(fs.open).mockRejectedValueOnce(failure('EISDIR'))
    expect(await takeDropFile(join(drop, 'sub'), sameFolder)).toEqual({ kind: 'folder' })
  })

  it('says a name it could not open is locked, though it was gone when lstat looked', async () => {
    const { drop } = dropWithFile()
    vi.mocked(fs.open).mockRejectedValueOnce(failure('EBUSY'))
    expect(await takeDropFile(join(drop, 'taken-back.txt'), sameFolder)).toEqual({ kind: 'locked' })
  })

  it('throws any other failure, leaving the file', async () => {
    const { path } = dropWithFile()
    vi.mocked(fs.open).mockRejectedValueOnce(failure('EIO'))
    await expect(takeDropFile(path, sameFolder)).rejects.toMatchObject({ code: 'EIO' })
    vi.mocked(fs.open).mockRejectedValueOnce(failure('EIO'))
    await expect(readDropFile(path)).rejects.toMatchObject({ code: 'EIO' })
    expect(readFileSync(path, 'utf8')).toBe(KEY)
  })

  it('says a name it cannot remove stays (false), and one gone meanwhile is removed (true)', async () => {
    const { path } = dropWithFile()
    const seen = lstatSync(path)
    vi.mocked(fs.unlink).mockRejectedValueOnce(failure('EPERM'))
    expect(await removeTaken(path, seen, sameFolder)).toBe(false)
    vi.mocked(fs.unlink).mockRejectedValueOnce(failure('ENOENT'))
    expect(await removeTaken(path, seen, sameFolder)).toBe(true)
  })
})

describe('a name that changes while it is taken', () => {
  it('says gone when the name was written again after it was opened: nothing of it is kept', async () => {
    const { drop, path } = dropWithFile()
    let looks = 0
    const taken = await takeDropFile(path, () => {
      // After the read: the POS writes its next order under the same name (a new file, renamed over).
      if (++looks === 2) {
        writeFileSync(join(drop, 'next.tmp'), 'the next order')
        renameSync(join(drop, 'next.tmp'), path)
      }
      return Promise.resolve()
    })
    expect(taken).toEqual({ kind: 'gone' })
    expect(readFileSync(path, 'utf8')).toBe('the next order')
  })

  it('says gone when the name was taken back after it was opened', async () => {
    const { path } = dropWithFile()
    let looks = 0
    const taken = await takeDropFile(path, () => {
      if (++looks === 2) rmSync(path)
      return Promise.resolve()
    })
    expect(taken).toEqual({ kind: 'gone' })
  })

  /** A link in `drop`, its open refused (ELOOP) as a link's is, then changed by `change` before lstat looks. */
  function linkChangedAfterItsOpen(drop: string, change: (link: string) => void): string {
    const link = join(drop, 'link')
    symlinkSync(join(drop, 'order.txt'), link)
    vi.mocked(fs.open).mockImplementationOnce(async (...args) => {
      const opened = realFs.open(...args)
      await opened.catch(() => undefined)
      change(link)
      return opened
    })
    return link
  }

  it('says folder when a link turned into a folder before it was looked at', async () => {
    const link = linkChangedAfterItsOpen(dropWithFile().drop, (name) => {
      rmSync(name)
      mkdirSync(name)
    })
    expect(await takeDropFile(link, sameFolder)).toEqual({ kind: 'folder' })
  })

  it('says gone when a link was taken back before it was looked at', async () => {
    const link = linkChangedAfterItsOpen(dropWithFile().drop, (name) => rmSync(name))
    expect(await takeDropFile(link, sameFolder)).toEqual({ kind: 'gone' })
  })
})

describe('the drop folder swapped between two looks', () => {
  it('reads nothing of the data folder when the swap comes just before the open', async () => {
    const base = mkdtempSync(join(tmpdir(), 'drop-races-swap-'))
    onTestFinished(() => rmSync(base, { recursive: true, force: true }))
    const folder = join(base, 'pos')
    const dataDir = join(base, 'data')
    mkdirSync(folder, { mode: 0o700 })
    mkdirSync(dataDir, { mode: 0o700 })
    writeFileSync(join(dataDir, 'order.txt'), `${KEY} (the app's own file under the same name)`)
    const longAgo = new Date(Date.now() - 60_000)
    lutimesSync(join(dataDir, 'order.txt'), longAgo, longAgo)
    writeFileSync(join(folder, 'order.txt'), KEY)
    let swapped = false
    vi.mocked(fs.open).mockImplementation((async (path: string, ...rest: unknown[]) => {
      if (!swapped && path === join(folder, 'order.txt')) {
        swapped = true
        renameSync(folder, join(base, 'pos-old'))
        symlinkSync(dataDir, folder)
      }
      return realFs.open(path, ...(rest as [number]))
    }) as typeof fs.open)
    const added: IntakeOrder[] = []
    const outcomes: DropOutcome[] = []
    let changed = 0
    const dropFolder = await DropFolder.start({
      folder,
      dataDir,
      stableMs: 40,
      rescanMs: 30,
      addOrder: (order) => {
        added.push(order)
        return Promise.resolve()
      },
      onOutcome: (outcome) => outcomes.push(outcome),
      onFolderChanged: () => (changed += 1),
    })
    onTestFinished(() => dropFolder.close())
    for (let wait = 0; wait < 100 && changed === 0; wait++)
      await new Promise((resolve) => setTimeout(resolve, 20))
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(swapped).toBe(true)
    expect(changed).toBe(1)
    expect(added).toEqual([])
    expect(outcomes).toEqual([])
    expect(readdirSync(dataDir).sort()).toEqual(['drop-folder', 'order.txt'])
    expect(readFileSync(join(dataDir, 'order.txt'), 'utf8')).toContain("the app's own file")
    expect(readdirSync(join(dropFolder.keptIn, 'done'))).toEqual([])
    expect(readdirSync(join(dropFolder.keptIn, 'failed'))).toEqual([])
    expect(existsSync(join(base, 'pos-old', 'order.txt'))).toBe(true)
  })
})

describe('a name in done/ or failed/ that is there already', () => {
  it('never writes through it, a link or a file: the keeping fails and the file stays to retry', async () => {
    const kept = mkdtempSync(join(tmpdir(), 'drop-races-kept-'))
    onTestFinished(() => rmSync(kept, { recursive: true, force: true }))
    mkdirSync(join(kept, 'done'))
    mkdirSync(join(kept, 'failed'))
    const victim = join(kept, 'victim')
    writeFileSync(victim, 'untouched')
    const tag = Buffer.from('0a1b2c3d', 'hex')
    const at = Date.UTC(2026, 10, 21, 12, 0, 0)
    symlinkSync(victim, join(kept, 'done', '20261121T120000000Z-0a1b2c3d-order.txt'))
    vi.mocked(randomBytes).mockReturnValueOnce(tag as never)
    await expect(keepDone(kept, 'order.txt', Buffer.from(KEY), at)).rejects.toMatchObject({ code: 'EEXIST' })
    symlinkSync(victim, join(kept, 'failed', '20261121T120000000Z-0a1b2c3d-pipe'))
    vi.mocked(randomBytes).mockReturnValueOnce(tag as never)
    await expect(keepFailed(kept, 'pipe', undefined, 'not-a-file', at)).rejects.toMatchObject({
      code: 'EEXIST',
    })
    symlinkSync(victim, join(kept, 'failed', '20261121T120000000Z-0a1b2c3d-bad.txt.reason.txt'))
    vi.mocked(randomBytes).mockReturnValueOnce(tag as never)
    await expect(keepFailed(kept, 'bad.txt', Buffer.from('x'), 'no-order-id', at)).rejects.toMatchObject({
      code: 'EEXIST',
    })
    expect(readFileSync(victim, 'utf8')).toBe('untouched')
    expect(basename(victim)).toBe('victim')
  })
})
