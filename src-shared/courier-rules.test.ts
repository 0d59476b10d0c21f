import { describe, expect, it } from 'vitest'
import {
  checkBadgeCode,
  checkCashNote,
  checkCourierName,
  courierNameKey,
  COURIER_NAME_MAX,
  isCollectedAtDoor,
} from './courier-rules.ts'

describe('checkCourierName', () => {
  it('keeps a name NFC, trimmed, with single spaces', () => {
    expect(checkCourierName('  Ahmet   Yılmaz ')).toEqual({ ok: true, name: 'Ahmet Yılmaz' })
    // "Ş" typed as S + combining cedilla is kept as the one precomposed letter.
    expect(checkCourierName('S\u0327ule')).toEqual({ ok: true, name: 'Şule' })
    expect(checkCourierName('Ali\u00a0Can')).toEqual({ ok: true, name: 'Ali Can' })
    // The Enter a scanner or a POS ends the name with.
    expect(checkCourierName('Ahmet\r\n')).toEqual({ ok: true, name: 'Ahmet' })
  })

  it('counts characters, not UTF-16 units, against the limit', () => {
    expect(checkCourierName('ğ'.repeat(COURIER_NAME_MAX))).toEqual({ ok: true, name: 'ğ'.repeat(60) })
    expect(checkCourierName('😀'.repeat(COURIER_NAME_MAX)).ok).toBe(true)
    expect(checkCourierName('a'.repeat(COURIER_NAME_MAX + 1))).toEqual({
      ok: false,
      problem: 'name-too-long',
    })
  })

  it('refuses an empty name, a second line, and invisible or control characters', () => {
    expect(checkCourierName('   ')).toEqual({ ok: false, problem: 'name-empty' })
    for (const broken of ['Ahmet\nYılmaz', 'Ahmet\r\nYılmaz', 'A\u2028B', 'A\u2029B', 'A\u0085B']) {
      expect(checkCourierName(broken)).toEqual({ ok: false, problem: 'name-not-one-line' })
    }
    // A right-to-left override, a zero-width space, a tab, NUL, a lone surrogate.
    for (const broken of ['Ahmet\u202eteMhA', 'Ah\u200bmet', 'Ahmet\tY', 'A\u0000', 'A\ud800']) {
      expect(checkCourierName(broken)).toEqual({ ok: false, problem: 'name-bad-characters' })
    }
  })

  it.each([
    ['a combining grapheme joiner', '\u034f'],
    ['a Hangul filler', '\u3164'],
    ['a Hangul choseong filler', '\u115f'],
    ['a Hangul jungseong filler', '\u1160'],
    ['a halfwidth Hangul filler', '\uffa0'],
    ['a Mongolian variation selector', '\u180b'],
    ['a variation selector', '\ufe00'],
    ['a supplementary variation selector', '\u{e01ef}'],
    ['a tag character', '\u{e0061}'],
  ])('refuses a default-ignorable code point: %s (issue 27.4)', (_name, char) => {
    // Ahmet and "Ahmet" with an invisible character must not be two couriers, nor a name that shows empty.
    expect(checkCourierName(`Ah${char}met`)).toEqual({ ok: false, problem: 'name-bad-characters' })
    expect(checkCourierName(char)).toEqual({ ok: false, problem: 'name-bad-characters' })
  })
})

describe('courierNameKey', () => {
  it('folds case by Turkish rules', () => {
    expect(courierNameKey('İSMAİL')).toBe(courierNameKey('ismail'))
    expect(courierNameKey('IŞIK')).toBe(courierNameKey('ışık'))
    expect(courierNameKey('ISIK')).not.toBe(courierNameKey('isik'))
    expect(courierNameKey('Ahmet IŞIK')).toBe('ahmet ışık')
  })

  it('takes a letter typed with a combining mark as the precomposed one', () => {
    expect(courierNameKey('S\u0327ULE')).toBe(courierNameKey('şule'))
  })
})

describe('checkBadgeCode', () => {
  it('keeps a code upper case and trimmed (a scanner ends it with Enter)', () => {
    expect(checkBadgeCode(' k-0042 ')).toEqual({ ok: true, code: 'K-0042' })
    expect(checkBadgeCode('K-0042\r\n')).toEqual({ ok: true, code: 'K-0042' })
    expect(checkBadgeCode('a'.repeat(32))).toEqual({ ok: true, code: 'A'.repeat(32) })
    expect(checkBadgeCode('7')).toEqual({ ok: true, code: '7' })
  })

  it('refuses an empty, long or non-ASCII code', () => {
    for (const broken of ['', '  ', 'A'.repeat(33), 'KÜRYE', 'ÜK', 'KÜ', 'A B', 'A_B', 'A\nB']) {
      expect(checkBadgeCode(broken)).toEqual({ ok: false, problem: 'badge-invalid' })
    }
  })
})

describe('checkCashNote', () => {
  it('keeps one line of up to 200 characters; an empty note is none', () => {
    expect(checkCashNote(' 20 ₺ bozuk  para ')).toEqual({ ok: true, note: '20 ₺ bozuk para' })
    expect(checkCashNote('   ')).toEqual({ ok: true, note: undefined })
    expect(checkCashNote('x'.repeat(200))).toEqual({ ok: true, note: 'x'.repeat(200) })
    expect(checkCashNote('x'.repeat(201))).toEqual({ ok: false, problem: 'note-invalid' })
    expect(checkCashNote('a\nb')).toEqual({ ok: false, problem: 'note-invalid' })
    expect(checkCashNote('a\u202eb')).toEqual({ ok: false, problem: 'note-invalid' })
  })
})

describe('isCollectedAtDoor', () => {
  it('collects cash only by default, other methods when Settings name them, in any letter case', () => {
    expect(isCollectedAtDoor('CASH')).toBe(true)
    expect(isCollectedAtDoor(' cash ')).toBe(true)
    expect(isCollectedAtDoor('CREDIT_CARD')).toBe(false)
    expect(isCollectedAtDoor(undefined)).toBe(false)
    expect(isCollectedAtDoor('meal_card', ['CASH', 'MEAL_CARD'])).toBe(true)
    expect(isCollectedAtDoor('CASH', [])).toBe(false)
  })
})
