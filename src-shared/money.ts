// Money is integer kuruş end to end (1 ₺ = 100 kuruş): never a float, not even on the way in. What staff type
// at a till is read digit by digit into integers, and amounts are shown by hand-grouping those integers, not by
// Intl: ICU's tr-TR currency pattern puts the sign in front (₺1.234,50), and its data differs between Node and
// Chromium builds. Zod-free, so the renderer can use it without bundling zod.
import type { Language } from './domain.ts'

/** The largest amount staff may type: 10,000,000 ₺. Anything above is a typing slip, not an order. */
export const MAX_KURUS = 10_000_000 * 100

/** Why a typed amount was refused, so the screen can say what to fix. */
type MoneyProblem =
  | 'empty' // nothing but spaces or a currency sign
  | 'not-a-number' // letters, a sign other than one leading minus, separators in the wrong places
  | 'negative' // an amount handed in or charged is never below zero; a shortfall is a difference, not an input
  | 'too-many-decimals' // more than 2 digits after the decimal separator
  | 'ambiguous' // one separator followed by exactly three digits: "1.234" is 1234 ₺ in Turkish, 1,234 ₺ nowhere
  | 'too-large' // over MAX_KURUS

export type ParsedKurus = { ok: true; kurus: number } | { ok: false; problem: MoneyProblem }

/** A whole number of kuruş that arithmetic keeps exact (a sum of many amounts included). */
export function isKurus(value: unknown): value is number {
  return Number.isSafeInteger(value)
}

/** Adds kuruş amounts exactly; throws rather than return a sum a float would round. */
export function sumKurus(amounts: Iterable<number>): number {
  let total = 0
  for (const amount of amounts) {
    if (!isKurus(amount)) throw new RangeError('sumKurus: not a whole number of kuruş')
    total += amount
    if (!Number.isSafeInteger(total)) throw new RangeError('sumKurus: the sum is too large to stay exact')
  }
  return total
}

function grouped(whole: number, separator: string): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, separator)
}

/**
 * An amount for staff to read: Turkish `1.234,50 ₺`, English `₺1,234.50`. A negative amount (a shortfall)
 * leads with a plain minus: `-12,50 ₺`, `-₺12.50`. The space before ₺ is an ordinary one: screens keep the
 * amount on one line with CSS, and the CSV and the printers get plain text.
 */
export function formatKurus(kurus: number, language: Language): string {
  if (!isKurus(kurus)) throw new RangeError('formatKurus: not a whole number of kuruş')
  const sign = kurus < 0 ? '-' : ''
  const absolute = Math.abs(kurus)
  const whole = Math.floor(absolute / 100)
  const cents = String(absolute % 100).padStart(2, '0')
  if (language === 'tr') return `${sign}${grouped(whole, '.')},${cents} ₺`
  return `${sign}₺${grouped(whole, ',')}.${cents}`
}

/** Longer than any amount up to MAX_KURUS written with every separator and a currency word. */
const MAX_INPUT_LENGTH = 40
/** Every space a keyboard, a paste or a number formatter puts between digits (JS's \s has NBSP and U+202F). */
const SPACES = /\s/g
const CURRENCY = /^(?:₺|TL|TRY)|(?:₺|TL|TRY)$/i
const MINUS = /^[-\u2212]/

/**
 * What staff typed for an amount, as kuruş: "399,90", "399.90", "1.234,50", "1,234.50", "400", "400 ₺",
 * "₺ 1 234,50", "12,5". The decimal separator is the last of `,` or `.` when both appear; a single separator
 * followed by one or two digits is the decimal one; the other separator may group thousands (groups of three).
 * A single separator followed by exactly three digits is refused as ambiguous rather than guessed.
 */
export function parseKurus(text: string): ParsedKurus {
  if (text.length > MAX_INPUT_LENGTH) return { ok: false, problem: 'too-large' }
  const rest = text.replace(SPACES, '').replace(CURRENCY, '')
  if (MINUS.test(rest)) {
    const unsigned = parseKurus(rest.slice(1))
    // "-abc" is not a number; "-0" is zero; any other readable amount after a minus is a negative one.
    if (!unsigned.ok) return unsigned.problem === 'empty' ? { ok: false, problem: 'not-a-number' } : unsigned
    return unsigned.kurus === 0 ? unsigned : { ok: false, problem: 'negative' }
  }
  if (rest === '') return { ok: false, problem: 'empty' }
  if (!/^[0-9.,]+$/.test(rest) || !/^[0-9]/.test(rest)) return { ok: false, problem: 'not-a-number' }
  const split = splitDecimal(rest)
  if ('problem' in split) return { ok: false, problem: split.problem }
  const digits = ungroup(split.whole, split.groupSeparator)
  if (digits === undefined) return { ok: false, problem: 'not-a-number' }
  // At most 40 digits: a number too large to be exact here is far above MAX_KURUS, and refused as such.
  const kurus = Number(digits) * 100 + Number(split.fraction.padEnd(2, '0'))
  return kurus > MAX_KURUS ? { ok: false, problem: 'too-large' } : { ok: true, kurus }
}

interface DecimalSplit {
  whole: string
  fraction: string
  /** The separator the whole part may use between groups of three digits. */
  groupSeparator: string
}

function splitDecimal(text: string): DecimalSplit | { problem: MoneyProblem } {
  const lastComma = text.lastIndexOf(',')
  const lastDot = text.lastIndexOf('.')
  // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent. With no separator the steps below happen to give this same split (charAt(-1) is ''), and ungroup finds no separator in a whole part that has none.
  if (lastComma === -1 && lastDot === -1) return { whole: text, fraction: '', groupSeparator: '' }
  const decimalAt = Math.max(lastComma, lastDot)
  const decimal = text.charAt(decimalAt)
  const group = decimal === ',' ? '.' : ','
  const fraction = text.slice(decimalAt + 1)
  const before = text.slice(0, decimalAt)
  const onlyOne = !before.includes(decimal) && !before.includes(group)
  if (onlyOne && fraction.length === 3) return { problem: 'ambiguous' }
  // "1.234.567" or "1,234,567": one kind of separator, several times, can only be grouping.
  if (before.includes(decimal) && !before.includes(group)) {
    return { whole: text, fraction: '', groupSeparator: decimal }
  }
  if (before.includes(decimal)) return { problem: 'not-a-number' }
  // Only digits follow the last separator (parseKurus let nothing else in): "400," is the one way to be wrong.
  if (fraction.length === 0) return { problem: 'not-a-number' }
  if (fraction.length > 2) return { problem: 'too-many-decimals' }
  return { whole: before, fraction, groupSeparator: group }
}

/** The whole part's digits, its thousands separators checked and dropped; undefined when they are misplaced. */
function ungroup(whole: string, separator: string): string | undefined {
  // No separator: only digits are left (parseKurus let nothing else in, and splitDecimal took the decimal off).
  if (separator === '' || !whole.includes(separator)) return whole
  const groups = whole.split(separator)
  // One to three digits first, then groups of exactly three.
  const wellGrouped = groups.every((group, index) =>
    (index === 0 ? /^[0-9]{1,3}$/ : /^[0-9]{3}$/).test(group),
  )
  return wellGrouped ? groups.join('') : undefined
}
