import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import type { Api, CallName } from '../../src-shared/contract.ts'
import { callsOver } from '../../src-shared/call-names.ts'
import { channelOf, eventChannelOf, isEventName, type EventName } from '../../src-shared/channels.ts'
import type { PrintBridge } from '../../src-shared/print-bridge.ts'
import { PRINT_CHANNELS } from '../../src-shared/print-channels.ts'
import { SECRET_CLIPBOARD_CHANNELS, type SecretClipboard } from '../../src-shared/secret-clipboard.ts'

// The sandboxed preload: one bundled CommonJS file that requires nothing but 'electron'. It exposes the
// contract's calls by name, from src-shared/call-names.ts (never ipcRenderer, never a generic invoke); the main
// process validates. A call name is a CallName: a misspelled one does not compile.
const invoke = (call: CallName, input?: unknown) => ipcRenderer.invoke(channelOf(call), input)

const api: Api = {
  ...callsOver(invoke),
  on(event: EventName, listener: (payload: never) => void) {
    if (!isEventName(event)) throw new TypeError('unknown event')
    // The renderer gets the payload only, never Electron's event object (it would reach ipcRenderer).
    const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload as never)
    ipcRenderer.on(eventChannelOf(event), forward)
    return () => {
      ipcRenderer.off(eventChannelOf(event), forward)
    }
  },
}

contextBridge.exposeInMainWorld('api', api)

// The courier slip's printing (docs/decisions.md D52): three fixed calls; the main process checks each.
const printBridge = {
  printSlip: (page) => ipcRenderer.invoke(PRINT_CHANNELS.print, page),
  saveSlipPdf: (input) => ipcRenderer.invoke(PRINT_CHANNELS.savePdf, input),
  listPrinters: () => ipcRenderer.invoke(PRINT_CHANNELS.listPrinters),
} satisfies PrintBridge
contextBridge.exposeInMainWorld('printBridge', printBridge)

// Copying the intake key out of clipboard history (issue 20): one fixed call; the main process reads the key.
const secretClipboard = {
  copyIntakeKey: () => ipcRenderer.invoke(SECRET_CLIPBOARD_CHANNELS.copyIntakeKey),
} satisfies SecretClipboard
contextBridge.exposeInMainWorld('secretClipboard', secretClipboard)
