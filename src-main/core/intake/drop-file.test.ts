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
  renameSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import {
  keepDone,
  keepFailed,
  keptAt,
  orderOf,
  pruneKept,
  readDropFile,
  removeTaken,
  takeDropFile,
} from './drop-file.ts'
import { texts } from '../../../src-shared/texts/index.ts'

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

/** The drop folder is still the folder that was checked (drop-folder.ts's look, passed in). */
const sameFolder = () => Promise.resolve()

describe('takeDropFile', () => {
  const drop = () => mkdtempSync(join(tmpdir(), 'drop-file-take-'))

  it('reads a regular file with one name, and changes nothing', async () => {
    const dir = drop()
    writeFileSync(join(dir, 'order.json'), KEY)
    const taken = await takeDropFile(join(dir, 'order.json'), sameFolder)
    expect(taken).toMatchObject({ kind: 'read', bytes: Buffer.from(KEY) })
    expect(readdirSync(dir)).toEqual(['order.json'])
  })

  it('refuses a symbolic link without opening what it points to', async () => {
    const dir = drop()
    const secret = join(dir, 'secret')
    writeFileSync(secret, KEY)
    symlinkSync(secret, join(dir, 'link.txt'))
    const taken = await takeDropFile(join(dir, 'link.txt'), sameFolder)
    expect(taken).toMatchObject({ kind: 'refused', reason: 'not-a-file' })
    if (taken.kind === 'refused') expect(taken.stats.isSymbolicLink()).toBe(true)
  })

  it('refuses a FIFO at once, before reading, with no writer and with one', async () => {
    const dir = drop()
    execFileSync('mkfifo', [join(dir, 'pipe')])
    expect(await takeDropFile(join(dir, 'pipe'), sameFolder)).toMatchObject({
      kind: 'refused',
      reason: 'not-a-file',
    })
  })

  it('refuses a socket and a device', async () => {
    const dir = drop()
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(join(dir, 'sock'), resolve))
    onTestFinished(() => void server.close())
    expect(await takeDropFile(join(dir, 'sock'), sameFolder)).toMatchObject({ kind: 'refused' })
    expect(await takeDropFile('/dev/null', sameFolder)).toMatchObject({
      kind: 'refused',
      reason: 'not-a-file',
    })
  })

  it('refuses a file with a second hard link, reading nothing', async () => {
    const dir = drop()
    writeFileSync(join(dir, 'one'), KEY)
    linkSync(join(dir, 'one'), join(dir, 'two'))
    expect(await takeDropFile(join(dir, 'two'), sameFolder)).toMatchObject({
      kind: 'refused',
      reason: 'linked',
    })
  })

  it('says a folder is a folder, and a missing name is gone', async () => {
    const dir = drop()
    mkdirSync(join(dir, 'sub'))
    expect(await takeDropFile(join(dir, 'sub'), sameFolder)).toEqual({ kind: 'folder' })
    expect(await takeDropFile(join(dir, 'never'), sameFolder)).toEqual({ kind: 'gone' })
  })

  it('reads at most one byte more than a body may have', async () => {
    const dir = drop()
    writeFileSync(join(dir, 'big'), Buffer.alloc(100_000, 0x41))
    const taken = await takeDropFile(join(dir, 'big'), sameFolder)
    expect(taken.kind === 'read' && taken.bytes.length).toBe(16 * 1024 + 1)
  })

  it('asks whether the folder is still the one checked before it opens and after it read', async () => {
    const dir = drop()
    writeFileSync(join(dir, 'order.txt'), KEY)
    let asked = 0
    const taken = await takeDropFile(join(dir, 'order.txt'), () => {
      asked += 1
      return Promise.resolve()
    })
    expect(taken.kind).toBe('read')
    expect(asked).toBe(2)
    const changed = new Error('changed')
    await expect(takeDropFile(join(dir, 'order.txt'), () => Promise.reject(changed))).rejects.toBe(changed)
    let calls = 0
    await expect(
      takeDropFile(join(dir, 'order.txt'), () =>
        ++calls === 2 ? Promise.reject(changed) : Promise.resolve(),
      ),
    ).rejects.toBe(changed)
  })

  it('closes every file it opens', async () => {
    const dir = drop()
    writeFileSync(join(dir, 'order.txt'), KEY)
    writeFileSync(join(dir, 'other'), KEY)
    linkSync(join(dir, 'other'), join(dir, 'linked'))
    execFileSync('mkfifo', [join(dir, 'pipe')])
    for (const name of ['order.txt', 'linked', 'pipe']) {
      await takeDropFile(join(dir, name), sameFolder)
      expect(heldOpenUnder(dir)).toEqual([])
    }
  })
})

describe('removeTaken', () => {
  it('removes the name while it still names what was taken', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drop-file-remove-'))
    writeFileSync(join(dir, 'order.txt'), KEY)
    const seen = lstatSync(join(dir, 'order.txt'))
    expect(await removeTaken(join(dir, 'order.txt'), seen, sameFolder)).toBe(true)
    expect(readdirSync(dir)).toEqual([])
  })

  it('leaves a new file written under the name meanwhile', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drop-file-remove-'))
    writeFileSync(join(dir, 'order.txt'), KEY)
    const seen = lstatSync(join(dir, 'order.txt'))
    // The POS writes the name again (write, then rename over it): another file under the same name.
    writeFileSync(join(dir, 'order.txt.tmp'), 'second')
    renameSync(join(dir, 'order.txt.tmp'), join(dir, 'order.txt'))
    expect(await removeTaken(join(dir, 'order.txt'), seen, sameFolder)).toBe(true)
    expect(readFileSync(join(dir, 'order.txt'), 'utf8')).toBe('second')
  })

  it('leaves a file of another device that has the same inode number', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drop-file-remove-'))
    writeFileSync(join(dir, 'order.txt'), KEY)
    // What was taken lived on another file system (the folder was swapped to a mount): its inode says nothing.
    const seen = Object.assign(lstatSync(join(dir, 'order.txt')), {
      dev: lstatSync(join(dir, 'order.txt')).dev + 1,
    })
    expect(await removeTaken(join(dir, 'order.txt'), seen, sameFolder)).toBe(true)
    expect(readdirSync(dir)).toEqual(['order.txt'])
  })

  it('removes a link itself, never what it points to', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drop-file-remove-'))
    writeFileSync(join(dir, 'target'), KEY)
    symlinkSync(join(dir, 'target'), join(dir, 'link'))
    expect(await removeTaken(join(dir, 'link'), lstatSync(join(dir, 'link')), sameFolder)).toBe(true)
    expect(readdirSync(dir)).toEqual(['target'])
  })

  it('removes nothing once the folder is not the one checked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drop-file-remove-'))
    writeFileSync(join(dir, 'order.txt'), KEY)
    const seen = lstatSync(join(dir, 'order.txt'))
    await expect(
      removeTaken(join(dir, 'order.txt'), seen, () => Promise.reject(new Error('changed'))),
    ).rejects.toThrow('changed')
    expect(readdirSync(dir)).toEqual(['order.txt'])
  })
})

describe('orderOf', () => {
  it('refuses more bytes than a body may have', () => {
    expect(orderOf(Buffer.alloc(16 * 1024 + 1, 0x20))).toEqual({ kind: 'refused', reason: 'body-too-large' })
  })
})

describe('keeping what was taken', () => {
  const kept = () => {
    const root = mkdtempSync(join(tmpdir(), 'drop-file-kept-'))
    mkdirSync(join(root, 'done'))
    mkdirSync(join(root, 'failed'))
    return root
  }
  const KEPT_AT = Date.UTC(2026, 10, 21, 12, 0, 0, 5)

  it('keeps a copy in done/ in a new owner-only file, named by when it was kept', async () => {
    const root = kept()
    const path = await keepDone(root, 'order.json', Buffer.from(KEY), KEPT_AT)
    expect(basename(path)).toMatch(/^20261121T120000005Z-[0-9a-f]{8}-order\.json$/)
    expect(readFileSync(path, 'utf8')).toBe(KEY)
    expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(keptAt(basename(path))).toBe(KEPT_AT)
  })

  it('never overwrites an earlier copy of the same name', async () => {
    const root = kept()
    for (const content of ['first', 'second', 'third'])
      await keepDone(root, 'order.json', Buffer.from(content), KEPT_AT)
    const names = readdirSync(join(root, 'done'))
    expect(names).toHaveLength(3)
    expect(names.map((name) => readFileSync(join(root, 'done', name), 'utf8')).sort()).toEqual([
      'first',
      'second',
      'third',
    ])
  })

  it.each([
    ['a long name', `${'a'.repeat(250)}.json`, /-a{115}\.json$/],
    ['a long name without an extension', 'b'.repeat(255), /-b{120}$/],
    ['a long Turkish name', `${'ş'.repeat(125)}.txt`, /-ş{58}\.txt$/],
    ['a long extension', `x.${'e'.repeat(40)}`, /-x\.e{40}$/],
    ['a long name with a long extension', `${'a'.repeat(200)}.${'e'.repeat(40)}`, /-a{120}$/],
    ['a long name with an extension of 16 bytes', `${'a'.repeat(250)}.${'e'.repeat(15)}`, /-a{104}\.e{15}$/],
    ['a long name with no dot', `${'b'.repeat(254)}z`, /-b{120}$/],
  ])('keeps %s under a name the file system takes', async (_name, name, shape) => {
    const root = kept()
    const path = await keepFailed(root, name, Buffer.from('no id'), 'no-order-id', KEPT_AT)
    expect(basename(path)).toMatch(shape)
    expect(Buffer.byteLength(`${basename(path)}.reason.txt`)).toBeLessThanOrEqual(255)
    expect(readFileSync(`${path}.reason.txt`, 'utf8')).toContain(JSON.stringify(name))
  })

  it('keeps a refused file in failed/ with why beside it, in Turkish and English, owner-only', async () => {
    const root = kept()
    const refused = await keepFailed(root, 'pipe', undefined, 'not-a-file', KEPT_AT)
    expect(readFileSync(refused, 'utf8')).toBe('')
    expect(statSync(refused).mode & 0o777).toBe(0o600)
    const reasonFile = `${refused}.reason.txt`
    expect(readFileSync(reasonFile, 'utf8')).toBe(
      'not-a-file\r\n' +
        'Bu bir dosya değil (kısayol/bağlantı, boru veya aygıt): okunmadı.\r\n' +
        'This is not a file (a link, a pipe or a device): it was not read.\r\n' +
        '"pipe"\r\n',
    )
    expect(statSync(reasonFile).mode & 0o777).toBe(0o600)
    const linked = await keepFailed(root, 'again', undefined, 'linked', KEPT_AT)
    expect(readFileSync(`${linked}.reason.txt`, 'utf8')).toBe(
      'linked\r\n' +
        'Dosyanın başka bir adı daha var (sabit bağlantı): okunmadı.\r\n' +
        'The file has another name too (a hard link): it was not read.\r\n' +
        '"again"\r\n',
    )
    const json = await keepFailed(root, 'bad\nname.json', Buffer.from('{'), 'malformed-json', KEPT_AT)
    expect(readFileSync(json, 'utf8')).toBe('{')
    expect(readFileSync(`${json}.reason.txt`, 'utf8')).toBe(
      `malformed-json\r\n${texts.tr.intakeApi['malformed-json']}\r\n${texts.en.intakeApi['malformed-json']}\r\n"bad\\nname.json"\r\n`,
    )
  })
})

describe('keptAt', () => {
  it.each([
    ['20261121T120000005Z-0a1b2c3d-order.json', Date.UTC(2026, 10, 21, 12, 0, 0, 5)],
    ['19700101T000000000Z-ffffffff-x', 0],
    ['order.json', undefined],
    ['20261121T120000005Z-order.json', undefined],
    ['20261121T1200005Z-0a1b2c3d-order.json', undefined],
    ['x20261121T120000005Z-0a1b2c3d-order.json', undefined],
  ])('reads %s as %s', (name, at) => {
    expect(keptAt(name)).toBe(at)
  })
})

describe('pruneKept', () => {
  const DAY = 24 * 3600 * 1000
  const NOW = Date.UTC(2026, 10, 21, 12, 0, 0)
  const stamped = (ago: number, name: string) =>
    `${new Date(NOW - ago).toISOString().replace(/[-:.]/g, '')}-0a1b2c3d-${name}`

  it('removes what the app kept longer ago than the limit, by its own stamp, and counts it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'drop-file-prune-'))
    mkdirSync(join(root, 'done'))
    mkdirSync(join(root, 'failed'))
    writeFileSync(join(root, 'done', stamped(30 * DAY, 'limit.txt')), KEY)
    writeFileSync(join(root, 'done', stamped(30 * DAY + 1, 'older.txt')), KEY)
    writeFileSync(join(root, 'failed', stamped(31 * DAY, 'old.txt')), 'no id')
    writeFileSync(join(root, 'failed', stamped(31 * DAY, 'old.txt.reason.txt')), 'why')
    const outside = join(root, 'outside.txt')
    writeFileSync(outside, KEY)
    symlinkSync(outside, join(root, 'failed', stamped(31 * DAY, 'old-link')))
    // A file's own time says nothing: a new one dated 1970 stays.
    writeFileSync(join(root, 'done', stamped(DAY, 'new.txt')), KEY)
    lutimesSync(join(root, 'done', stamped(DAY, 'new.txt')), new Date(0), new Date(0))

    expect(await pruneKept(root, NOW, 30 * DAY)).toBe(4)
    expect(readdirSync(join(root, 'done')).sort()).toEqual(
      [stamped(DAY, 'new.txt'), stamped(30 * DAY, 'limit.txt')].sort(),
    )
    expect(readdirSync(join(root, 'failed'))).toEqual([])
    expect(readFileSync(outside, 'utf8')).toBe(KEY)
  })

  it('leaves names that are not the app’s, and removes a folder only when it is empty', async () => {
    const root = mkdtempSync(join(tmpdir(), 'drop-file-prune-'))
    mkdirSync(join(root, 'done'))
    mkdirSync(join(root, 'failed'))
    writeFileSync(join(root, 'done', 'order.json'), KEY)
    lutimesSync(join(root, 'done', 'order.json'), new Date(0), new Date(0))
    mkdirSync(join(root, 'failed', stamped(31 * DAY, 'full')))
    writeFileSync(join(root, 'failed', stamped(31 * DAY, 'full'), 'inside.txt'), KEY)
    mkdirSync(join(root, 'failed', 'empty'))
    expect(await pruneKept(root, NOW, 30 * DAY)).toBe(0)
    expect(readdirSync(join(root, 'done'))).toEqual(['order.json'])
    expect(readdirSync(join(root, 'failed'))).toEqual([stamped(31 * DAY, 'full')])
    expect(readFileSync(join(root, 'failed', stamped(31 * DAY, 'full'), 'inside.txt'), 'utf8')).toBe(KEY)
  })

  it('finds nothing to remove where nothing was kept yet', async () => {
    expect(await pruneKept(mkdtempSync(join(tmpdir(), 'drop-file-prune-')), NOW, DAY)).toBe(0)
  })
})

/** What this process holds open under `folder`: Linux names each open descriptor's file in /proc/self/fd. */
function heldOpenUnder(folder: string): string[] {
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    // The descriptor readdirSync itself used is closed by now.
    const target = existsSync(join('/proc/self/fd', fd)) ? readlinkSync(join('/proc/self/fd', fd)) : ''
    return target.startsWith(`${folder}/`) ? [target] : []
  })
}
