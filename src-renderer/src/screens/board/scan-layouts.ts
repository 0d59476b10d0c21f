// The keyboard layouts a keyboard-wedge scanner meets (issue 30). A scanner types key positions: set to US on a
// Turkish-Q computer, the key it presses for `-` types `*` there. Each layout is data: what each physical key
// (KeyboardEvent.code) types, unshifted and with Shift. From that, one rule types a text through any pair of
// layouts and reads it back, for every pair the same way: no special case per layout.

export type LayoutId = 'us' | 'tr-q' | 'tr-f' | 'de' | 'fr'

/** Every layout here, US first: a scanner's factory setting, so the likeliest meaning of a mangled read. */
export const LAYOUT_IDS: readonly LayoutId[] = ['us', 'tr-q', 'tr-f', 'de', 'fr']

/** The physical keys the tables cover, in the order of their strings below (the ISO key `IntlBackslash` too). */
const KEY_CODES = [
  'Backquote',
  ...'1234567890'.split('').map((digit) => `Digit${digit}`),
  'Minus',
  'Equal',
  ...'QWERTYUIOP'.split('').map((letter) => `Key${letter}`),
  'BracketLeft',
  'BracketRight',
  'Backslash',
  ...'ASDFGHJKL'.split('').map((letter) => `Key${letter}`),
  'Semicolon',
  'Quote',
  'IntlBackslash',
  ...'ZXCVBNM'.split('').map((letter) => `Key${letter}`),
  'Comma',
  'Period',
  'Slash',
] as const

/**
 * What each key types, one character per key of KEY_CODES: unshifted, then with Shift (Windows' layouts).
 * Dead keys (German `^ ´ \``, French `^ ¨`) are listed with the accent they show; no id or code uses them.
 */
const TABLES: Record<LayoutId, { plain: string; shifted: string }> = {
  us: {
    plain: "`1234567890-=qwertyuiop[]\\asdfghjkl;'\\zxcvbnm,./",
    shifted: '~!@#$%^&*()_+QWERTYUIOP{}|ASDFGHJKL:"|ZXCVBNM<>?',
  },
  'tr-q': {
    plain: '"1234567890*-qwertyuıopğü,asdfghjklşi<zxcvbnmöç.',
    shifted: "é!'^+%&/()=?_QWERTYUIOPĞÜ;ASDFGHJKLŞİ>ZXCVBNMÖÇ:",
  },
  'tr-f': {
    plain: '+1234567890/-fgğıodrnhpqwxuieaütkmlyş<jövcçzsb.,',
    shifted: '*!"^$%&\'()=?_FGĞIODRNHPQWXUİEAÜTKMLYŞ>JÖVCÇZSB:;',
  },
  de: {
    plain: '^1234567890ß´qwertzuiopü+#asdfghjklöä<yxcvbnm,.-',
    shifted: '°!"§$%&/()=?`QWERTZUIOPÜ*\'ASDFGHJKLÖÄ>YXCVBNM;:_',
  },
  fr: {
    plain: '²&é"\'(-è_çà)=azertyuiop^$*qsdfghjklmù<wxcvbn,;:!',
    shifted: '²1234567890°+AZERTYUIOP¨£µQSDFGHJKLM%>WXCVBN?./§',
  },
}

/** One key a scanner pressed: the physical key, and whether Shift was down. */
export interface ScanKey {
  code: string
  shift: boolean
}

/** What `key` types under `layout`; undefined for a key the tables do not cover. */
export function charOf(key: ScanKey, layout: LayoutId): string | undefined {
  if (key.code === 'Space') return ' '
  const index = (KEY_CODES as readonly string[]).indexOf(key.code)
  if (index < 0) return undefined
  const table = TABLES[layout]
  return (key.shift ? table.shifted : table.plain).charAt(index)
}

/** The key (and Shift) that types `char` under `layout`; undefined when no key of it does. */
function keyOf(char: string, layout: LayoutId): ScanKey | undefined {
  if (char === ' ') return { code: 'Space', shift: false }
  const table = TABLES[layout]
  const plain = table.plain.indexOf(char)
  // Stryker disable next-line StringLiteral: each table has one character per key of KEY_CODES, none past it
  if (plain >= 0) return { code: KEY_CODES[plain] ?? '', shift: false }
  const shifted = table.shifted.indexOf(char)
  // Stryker disable next-line StringLiteral: each table has one character per key of KEY_CODES, none past it
  if (shifted >= 0) return { code: KEY_CODES[shifted] ?? '', shift: true }
  return undefined
}

/** What a layout meant by the keys pressed; undefined when a key is not in the tables. */
export function textOfKeys(keys: readonly ScanKey[], layout: LayoutId): string | undefined {
  let text = ''
  for (const key of keys) {
    const char = charOf(key, layout)
    if (char === undefined) return undefined
    text += char
  }
  return text
}

/** The keys a scanner set to `layout` presses for `text`; undefined when a character has no key there. */
export function keysOfText(text: string, layout: LayoutId): ScanKey[] | undefined {
  const keys: ScanKey[] = []
  for (const char of text) {
    const key = keyOf(char, layout)
    if (key === undefined) return undefined
    keys.push(key)
  }
  return keys
}

/**
 * What arrives when a scanner set to `scanner` types `text` on a computer whose keyboard language is `computer`
 * (undefined when the scanner has no key for a character of it).
 */
export function typedThrough(text: string, scanner: LayoutId, computer: LayoutId): string | undefined {
  const keys = keysOfText(text, scanner)
  return keys && textOfKeys(keys, computer)
}
