import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createSafeStorageCipher } from './safe-storage-cipher.ts'

const keychain = vi.hoisted(() => ({
  available: true,
  backend: 'gnome_libsecret',
  shouldReEncrypt: false,
}))

vi.mock('electron', () => ({
  safeStorage: {
    isAsyncEncryptionAvailable: () => Promise.resolve(keychain.available),
    getSelectedStorageBackend: () => keychain.backend,
    encryptStringAsync: (plainText: string) =>
      Promise.resolve(Buffer.from(`sealed:${Buffer.from(plainText, 'utf8').toString('hex')}`, 'utf8')),
    decryptStringAsync: (sealed: Buffer) => {
      const text = sealed.toString('utf8')
      if (!text.startsWith('sealed:'))
        return Promise.reject(new Error('Error while decrypting the ciphertext'))
      return Promise.resolve({
        result: Buffer.from(text.slice('sealed:'.length), 'hex').toString('utf8'),
        shouldReEncrypt: keychain.shouldReEncrypt,
      })
    },
  },
}))

beforeEach(() => {
  keychain.available = true
  keychain.backend = 'gnome_libsecret'
  keychain.shouldReEncrypt = false
})

describe('createSafeStorageCipher', () => {
  it("reports Linux's hard-coded-key fallback (basic_text) as weak", async () => {
    keychain.backend = 'basic_text'
    expect((await createSafeStorageCipher('linux')).strength).toBe('weak')
  })

  it.each(['gnome_libsecret', 'kwallet5', 'kwallet6'])(
    'reports a Linux keyring (%s) as strong',
    async (backend) => {
      keychain.backend = backend
      expect((await createSafeStorageCipher('linux')).strength).toBe('strong')
    },
  )

  it.each(['win32', 'darwin'] as const)(
    'reports %s as strong (the backend name is Linux-only)',
    async (platform) => {
      keychain.backend = 'basic_text'
      expect((await createSafeStorageCipher(platform)).strength).toBe('strong')
    },
  )

  it('reports no keychain at all (not yet unlocked, or none) as none', async () => {
    keychain.available = false
    expect((await createSafeStorageCipher('linux')).strength).toBe('none')
    expect((await createSafeStorageCipher('win32')).strength).toBe('none')
  })

  it('round-trips through safeStorage, with no plain text in the stored form', async () => {
    const cipher = await createSafeStorageCipher('linux')
    const sealed = await cipher.encrypt('app-secret-1')
    expect(sealed).not.toContain('app-secret-1')
    expect(await cipher.decrypt(sealed)).toBe('app-secret-1')
    await expect(cipher.decrypt(Buffer.from('garbage').toString('base64'))).rejects.toThrow(/decrypting/)
  })

  it("passes on safeStorage's re-encrypt hint", async () => {
    const cipher = await createSafeStorageCipher('linux')
    const sealed = await cipher.encrypt('rest-secret-1')
    expect(await cipher.decryptWithHint?.(sealed)).toEqual({
      plainText: 'rest-secret-1',
      shouldReEncrypt: false,
    })
    keychain.shouldReEncrypt = true
    expect(await cipher.decryptWithHint?.(sealed)).toEqual({
      plainText: 'rest-secret-1',
      shouldReEncrypt: true,
    })
  })
})
