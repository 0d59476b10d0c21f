// The main process's half of copying the intake key (issue 20): the copy carries, in the same clipboard write,
// the marker each OS (or its usual clipboard managers) reads as "a secret: keep it out of history and sync".
import { clipboard, ClipboardItem, ipcMain, type IpcMain, type IpcMainInvokeEvent } from 'electron'
import type { Core } from '../core/create-core.ts'
import type { Logger } from '../core/ports.ts'
import { SECRET_CLIPBOARD_CHANNELS } from '../../src-shared/secret-clipboard.ts'
import type { SenderCheck } from './ipc.ts'

/** Electron's name for a raw platform clipboard format (docs: "electron application/osclipboard"). */
const rawFormat = (name: string) => `electron application/osclipboard;format="${name}"`

/**
 * The markers, by platform:
 * - Windows: `ExcludeClipboardContentFromMonitorProcessing`, any data: not in clipboard history (Win+V), not
 *   synced to the user's other devices, and skipped by monitors that honour it (Microsoft, "Cloud Clipboard and
 *   Clipboard History Formats");
 * - macOS: `org.nspasteboard.ConcealedType` (nspasteboard.org), honoured by the usual clipboard managers;
 * - Linux: `x-kde-passwordManagerHint: secret`, honoured by KDE's Klipper.
 */
export function secretClipboardItems(text: string, platform: NodeJS.Platform): Record<string, string | Blob> {
  const items: Record<string, string | Blob> = { 'text/plain': text }
  if (platform === 'win32') {
    items[rawFormat('ExcludeClipboardContentFromMonitorProcessing')] = new Blob([new Uint8Array(4)])
  } else if (platform === 'darwin') {
    items[rawFormat('org.nspasteboard.ConcealedType')] = ''
  } else {
    items[rawFormat('x-kde-passwordManagerHint')] = 'secret'
  }
  return items
}

export interface SecretClipboardDeps {
  isTrustedSender: SenderCheck
  /** The intake key as the core holds it now; undefined when it cannot say. */
  intakeKey: () => Promise<string | undefined>
  write: (items: Record<string, string | Blob>) => Promise<void>
  platform: NodeJS.Platform
  log: Logger
}

export function registerSecretClipboard(ipcMain: Pick<IpcMain, 'handle'>, deps: SecretClipboardDeps): void {
  ipcMain.handle(
    SECRET_CLIPBOARD_CHANNELS.copyIntakeKey,
    async (event: Pick<IpcMainInvokeEvent, 'senderFrame'>): Promise<boolean> => {
      if (!deps.isTrustedSender(event.senderFrame)) {
        deps.log.warn('clipboard: refused a message from an untrusted sender', { call: 'copyIntakeKey' })
        return false
      }
      try {
        const key = await deps.intakeKey()
        if (key === undefined) return false
        await deps.write(secretClipboardItems(key, deps.platform))
        return true
      } catch (error) {
        deps.log.warn('clipboard: the intake key could not be copied', {
          error: error instanceof Error ? error.name : 'error',
        })
        return false
      }
    },
  )
}

/** main.ts's one call: the real ipcMain and clipboard, the key from the core. */
export function installSecretClipboard(
  core: Pick<Core, 'intake'>,
  isTrustedSender: SenderCheck,
  log: Logger,
): void {
  registerSecretClipboard(ipcMain, {
    isTrustedSender,
    intakeKey: () => Promise.resolve(core.intake.info().key),
    write: (items) => clipboard.write([new ClipboardItem(items)]),
    platform: process.platform,
    log,
  })
}
