import { z } from 'zod'

/**
 * The courier slip's printing in the desktop app (docs/decisions.md D52): beside the contract rather than in
 * it, because only the Electron shell can answer (the core has no printer and no window). Web mode has no
 * `window.printBridge` and uses the browser's own print dialog (and its "Save as PDF").
 */
export { PRINT_CHANNELS } from './print-channels.ts'

/** The measured slip (page-size.ts): the paper's width and the slip's height, in millimetres. */
export const SlipPage = z
  .object({ widthMm: z.union([z.literal(80), z.literal(58)]), heightMm: z.number().min(10).max(1000) })
  .strict()
export type SlipPage = z.infer<typeof SlipPage>

/** The slip's short code, for the PDF's suggested file name only. */
export const SavePdfInput = z
  .object({ page: SlipPage, fileCode: z.string().regex(/^[0-9A-Za-z-]{1,16}$/) })
  .strict()
export type SavePdfInput = z.infer<typeof SavePdfInput>

export type SlipPrintResult =
  { result: 'printed' | 'saved' | 'cancelled' } | { result: 'failed'; reason: string }

export interface PrintBridge {
  printSlip(page: SlipPage): Promise<SlipPrintResult>
  saveSlipPdf(input: SavePdfInput): Promise<SlipPrintResult>
  /** The printers the OS lists, by name, for Settings' choice. */
  listPrinters(): Promise<string[]>
}
