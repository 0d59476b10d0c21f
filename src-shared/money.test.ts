import { describe, expect, it } from 'vitest'
import { formatKurus, isKurus, MAX_KURUS, parseKurus, sumKurus } from './money.ts'

describe('formatKurus', () => {
  it('writes Turkish amounts as 1.234,50 ₺ and English ones as ₺1,234.50', () => {
    expect(formatKurus(123450, 'tr')).toBe('1.234,50 ₺')
    expect(formatKurus(123450, 'en')).toBe('₺1,234.50')
    expect(formatKurus(39990, 'tr')).toBe('399,90 ₺')
    expect(formatKurus(5, 'tr')).toBe('0,05 ₺')
    expect(formatKurus(0, 'en')).toBe('₺0.00')
    expect(formatKurus(MAX_KURUS, 'tr')).toBe('10.000.000,00 ₺')
    expect(formatKurus(123456789012, 'en')).toBe('₺1,234,567,890.12')
    // A dot before every third digit from the right, none before the first.
    expect(formatKurus(100, 'tr')).toBe('1,00 ₺')
    expect(formatKurus(99999, 'tr')).toBe('999,99 ₺')
    expect(formatKurus(100000, 'tr')).toBe('1.000,00 ₺')
    expect(formatKurus(1234567, 'tr')).toBe('12.345,67 ₺')
    expect(formatKurus(12345678, 'en')).toBe('₺123,456.78')
  })

  it('leads a shortfall with a plain minus', () => {
    expect(formatKurus(-1250, 'tr')).toBe('-12,50 ₺')
    expect(formatKurus(-123450, 'en')).toBe('-₺1,234.50')
    expect(formatKurus(-1, 'tr')).toBe('-0,01 ₺')
  })

  it('refuses what is not a whole number of kuruş', () => {
    expect(() => formatKurus(0.1 + 0.2, 'tr')).toThrow(
      new RangeError('formatKurus: not a whole number of kuruş'),
    )
    expect(() => formatKurus(Number.NaN, 'tr')).toThrow(RangeError)
    expect(() => formatKurus(2 ** 53, 'en')).toThrow(RangeError)
  })
})

describe('parseKurus', () => {
  const accepted: [string, number][] = [
    ['399,90', 39990],
    ['399.90', 39990],
    ['1.234,50', 123450],
    ['1,234.50', 123450],
    ['400', 40000],
    ['400 ₺', 40000],
    ['₺400', 40000],
    ['400 TL', 40000],
    ['400tl', 40000],
    ['TRY 12,5', 1250],
    ['  12,5  ', 1250],
    ['1 234,50', 123450],
    ['1\u00a0234,50\u00a0₺', 123450],
    ['1.234.567', 123456700],
    ['1,234,567.89', 123456789],
    ['0', 0],
    ['0,01', 1],
    ['-0', 0],
    ['007', 700],
    ['10.000.000,00', MAX_KURUS],
    ['1.234,50 ₺', 123450],
    ['₺1,234.50', 123450],
    ['1234,50', 123450],
    ['1234.5', 123450],
    ['12.345,00', 1234500],
    ['123.456,00', 12345600],
    ['1,234,567', 123456700],
    ['000000001,00', 100],
    ['0000000000000001,00', 100],
    // 40 characters: the longest text read at all.
    [`${' '.repeat(37)}400`, 40000],
  ]
  for (const [text, kurus] of accepted) {
    it(`reads ${JSON.stringify(text)} as ${String(kurus)} kuruş`, () => {
      expect(parseKurus(text)).toEqual({ ok: true, kurus })
    })
  }

  const refused: [string, string][] = [
    ['', 'empty'],
    ['   ', 'empty'],
    ['₺', 'empty'],
    ['-12,50', 'negative'],
    ['−12,50', 'negative'],
    ['-₺12.50', 'negative'],
    ['12,345', 'ambiguous'],
    ['1.234', 'ambiguous'],
    ['0.500', 'ambiguous'],
    ['12,3456', 'too-many-decimals'],
    ['1.234,567', 'too-many-decimals'],
    ['1,234.5678', 'too-many-decimals'],
    ['10.000.000,01', 'too-large'],
    ['99999999', 'too-large'],
    ['1'.repeat(41), 'too-large'],
    ['12a', 'not-a-number'],
    ['abc', 'not-a-number'],
    ['-', 'not-a-number'],
    ['+5', 'not-a-number'],
    [',50', 'not-a-number'],
    ['400,', 'not-a-number'],
    ['1.23.456', 'not-a-number'],
    ['12.34.56', 'not-a-number'],
    ['1.2345,00', 'not-a-number'],
    ['1,234,56.00', 'not-a-number'],
    ['1,2.50', 'not-a-number'],
    ['1e3', 'not-a-number'],
    ['0x10', 'not-a-number'],
    ['١٢٣', 'not-a-number'],
    ['Infinity', 'not-a-number'],
    ['12,50 ₺ ₺', 'not-a-number'],
    ['TL', 'empty'],
    ['1₺2', 'not-a-number'],
    ['12TL50', 'not-a-number'],
    ['1-2', 'not-a-number'],
    ['12-', 'not-a-number'],
    ['1234.567.890', 'not-a-number'],
    ['1.234.5678', 'not-a-number'],
    ['1,234,5678', 'not-a-number'],
    ['1.234.567,5.0', 'not-a-number'],
    ['1,234.567.890', 'not-a-number'],
    ['-1.234', 'ambiguous'],
    ['-abc', 'not-a-number'],
    // Over 40 characters is refused before it is read, spaces and all.
    [`${' '.repeat(38)}400`, 'too-large'],
    ['10000001', 'too-large'],
    ['0010000000,01', 'too-large'],
  ]
  for (const [text, problem] of refused) {
    it(`refuses ${JSON.stringify(text)} as ${problem}`, () => {
      expect(parseKurus(text)).toEqual({ ok: false, problem })
    })
  }
})

describe('isKurus', () => {
  it('takes a whole number of kuruş, negative ones too, and nothing else', () => {
    expect(isKurus(0)).toBe(true)
    expect(isKurus(-1250)).toBe(true)
    expect(isKurus(Number.MAX_SAFE_INTEGER)).toBe(true)
    expect(isKurus(12.5)).toBe(false)
    expect(isKurus('100')).toBe(false)
    expect(isKurus(2 ** 53)).toBe(false)
    expect(isKurus(undefined)).toBe(false)
  })
})

describe('sumKurus', () => {
  it('adds exactly where floats would not', () => {
    expect(sumKurus([10, 20])).toBe(30)
    expect(0.1 + 0.2).not.toBe(0.3)
    expect(sumKurus([])).toBe(0)
  })

  it('refuses a fraction and a sum too large to stay exact', () => {
    expect(() => sumKurus([1, 0.5])).toThrow(new RangeError('sumKurus: not a whole number of kuruş'))
    // Two halves add up to a whole, but neither is an amount.
    expect(() => sumKurus([0.5, 0.5])).toThrow(RangeError)
    expect(() => sumKurus([Number.MAX_SAFE_INTEGER, 1])).toThrow(
      new RangeError('sumKurus: the sum is too large to stay exact'),
    )
  })
})
