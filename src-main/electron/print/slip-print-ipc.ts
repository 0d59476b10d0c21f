// The main process's half of the courier slip (docs/decisions.md D52): the renderer lays the slip out and
// measures it; this prints that page through `webContents.print` with an explicit size in microns, or saves it
// with `printToPDF`. The sender must be the app's own top frame, and every payload is parsed first.
import type { IpcMain, IpcMainInvokeEvent, PrinterInfo, SaveDialogOptions, WebContents } from 'electron'
import type { Settings } from '../../../src-shared/domain.ts'
import {
  PRINT_CHANNELS,
  SavePdfInput,
  SlipPage,
  type SlipPrintResult,
} from '../../../src-shared/print-bridge.ts'
import type { Logger } from '../../core/ports.ts'
import { printOutcome, slipPdfOptions, slipPrintOptions } from '../all-day/slip-print.ts'
import type { SenderCheck } from '../ipc.ts'

type SlipSender = Pick<WebContents, 'print' | 'printToPDF'> & {
  getPrintersAsync(): Promise<Pick<PrinterInfo, 'name'>[]>
}

export interface SlipPrintingDeps {
  isTrustedSender: SenderCheck
  settings: () => Promise<Settings | undefined>
  showSaveDialog: (
    options: SaveDialogOptions,
  ) => Promise<{ canceled: boolean; filePath?: string | undefined }>
  writeFile: (path: string, data: Uint8Array) => Promise<void>
  log: Logger
}

const REFUSED: SlipPrintResult = { result: 'failed', reason: 'refused' }

export function registerSlipPrinting(ipcMain: Pick<IpcMain, 'handle'>, deps: SlipPrintingDeps): void {
  const guarded =
    (name: string, run: (sender: SlipSender, payload: unknown) => Promise<unknown>) =>
    async (event: Pick<IpcMainInvokeEvent, 'senderFrame' | 'sender'>, payload: unknown) => {
      if (!deps.isTrustedSender(event.senderFrame)) {
        deps.log.warn('print: refused a message from an untrusted sender', { call: name })
        return name === 'listPrinters' ? [] : REFUSED
      }
      try {
        return await run(event.sender, payload)
      } catch (error) {
        deps.log.warn('print: the slip could not be printed or saved', {
          call: name,
          error: error instanceof Error ? error.name : 'error',
        })
        return name === 'listPrinters' ? [] : { result: 'failed', reason: 'error' }
      }
    }
  ipcMain.handle(
    PRINT_CHANNELS.print,
    guarded('printSlip', (sender, payload) => printSlip(sender, SlipPage.parse(payload), deps)),
  )
  ipcMain.handle(
    PRINT_CHANNELS.savePdf,
    guarded('saveSlipPdf', (sender, payload) => saveSlipPdf(sender, SavePdfInput.parse(payload), deps)),
  )
  ipcMain.handle(
    PRINT_CHANNELS.listPrinters,
    guarded('listPrinters', async (sender) => (await sender.getPrintersAsync()).map(({ name }) => name)),
  )
}

async function printSlip(
  sender: SlipSender,
  page: SlipPage,
  deps: SlipPrintingDeps,
): Promise<SlipPrintResult> {
  const settings = await deps.settings()
  const options = slipPrintOptions(
    {
      printerName: settings?.slipPrinter ?? null,
      paperWidth: page.widthMm,
      printWithoutAsking: settings?.printWithoutAsking ?? false,
    },
    page,
    await sender.getPrintersAsync(),
  )
  return new Promise((resolve) => {
    sender.print(options, (success, failureReason) => {
      const outcome = printOutcome(success, failureReason)
      if (outcome.result === 'failed')
        deps.log.warn('print: the printer refused the slip', { reason: outcome.reason })
      resolve(outcome)
    })
  })
}

async function saveSlipPdf(
  sender: SlipSender,
  { page, fileCode }: SavePdfInput,
  deps: SlipPrintingDeps,
): Promise<SlipPrintResult> {
  const pdf = await sender.printToPDF(slipPdfOptions(page.widthMm, page))
  const choice = await deps.showSaveDialog({
    defaultPath: `kurye-fisi-${fileCode}.pdf`,
    filters: [{ name: 'PDF', extensions: ['pdf'] }],
  })
  if (choice.canceled || !choice.filePath) return { result: 'cancelled' }
  await deps.writeFile(choice.filePath, pdf)
  return { result: 'saved' }
}
