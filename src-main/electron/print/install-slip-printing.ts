import { writeFile } from 'node:fs/promises'
import { BrowserWindow, dialog, ipcMain } from 'electron'
import type { Core } from '../../core/create-core.ts'
import type { Logger } from '../../core/ports.ts'
import type { SenderCheck } from '../ipc.ts'
import { registerSlipPrinting } from './slip-print-ipc.ts'

/** main.ts's one call for the courier slip: the real ipcMain, save dialog and file system (D52). */
export function installSlipPrinting(
  core: Pick<Core, 'handlers'>,
  isTrustedSender: SenderCheck,
  log: Logger,
): void {
  registerSlipPrinting(ipcMain, {
    isTrustedSender,
    settings: async () => {
      const answer = await core.handlers.getSettings(undefined)
      return answer.ok ? answer.value : undefined
    },
    showSaveDialog: (options) => {
      const window = BrowserWindow.getFocusedWindow()
      return window ? dialog.showSaveDialog(window, options) : dialog.showSaveDialog(options)
    },
    writeFile: (path, data) => writeFile(path, data),
    log,
  })
}
