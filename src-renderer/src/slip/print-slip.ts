import type { PrintBridge, SlipPrintResult } from '../../../src-shared/print-bridge.ts'
import { fitPageToSlip } from './page-size.ts'

declare global {
  interface Window {
    /** The desktop app's slip printing (preload); absent in web mode, which uses the browser's print. */
    printBridge?: PrintBridge
  }
}

/** The desktop app, which has a tray, a login item and printers of its own (web mode has the browser's). */
export const isDesktopApp = (): boolean => window.printBridge !== undefined

export type SlipOutput = 'print' | 'pdf'

/**
 * Prints (or saves as PDF) the slip now on the page (docs/decisions.md D52). The page is sized to the slip
 * first, for both shells. The desktop app prints through its bridge (chosen printer, page in microns, preview
 * unless "print without asking"; `PDF olarak kaydet` through printToPDF and a save dialog). Web mode opens the
 * browser's print dialog, whose "Save as PDF" makes the PDF, with the same `@page` size.
 */
export async function printShownSlip(output: SlipOutput, fileCode: string): Promise<SlipPrintResult> {
  const page = fitPageToSlip()
  if (!page || (page.widthMm !== 80 && page.widthMm !== 58)) return { result: 'failed', reason: 'no-slip' }
  const slipPage = { widthMm: page.widthMm, heightMm: page.heightMm } as const
  const printing = window.printBridge
  if (!printing) {
    window.print()
    return { result: 'printed' }
  }
  return output === 'pdf' ? printing.saveSlipPdf({ page: slipPage, fileCode }) : printing.printSlip(slipPage)
}
