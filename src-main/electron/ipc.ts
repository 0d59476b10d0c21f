import type { IpcMain, WebFrameMain } from 'electron'
import { channelOf, eventChannelOf } from '../../src-shared/channels.ts'
import { calls, type CallName } from '../../src-shared/contract.ts'
import type { Core, CoreHandlers } from '../core/create-core.ts'
import { dispatch, MALFORMED, type DispatchLog } from '../core/dispatch.ts'
import { contractEvent } from '../core/outgoing-events.ts'

export type SenderCheck = (frame: WebFrameMain | null) => boolean

/**
 * Registers one handler per contract call. As in VS Code's validated IPC, every message is checked before
 * the core sees it: the sender is the app's own top frame (here), then the call is one of the contract's
 * and the payload parses (in `dispatch`, shared with web mode).
 */
export function registerIpcHandlers(
  ipcMain: Pick<IpcMain, 'handle'>,
  core: CoreHandlers,
  isTrustedSender: SenderCheck,
  log: DispatchLog,
): void {
  for (const call of Object.keys(calls) as CallName[]) {
    ipcMain.handle(channelOf(call), async (event, payload: unknown) => {
      if (!isTrustedSender(event.senderFrame)) {
        log.warn('ipc: refused a message from an untrusted sender', { call })
        return { ok: false, error: MALFORMED }
      }
      return dispatch(core, call, payload, log)
    })
  }
}

/** Sends the core's events to the window on their channels, each checked against the contract first. */
export function sendContractEvents(
  core: Pick<Core, 'subscribe'>,
  log: DispatchLog,
  send: (channel: string, payload: unknown) => void,
): () => void {
  return core.subscribe((event, payload) => {
    const checked = contractEvent(event, payload, log)
    if (checked) send(eventChannelOf(checked.event), checked.payload)
  })
}
