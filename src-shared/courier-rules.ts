// The rules of a courier's name and badge code, in one place for every side that takes one: the ledger in the
// core, the intake (a POS names the courier), and the renderer's forms, which check as staff type. Zod-free so
// the renderer can use it without bundling zod.

/** A courier's name is at most this many characters (code points, after NFC). */
export const COURIER_NAME_MAX = 60
/** A badge code is printed as a QR code and typed or scanned back: short, and plain ASCII for any scanner. */
const BADGE_CODE_MAX = 32

type CourierNameProblem =
  | 'name-empty'
  | 'name-too-long'
  | 'name-not-one-line' // a line or paragraph break
  | 'name-bad-characters' // control and format characters (bidi overrides, zero-width), lone surrogates

export type CourierNameCheck = { ok: true; name: string } | { ok: false; problem: CourierNameProblem }

/** A cash record's note (a few words on why the amount differs) is at most this many characters. */
const CASH_NOTE_MAX = 200

const LINE_BREAK = /[\n\r\u0085\u2028\u2029]/u
/**
 * Control (Cc), format (Cf: bidi overrides, zero-width joiners), lone surrogates (Cs), and every other
 * default-ignorable code point (Hangul fillers, the grapheme joiner, variation selectors: invisible, issue 27.4).
 */
const BAD_CHARACTER = /[\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}]/u

type LineProblem = 'empty' | 'too-long' | 'not-one-line' | 'bad-characters'

/**
 * One line of text as the ledger keeps it: NFC, trimmed, runs of spaces made one. A bidi override or a
 * zero-width character would make two names that look alike differ (or a printed slip read backwards), so
 * they are refused rather than silently dropped: staff see what they typed or nothing.
 */
export function checkLine(
  text: string,
  max: number,
): { ok: true; text: string } | { ok: false; problem: LineProblem } {
  // Trimmed first: the Enter a scanner or a POS ends a name with does not make it two lines.
  const trimmed = text.trim()
  if (LINE_BREAK.test(trimmed)) return { ok: false, problem: 'not-one-line' }
  if (BAD_CHARACTER.test(trimmed)) return { ok: false, problem: 'bad-characters' }
  const line = trimmed.normalize('NFC').replace(/\s+/gu, ' ')
  if (line === '') return { ok: false, problem: 'empty' }
  if (Array.from(line).length > max) return { ok: false, problem: 'too-long' }
  return { ok: true, text: line }
}

/** A courier's name: one line of at most COURIER_NAME_MAX characters (see checkLine). */
export function checkCourierName(text: string): CourierNameCheck {
  const line = checkLine(text, COURIER_NAME_MAX)
  return line.ok ? { ok: true, name: line.text } : { ok: false, problem: `name-${line.problem}` }
}

/** A cash record's note, the same way; an empty note is no note. */
export function checkCashNote(
  text: string,
): { ok: true; note: string | undefined } | { ok: false; problem: 'note-invalid' } {
  const line = checkLine(text, CASH_NOTE_MAX)
  if (line.ok) return { ok: true, note: line.text }
  return line.problem === 'empty' ? { ok: true, note: undefined } : { ok: false, problem: 'note-invalid' }
}

/** Two names are the same courier's when they differ only in letter case, Turkish rules (İ/i, I/ı). */
export function courierNameKey(name: string): string {
  return name.normalize('NFC').toLocaleLowerCase('tr')
}

export type BadgeCodeCheck = { ok: true; code: string } | { ok: false; problem: 'badge-invalid' }

/** A badge code as kept and compared: trimmed, upper case, ASCII letters, digits and hyphens. */
export function checkBadgeCode(text: string): BadgeCodeCheck {
  const code = text.trim().toUpperCase()
  // An empty code fails the pattern too.
  if (code.length > BADGE_CODE_MAX || !/^[A-Z0-9-]+$/.test(code)) {
    return { ok: false, problem: 'badge-invalid' }
  }
  return { ok: true, code }
}

/**
 * The platform's payment method key for cash: its spec lists `CASH` ("Nakit", "cash paid on delivery"). Keys are
 * compared, never names (the platform's words, which may change or be translated). The one home of the literal.
 */
export const CASH_PAYMENT_KEY = 'CASH'

/** By the platform's spec, cash is paid at the door and cards in advance; Settings may name more methods. */
export const DEFAULT_COLLECTED_AT_DOOR: readonly string[] = [CASH_PAYMENT_KEY]

/** A payment method as Settings and the orders are compared: trimmed, upper case. */
export function paymentMethodKey(method: string): string {
  return method.trim().toUpperCase()
}

/**
 * Whether the courier collects this order's amount at the door: the one rule the slip, the manifest, the board's
 * courier strip and the day-end follow. An order whose method is not known is not collected (and is counted as
 * unknown where it matters).
 */
export function isCollectedAtDoor(
  paymentMethod: string | undefined,
  collectedAtDoor: readonly string[] = DEFAULT_COLLECTED_AT_DOOR,
): boolean {
  if (paymentMethod === undefined) return false
  const key = paymentMethodKey(paymentMethod)
  return collectedAtDoor.some((method) => paymentMethodKey(method) === key)
}

/** What the customer paid at the door (the contract's DoorTender), zod-free for the renderer. */
export type DoorTenderKind = 'cash' | 'door-other' | 'paid' | 'unknown'

/**
 * The one rule of what is collected at the door (issue 28): the method staff recorded at the door when there is
 * one, else the order's. Collected as cash by Settings' methods; a method recorded at the door that is not cash
 * was paid at the door another way (a card on the courier's reader, a meal card: the card total); the order's
 * own method that is not cash was paid before; no method at all is unknown, never zero.
 */
export function doorTenderOf(
  paymentMethod: string | undefined,
  doorMethod: string | undefined,
  collectedAtDoor: readonly string[] = DEFAULT_COLLECTED_AT_DOOR,
): DoorTenderKind {
  const method = doorMethod ?? paymentMethod
  if (method === undefined || method.trim() === '') return 'unknown'
  if (isCollectedAtDoor(method, collectedAtDoor)) return 'cash'
  return doorMethod === undefined ? 'paid' : 'door-other'
}
