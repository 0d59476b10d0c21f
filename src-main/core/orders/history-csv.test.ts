import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { HistoryEntry } from '../../../src-shared/domain.ts'
import { APP_ERROR_CODES } from '../../../src-shared/errors.ts'
import { texts } from '../../../src-shared/texts/index.ts'
import { csvCell, historyCsv } from './history-csv.ts'

const KEY = '0d3e1f00-5a1b-4c2d-8e3f-100000000001'
const entries: HistoryEntry[] = [
  {
    seq: 1,
    paymentKey: KEY,
    label: 'Şükrü; "çiğ köfte"',
    attempt: 2,
    at: '2026-11-21T09:05:07.000Z',
    result: 'handed-over',
    httpStatus: 200,
  },
  {
    seq: 0,
    paymentKey: KEY,
    label: '=HYPERLINK("http://evil")',
    attempt: 1,
    at: '2026-11-21T08:59:59.000Z',
    result: 'will-retry',
    httpStatus: 503,
    error: {
      code: 'server-error',
      retryable: true,
      httpStatus: 503,
      platformError: '+sunucu hatası',
      platformMessage: 'satır 1\nsatır 2',
    },
    nextAttemptAt: '2026-11-21T09:00:01.000Z',
  },
]

describe('historyCsv', () => {
  const csv = historyCsv(entries, { language: 'tr', timeZone: 'Europe/Istanbul' })

  it('is UTF-8 with a BOM, `;`-separated, CRLF-ended, one row per entry after the header', () => {
    expect(csv.startsWith('\uFEFFTarih;Sipariş kodu;Sipariş numarası;Not;Deneme;Sonuç;')).toBe(true)
    expect(csv.endsWith('\r\n')).toBe(true)
    const rows = csv.slice(1).split('\r\n')
    expect(rows).toHaveLength(4)
    expect(rows[3]).toBe('')
    expect(new TextEncoder().encode(csv).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]))
  })

  it('writes local dates as DD.MM.YYYY HH:MM:SS and keeps Turkish letters', () => {
    expect(csv.split('\r\n')[1]).toBe(
      `21.11.2026 12:05:07;000-001;${KEY};"Şükrü; ""çiğ köfte""";2;Kuryeye verildi;200;OK;;;`,
    )
  })

  it('quotes line ends and neutralises cells that would start a formula', () => {
    expect(csv.split('\r\n')[2]).toBe(
      `21.11.2026 11:59:59;000-001;${KEY};"'=HYPERLINK(""http://evil"")";1;Yeniden denenecek;503;'+sunucu hatası;` +
        `"satır 1\nsatır 2";Platformda sunucu hatası;21.11.2026 12:00:01`,
    )
  })

  it('speaks English when asked', () => {
    const english = historyCsv(entries, { language: 'en', timeZone: 'UTC' })
    expect(english.split('\r\n')[0]).toBe(
      "\uFEFFDate;Order code;Order number;Note;Attempt;Result;HTTP status;Platform's answer;Platform's message;Error;Next attempt",
    )
    expect(english.split('\r\n')[1]).toContain('21.11.2026 09:05:07;')
    expect(english.split('\r\n')[2]).toContain(';Server error on the platform;')
  })

  it('writes every error in the language asked, never its code (D58)', () => {
    for (const language of ['tr', 'en'] as const) {
      for (const code of APP_ERROR_CODES) {
        const entry: HistoryEntry = { ...(entries[1] as HistoryEntry), error: { code, retryable: false } }
        const cells = readAs(historyCsv([entry], { language, timeZone: 'UTC' }), ';')[1]
        expect(cells?.[9]).toBe(texts[language].historyCsv.errors[code])
        expect(cells?.[9]).not.toBe(code)
      }
    }
    expect(new Set(Object.values(texts.tr.historyCsv.errors)).size).toBe(APP_ERROR_CODES.length)
  })
})

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    ['=1+2', "'=1+2"],
    ['+90 555', "'+90 555"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTAB', "'\tTAB"],
    ['\rCR', `"'\rCR"`],
    ['a;b', '"a;b"'],
    ['a,b', '"a,b"'],
    ['Masa 6,=cmd', `"Masa 6,'=cmd"`],
    ['a;+1', `"a;'+1"`],
    ['a, -1', `"a,' -1"`],
    ['a\t@1', "a\t'@1"],
    ['a,"@x"', `"a,'""@x"""`],
    ['x\r\n=1', `"x\r\n'=1"`],
    ['x\n=1', `"x\n'=1"`],
    ['say "hi"', '"say ""hi"""'],
    ['x\r\ny', '"x\r\ny"'],
  ])('%j → %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected)
  })

  it('leaves a missing value empty', () => {
    expect(csvCell(undefined)).toBe('')
  })
})

/**
 * How a spreadsheet reads a CSV text split on `separator`: records end at a line end outside quotes; a field is
 * quoted only when its first character is `"` (a quote later in a field is a plain character), and after its
 * closing quote the rest of the field is read as it stands (Excel's leniency).
 */
function readAs(csv: string, separator: ',' | ';'): string[][] {
  const records: string[][] = []
  let fields: string[] = []
  let field = ''
  let i = csv.startsWith('\uFEFF') ? 1 : 0
  let atFieldStart = true
  while (i < csv.length) {
    const char = csv.charAt(i)
    if (atFieldStart && char === '"') {
      i += 1
      while (i < csv.length) {
        if (csv.charAt(i) === '"' && csv.charAt(i + 1) === '"') {
          field += '"'
          i += 2
        } else if (csv.charAt(i) === '"') {
          i += 1
          break
        } else {
          field += csv.charAt(i)
          i += 1
        }
      }
      atFieldStart = false
      continue
    }
    atFieldStart = false
    if (char === separator) {
      fields.push(field)
      field = ''
      atFieldStart = true
    } else if (char === '\r' || char === '\n') {
      fields.push(field)
      records.push(fields)
      fields = []
      field = ''
      atFieldStart = true
      if (char === '\r' && csv.charAt(i + 1) === '\n') i += 1
    } else {
      field += char
    }
    i += 1
  }
  if (field !== '' || fields.length > 0) records.push([...fields, field])
  return records
}

/** A field a spreadsheet would run as a formula: after spaces and quotes it starts with one of these. */
const isFormula = (field: string) => /^[\s"]*[=+\-@]/.test(field)

describe('historyCsv against a formula hidden behind a separator (issue 20.8)', () => {
  const attack = "Masa 6,=cmd|' /C calc'!A0,"
  const entry: HistoryEntry = { ...(entries[0] as HistoryEntry), label: attack }
  const csv = historyCsv([entry], { language: 'en', timeZone: 'UTC' })

  it('leaves no formula cell whether the file is split on `;` or on `,`', () => {
    for (const separator of [';', ','] as const) {
      expect(readAs(csv, separator).flat().filter(isFormula), separator).toEqual([])
    }
  })

  it('quotes the label, so split on `;` it reads back as one cell, the formula start marked as text', () => {
    expect(readAs(csv, ';')[1]?.[3]).toBe("Masa 6,'=cmd|' /C calc'!A0,")
  })

  it('leaves no formula cell for any label, split either way, and keeps 11 cells a row split on `;`', () => {
    const tricky = fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ',', ';', '"', ' ', "'", 'a', '1')
    fc.assert(
      fc.property(fc.array(tricky, { maxLength: 14 }), (chars) => {
        const label = chars.join('')
        const csv = historyCsv([{ ...(entries[0] as HistoryEntry), label }], {
          language: 'en',
          timeZone: 'UTC',
        })
        for (const separator of [';', ','] as const) {
          expect(
            readAs(csv, separator).flat().filter(isFormula),
            JSON.stringify({ label, separator }),
          ).toEqual([])
        }
        expect(readAs(csv, ';')[1]).toHaveLength(11)
      }),
      { numRuns: 2000 },
    )
  })
})
