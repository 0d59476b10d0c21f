// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { en } from '../../i18n/en.ts'
import { tr } from '../../i18n/tr.ts'
import { readAmount } from './day-end-format.ts'

describe('readAmount', () => {
  it.each([
    ['1.234', '“1.234” belirsiz: 1.234 lira için “1.234,00”, 1 lira 23 kuruş için “1,23” yazın.'],
    ['2,500', '“2,500” belirsiz: 2.500 lira için “2.500,00”, 2 lira 50 kuruş için “2,50” yazın.'],
    [' 12.345 ₺ ', '“12.345 ₺” belirsiz: 12.345 lira için “12.345,00”, 12 lira 34 kuruş için “12,34” yazın.'],
  ])('an ambiguous %j is quoted as typed, with its own two readings (issue 30)', (typed, line) => {
    expect(readAmount(typed, tr)).toEqual({ ok: false, problem: 'ambiguous', message: line })
  })

  it('says it in English too, with what was typed', () => {
    const read = readAmount('7,125', en)
    expect(read.ok).toBe(false)
    if (!read.ok) expect(read.message).toBe('“7,125” is ambiguous: write “7,125.00” for 7,125, or “7.12”.')
  })

  it('reads a plain amount, and names any other problem with its fixed line', () => {
    expect(readAmount('399,90', tr)).toEqual({ ok: true, kurus: 39_990 })
    expect(readAmount('abc', tr)).toEqual({
      ok: false,
      problem: 'not-a-number',
      message: tr.courierReturn.money['not-a-number'],
    })
  })
})
