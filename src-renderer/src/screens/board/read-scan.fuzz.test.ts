// @vitest-environment node
// Property tests for reading a scan whatever keyboard language typed it (issue 30): any order id, short code or
// badge, typed by a scanner set to one layout on a computer set to another, reads back as itself, from the text
// alone and from the keys the scanner pressed.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readScan } from './read-scan.ts'
import { keysOfText, LAYOUT_IDS, typedThrough } from './scan-layouts.ts'

const FUZZ_RUNS = { numRuns: 300 } as const
const layout = fc.constantFrom(...LAYOUT_IDS)
const hex = (length: number) =>
  fc.string({
    minLength: length,
    maxLength: length,
    unit: fc.constantFrom(...Array.from('0123456789abcdef')),
  })
/** Any payment key, in either case: five groups of hex digits. */
const orderId = fc
  .tuple(hex(8), hex(4), hex(4), hex(4), hex(12), fc.boolean())
  .map(([a, b, c, d, e, upper]) => {
    const id = `${a}-${b}-${c}-${d}-${e}`
    return upper ? id.toUpperCase() : id
  })
const shortCode = fc.tuple(hex(3), hex(3)).map(([a, b]) => `${a}-${b}`.toUpperCase())
const badge = fc
  .tuple(
    fc.string({ minLength: 1, maxLength: 4, unit: fc.constantFrom(...Array.from('ABCDEFGHJKLMNPRSTUVXYZ')) }),
    fc.string({ minLength: 1, maxLength: 4, unit: fc.constantFrom(...Array.from('0123456789')) }),
  )
  .map(([letters, digits]) => `${letters}-${digits}`)

describe('reading a scan through any two keyboard layouts, fuzzed', () => {
  it('reads back any order id a US scanner types, whatever the computer, from the text alone and its keys', () => {
    fc.assert(
      fc.property(orderId, layout, (id, computer) => {
        const arrived = typedThrough(id, 'us', computer)
        expect(arrived).toBeDefined()
        expect(readScan(arrived ?? '').text.toLowerCase()).toBe(id.toLowerCase())
        const keys = keysOfText(id, 'us')
        expect(readScan(arrived ?? '', { keys }).text.toLowerCase()).toBe(id.toLowerCase())
      }),
      FUZZ_RUNS,
    )
  })

  it('reads any order id as it arrived from a scanner set to the computer’s own language', () => {
    fc.assert(
      fc.property(orderId, layout, (id, both) => {
        const arrived = typedThrough(id, both, both) ?? ''
        expect(readScan(arrived, { keys: keysOfText(id, both) })).toMatchObject({
          text: id,
          kind: 'order-id',
        })
      }),
      FUZZ_RUNS,
    )
  })

  // The scanner is taken to type as US, its factory setting (read-scan.ts): a short code is short, and guessing
  // other scanner layouts too would make one of nearly anything (a Turkish-F scanner's `,` is `b`).
  it('reads back any short code, and a badge the till knows, typed by a US scanner, from the text alone', () => {
    fc.assert(
      fc.property(shortCode, badge, layout, (code, badgeCode, computer) => {
        expect(readScan(typedThrough(code, 'us', computer) ?? '').text).toBe(code)
        const arrived = typedThrough(badgeCode, 'us', computer) ?? ''
        expect(readScan(arrived, { badges: [badgeCode] }).text).toBe(badgeCode)
        const qr = `pos-companion-courier:${badgeCode}`
        expect(readScan(typedThrough(qr, 'us', computer) ?? '').text).toBe(qr)
      }),
      FUZZ_RUNS,
    )
  })

  it('reads back any short code, badge and badge QR from the keys of a US scanner', () => {
    fc.assert(
      fc.property(shortCode, badge, layout, (code, badgeCode, computer) => {
        const scanner = 'us'
        const read = (text: string, badges: string[] = []) =>
          readScan(typedThrough(text, scanner, computer) ?? '', { keys: keysOfText(text, scanner), badges })
            .text
        expect(read(code)).toBe(code)
        expect(read(badgeCode, [badgeCode])).toBe(badgeCode)
        expect(read(`pos-companion-courier:${badgeCode}`)).toBe(`pos-companion-courier:${badgeCode}`)
      }),
      FUZZ_RUNS,
    )
  })
})
