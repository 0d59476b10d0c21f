// Property tests for D7's order intake: whatever staff type, paste or scan, extractOrderId answers with one
// lower-case payment_key or refuses with our own AppFailure, and it finds the id wherever it stands.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AppFailure } from '../app-failure.ts'
import { anyText, FUZZ_RUNS, paymentKey } from '../../../test-support/core/fuzz.ts'
import { extractOrderId } from './order-id.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** Text around an id that cannot extend it: anything but hex digits (a scanner's prefix, a URL, a sentence). */
const nonHexText = fc
  .string({ maxLength: 40, unit: 'grapheme' })
  .map((text) => text.replace(/[0-9a-f]/gi, ''))

/** The id as a person or a scanner might write it: each letter upper- or lower-case at random. */
const mixedCase = (id: string) =>
  fc.array(fc.boolean(), { minLength: id.length, maxLength: id.length }).map((upper) =>
    Array.from(id, (char) => char)
      .map((char, index) => (upper[index] ? char.toUpperCase() : char))
      .join(''),
  )

function outcome(text: string): { id: string } | { problem: string | undefined } {
  try {
    return { id: extractOrderId(text) }
  } catch (error) {
    // Anything but our own refusal would reach staff as "internal": that is the bug this test looks for.
    expect(error).toBeInstanceOf(AppFailure)
    return { problem: (error as AppFailure).appError.problem }
  }
}

describe('extractOrderId, fuzzed', () => {
  it('answers any text with a lower-case id found in it, or one of its two refusals', () => {
    fc.assert(
      fc.property(anyText(300), (text) => {
        const result = outcome(text)
        if ('id' in result) {
          expect(result.id).toMatch(UUID)
          expect(text.toLowerCase()).toContain(result.id)
        } else {
          expect(['no-order-id', 'several-order-ids']).toContain(result.problem)
        }
      }),
      FUZZ_RUNS,
    )
  })

  it('finds exactly one embedded id, in any case, between any text that cannot extend it', () => {
    fc.assert(
      fc.property(
        paymentKey.chain((id) => fc.tuple(fc.constant(id), mixedCase(id))),
        nonHexText,
        nonHexText,
        ([id, written], before, after) => {
          expect(extractOrderId(`${before}${written}${after}`)).toBe(id)
        },
      ),
      FUZZ_RUNS,
    )
  })

  it('treats the same id written twice in different cases as one order', () => {
    fc.assert(
      fc.property(
        paymentKey.chain((id) => fc.tuple(fc.constant(id), mixedCase(id), mixedCase(id))),
        nonHexText.map((text) => `${text} `),
        ([id, first, second], between) => {
          expect(extractOrderId(`${first}${between}${second}`)).toBe(id)
        },
      ),
      FUZZ_RUNS,
    )
  })

  it('refuses two different ids rather than guess which order was meant', () => {
    fc.assert(
      fc.property(paymentKey, paymentKey, nonHexText, (first, second, between) => {
        fc.pre(first !== second)
        expect(outcome(`${first} ${between} ${second.toUpperCase()}`)).toEqual({
          problem: 'several-order-ids',
        })
      }),
      FUZZ_RUNS,
    )
  })

  it('finds no id inside a longer run of hex digits', () => {
    fc.assert(
      fc.property(paymentKey, fc.stringMatching(/^[0-9a-fA-F]{1,4}$/), fc.boolean(), (id, extra, atEnd) => {
        expect(outcome(atEnd ? `${id}${extra}` : `${extra}${id}`)).toEqual({ problem: 'no-order-id' })
      }),
      FUZZ_RUNS,
    )
  })
})
