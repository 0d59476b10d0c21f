import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import type { Api, CallName } from '../../src-shared/contract.ts'
import { channelOf, eventChannelOf, isEventName, type EventName } from '../../src-shared/channels.ts'
import type { PrintBridge } from '../../src-shared/print-bridge.ts'
import { PRINT_CHANNELS } from '../../src-shared/print-channels.ts'

// The sandboxed preload: one bundled CommonJS file that requires nothing but 'electron'. It exposes the
// contract's calls one by one (never ipcRenderer, never a generic invoke); the main process validates. A call
// name is a CallName: a misspelled one does not compile, and `satisfies Api` names a missing one.
const invoke = (call: CallName, input?: unknown) => ipcRenderer.invoke(channelOf(call), input)

const api = {
  getAppInfo: () => invoke('getAppInfo'),
  getSession: () => invoke('getSession'),
  signIn: (input) => invoke('signIn', input),
  signInWithStoredCredentials: () => invoke('signInWithStoredCredentials'),
  signOut: (input) => invoke('signOut', input),
  listBranches: () => invoke('listBranches'),
  getMethods: (input) => invoke('getMethods', input),
  getSettings: () => invoke('getSettings'),
  updateSettings: (input) => invoke('updateSettings', input),
  listOrders: () => invoke('listOrders'),
  addOrder: (input) => invoke('addOrder', input),
  removeOrder: (input) => invoke('removeOrder', input),
  handOverOrder: (input) => invoke('handOverOrder', input),
  listHistory: (input) => invoke('listHistory', input),
  exportHistoryCsv: () => invoke('exportHistoryCsv'),
  getDiagnostics: () => invoke('getDiagnostics'),
  getIntakeInfo: () => invoke('getIntakeInfo'),
  rotateIntakeKey: () => invoke('rotateIntakeKey'),
  withdrawHandover: (input) => invoke('withdrawHandover', input),
  retryHandoverNow: (input) => invoke('retryHandoverNow', input),
  recordPanelCheck: (input) => invoke('recordPanelCheck', input),
  on(event: EventName, listener: (payload: never) => void) {
    if (!isEventName(event)) throw new TypeError('unknown event')
    // The renderer gets the payload only, never Electron's event object (it would reach ipcRenderer).
    const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload as never)
    ipcRenderer.on(eventChannelOf(event), forward)
    return () => {
      ipcRenderer.off(eventChannelOf(event), forward)
    }
  },
} satisfies Api

contextBridge.exposeInMainWorld('api', api)

// The courier slip's printing (docs/decisions.md D52): three fixed calls; the main process checks each.
const printBridge = {
  printSlip: (page) => ipcRenderer.invoke(PRINT_CHANNELS.print, page),
  saveSlipPdf: (input) => ipcRenderer.invoke(PRINT_CHANNELS.savePdf, input),
  listPrinters: () => ipcRenderer.invoke(PRINT_CHANNELS.listPrinters),
} satisfies PrintBridge
contextBridge.exposeInMainWorld('printBridge', printBridge)
