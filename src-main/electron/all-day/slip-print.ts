import type { PrinterInfo, PrintToPDFOptions, WebContentsPrintOptions } from 'electron'
import type { SlipPaperWidth } from '../../../src-shared/domain.ts'

export interface SlipPrintSettings {
  /** The printer chosen in Settings (its system name, from `getPrintersAsync`); null = the system's default. */
  printerName: string | null
  paperWidth: SlipPaperWidth
  /** "Print without asking": no dialog, straight to the chosen printer. */
  printWithoutAsking: boolean
}

/** Electron refuses page sides under 353 microns; a slip is never near that, but a bad measurement could be. */
const MIN_SIDE_MICRONS = 353
/** A slip longer than a metre is a measuring mistake, not a slip: cap it rather than feed a roll out. */
const MAX_HEIGHT_MM = 1000

const micronsOf = (mm: number) => Math.round(mm * 1000)

function slipHeightMm(heightMm: number): number {
  if (!Number.isFinite(heightMm) || heightMm <= 0)
    throw new RangeError('slip height must be a positive length')
  return Math.min(heightMm, MAX_HEIGHT_MM)
}

/**
 * Options for `webContents.print`. The page size is always explicit, in microns, at the paper's width and the
 * slip's measured height (page-size.ts): left to the driver, silent printing uses A4 and thermal printers
 * print it tiny or blank. Silent only when staff asked for it *and* chose a printer that is still installed;
 * otherwise the dialog (with its preview) lets them see where it goes.
 */
export function slipPrintOptions(
  settings: SlipPrintSettings,
  page: { heightMm: number },
  printers: readonly Pick<PrinterInfo, 'name'>[],
): WebContentsPrintOptions {
  const printer = settings.printerName
  const installed = printer !== null && printers.some(({ name }) => name === printer)
  return {
    silent: settings.printWithoutAsking && installed,
    ...(installed ? { deviceName: printer } : {}),
    printBackground: true,
    color: false,
    landscape: false,
    copies: 1,
    margins: { marginType: 'none' },
    pageSize: {
      width: Math.max(micronsOf(settings.paperWidth), MIN_SIDE_MICRONS),
      height: Math.max(micronsOf(slipHeightMm(page.heightMm)), MIN_SIDE_MICRONS),
    },
  }
}

/** Options for `webContents.printToPDF` (`PDF olarak kaydet`): the same page, whose sizes Electron takes in inches. */
export function slipPdfOptions(paperWidth: SlipPaperWidth, page: { heightMm: number }): PrintToPDFOptions {
  return {
    pageSize: { width: paperWidth / 25.4, height: slipHeightMm(page.heightMm) / 25.4 },
    margins: { top: 0, bottom: 0, left: 0, right: 0 },
    printBackground: true,
    preferCSSPageSize: true,
    landscape: false,
  }
}

export type PrintOutcome =
  { result: 'printed' } | { result: 'cancelled' } | { result: 'failed'; reason: string }

/** What `webContents.print`'s callback means for the staff: printed, cancelled in the dialog, or failed. */
export function printOutcome(success: boolean, failureReason: string | undefined): PrintOutcome {
  if (success) return { result: 'printed' }
  if (failureReason === 'cancelled') return { result: 'cancelled' }
  return { result: 'failed', reason: failureReason ?? 'failed' }
}
