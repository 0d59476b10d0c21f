// @vitest-environment node
// The keyboard layouts' tables (issue 30): the keys a scanner presses for a text, and what keys type back.
import { describe, expect, it } from 'vitest'
import { charOf, keysOfText, LAYOUT_IDS, textOfKeys, typedThrough } from './scan-layouts.ts'

/** The keys of the tables, in their order (scan-layouts.ts). */
const CODES = [
  'Backquote',
  ...Array.from('1234567890', (digit) => `Digit${digit}`),
  'Minus',
  'Equal',
  ...Array.from('QWERTYUIOP', (letter) => `Key${letter}`),
  'BracketLeft',
  'BracketRight',
  'Backslash',
  ...Array.from('ASDFGHJKL', (letter) => `Key${letter}`),
  'Semicolon',
  'Quote',
  'IntlBackslash',
  ...Array.from('ZXCVBNM', (letter) => `Key${letter}`),
  'Comma',
  'Period',
  'Slash',
]

describe('the keys for a text', () => {
  it.each(LAYOUT_IDS)('%s: types back every character one of its keys types, Shift or not', (layout) => {
    for (const code of CODES) {
      for (const shift of [false, true]) {
        const char = charOf({ code, shift }, layout) ?? ''
        const keys = keysOfText(char, layout)
        expect(keys, `${layout} ${code} shift=${String(shift)}`).toHaveLength(1)
        expect(textOfKeys(keys ?? [], layout)).toBe(char)
      }
    }
  })

  it('presses the first key, unshifted, for US `` ` `` and Shift with it for `~`', () => {
    expect(keysOfText('`~', 'us')).toEqual([
      { code: 'Backquote', shift: false },
      { code: 'Backquote', shift: true },
    ])
  })

  it('presses Space for a space, without Shift, on every layout', () => {
    for (const layout of LAYOUT_IDS) {
      expect(keysOfText('a 1', layout)?.[1]).toEqual({ code: 'Space', shift: false })
    }
    expect(typedThrough('Masa 12', 'us', 'tr-q')).toBe('Masa 12')
  })

  it('has no keys for a character the layout does not type', () => {
    expect(keysOfText('ş', 'us')).toBeUndefined()
    expect(keysOfText('K-07€', 'tr-q')).toBeUndefined()
    expect(typedThrough('Kadıköy', 'us', 'tr-q')).toBeUndefined()
  })
})

describe('the text of keys', () => {
  it('is nothing when a key is not in the tables (a numeric keypad’s)', () => {
    const keys = [
      { code: 'KeyK', shift: true },
      { code: 'NumpadSubtract', shift: false },
      { code: 'Digit7', shift: false },
    ]
    expect(textOfKeys(keys, 'us')).toBeUndefined()
    expect(textOfKeys(keys.slice(2), 'us')).toBe('7')
  })
})
