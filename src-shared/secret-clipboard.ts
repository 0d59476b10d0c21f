/**
 * Copying a secret (the intake key) in the desktop app (issue 20): beside the contract, like the slip's printing,
 * because only the Electron shell can write the clipboard formats that keep a copy out of clipboard history and
 * cloud sync. The renderer never sends the key: the main process reads it from the core. Web mode has no
 * `window.secretClipboard`; a web page can write plain text only (SECURITY.md).
 */
export const SECRET_CLIPBOARD_CHANNELS = {
  copyIntakeKey: 'pos-clipboard:copy-intake-key',
} as const

export interface SecretClipboard {
  /** True once the key is on the clipboard, marked as not for history; false when refused or it failed. */
  copyIntakeKey(): Promise<boolean>
}
