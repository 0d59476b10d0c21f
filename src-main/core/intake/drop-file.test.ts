import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readDropFile } from './drop-file.ts'

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
