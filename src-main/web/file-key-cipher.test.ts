import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CredentialVault } from '../core/secrets/credential-vault.ts'
import { silentLogger } from '../core/ports.ts'
import { createFileKeyCipher } from './file-key-cipher.ts'
import { JsonFileStore } from './json-file-store.ts'

let dir: string
let keyFile: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'key-cipher-'))
  keyFile = join(dir, 'secret.key')
})
afterEach(() => rm(dir, { recursive: true, force: true }))

describe('createFileKeyCipher', () => {
  it('is strong and round-trips, with a fresh IV each time', async () => {
    const cipher = createFileKeyCipher(keyFile)
    expect(cipher.strength).toBe('strong')
    const first = await cipher.encrypt('app-secret ğüşiöç')
    const second = await cipher.encrypt('app-secret ğüşiöç')
    expect(first).not.toBe(second)
    expect(await cipher.decrypt(first)).toBe('app-secret ğüşiöç')
    // iv (12) | tag (16) | ciphertext
    expect(Buffer.from(first, 'base64').length).toBe(12 + 16 + Buffer.byteLength('app-secret ğüşiöç'))
    // Another instance over the same key file opens it: the key is what persists.
    expect(await createFileKeyCipher(keyFile).decrypt(first)).toBe('app-secret ğüşiöç')
  })

  it('creates the 32-byte key file on first use only, readable by the owner alone', async () => {
    const cipher = createFileKeyCipher(keyFile)
    expect(await readdir(dir)).toEqual([])
    await cipher.encrypt('x')
    expect(await readdir(dir)).toEqual(['secret.key'])
    expect((await readFile(keyFile)).length).toBe(32)
    if (process.platform !== 'win32') expect((await stat(keyFile)).mode & 0o777).toBe(0o600)
  })

  it('makes one key when first calls come at once, even from two ciphers', async () => {
    const one = createFileKeyCipher(keyFile)
    const two = createFileKeyCipher(keyFile)
    const blobs = await Promise.all([one.encrypt('a'), one.encrypt('b'), two.encrypt('c')])
    expect(await Promise.all(blobs.map((blob) => two.decrypt(blob)))).toEqual(['a', 'b', 'c'])
    expect(await readdir(dir)).toEqual(['secret.key'])
  })

  it('refuses tampered data and data made under another key', async () => {
    const cipher = createFileKeyCipher(keyFile)
    const bytes = Buffer.from(await cipher.encrypt('rest-secret'), 'base64')
    for (const index of [0, 12, 28, bytes.length - 1]) {
      const tampered = Buffer.from(bytes)
      tampered[index] = (tampered[index] ?? 0) ^ 1
      await expect(cipher.decrypt(tampered.toString('base64')), `byte ${String(index)}`).rejects.toThrow()
    }
    await expect(cipher.decrypt('')).rejects.toThrow()
    await expect(
      createFileKeyCipher(join(dir, 'other.key')).decrypt(bytes.toString('base64')),
    ).rejects.toThrow()
  })

  it('replaces a damaged key file, keeping it aside', async () => {
    await writeFile(keyFile, 'short')
    const cipher = createFileKeyCipher(keyFile)
    expect(await cipher.decrypt(await cipher.encrypt('x'))).toBe('x')
    expect((await readFile(keyFile)).length).toBe(32)
    expect((await readdir(dir)).some((name) => name.startsWith('secret.key.damaged-'))).toBe(true)
  })

  it('keeps the key outside the settings file, which never holds the secrets in plain text', async () => {
    const settingsFile = join(dir, 'settings.json')
    const options = { log: silentLogger, allowWeakStorage: () => false }
    const vault = await CredentialVault.open({
      account: '00000000-0000-4000-8000-000000000001',
      store: new JsonFileStore(settingsFile),
      cipher: createFileKeyCipher(keyFile),
      ...options,
    })
    expect(vault.storage).toBe('os-keychain')
    await vault.saveCredentials(
      { appSecretKey: 'APP-SECRET-abc123', restSecretKey: 'REST-SECRET-def456' },
      'https://p.example',
    )
    await vault.saveToken({ accessToken: 'TOKEN-ghi789', expiresAt: 1, platformAddress: 'https://p.example' })

    const settingsBytes = await readFile(settingsFile, 'utf8')
    expect(settingsBytes).toContain('"secrets.00000000-0000-4000-8000-000000000001"')
    for (const secret of ['APP-SECRET-abc123', 'REST-SECRET-def456', 'TOKEN-ghi789']) {
      expect(settingsBytes).not.toContain(secret)
      expect(settingsBytes).not.toContain(Buffer.from(secret).toString('base64'))
    }
    const key = await readFile(keyFile)
    expect(settingsBytes).not.toContain(key.toString('base64'))
    expect(settingsBytes).not.toContain(key.toString('hex'))

    const reopened = await CredentialVault.open({
      account: '00000000-0000-4000-8000-000000000001',
      store: new JsonFileStore(settingsFile),
      cipher: createFileKeyCipher(keyFile),
      ...options,
    })
    expect(reopened.credentials).toEqual({
      appSecretKey: 'APP-SECRET-abc123',
      restSecretKey: 'REST-SECRET-def456',
    })
  })
})
