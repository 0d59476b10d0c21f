// Issue 20.10: a label reads the same on the board, the slip and the CSV as what was sent. Every way a label comes
// in refuses Unicode format characters (bidi overrides and isolates, zero-width characters, the BOM…) and
// normalises to NFC: the contract's addOrder, the intake API's body (and a JSON drop file, parsed the same way),
// an order link and --add-order.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AddOrderInput } from '../../../src-shared/contract.ts'
import { OrderLabel } from '../../../src-shared/order-label.ts'
import { stubCore } from '../../../test-support/web/stub-core.ts'
import { recordingLogger } from '../../../test-support/core/memory-adapters.ts'
import { dispatch, MALFORMED } from '../dispatch.ts'
import { readDropFile } from './drop-file.ts'
import { parsePosOrder } from './order-input.ts'
import { parseLaunchArgv, parseOrderLink } from './order-link.ts'

const KEY = '0f8fad5b-d9cb-469f-a165-70867728950e'
const EXE = 'C:\\Program Files\\POS Companion\\POS Companion.exe'

/** The characters issue 20.10 names, and a few more of `\p{Cf}`: each makes a label read otherwise than sent. */
const FORMAT_CHARACTERS = [
  ...['\u202a', '\u202b', '\u202c', '\u202d', '\u202e'], // bidi embeddings and overrides
  ...['\u2066', '\u2067', '\u2068', '\u2069'], // bidi isolates
  ...['\u200b', '\u200c', '\u200d', '\u200e', '\u200f'], // zero-width space, (non-)joiner, LRM, RLM
  '\ufeff', // zero-width no-break space (BOM)
  '\u2060', // word joiner
  '\u00ad', // soft hyphen
  '\u061c', // Arabic letter mark
  // Default-ignorable code points that are not format characters (issue 27.4): invisible all the same.
  '\u034f', // combining grapheme joiner
  '\u115f', // Hangul choseong filler
  '\u1160', // Hangul jungseong filler
  '\u3164', // Hangul filler
  '\uffa0', // halfwidth Hangul filler
  '\u180b', // Mongolian free variation selector one
  '\u180f', // Mongolian free variation selector four
  '\ufe0f', // variation selector 16
  '\u{e0100}', // variation selector 17
  '\u{e0041}', // tag latin capital letter A
  '\u{e01f0}', // an unassigned default-ignorable
]
/** `Masa 6` with a character inside, where trimming cannot take it away. */
const labelsWith = FORMAT_CHARACTERS.map((char) => [
  `U+${char.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}`,
  `Masa${char} 6`,
])
/** "Şükrü · Çağla" decomposed (NFD): a letter and its combining marks, as macOS and some POSes send it. */
const DECOMPOSED = 'S\u0327u\u0308kru\u0308 · C\u0327ag\u0306la'
const COMPOSED = 'Şükrü · Çağla'

describe('order labels (issue 20.10)', () => {
  it('the test data: NFD differs from NFC until normalised', () => {
    expect(DECOMPOSED).not.toBe(COMPOSED)
    expect(DECOMPOSED.normalize('NFC')).toBe(COMPOSED)
  })

  describe('the one rule (OrderLabel)', () => {
    const check = (label: string) => {
      const parsed = OrderLabel.safeParse(label)
      return parsed.success ? parsed.data : 'refused'
    }

    it('takes one to 120 characters, counted once trimmed and in NFC', () => {
      expect(check('5')).toBe('5')
      expect(check('x'.repeat(120))).toBe('x'.repeat(120))
      expect(check(` ${'x'.repeat(120)} `)).toBe('x'.repeat(120))
      expect(check('x'.repeat(121))).toBe('refused')
      expect(check(' \t ')).toBe('refused')
      // 120 letters with their marks apart are 240 code units, 120 once composed.
      expect(check('s\u0327'.repeat(120))).toBe('ş'.repeat(120))
    })

    it.each([
      ['NUL', '\u0000'],
      ['a unit separator (the last C0)', '\u001f'],
      ['DEL', '\u007f'],
      ['a C1 control', '\u0085'],
      ['the last C1 control', '\u009f'],
      ['a line separator', '\u2028'],
      ['a paragraph separator', '\u2029'],
      ['a line feed', '\n'],
      ['a carriage return', '\r'],
      ['a tab', '\t'],
    ])('refuses %s inside a label', (_name, char) => {
      expect(check(`Masa${char}6`)).toBe('refused')
    })

    it('keeps the characters around the controls: spaces, no-break spaces, letters, emoji without joiners', () => {
      for (const label of ['Masa 6', 'Masa\u00a06', 'Masa ~ 6', 'Şükrü · Çağla', 'Paket 🍕', 'Masa\u00a16']) {
        expect(check(label)).toBe(label)
      }
    })
  })

  describe('the contract (addOrder from the page)', () => {
    it.each(labelsWith)('refuses a label with %s without calling the core', async (_name, label) => {
      const stub = stubCore()
      const answer = await dispatch(stub.core.handlers, 'addOrder', { text: KEY, label }, recordingLogger())
      expect(answer).toEqual({ ok: false, error: MALFORMED })
      expect(stub.calls).toEqual([])
    })

    it('hands the core the label in NFC', async () => {
      const stub = stubCore()
      await dispatch(stub.core.handlers, 'addOrder', { text: KEY, label: DECOMPOSED }, recordingLogger())
      expect(stub.calls).toEqual([{ call: 'addOrder', input: { text: KEY, label: COMPOSED } }])
      expect(AddOrderInput.parse({ text: KEY, label: ` ${DECOMPOSED} ` }).label).toBe(COMPOSED)
    })
  })

  describe('the intake API body', () => {
    it.each(labelsWith)('refuses a label with %s', (_name, label) => {
      expect(parsePosOrder({ payment_key: KEY, label })).toEqual({ ok: false, code: 'invalid-label' })
    })

    it('passes the label on in NFC', () => {
      expect(parsePosOrder({ payment_key: KEY, label: DECOMPOSED })).toEqual({
        ok: true,
        value: { paymentKey: KEY, details: { label: COMPOSED } },
      })
    })
  })

  describe('a drop file (real files)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'order-label-'))
    const dropped = (name: string, label: string) => {
      const path = join(folder, name)
      writeFileSync(path, JSON.stringify({ payment_key: KEY, label }), 'utf8')
      return readDropFile(path)
    }

    it.each(labelsWith)('refuses a label with %s', async (name, label) => {
      expect(await dropped(`${name}.json`, label)).toEqual({ kind: 'refused', reason: 'invalid-label' })
    })

    it('adds the order with its label in NFC', async () => {
      expect(await dropped('nfd.json', DECOMPOSED)).toEqual({
        kind: 'order',
        order: { paymentKey: KEY, details: { label: COMPOSED } },
      })
    })
  })

  describe('an order link', () => {
    it.each(labelsWith)('refuses a label with %s', (_name, label) => {
      const link = `pos-companion://order/${KEY}?label=${encodeURIComponent(label)}`
      expect(parseOrderLink(link)).toEqual({ ok: false, reason: 'invalid-label' })
    })

    it('adds the order with its label in NFC', () => {
      const link = `pos-companion://order/${KEY}?label=${encodeURIComponent(DECOMPOSED)}`
      expect(parseOrderLink(link)).toEqual({
        ok: true,
        order: { paymentKey: KEY, details: { label: COMPOSED } },
      })
    })
  })

  describe('the command line', () => {
    it.each(labelsWith)('refuses a --label with %s', (_name, label) => {
      expect(parseLaunchArgv([EXE, `--add-order=${KEY}`, `--label=${label}`])).toEqual({
        kind: 'refused',
        via: 'command-line',
        reason: 'invalid-label',
      })
    })

    it('adds the order with its label in NFC', () => {
      expect(parseLaunchArgv([EXE, '--add-order', KEY, '--label', DECOMPOSED])).toEqual({
        kind: 'order',
        via: 'command-line',
        order: { paymentKey: KEY, details: { label: COMPOSED } },
      })
    })
  })
})
