// The hand-over history as a CSV file that opens correctly in Excel set up for Turkey: UTF-8 with a BOM (or
// Excel reads it as Windows-1254 and garbles ç, ğ, ı, ş), `;` between cells (Turkish Excel's list separator, as
// `,` is the decimal comma), CRLF line ends, dates as `DD.MM.YYYY HH:MM:SS` in local time. Formula starts
// are neutralised in every cell and after every separator inside one (CSV injection): labels and the platform's
// words come from outside, and the file may be opened split on `,` (SECURITY.md).
import { wallClockAt } from '../time/wall-clock.ts'
import { texts } from '../../../src-shared/texts/index.ts'
import { shortCodeOf, type HistoryEntry, type Language } from '../../../src-shared/domain.ts'

const BOM = '\uFEFF'
const SEPARATOR = ';'
const LINE_END = '\r\n'
/**
 * A place where a spreadsheet may start reading a cell (the cell's start, or just after a `,`, `;`, tab or line
 * end: the file may be split on another separator than ours, and a quote in mid-field then protects nothing)
 * followed by what Excel, LibreOffice and Sheets take as the start of a formula (OWASP, "CSV Injection"), spaces
 * and quotes allowed before it.
 */
const FORMULA_AT_A_CELL_START = /(?<=^|[,;\t\n\r])(?=[ \t"]*[=+\-@]|[\t\r])/g
/** A cell holding one of these is quoted: either separator, a quote, a line end. */
const NEEDS_QUOTES = /[;,"\r\n]/

export interface HistoryCsvOptions {
  language: Language
  /** The IANA zone dates are written in; default the machine's own. */
  timeZone?: string
  /**
   * Applied to the platform's own words (free text from outside). They are redacted as they enter the app,
   * but history written by an older version may still hold a secret the platform echoed back (D11).
   */
  redact?: (text: string) => string
}

/** The entries, in the order given, as the whole text of a CSV file. */
export function historyCsv(entries: readonly HistoryEntry[], options: HistoryCsvOptions): string {
  const labels = texts[options.language].historyCsv
  const formatDate = dateFormatter(options.timeZone)
  const redact = (text: string | undefined) =>
    text === undefined || options.redact === undefined ? text : options.redact(text)
  const rows = entries.map((entry) => [
    formatDate(entry.at),
    shortCodeOf(entry.paymentKey),
    entry.paymentKey,
    entry.label,
    String(entry.attempt),
    labels.results[entry.result],
    entry.httpStatus === undefined ? undefined : String(entry.httpStatus),
    entry.result === 'handed-over' ? 'OK' : redact(entry.error?.platformError),
    redact(entry.error?.platformMessage),
    entry.error === undefined ? undefined : labels.errors[entry.error.code],
    entry.nextAttemptAt === undefined ? undefined : formatDate(entry.nextAttemptAt),
  ])
  return csvFile([labels.columns, ...rows])
}

/**
 * Rows as the whole text of a CSV file for Excel in Turkey (BOM, `;`, CRLF), every cell through csvCell: the
 * one way the app writes a CSV (History, the courier day-end).
 */
export function csvFile(rows: readonly (readonly CsvValue[])[]): string {
  return BOM + rows.map((row) => row.map(csvCell).join(SEPARATOR) + LINE_END).join('')
}

/**
 * A cell: text (from anywhere, neutralised and quoted as needed), nothing, or a number the app wrote itself
 * (`-4,50`), kept as it is so a spreadsheet sums it: a leading minus is a formula start only in text.
 */
export type CsvValue = string | undefined | { number: string }

/** Only a plain decimal number passes as one; anything else is written as text. */
const PLAIN_NUMBER = /^-?[0-9]+(?:[.,][0-9]+)?$/

/**
 * One cell: a `'` (text, not formula) put before every formula start, at the cell's start and after every
 * separator candidate inside it; quoted when it holds either separator, a quote or a line end.
 */
export function csvCell(value: CsvValue): string {
  if (value === undefined) return ''
  if (typeof value === 'object') return PLAIN_NUMBER.test(value.number) ? value.number : csvCell(value.number)
  const text = value.replace(FORMULA_AT_A_CELL_START, "'")
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** Dates as a CSV cell: `DD.MM.YYYY HH:MM:SS` in `timeZone` (the machine's own when left out). */
export function dateFormatter(timeZone: string | undefined): (iso: string) => string {
  const two = (value: number) => String(value).padStart(2, '0')
  return (iso) => {
    const wall = wallClockAt(Date.parse(iso), timeZone)
    return `${two(wall.day)}.${two(wall.month)}.${String(wall.year)} ${two(wall.hour)}:${two(wall.minute)}:${two(wall.second)}`
  }
}
