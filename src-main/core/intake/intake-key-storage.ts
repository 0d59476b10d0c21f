/**
 * Where the intake key is kept between runs: encrypted by the same cipher as the platform's secrets (the OS
 * keychain in Electron, the data folder's key file in web mode), in its own entry of the settings store so it
 * never travels with the credentials' record. Where the OS offers no cipher at all, the key lives for this run
 * only, as the credentials do (the POS then needs the new key after each start: Settings shows it).
 */
import { describeThrown } from '../app-failure.ts'
import type { KeyValueStore, Logger, SecretCipher } from '../ports.ts'
import type { IntakeKeyStorage } from './intake-key.ts'

export const INTAKE_KEY_ENTRY = 'intake-key'

export function intakeKeyStorage(store: KeyValueStore, cipher: SecretCipher, log: Logger): IntakeKeyStorage {
  return {
    async load() {
      const stored = store.get(INTAKE_KEY_ENTRY)
      if (typeof stored !== 'string' || cipher.strength === 'none') return undefined
      try {
        return await cipher.decrypt(stored)
      } catch (error) {
        // A keychain that changed under us: a new key is made, and Settings shows it.
        log.warn('intake: the stored intake key could not be read; a new one is made', {
          error: describeThrown(error),
        })
        return undefined
      }
    },
    async save(key) {
      if (cipher.strength === 'none') return
      store.set(INTAKE_KEY_ENTRY, await cipher.encrypt(key))
    },
  }
}
