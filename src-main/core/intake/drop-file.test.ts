import { execFileSync } from 'node:child_process'
import {
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bringIn, readDropFile } from './drop-file.ts'

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
})

// /dev/shm is another file system on Linux: a rename cannot cross to it, so the copy path runs for real.
const otherVolume = existsSync('/dev/shm') && statSync('/dev/shm').dev !== statSync(tmpdir()).dev
describe.runIf(otherVolume)('bringIn across volumes', () => {
  const drop = otherVolume ? mkdtempSync('/dev/shm/drop-file-') : ''
  const taking = join(folder, 'taking')
  mkdirSync(taking, { recursive: true })

  it('copies a regular file and removes it from the drop folder', async () => {
    writeFileSync(join(drop, 'order.txt'), KEY)
    const brought = await bringIn(join(drop, 'order.txt'), taking, 'order.txt')
    expect(brought).toMatchObject({ kind: 'taken' })
    if (brought.kind !== 'taken') return
    expect(readFileSync(brought.path, 'utf8')).toBe(KEY)
    expect(existsSync(join(drop, 'order.txt'))).toBe(false)
  })

  it('copies nothing through a link or out of a FIFO, and leaves an empty stand-in refused', async () => {
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
    rmSync(drop, { recursive: true, force: true })
  })
})
