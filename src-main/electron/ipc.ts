import type { IpcMain, IpcMainInvokeEvent, WebFrameMain } from 'electron'
import { isMethodName, methods, type MethodName } from '../../src-shared/contract.ts'
import { CHANNEL_PREFIX } from '../../src-shared/channels.ts'
import type { AppError, Result } from '../../src-shared/errors.ts'
import type { CoreHandlers } from '../core/app.ts'

export type SenderCheck = (frame: WebFrameMain | null) => boolean

export interface IpcLog {
  warn(message: string, details?: Record<string, unknown>): void
}

const refused: AppError = { code: 'invalid-input', retryable: false }
const internal: AppError = { code: 'internal', retryable: false }

/**
 * Registers one handler per contract method. As in VS Code's validated IPC, every message is checked before
 * the core sees it: the channel is one of ours, the sender is the app's own top frame, the payload parses.
 */
export function registerIpcHandlers(
  ipcMain: Pick<IpcMain, 'handle'>,
  core: CoreHandlers,
  isTrustedSender: SenderCheck,
  log: IpcLog,
): void {
  for (const method of Object.keys(methods)) {
    if (!isMethodName(method)) continue
    ipcMain.handle(`${CHANNEL_PREFIX}${method}`, (event, payload: unknown) =>
      handleInvoke(method, event, payload, core, isTrustedSender, log),
    )
  }
}

async function handleInvoke(
  method: MethodName,
  event: IpcMainInvokeEvent,
  payload: unknown,
  core: CoreHandlers,
  isTrustedSender: SenderCheck,
  log: IpcLog,
): Promise<Result<unknown>> {
  if (!isTrustedSender(event.senderFrame)) {
    log.warn('ipc: refused a message from an untrusted sender', { method })
    return { ok: false, error: refused }
  }
  const input = methods[method].input.safeParse(payload)
  if (!input.success) {
    log.warn('ipc: refused a payload that does not parse', { method })
    return { ok: false, error: refused }
  }
  try {
    const handler = core[method] as (input: unknown) => Promise<Result<unknown>>
    return await handler(input.data)
  } catch (error) {
    log.warn('ipc: a handler threw', { method, error: String(error) })
    return { ok: false, error: internal }
  }
}
