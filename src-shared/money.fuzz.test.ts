// Property tests for money.ts: whatever staff type, parseKurus answers with a whole number of kuruş in range or
// one of its refusals; what formatKurus writes reads back to the same kuruş; and sums stay exact.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatKurus, MAX_KURUS, parseKurus, sumKurus } from './money.ts'

// The suite's fuzz settings (test-support/core/fuzz.ts), which src-shared may not import: a modest run count,
// and text as outside data comes (code units one by one, so lone surrogates too).
const FUZZ_RUNS = { numRuns: 200 } as const
const anyText = (maxLength: number) =>
  fc.oneof(
    fc.string({ maxLength, unit: 'grapheme' }),
    fc.string({ maxLength, unit: fc.nat({ max: 0xffff }).map((code) => String.fromCharCode(code)) }),
    // What a till's keyboard gives: digits, separators, spaces, signs and the currency.
    fc.string({ maxLength, unit: fc.constantFrom(...Array.from('0123456789.,  -−₺TL')) }),
  )

const language = fc.constantFrom('tr' as const, 'en' as const)
const kurus = fc.integer({ min: 0, max: MAX_KURUS })

describe('money, fuzzed', () => {
  it('reads back every amount it writes, in both languages', () => {
    fc.assert(
      fc.property(kurus, language, (amount, lang) => {
        expect(parseKurus(formatKurus(amount, lang))).toEqual({ ok: true, kurus: amount })
      }),
      FUZZ_RUNS,
    )
  })

  it('writes a shortfall as a minus before the amount it owes, which it refuses to read as an input', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_KURUS }), language, (amount, lang) => {
        const written = formatKurus(-amount, lang)
        expect(written).toBe(`-${formatKurus(amount, lang)}`)
        expect(parseKurus(written)).toEqual({ ok: false, problem: 'negative' })
      }),
      FUZZ_RUNS,
    )
  })

  it('reads a plain "lira,kuruş" the way a till types it, with either separator', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9_999_999 }),
        fc.integer({ min: 0, max: 99 }),
        fc.constantFrom(',', '.'),
        (lira, cents, separator) => {
          const text = `${String(lira)}${separator}${String(cents).padStart(2, '0')}`
          expect(parseKurus(text)).toEqual({ ok: true, kurus: lira * 100 + cents })
        },
      ),
      FUZZ_RUNS,
    )
  })

  it('answers any text with a whole kuruş amount in range or a refusal, never a float or a throw', () => {
    fc.assert(
      fc.property(anyText(60), (text) => {
        const parsed = parseKurus(text)
        if (parsed.ok) {
          expect(Number.isSafeInteger(parsed.kurus)).toBe(true)
          expect(parsed.kurus).toBeGreaterThanOrEqual(0)
          expect(parsed.kurus).toBeLessThanOrEqual(MAX_KURUS)
        } else {
          expect([
            'empty',
            'not-a-number',
            'negative',
            'too-many-decimals',
            'ambiguous',
            'too-large',
          ]).toContain(parsed.problem)
        }
      }),
      FUZZ_RUNS,
    )
  })

  it('sums exactly: the total of the parts is the total of their written forms read back', () => {
    fc.assert(
      fc.property(fc.array(kurus, { maxLength: 50 }), language, (amounts, lang) => {
        const total = sumKurus(amounts)
        const readBack = amounts.map((amount) => {
          const parsed = parseKurus(formatKurus(amount, lang))
          return parsed.ok ? parsed.kurus : Number.NaN
        })
        expect(sumKurus(readBack)).toBe(total)
        // Splitting a list anywhere and adding the two sums gives the same total.
        const cut = Math.floor(amounts.length / 2)
        expect(sumKurus([sumKurus(amounts.slice(0, cut)), sumKurus(amounts.slice(cut))])).toBe(total)
        expect(total % 1).toBe(0)
      }),
      FUZZ_RUNS,
    )
  })
})
