import { execFileSync } from 'node:child_process'
import {
  existsSync,
  linkSync,
  lstatSync,
  lutimesSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { bringIn, moveToDone, moveToFailed, nameInTaking, pruneKept, readDropFile } from './drop-file.ts'
import { INTAKE_ERRORS } from './intake-errors.ts'

const KEY = '0f8fad5b-d9cb-469f-a165-70867728950e'
const folder = mkdtempSync(join(tmpdir(), 'drop-file-'))

function fileWith(name: string, content: string | Buffer): string {
  const path = join(folder, name)
  writeFileSync(path, content)
  return path
}

describe('readDropFile', () => {
  it('says a file that vanished is gone, not failed', async () => {
    expect(await readDropFile(join(folder, 'never-there.txt'))).toEqual({ kind: 'gone' })
  })

  it.each([
    [
      'UTF-8 with a BOM',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`{"payment_key":"${KEY}"}`)]),
    ],
    ['UTF-16 big-endian', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(KEY, 'utf16le').swap16()])],
    ['a scanner line', `\r\n  ${KEY.toUpperCase()}\r\n`],
    ['a link', `https://platform.example/orders/${KEY}?x=1`],
  ])('reads %s', async (name, content) => {
    expect(await readDropFile(fileWith(`${name}.txt`, content))).toEqual({
      kind: 'order',
      order: { paymentKey: KEY, details: {} },
    })
  })

  it('reads UTF-16 little-endian, as Windows Notepad saves "Unicode"', async () => {
    const json = `{"payment_key":"${KEY}","label":"Masa 5 · Ayşe"}`
    const content = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(json, 'utf16le')])
    expect(await readDropFile(fileWith('notepad.json', content))).toEqual({
      kind: 'order',
      order: { paymentKey: KEY, details: { label: 'Masa 5 · Ayşe' } },
    })
  })

  it.each([
    [
      'bytes that are not UTF-8',
      Buffer.concat([Buffer.from(KEY), Buffer.from([0xff, 0x80, 0x41])]),
      'not-text',
    ],
    ['UTF-16 with half a character', Buffer.from([0xff, 0xfe, 0x41, 0x00, 0x3d]), 'not-text'],
    ['UTF-16 with a lone surrogate', Buffer.from([0xfe, 0xff, 0xd8, 0x00, 0x00, 0x41]), 'not-text'],
    ['nothing', '', 'empty-file'],
    ['only blank lines', ' \r\n\t\r\n', 'empty-file'],
    ['a BOM and nothing else', Buffer.from([0xef, 0xbb, 0xbf]), 'empty-file'],
    ['JSON cut short', `{"payment_key":"${KEY}"`, 'malformed-json'],
    [
      'JSON with a bad field',
      `{"payment_key":"${KEY}","shipping_method":"teleport"}`,
      'invalid-shipping-method',
    ],
    ['JSON with no id', '{"payment_key":"order 42"}', 'no-order-id'],
    ['text with no id', 'Masa 5, sipariş 42', 'no-order-id'],
    ['text with two ids', `${KEY}\r\n7c9e6679-7425-40de-944b-e07fc1f90ae7`, 'several-order-ids'],
  ])('refuses %s', async (name, content, reason) => {
    expect(await readDropFile(fileWith(`${name}.txt`, content))).toEqual({ kind: 'refused', reason })
  })

  it('reads the same id twice as one order, in any letter case', async () => {
    expect(await readDropFile(fileWith('twice.txt', `${KEY} ${KEY.toUpperCase()}`))).toEqual({
      kind: 'order',
      order: { paymentKey: KEY, details: {} },
    })
  })

  it('reads JSON after blank lines as JSON, keeping its details', async () => {
    const json = `\r\n\r\n  {"payment_key":"${KEY}","label":"Masa 5"}\r\n`
    expect(await readDropFile(fileWith('blank-first.json', json))).toEqual({
      kind: 'order',
      order: { paymentKey: KEY, details: { label: 'Masa 5' } },
    })
  })

  it.each([
    ['FF', [0xff, 0x30]],
    ['FE', [0xfe, 0x30]],
    ['?FE', [0x30, 0xfe]],
    ['?FF', [0x30, 0xff]],
  ])('does not take half a byte-order mark (%s) for UTF-16', async (name, start) => {
    // The rest would decode as UTF-16 without an error: only the whole mark may decide.
    const content = Buffer.concat([Buffer.from(start), Buffer.from(KEY)])
    expect(await readDropFile(fileWith(`half-bom-${name}.txt`, content))).toEqual({
      kind: 'refused',
      reason: 'not-text',
    })
  })

  it('throws what it cannot explain, rather than call the file gone or refused', async () => {
    const notAFolder = fileWith('plain.txt', KEY)
    await expect(readDropFile(join(notAFolder, 'order.txt'))).rejects.toMatchObject({ code: 'ENOTDIR' })
  })

  it('closes every file it reads', async () => {
    const openFiles = () => readdirSync('/proc/self/fd').length
    const paths = ['a', 'b', 'c', 'd', 'e'].map((name) => fileWith(`closed-${name}.txt`, KEY))
    paths.push(join(folder, 'closed.sock'), '/dev/zero')
    const before = openFiles()
    for (let round = 0; round < 4; round += 1) for (const path of paths) await readDropFile(path)
    expect(openFiles()).toBe(before)
  })

  it('refuses a JSON array rather than read it as text and lose its details', async () => {
    const array = `[{"payment_key":"${KEY}","shipping_method":"pickup"}]`
    expect(await readDropFile(fileWith('array.json', array))).toEqual({
      kind: 'refused',
      reason: 'malformed-json',
    })
  })

  it('takes exactly 16 KiB and refuses one byte more', async () => {
    const padded = KEY.padEnd(16 * 1024, ' ')
    expect(await readDropFile(fileWith('exact.txt', padded))).toMatchObject({ kind: 'order' })
    expect(await readDropFile(fileWith('over.txt', `${padded} `))).toEqual({
      kind: 'refused',
      reason: 'body-too-large',
    })
  })
})

// Issue 20 item 2 and 7: what the reader does with what a hostile writer can plant, on real files.
describe('readDropFile on what is not a plain file', () => {
  it('refuses a symbolic link without reading its target', async () => {
    const target = fileWith('target.txt', KEY)
    symlinkSync(target, join(folder, 'link.txt'))
    expect(await readDropFile(join(folder, 'link.txt'))).toEqual({ kind: 'refused', reason: 'not-a-file' })
  })

  it('refuses a file with a second hard link', async () => {
    const target = fileWith('first-name.txt', KEY)
    linkSync(target, join(folder, 'second-name.txt'))
    expect(await readDropFile(join(folder, 'second-name.txt'))).toEqual({ kind: 'refused', reason: 'linked' })
  })

  it('refuses a FIFO at once instead of waiting for a writer', async () => {
    execFileSync('mkfifo', [join(folder, 'pipe')])
    expect(await readDropFile(join(folder, 'pipe'))).toEqual({ kind: 'refused', reason: 'not-a-file' })
  })

  it('refuses a socket', async () => {
    const path = join(folder, 'order.sock')
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(path, resolve))
    try {
      expect(await readDropFile(path)).toEqual({ kind: 'refused', reason: 'not-a-file' })
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('refuses a folder', async () => {
    mkdirSync(join(folder, 'sub.json'))
    expect(await readDropFile(join(folder, 'sub.json'))).toEqual({ kind: 'refused', reason: 'not-a-file' })
  })

  it('refuses a device', async () => {
    expect(await readDropFile('/dev/zero')).toEqual({ kind: 'refused', reason: 'not-a-file' })
  })
})

describe('nameInTaking', () => {
  it('gives back the drop folder’s name of a file in taking/', () => {
    expect(nameInTaking(`${KEY}.order.json`)).toBe('order.json')
    expect(nameInTaking(`${KEY}..hidden`)).toBe('.hidden')
    expect(nameInTaking('order.json')).toBe('order.json')
    expect(nameInTaking(`${KEY}.`)).toBe(`${KEY}.`)
    expect(nameInTaking(`x${KEY}.order.json`)).toBe(`x${KEY}.order.json`)
  })
})

describe('bringIn on one volume', () => {
  const drop = mkdtempSync(join(tmpdir(), 'drop-file-in-'))
  const taking = mkdtempSync(join(tmpdir(), 'drop-file-taking-'))

  it('moves the file itself out of the drop folder, under a unique name', async () => {
    const path = join(drop, 'order.json')
    writeFileSync(path, KEY)
    const { ino } = statSync(path)
    const brought = await bringIn(path, taking, 'order.json')
    expect(brought).toEqual({
      kind: 'taken',
      path: expect.stringMatching(/[0-9a-f-]{36}\.order\.json$/) as string,
    })
    if (brought.kind !== 'taken') return
    expect(statSync(brought.path).ino).toBe(ino)
    expect(nameInTaking(basename(brought.path))).toBe('order.json')
    expect(existsSync(path)).toBe(false)
  })

  it('moves a link as a link, never what it points to', async () => {
    const target = join(drop, 'target.txt')
    writeFileSync(target, KEY)
    symlinkSync(target, join(drop, 'link.txt'))
    const brought = await bringIn(join(drop, 'link.txt'), taking, 'link.txt')
    if (brought.kind !== 'taken') throw new Error(`not taken: ${brought.kind}`)
    expect(lstatSync(brought.path).isSymbolicLink()).toBe(true)
    expect(readFileSync(target, 'utf8')).toBe(KEY)
    expect(await readDropFile(brought.path)).toEqual({ kind: 'refused', reason: 'not-a-file' })
  })

  it('says a file already taken back is gone', async () => {
    expect(await bringIn(join(drop, 'never-there.json'), taking, 'never-there.json')).toEqual({
      kind: 'gone',
    })
  })
})

describe('keeping taken files', () => {
  const kept = () => {
    const root = mkdtempSync(join(tmpdir(), 'drop-file-kept-'))
    mkdirSync(join(root, 'done'))
    mkdirSync(join(root, 'failed'))
    return root
  }
  const taken = (content = KEY) => {
    const path = join(mkdtempSync(join(tmpdir(), 'drop-file-taken-')), 'file')
    writeFileSync(path, content)
    return path
  }
  const MOVED_AT = Date.UTC(2026, 10, 21, 12, 0, 0)

  it('keeps a file in done/ under its name, timed at the move', async () => {
    const root = kept()
    const moved = await moveToDone(root, taken(), 'order.json', MOVED_AT)
    expect(moved).toBe(join(root, 'done', 'order.json'))
    expect(readFileSync(moved, 'utf8')).toBe(KEY)
    expect(statSync(moved).mtimeMs).toBe(MOVED_AT)
  })

  it.each([
    ['order.json', ['order.json', 'order-2.json', 'order-3.json']],
    ['order', ['order', 'order-2', 'order-3']],
    ['.order', ['.order', '.order-2', '.order-3']],
    ['order.tar.gz', ['order.tar.gz', 'order.tar-2.gz', 'order.tar-3.gz']],
  ])('never overwrites an earlier %s: the next one is numbered', async (name, expected) => {
    const root = kept()
    const names = []
    for (const content of ['first', 'second', 'third']) {
      names.push(basename(await moveToDone(root, taken(content), name, MOVED_AT)))
    }
    expect(names).toEqual(expected)
    expect(readFileSync(join(root, 'done', name), 'utf8')).toBe('first')
  })

  it('keeps a refused file in failed/ with why beside it, in Turkish and English, owner-only', async () => {
    const root = kept()
    const moved = await moveToFailed(root, taken(), 'pipe', 'not-a-file', MOVED_AT)
    expect(moved).toBe(join(root, 'failed', 'pipe'))
    const reasonFile = `${moved}.reason.txt`
    expect(readFileSync(reasonFile, 'utf8')).toBe(
      'not-a-file\r\n' +
        'Bu bir dosya değil (kısayol/bağlantı, boru veya aygıt): okunmadı.\r\n' +
        'This is not a file (a link, a pipe or a device): it was not read.\r\n',
    )
    expect(statSync(reasonFile).mode & 0o777).toBe(0o600)
    const linked = await moveToFailed(root, taken(), 'again', 'linked', MOVED_AT)
    expect(readFileSync(`${linked}.reason.txt`, 'utf8')).toBe(
      'linked\r\n' +
        'Dosyanın başka bir adı daha var (sabit bağlantı): okunmadı.\r\n' +
        'The file has another name too (a hard link): it was not read.\r\n',
    )
    const empty = await moveToFailed(root, taken(''), 'empty.txt', 'empty-file', MOVED_AT)
    expect(readFileSync(`${empty}.reason.txt`, 'utf8')).toBe(
      'empty-file\r\nDosya boş.\r\nThe file is empty.\r\n',
    )
    const binary = await moveToFailed(root, taken(), 'bin.dat', 'not-text', MOVED_AT)
    expect(readFileSync(`${binary}.reason.txt`, 'utf8')).toBe(
      'not-text\r\n' +
        'Dosya metin değil (UTF-8 veya UTF-16 bekleniyordu).\r\n' +
        'The file is not text (UTF-8 or UTF-16 was expected).\r\n',
    )
    const json = await moveToFailed(root, taken(), 'bad.json', 'malformed-json', MOVED_AT)
    expect(readFileSync(`${json}.reason.txt`, 'utf8')).toBe(
      `malformed-json\r\n${INTAKE_ERRORS['malformed-json'].tr}\r\n${INTAKE_ERRORS['malformed-json'].en}\r\n`,
    )
  })

  it('never overwrites a refused file whose reason was never written, nor a reason left alone', async () => {
    const root = kept()
    writeFileSync(join(root, 'failed', 'order.json'), 'earlier')
    writeFileSync(join(root, 'failed', 'order-2.json.reason.txt'), 'earlier reason')
    const moved = await moveToFailed(root, taken(), 'order.json', 'no-order-id', MOVED_AT)
    expect(basename(moved)).toBe('order-3.json')
    expect(readFileSync(join(root, 'failed', 'order.json'), 'utf8')).toBe('earlier')
    expect(readFileSync(join(root, 'failed', 'order-2.json.reason.txt'), 'utf8')).toBe('earlier reason')
  })

  it('gives up, keeping the file where it is, when 9,999 names are taken', async () => {
    const root = kept()
    writeFileSync(join(root, 'done', 'order.json'), '')
    for (let attempt = 2; attempt < 10_000; attempt += 1) {
      writeFileSync(join(root, 'done', `order-${String(attempt)}.json`), '')
    }
    const path = taken()
    await expect(moveToDone(root, path, 'order.json', MOVED_AT)).rejects.toThrow(
      `drop folder: no free name for order.json in ${join(root, 'done')}`,
    )
    expect(readFileSync(path, 'utf8')).toBe(KEY)
  })
})

describe('pruneKept', () => {
  const DAY = 24 * 3600 * 1000
  const NOW = Date.UTC(2026, 10, 21, 12, 0, 0)

  it('removes what was kept longer than the limit, and counts it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'drop-file-prune-'))
    mkdirSync(join(root, 'done'))
    mkdirSync(join(root, 'failed'))
    const age = (path: string, ms: number) => {
      const at = new Date(NOW - ms)
      lutimesSync(path, at, at)
    }
    writeFileSync(join(root, 'done', 'limit.txt'), KEY)
    age(join(root, 'done', 'limit.txt'), 30 * DAY)
    writeFileSync(join(root, 'done', 'older.txt'), KEY)
    age(join(root, 'done', 'older.txt'), 30 * DAY + 1)
    writeFileSync(join(root, 'failed', 'old.txt'), 'no id')
    age(join(root, 'failed', 'old.txt'), 31 * DAY)
    mkdirSync(join(root, 'failed', 'old-folder'))
    writeFileSync(join(root, 'failed', 'old-folder', 'inside.txt'), KEY)
    age(join(root, 'failed', 'old-folder'), 31 * DAY)
    const outside = join(root, 'outside.txt')
    writeFileSync(outside, KEY)
    symlinkSync(outside, join(root, 'failed', 'old-link'))
    age(join(root, 'failed', 'old-link'), 31 * DAY)

    expect(await pruneKept(root, NOW, 30 * DAY)).toBe(4)
    expect(readdirSync(join(root, 'done'))).toEqual(['limit.txt'])
    expect(readdirSync(join(root, 'failed'))).toEqual([])
    expect(readFileSync(outside, 'utf8')).toBe(KEY)
  })

  it('finds nothing to remove where nothing was kept yet', async () => {
    expect(await pruneKept(mkdtempSync(join(tmpdir(), 'drop-file-prune-')), NOW, DAY)).toBe(0)
  })
})

// /dev/shm is another file system on Linux: a rename cannot cross to it, so the copy path runs for real.
const otherVolume = existsSync('/dev/shm') && statSync('/dev/shm').dev !== statSync(tmpdir()).dev

/** A drop folder on /dev/shm for this test alone, removed when it ends, even failed: /dev/shm is memory. */
function dropOnOtherVolume(): string {
  const drop = mkdtempSync('/dev/shm/drop-file-')
  onTestFinished(() => rmSync(drop, { recursive: true, force: true }))
  return drop
}

/** What this process holds open under `folder`: Linux names each open descriptor's file in /proc/self/fd. */
function heldOpenUnder(folder: string): string[] {
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    // The descriptor readdirSync itself used is closed by now.
    const target = existsSync(join('/proc/self/fd', fd)) ? readlinkSync(join('/proc/self/fd', fd)) : ''
    return target.startsWith(`${folder}/`) ? [target] : []
  })
}

describe('bringIn across volumes', () => {
  const taking = join(folder, 'taking')
  mkdirSync(taking, { recursive: true })

  // Not skipped quietly where it should run: on Linux the copy path is tested on a real second volume.
  it.runIf(process.platform === 'linux')('has /dev/shm on another volume than the temp folder', () => {
    expect(otherVolume).toBe(true)
  })

  it.runIf(otherVolume)('copies a regular file and removes it from the drop folder', async () => {
    const drop = dropOnOtherVolume()
    writeFileSync(join(drop, 'order.txt'), KEY)
    const brought = await bringIn(join(drop, 'order.txt'), taking, 'order.txt')
    expect(brought).toEqual({ kind: 'taken', path: expect.stringMatching(/\.order\.txt$/) as string })
    if (brought.kind !== 'taken') return
    expect(readFileSync(brought.path, 'utf8')).toBe(KEY)
    expect(statSync(brought.path).mode & 0o777).toBe(0o600)
    expect(existsSync(join(drop, 'order.txt'))).toBe(false)
  })

  it.runIf(otherVolume)(
    'copies nothing of a file with another hard link, removes its name here and leaves the other',
    async () => {
      const drop = dropOnOtherVolume()
      const other = join(drop, 'other-name')
      writeFileSync(other, KEY)
      linkSync(other, join(drop, 'linked.txt'))
      const brought = await bringIn(join(drop, 'linked.txt'), taking, 'linked.txt')
      expect(brought).toEqual({ kind: 'taken', path: expect.any(String) as string, refusal: 'linked' })
      if (brought.kind === 'taken') expect(lstatSync(brought.path).size).toBe(0)
      expect(existsSync(join(drop, 'linked.txt'))).toBe(false)
      expect(readFileSync(other, 'utf8')).toBe(KEY)
    },
  )

  it.runIf(otherVolume)(
    'copies nothing through a link or out of a FIFO, and leaves an empty stand-in refused',
    async () => {
      const drop = dropOnOtherVolume()
      const secret = join(drop, 'secret')
      writeFileSync(secret, KEY)
      symlinkSync(secret, join(drop, 'link.txt'))
      execFileSync('mkfifo', [join(drop, 'pipe')])
      for (const name of ['link.txt', 'pipe']) {
        const brought = await bringIn(join(drop, name), taking, name)
        expect(brought).toMatchObject({ kind: 'taken', refusal: 'not-a-file' })
        if (brought.kind === 'taken') expect(lstatSync(brought.path).size).toBe(0)
      }
      expect(readFileSync(secret, 'utf8')).toBe(KEY)
      expect(readdirSync(drop)).toEqual(['secret'])
    },
  )

  // A descriptor left open per order would pile up over a day of orders (and on Windows keep the file in use).
  it.runIf(otherVolume)(
    'closes what it copied or refused: nothing of the drop folder stays open',
    async () => {
      const drop = dropOnOtherVolume()
      writeFileSync(join(drop, 'order.txt'), KEY)
      writeFileSync(join(drop, 'other-name'), KEY)
      linkSync(join(drop, 'other-name'), join(drop, 'linked.txt'))
      for (const name of ['order.txt', 'linked.txt']) {
        expect(await bringIn(join(drop, name), taking, name)).toMatchObject({ kind: 'taken' })
        expect(heldOpenUnder(drop)).toEqual([])
      }
    },
  )
})
