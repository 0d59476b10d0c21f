import { safeStorage } from 'electron'
import type { SecretCipher } from '../core/ports.ts'

/**
 * Secrets at rest through the OS keychain (D11). On Linux without a keyring, Electron falls back to a
 * hard-coded key ('basic_text'): that is reported as weak, and the core then keeps secrets for this run only
 * unless the staff opt in. `platform` is a parameter so that the Linux check can be tested on any machine.
 */
export async function createSafeStorageCipher(
  platform: NodeJS.Platform = process.platform,
): Promise<SecretCipher> {
  const strength: SecretCipher['strength'] = !(await safeStorage.isAsyncEncryptionAvailable())
    ? 'none'
    : platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text'
      ? 'weak'
      : 'strong'
  const decryptWithHint = async (cipherText: string) => {
    const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(
      Buffer.from(cipherText, 'base64'),
    )
    return { plainText: result, shouldReEncrypt }
  }
  return {
    strength,
    encrypt: async (plainText) => (await safeStorage.encryptStringAsync(plainText)).toString('base64'),
    decrypt: async (cipherText) => (await decryptWithHint(cipherText)).plainText,
    decryptWithHint,
  }
}
