import { safeStorage } from 'electron'
import type { SecretCipher } from '../core/ports.ts'

/**
 * Secrets at rest through the OS keychain (D11). On Linux without a keyring, Electron falls back to a
 * hard-coded key ('basic_text'): that is reported as weak, and the core then keeps secrets for this run only
 * unless the staff opt in.
 */
export async function createSafeStorageCipher(): Promise<SecretCipher> {
  const strength: SecretCipher['strength'] = !(await safeStorage.isAsyncEncryptionAvailable())
    ? 'none'
    : process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text'
      ? 'weak'
      : 'strong'
  return {
    strength,
    encrypt: async (plainText) => (await safeStorage.encryptStringAsync(plainText)).toString('base64'),
    decrypt: async (cipherText) =>
      (await safeStorage.decryptStringAsync(Buffer.from(cipherText, 'base64'))).result,
  }
}
