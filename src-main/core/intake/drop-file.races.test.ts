// What the drop folder does when the file system answers otherwise than the happy path, on real files: a file
// another program holds (Windows answers EBUSY/EPERM/EACCES to a rename or open while a POS or an antivirus scan
// has it open), a file the POS takes back or writes again while it is being copied across volumes, a name in
// taking/ that is somehow there already, a kept file staff delete while it is being pruned. Linux cannot make a
// file busy on demand, so that answer is given by a stand-in for that one call, as is a rename that cannot cross
// volumes, except where a test puts the drop folder on /dev/shm (another file system). A race is a real change
// to the folder, made from inside the call just before the step it races.
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import * as fs from 'node:fs/promises'
import {
  existsSync,
  linkSync,
  lstatSync,
  lutimesSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { bringIn, moveToFailed, pruneKept, readDropFile } from './drop-file.ts'

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>()
  return {
    ...real,
    lstat: vi.fn(real.lstat),
    open: vi.fn(real.open),
    rename: vi.fn(real.rename),
    writeFile: vi.fn(real.writeFile),
  }
})
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>()
  return { ...real, randomUUID: vi.fn(real.randomUUID) }
})

const realFs = await vi.importActual<typeof import('node:fs/promises')>('node:fs/promises')
const KEY = '0f8fad5b-d9cb-469f-a165-70867728950e'
const failure = (code: string) => Object.assign(new Error(`${code}: stand-in`), { code })

afterEach(() => {
  vi.mocked(fs.open).mockClear()
  vi.mocked(fs.rename).mockClear()
})

/** A drop folder holding `order.txt`, and the app's taking/ folder. */
function dropWithFile(content = KEY) {
  const drop = mkdtempSync(join(tmpdir(), 'drop-races-'))
  const taking = join(drop, '..', `${drop.split('/').at(-1) ?? ''}-taking`)
  mkdirSync(taking)
  const path = join(drop, 'order.txt')
  writeFileSync(path, content)
  return { drop, taking, path }
}

describe('a file another program holds open (Windows)', () => {
  it.each(['EBUSY', 'EPERM', 'EACCES'])(
    'reads a file it cannot open (%s) as locked, to try later',
    async (code) => {
      const { path } = dropWithFile()
      vi.mocked(fs.open).mockRejectedValueOnce(failure(code))
      expect(await readDropFile(path)).toEqual({ kind: 'locked' })
    },
  )

  it.each(['EBUSY', 'EPERM', 'EACCES'])(
    'leaves a file it cannot move (%s) where it is, locked',
    async (code) => {
      const { path, taking } = dropWithFile()
      vi.mocked(fs.rename).mockRejectedValueOnce(failure(code))
      expect(await bringIn(path, taking, 'order.txt')).toEqual({ kind: 'locked' })
      expect(readFileSync(path, 'utf8')).toBe(KEY)
      expect(readdirSync(taking)).toEqual([])
    },
  )

  it.each(['EBUSY', 'EPERM', 'EACCES'])(
    'leaves a file it cannot copy across volumes (%s) where it is, locked',
    async (code) => {
      const { path, taking } = dropWithFile()
      vi.mocked(fs.rename).mockRejectedValueOnce(failure('EXDEV'))
      vi.mocked(fs.open).mockRejectedValueOnce(failure(code))
      expect(await bringIn(path, taking, 'order.txt')).toEqual({ kind: 'locked' })
      expect(readFileSync(path, 'utf8')).toBe(KEY)
      expect(readdirSync(taking)).toEqual([])
    },
  )

  it('throws any other failure of the move or the copy, leaving the file', async () => {
    const { path, taking } = dropWithFile()
    vi.mocked(fs.rename).mockRejectedValueOnce(failure('EIO'))
    await expect(bringIn(path, taking, 'order.txt')).rejects.toMatchObject({ code: 'EIO' })
    vi.mocked(fs.rename).mockRejectedValueOnce(failure('EXDEV'))
    vi.mocked(fs.open).mockRejectedValueOnce(failure('EIO'))
    await expect(bringIn(path, taking, 'order.txt')).rejects.toMatchObject({ code: 'EIO' })
    vi.mocked(fs.open).mockRejectedValueOnce(failure('EIO'))
    await expect(readDropFile(path)).rejects.toMatchObject({ code: 'EIO' })
    expect(readFileSync(path, 'utf8')).toBe(KEY)
    expect(readdirSync(taking)).toEqual([])
  })
})

describe('a file that changes while it is copied across volumes', () => {
  it('says a file taken back before the copy is gone', async () => {
    const { path, taking } = dropWithFile()
    vi.mocked(fs.rename).mockImplementationOnce(() => {
      unlinkSync(path)
      return Promise.reject(failure('EXDEV'))
    })
    expect(await bringIn(path, taking, 'order.txt')).toEqual({ kind: 'gone' })
    expect(readdirSync(taking)).toEqual([])
  })

  it('takes the copy when the POS took the file back meanwhile', async () => {
    const { path, taking } = dropWithFile()
    vi.mocked(fs.rename).mockRejectedValueOnce(failure('EXDEV'))
    vi.mocked(fs.writeFile).mockImplementationOnce(async (...args) => {
      await realFs.writeFile(...args)
      unlinkSync(path)
    })
    const brought = await bringIn(path, taking, 'order.txt')
    expect(brought).toEqual({ kind: 'taken', path: expect.any(String) as string })
    if (brought.kind === 'taken') expect(readFileSync(brought.path, 'utf8')).toBe(KEY)
  })

  it('never writes through a name already in taking/', async () => {
    const { path, taking } = dropWithFile()
    const uuid = randomUUID()
    const planted = join(taking, `${uuid}.order.txt`)
    writeFileSync(planted, 'already here')
    vi.mocked(randomUUID).mockReturnValueOnce(uuid)
    vi.mocked(fs.rename).mockRejectedValueOnce(failure('EXDEV'))
    await expect(bringIn(path, taking, 'order.txt')).rejects.toMatchObject({ code: 'EEXIST' })
    expect(readFileSync(planted, 'utf8')).toBe('already here')
    expect(readFileSync(path, 'utf8')).toBe(KEY)
  })
})

// /dev/shm is another file system on Linux: there the copy runs because the rename really cannot cross.
const otherVolume = existsSync('/dev/shm') && statSync('/dev/shm').dev !== statSync(tmpdir()).dev

/**
 * A drop folder on another volume than taking/ (or, without one, a rename that answers EXDEV); removed when the
 * test ends, even failed: /dev/shm is memory, and outlives the run.
 */
function dropAcrossVolumes() {
  const drop = mkdtempSync(otherVolume ? '/dev/shm/drop-races-' : join(tmpdir(), 'drop-races-'))
  onTestFinished(() => rmSync(drop, { recursive: true, force: true }))
  const taking = mkdtempSync(join(tmpdir(), 'drop-races-taking-'))
  if (!otherVolume) vi.mocked(fs.rename).mockRejectedValueOnce(failure('EXDEV'))
  return { drop, taking, path: join(drop, 'order.txt') }
}

/** The POS writes its next order under the same name, as it is asked to: a new file, renamed over. */
function posWritesAgain(drop: string, path: string) {
  writeFileSync(join(drop, 'next.tmp'), 'the next order')
  renameSync(join(drop, 'next.tmp'), path)
}

describe('a name the POS writes again while what was there is copied across volumes', () => {
  it.each([
    { what: 'a plain file', plant: (path: string) => writeFileSync(path, KEY), refusal: undefined },
    {
      what: 'a symbolic link',
      plant: (path: string, drop: string) => {
        writeFileSync(join(drop, 'target'), KEY)
        symlinkSync(join(drop, 'target'), path)
      },
      refusal: 'not-a-file',
    },
    { what: 'a FIFO', plant: (path: string) => execFileSync('mkfifo', [path]), refusal: 'not-a-file' },
    {
      what: 'a file with another hard link',
      plant: (path: string, drop: string) => {
        writeFileSync(join(drop, 'target'), KEY)
        linkSync(join(drop, 'target'), path)
      },
      refusal: 'linked',
    },
  ])('keeps the POS’s new file, unread, when $what was there before', async ({ plant, refusal }) => {
    const { drop, taking, path } = dropAcrossVolumes()
    plant(path, drop)
    vi.mocked(fs.writeFile).mockImplementationOnce(async (...args) => {
      await realFs.writeFile(...args)
      posWritesAgain(drop, path)
    })
    const brought = await bringIn(path, taking, 'order.txt')
    expect(brought).toEqual({
      kind: 'taken',
      path: expect.stringMatching(/\.order\.txt$/) as string,
      ...(refusal === undefined ? {} : { refusal }),
    })
    // The new order is still there, to be taken next; what came before is in taking/ (or its stand-in).
    expect(readFileSync(path, 'utf8')).toBe('the next order')
    expect(readdirSync(taking)).toHaveLength(1)
    if (brought.kind === 'taken')
      expect(readFileSync(brought.path, 'utf8')).toBe(refusal === undefined ? KEY : '')
  })

  it.each([
    {
      what: 'a link',
      become: (path: string, drop: string) => {
        symlinkSync(join(drop, 'secret'), path)
        return Promise.resolve(() => undefined)
      },
    },
    {
      what: 'a socket',
      become: async (path: string) => {
        const server = createServer()
        await new Promise<void>((listening) => server.listen(path, listening))
        return () => server.close()
      },
    },
  ])('leaves a name that became $what after it was looked at, to look again later', async ({ become }) => {
    const { drop, taking, path } = dropAcrossVolumes()
    writeFileSync(path, KEY)
    writeFileSync(join(drop, 'secret'), 'not an order')
    let close = () => undefined as unknown
    vi.mocked(fs.lstat).mockImplementationOnce(async (target) => {
      const stats = await realFs.lstat(target)
      unlinkSync(path)
      close = await become(path, drop)
      return stats
    })
    try {
      expect(await bringIn(path, taking, 'order.txt')).toEqual({ kind: 'locked' })
      expect(lstatSync(path).isFile()).toBe(false)
      expect(readdirSync(taking)).toEqual([])
    } finally {
      close()
    }
  })
})

describe('a name in failed/ that appears after it was looked at', () => {
  it('never writes through a reason file that is there after all', async () => {
    const root = mkdtempSync(join(tmpdir(), 'drop-races-failed-'))
    mkdirSync(join(root, 'failed'))
    const planted = join(root, 'failed', 'order.json.reason.txt')
    writeFileSync(planted, 'not ours')
    const path = join(mkdtempSync(join(tmpdir(), 'drop-races-taken-')), 'file')
    writeFileSync(path, KEY)
    // The look for a free name does not see the reason file: it came a moment later.
    vi.mocked(fs.lstat).mockImplementation((target) =>
      target === planted ? Promise.reject(failure('ENOENT')) : realFs.lstat(target),
    )
    try {
      await expect(moveToFailed(root, path, 'order.json', 'no-order-id', 0)).rejects.toMatchObject({
        code: 'EEXIST',
      })
    } finally {
      vi.mocked(fs.lstat).mockImplementation(realFs.lstat)
    }
    expect(readFileSync(planted, 'utf8')).toBe('not ours')
  })
})

describe('pruning while staff tidy up', () => {
  const NOW = Date.UTC(2026, 10, 21, 12, 0, 0)
  const keptWithOldFile = () => {
    const root = mkdtempSync(join(tmpdir(), 'drop-races-kept-'))
    mkdirSync(join(root, 'done'))
    const old = join(root, 'done', 'old.txt')
    writeFileSync(old, KEY)
    const longAgo = new Date(NOW - 40 * 24 * 3600 * 1000)
    lutimesSync(old, longAgo, longAgo)
    return { root, old }
  }

  it('skips a kept file removed before it was looked at', async () => {
    const { root, old } = keptWithOldFile()
    vi.mocked(fs.lstat).mockImplementationOnce((path) => {
      unlinkSync(old)
      return realFs.lstat(path)
    })
    expect(await pruneKept(root, NOW, 1000)).toBe(0)
  })

  it('does not fail on a kept file removed between the look and the removal', async () => {
    const { root, old } = keptWithOldFile()
    vi.mocked(fs.lstat).mockImplementationOnce(async (path) => {
      const stats = await realFs.lstat(path)
      unlinkSync(old)
      return stats
    })
    expect(await pruneKept(root, NOW, 1000)).toBe(1)
    expect(existsSync(old)).toBe(false)
  })
})
