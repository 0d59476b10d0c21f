// @vitest-environment node
// Reading a scan (issue 30), written against the mutants the other tests let live: a link with space around it,
// keys heard on a computer whose keyboard language the tables do not know, and the scanner test told by the keys
// where the text alone is ambiguous.
import { describe, expect, it } from 'vitest'
import { judgeScannerTest, kindOf, readScan } from './read-scan.ts'
import { keysOfText, typedThrough } from './scan-layouts.ts'

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e'
const LINK = `pos-companion://order/${ID}`

/** What the keys of a hex id type on a Russian (ЙЦУКЕН) computer, a layout the tables do not have. */
const RUSSIAN: Record<string, string> = { a: 'ф', b: 'и', c: 'с', d: 'в', e: 'у', f: 'а' }

describe('what a text names', () => {
  it('takes an order link with space around it as a link', () => {
    expect(kindOf(`  ${LINK}\n`)).toBe('order-link')
  })

  it('takes a text that only quotes a link for the id in it, not as a link', () => {
    expect(kindOf(`see ${LINK}`)).toBe('order-id')
  })
})

describe('a read with the keys that typed it', () => {
  it('is read from its keys on a computer in a language the tables do not know, that computer not named', () => {
    const arrived = Array.from(ID, (char) => RUSSIAN[char] ?? char).join('')
    expect(kindOf(arrived)).toBeUndefined()
    expect(readScan(arrived, { keys: keysOfText(ID, 'us') })).toEqual({
      text: ID,
      kind: 'order-id',
      layouts: { scanner: 'us', computer: undefined },
      mangled: false,
    })
  })

  it('names no layouts for a word that names nothing, typed by a scanner set like its computer', () => {
    expect(readScan('hello', { keys: keysOfText('hello', 'us') })).toEqual({
      text: 'hello',
      kind: undefined,
      mangled: false,
    })
  })
})

describe('a read that names nothing', () => {
  it('is called mangled with the line end or tab a scanner sends around it', () => {
    expect(readScan('\tK*99\n').mangled).toBe(true)
  })
})

describe("Settings' scanner test, with the keys", () => {
  const CODE = 'okuyucu-testi:QUIZ/am-09'

  it('tells a German scanner on a US computer from a US scanner on a German one, which the text cannot', () => {
    const arrived = typedThrough('qwerty', 'de', 'us') ?? ''
    expect(arrived).toBe('qwertz')
    expect(typedThrough('qwerty', 'us', 'de')).toBe(arrived)
    expect(judgeScannerTest('qwerty', arrived, keysOfText('qwerty', 'de'))).toEqual({
      kind: 'layouts',
      scanner: 'de',
      computer: 'us',
    })
    expect(judgeScannerTest('qwerty', arrived)).toEqual({ kind: 'layouts', scanner: 'us', computer: 'de' })
  })

  it('cannot tell a code cut short, even when the keys spell the code', () => {
    expect(judgeScannerTest(CODE, CODE.slice(0, 11), keysOfText(CODE, 'us'))).toEqual({ kind: 'unknown' })
  })

  it('names no computer from an empty list of keys', () => {
    expect(judgeScannerTest('', '', [])).toEqual({ kind: 'right', computer: undefined })
  })
})
