// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { judgeScannerTest, kindOf, readScan } from './read-scan.ts'
import { charOf, keysOfText, LAYOUT_IDS, typedThrough, type LayoutId } from './scan-layouts.ts'

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e'
const LINK = `pos-companion://order/${ID}?label=Masa%2012&amount_kurus=15990`

/**
 * What a US-set scanner types on each computer, as people and scanner makers report it: the id's `-`, a badge's
 * `-`, and a link's `:` and `/`.
 */
const US_SCANNER_ON: [LayoutId, { id: string; badge: string; linkStart: string }][] = [
  [
    'tr-q',
    { id: '0f8fad5b*d9cb*469f*a165*70867728950e', badge: 'K*07', linkStart: 'pos*companıonŞ..order.' },
  ],
  [
    'tr-f',
    { id: '0a8aue5ç/e9vç/469a/u165/70867728950ğ', badge: 'M/07', linkStart: 'phi/vhspuznhzY,,hıeğı,' },
  ],
  ['de', { id: '0f8fad5bßd9cbß469fßa165ß70867728950e', badge: 'Kß07', linkStart: 'posßcompanionÖ--order-' }],
  ['fr', { id: "àf_fqd(b)dçcb)'-çf)q&-()èà_-èèé_ç(àe", badge: 'K)àè', linkStart: 'pos)co,pqnionM!!order!' }],
]

describe('a US-set scanner on another keyboard language', () => {
  it.each(US_SCANNER_ON)('on %s types what staff report', (computer, arrives) => {
    expect(typedThrough(ID, 'us', computer)).toBe(arrives.id)
    expect(typedThrough('K-07', 'us', computer)).toBe(arrives.badge)
    expect(typedThrough(LINK, 'us', computer)?.startsWith(arrives.linkStart)).toBe(true)
  })

  it.each(US_SCANNER_ON)(
    'on %s is read back from the text alone: the id, the badge, the link',
    (computer, arrives) => {
      expect(readScan(arrives.id)).toEqual({
        text: ID,
        kind: 'order-id',
        layouts: { scanner: 'us', computer },
        mangled: false,
      })
      expect(readScan(arrives.badge, { badges: ['K-07'] })).toMatchObject({ text: 'K-07', kind: 'badge' })
      const link = typedThrough(LINK, 'us', computer) ?? ''
      expect(readScan(link)).toMatchObject({ text: LINK, kind: 'order-link' })
    },
  )

  it.each(US_SCANNER_ON)(
    'on %s is read back from its key codes, and the computer told',
    (computer, arrives) => {
      const keys = keysOfText(ID, 'us')
      expect(readScan(arrives.id, { keys })).toEqual({
        text: ID,
        kind: 'order-id',
        layouts: { scanner: 'us', computer },
        mangled: false,
      })
    },
  )

  it.each(US_SCANNER_ON)("on %s reads a short code and a badge's QR", (computer) => {
    expect(readScan(typedThrough('ABC-DEF', 'us', computer) ?? '')).toMatchObject({
      text: 'ABC-DEF',
      kind: 'short-code',
    })
    const qr = typedThrough('pos-companion-courier:K-07', 'us', computer) ?? ''
    expect(readScan(qr)).toMatchObject({ text: 'pos-companion-courier:K-07', kind: 'badge-qr' })
  })
})

describe('a read that needs no help', () => {
  it.each([
    ['an order id', ID, 'order-id'],
    ['a short code', '50E-123', 'short-code'],
    ["a badge's QR", 'pos-companion-courier:K-07', 'badge-qr'],
    ['an order link', LINK, 'order-link'],
  ] as const)('is taken as it arrived: %s', (_name, read, kind) => {
    expect(readScan(read)).toEqual({ text: read, kind, mangled: false })
  })

  it.each(['159,90', '1.234,50', '159900,'])('reads the amount %s, with its keys, as nothing', (amount) => {
    expect(readScan(amount, { keys: keysOfText(amount, 'us') })).toMatchObject({
      text: amount,
      kind: undefined,
    })
  })

  it('takes a known badge as it arrived, and a bare word as nothing', () => {
    expect(kindOf('k-07', ['K-07'])).toBe('badge')
    expect(kindOf('K-07')).toBeUndefined()
    expect(readScan('Masa 12')).toEqual({ text: 'Masa 12', kind: undefined, mangled: false })
  })
})

describe('a read that names nothing', () => {
  it.each([
    ['a `*` between letters', 'K*99'],
    ['a dotless ı', 'pos*companıon'],
    ['an ß', 'Kß99'],
  ])('is called mangled when it holds %s', (_name, read) => {
    expect(readScan(read).mangled).toBe(true)
  })

  it.each([
    ['a label with a space', 'Kadıköy şube'],
    ['plain text', 'hello'],
    ['nothing', ''],
  ])('is not called mangled: %s', (_name, read) => {
    expect(readScan(read).mangled).toBe(false)
  })

  it('tells the computer from the keys even when the scan names nothing known', () => {
    const keys = keysOfText('XYZ-999', 'us')
    const arrived = typedThrough('XYZ-999', 'us', 'tr-q') ?? ''
    expect(readScan(arrived, { keys })).toMatchObject({
      kind: undefined,
      layouts: { scanner: 'us', computer: 'tr-q' },
      mangled: true,
    })
  })
})

describe('the layout tables', () => {
  it.each(LAYOUT_IDS)('%s: every key types one character, shifted or not', (layout) => {
    for (const code of [
      'Backquote',
      'Digit1',
      'Minus',
      'KeyQ',
      'Backslash',
      'KeyA',
      'Quote',
      'KeyZ',
      'Slash',
    ]) {
      expect(charOf({ code, shift: false }, layout)).toHaveLength(1)
      expect(charOf({ code, shift: true }, layout)).toHaveLength(1)
    }
    expect(charOf({ code: 'Space', shift: true }, layout)).toBe(' ')
    expect(charOf({ code: 'F1', shift: false }, layout)).toBeUndefined()
  })

  it('has each layout typing the letters and digits an id or a code is made of', () => {
    for (const layout of LAYOUT_IDS) {
      expect(
        keysOfText('0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-:/', layout),
      ).toBeDefined()
    }
  })
})

describe("Settings' scanner test", () => {
  const CODE = 'okuyucu-testi:QUIZ/am-09'
  const others = LAYOUT_IDS.filter((layout) => layout !== 'us')

  it.each(LAYOUT_IDS)('says a scanner set like the computer (%s) is right', (layout) => {
    expect(judgeScannerTest(CODE, CODE, keysOfText(CODE, layout))).toEqual({
      kind: 'right',
      computer: layout,
    })
  })

  it.each(others)(
    'names a US scanner on a %s computer, from the keys and from the text alone',
    (computer) => {
      const arrived = typedThrough(CODE, 'us', computer) ?? ''
      expect(arrived).not.toBe(CODE)
      const verdict = { kind: 'layouts', scanner: 'us', computer }
      expect(judgeScannerTest(CODE, arrived, keysOfText(CODE, 'us'))).toEqual(verdict)
      expect(judgeScannerTest(CODE, arrived)).toEqual(verdict)
    },
  )

  it.each(others)('names a %s scanner on a US computer', (scanner) => {
    const arrived = typedThrough(CODE, scanner, 'us') ?? ''
    expect(judgeScannerTest(CODE, arrived, keysOfText(CODE, scanner))).toEqual({
      kind: 'layouts',
      scanner,
      computer: 'us',
    })
  })

  it('cannot tell a code cut short or another code', () => {
    expect(judgeScannerTest(CODE, 'okuyucu-tes')).toEqual({ kind: 'unknown' })
    expect(judgeScannerTest(CODE, '0f8fad5b-d9cb-469f-a165-70867728950e')).toEqual({ kind: 'unknown' })
  })
})
