// Reading a scan whatever keyboard language typed it (issue 30). A read is taken as it arrived when it names
// something the board knows; otherwise as the scanner meant it, rebuilt from the keys it pressed (a scan burst's
// KeyboardEvent.code) or, without them, from the text through each pair of layouts (scan-layouts.ts). A `*`
// where an id has `-` is unambiguous: what a reading must name is strict (an order id, a short code, a badge's
// QR, an order link, a badge the till knows), so a wrong pair of layouts reads as nothing.
import { checkBadgeCode } from '../../../../src-shared/courier-rules.ts'
import { isBadgeQr } from './batch-rules.ts'
import { paymentKeyIn, shortCodeIn } from './board-rules.ts'
import { keysOfText, LAYOUT_IDS, textOfKeys, type LayoutId, type ScanKey } from './scan-layouts.ts'

export type ScanKind = 'badge-qr' | 'order-link' | 'order-id' | 'short-code' | 'badge'

/** Which layouts a read went through: the scanner's, and the computer's where it could be told. */
interface LayoutPair {
  scanner: LayoutId
  computer: LayoutId | undefined
}

export interface ScanReading {
  /** What the scanner meant: the text the board acts on (the read as it arrived when nothing better is known). */
  text: string
  kind: ScanKind | undefined
  /** The read had to be read through another keyboard language: which, as far as it can be told. */
  layouts?: LayoutPair
  /** Nothing known was read, and the read looks typed in another keyboard language than the computer's. */
  mangled: boolean
}

export interface ReadScanOptions {
  /** The keys that typed the read, in order (a scan burst's), when known. */
  keys?: readonly ScanKey[] | undefined
  /** The badge codes of the working couriers: a bare badge is known only by them. */
  badges?: readonly string[] | undefined
}

/** What a text names, or undefined when it is nothing the board knows. */
// Stryker disable next-line ArrayDeclaration: a badge code is letters, digits and `-`, never a placeholder word
export function kindOf(text: string, badges: readonly string[] = []): ScanKind | undefined {
  // An empty read needs no test of its own: every test below fails for it.
  const trimmed = text.trim()
  if (isBadgeQr(trimmed)) return 'badge-qr'
  if (/^pos-companion:\/\/order\//i.test(trimmed)) return 'order-link'
  if (paymentKeyIn(trimmed) !== undefined) return 'order-id'
  if (shortCodeIn(trimmed) !== undefined) return 'short-code'
  const badge = checkBadgeCode(trimmed)
  if (badge.ok && badges.includes(badge.code)) return 'badge'
  return undefined
}

/**
 * The scan as its scanner meant it. The scanner is taken to type as US, its factory setting: guessing other
 * scanner layouts too would read an amount such as `159,90` as a short code (a Turkish-F scanner's `,` is `b`).
 * Where the keys are known, the computer's layout is the one that types them into what arrived.
 */
export function readScan(read: string, options: ReadScanOptions = {}): ScanReading {
  // Stryker disable next-line ArrayDeclaration: a badge code is letters, digits and `-`, never a placeholder word
  const badges = options.badges ?? []
  const asIs = kindOf(read, badges)
  if (asIs !== undefined) return { text: read, kind: asIs, mangled: false }
  const { keys } = options
  // `keys?.length`, not `keys && keys.length > 0`: an empty list of keys spells only '', never a read that gets
  // here, so mutants of a separate length test could not be told from it.
  const keysComputer = keys?.length ? LAYOUT_IDS.find((one) => textOfKeys(keys, one) === read) : undefined
  const fromKeys = keys?.length ? textOfKeys(keys, 'us') : undefined
  const candidates: { meant: string | undefined; computer: LayoutId | undefined }[] = [
    { meant: fromKeys, computer: keysComputer },
    // Each computer layout, US too: that one gives the read itself, so nothing (see below).
    ...LAYOUT_IDS.map((computer) => ({
      meant: readThrough(read, 'us', computer),
      computer,
    })),
  ]
  // A candidate that is the read itself names nothing (asIs above), so it needs no test of its own.
  for (const { meant, computer } of candidates) {
    if (meant === undefined) continue
    const kind = kindOf(meant, badges)
    if (kind !== undefined) return { text: meant, kind, layouts: { scanner: 'us', computer }, mangled: false }
  }
  const layouts =
    keysComputer && keysComputer !== 'us' ? { scanner: 'us' as const, computer: keysComputer } : undefined
  return { text: read, kind: undefined, mangled: looksMangled(read), ...(layouts ? { layouts } : {}) }
}

/** What a scanner set to `scanner` meant by the text that arrived on a `computer` (the keys read back). */
function readThrough(arrived: string, scanner: LayoutId, computer: LayoutId): string | undefined {
  const keys = keysOfText(arrived, computer)
  return keys && textOfKeys(keys, scanner)
}

/**
 * A read that names nothing yet looks typed through another keyboard language: it holds what such typing leaves
 * (a `*` between letters or digits; Turkish, German or French letters) in a text with no space, as a scan is.
 */
function looksMangled(read: string): boolean {
  const text = read.trim()
  return !/\s/.test(text) && /[0-9a-z]\*[0-9a-z]|[ıİşŞçÇöÖğĞüÜßäÄéèàùç§²µ£]/i.test(text)
}

/** What the scanner test found: the code arrived as it is, or through two layouts, or as something else. */
export type ScannerVerdict =
  | { kind: 'right'; computer: LayoutId | undefined }
  | { kind: 'layouts'; scanner: LayoutId; computer: LayoutId }
  | { kind: 'unknown' }

/**
 * Settings' scanner test (issue 30): `expected` was scanned and `arrived` came, typed by `keys` when they are
 * known. Right when it came as it is; else the scanner's and the computer's layouts, from the keys (the layout
 * in which they spell the code, and the one in which they spell what came) or, without them, from the text.
 */
export function judgeScannerTest(
  expected: string,
  arrived: string,
  keys?: readonly ScanKey[],
): ScannerVerdict {
  const known = keys && keys.length > 0 ? keys : undefined
  const spelling = (text: string) => known && LAYOUT_IDS.find((layout) => textOfKeys(known, layout) === text)
  if (arrived === expected) return { kind: 'right', computer: spelling(arrived) }
  const scanner = spelling(expected)
  const computer = spelling(arrived)
  // The two differ: the keys spell one text in a layout, and what arrived is not the code.
  if (scanner && computer) return { kind: 'layouts', scanner, computer }
  for (const byScanner of LAYOUT_IDS) {
    // Read back in the scanner's own layout they give the code itself, which is not what arrived.
    const keysPressed = keysOfText(expected, byScanner)
    for (const byComputer of LAYOUT_IDS) {
      if (keysPressed && textOfKeys(keysPressed, byComputer) === arrived) {
        return { kind: 'layouts', scanner: byScanner, computer: byComputer }
      }
    }
  }
  return { kind: 'unknown' }
}
