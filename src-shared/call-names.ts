/**
 * Every bridge call's name, and whether it takes an input, without zod: both bridges (the sandboxed preload and
 * web mode's WebSocket bridge) build window.api from this one list, so the preload bundle stays small. The
 * `Record<CallName, …>` makes a call missing here, or a name the contract does not have, a compile error; a
 * test checks the input flags against the contract's schemas.
 */
import type { Api, CallName } from './contract.ts'

export const CALL_TAKES_INPUT = {
  getAppInfo: false,
  getSession: false,
  signIn: true,
  signInWithStoredCredentials: false,
  signOut: true,
  listAccounts: false,
  addAccount: true,
  updateAccount: true,
  signInAccount: true,
  signOutAccount: true,
  removeAccount: true,
  setDefaultAccount: true,
  setOrderAccount: true,
  listAccountBranches: true,
  getAccountMethods: true,
  listBranches: false,
  getMethods: true,
  getSettings: false,
  updateSettings: true,
  listOrders: false,
  addOrder: true,
  removeOrder: true,
  restoreOrder: true,
  handOverOrder: true,
  listHistory: true,
  exportHistoryCsv: false,
  getDiagnostics: false,
  getIntakeInfo: false,
  rotateIntakeKey: false,
  createPosFolder: false,
  withdrawHandover: true,
  retryHandoverNow: true,
  recordPanelCheck: true,
  getAttention: false,
  silenceAlarm: true,
  markOrderReady: true,
  listCouriers: false,
  addCourier: true,
  renameCourier: true,
  setCourierBadge: true,
  retireCourier: true,
  assignCourier: true,
  listCouriersOut: false,
  recordCash: true,
  correctCash: true,
  getDayEnd: true,
  exportDayEndCsv: true,
  getCourierToday: false,
  recordCourierMovement: true,
  setDoorTender: true,
  closeCourierAccount: true,
  getCourierPay: false,
  setCourierPay: true,
  startCourierBatch: true,
  endCourierBatch: true,
  getCourierStatement: true,
  exportCourierStatementCsv: true,
} as const satisfies Record<CallName, boolean>

export const CALL_NAMES = Object.keys(CALL_TAKES_INPUT) as readonly CallName[]

/** window.api's calls, each sending its name (and its input, for a call that takes one) through `send`. */
export function callsOver(send: (call: CallName, input?: unknown) => Promise<unknown>): Omit<Api, 'on'> {
  const entries = CALL_NAMES.map((call) => [
    call,
    // A call without input passes nothing on, whatever it is called with (an event handler's argument).
    CALL_TAKES_INPUT[call] ? (input: unknown) => send(call, input) : () => send(call),
  ])
  return Object.fromEntries(entries) as Omit<Api, 'on'>
}
