import { describe, expect, it } from 'vitest'
import { REDACTED, SecretRedactor } from '../logging/secret-redactor.ts'
import type { SecretCipher } from '../ports.ts'
import { fakeCipher, MemoryStore, recordingLogger } from '../../../test-support/core/memory-adapters.ts'
import { CredentialVault, secretsKeyOf, setAsideKeyOf } from './credential-vault.ts'

const ACCOUNT = '00000000-0000-4000-8000-000000000001'
const ADDRESS = 'https://platform.example.com/integrations'
const OTHER_ADDRESS = 'https://other.example.net/integrations'
const KEYS = { appSecretKey: 'app-secret-1', restSecretKey: 'rest-secret-1' }
const NEW_KEYS = { appSecretKey: 'app-secret-2', restSecretKey: 'rest-secret-2' }
const TOKEN = { accessToken: 'token-1', expiresAt: 10_000, platformAddress: ADDRESS }

/** A store whose next writes fail, as a file held by an antivirus scan or a full disk would. */
class FlakyStore extends MemoryStore {
  failingSets = 0
  failingDeletes = 0
  override set(key: string, value: unknown): void {
    if (this.failingSets > 0) {
      this.failingSets -= 1
      throw new Error('EBUSY: resource busy or locked')
    }
    super.set(key, value)
  }
  override delete(key: string): void {
    if (this.failingDeletes > 0) {
      this.failingDeletes -= 1
      throw new Error('EBUSY: resource busy or locked')
    }
    super.delete(key)
  }
}

/** The fake keychain, which can be locked (encrypting and decrypting fail) and can ask for re-encryption. */
function keychain(strength: SecretCipher['strength'] = 'strong') {
  const inner = fakeCipher(strength)
  const state = { locked: false, shouldReEncrypt: false, encryptions: 0 }
  const cipher: SecretCipher = {
    strength,
    encrypt: (plainText) => {
      if (state.locked) return Promise.reject(new Error('the keyring is locked'))
      state.encryptions += 1
      return inner.encrypt(plainText)
    },
    decrypt: (cipherText) => inner.decrypt(cipherText),
    decryptWithHint: async (cipherText) => {
      if (state.locked) throw new Error('the keyring is locked')
      return { plainText: await inner.decrypt(cipherText), shouldReEncrypt: state.shouldReEncrypt }
    },
  }
  return { cipher, state }
}

function open(store: MemoryStore, cipher: SecretCipher = fakeCipher('strong'), allowWeak = false) {
  return CredentialVault.open({
    account: ACCOUNT,
    store,
    cipher,
    log: recordingLogger(),
    allowWeakStorage: () => allowWeak,
  })
}

describe('CredentialVault after a failed write (D33)', () => {
  it('writes again after one write failed, and the blob on disk holds the later record', async () => {
    const store = new FlakyStore()
    const vault = await open(store)
    store.failingSets = 1
    await expect(vault.saveCredentials(KEYS, ADDRESS)).rejects.toThrow(/EBUSY/)
    await vault.saveCredentials(NEW_KEYS, ADDRESS)
    const reopened = await open(store)
    expect(reopened.credentials).toEqual(NEW_KEYS)
  })

  it('writes again after the keychain refused one encryption', async () => {
    const store = new MemoryStore()
    const { cipher, state } = keychain()
    const vault = await open(store, cipher)
    state.locked = true
    await expect(vault.saveCredentials(KEYS, ADDRESS)).rejects.toThrow(/locked/)
    state.locked = false
    await vault.saveToken(TOKEN)
    expect((await open(store, cipher)).token).toEqual(TOKEN)
  })

  it('"forget keys" removes them from disk even after a failed write', async () => {
    const store = new FlakyStore()
    const vault = await open(store)
    await vault.saveCredentials(KEYS, ADDRESS)
    store.failingSets = 1
    await expect(vault.saveToken(TOKEN)).rejects.toThrow(/EBUSY/)
    await vault.forgetAll()
    expect(store.values.has(secretsKeyOf(ACCOUNT))).toBe(false)
    expect((await open(store)).credentials).toBeUndefined()
  })
})

describe('CredentialVault on a passing keychain problem (D33)', () => {
  it('keeps a blob it cannot decrypt, and opens it once the keychain works again', async () => {
    const store = new MemoryStore()
    const { cipher, state } = keychain()
    await (await open(store, cipher)).saveCredentials(KEYS, ADDRESS)
    state.locked = true
    const whileLocked = await open(store, cipher)
    expect(whileLocked.credentials).toBeUndefined()
    expect(store.values.has(secretsKeyOf(ACCOUNT))).toBe(true)
    state.locked = false
    expect((await open(store, cipher)).credentials).toEqual(KEYS)
  })

  it('sets an unreadable blob aside, not over, when new keys are saved; only "forget" deletes it', async () => {
    const store = new MemoryStore()
    const { cipher, state } = keychain()
    await (await open(store, cipher)).saveCredentials(KEYS, ADDRESS)
    const original = store.values.get(secretsKeyOf(ACCOUNT))
    state.locked = true
    const vault = await open(store, cipher)
    state.locked = false
    await vault.saveCredentials(NEW_KEYS, ADDRESS)
    expect(store.values.get(setAsideKeyOf(ACCOUNT))).toBe(original)
    expect((await open(store, cipher)).credentials).toEqual(NEW_KEYS)
    await vault.forgetAll()
    expect(store.values.has(secretsKeyOf(ACCOUNT))).toBe(false)
    expect(store.values.has(setAsideKeyOf(ACCOUNT))).toBe(false)
  })

  it('a keyring not yet open at autostart does not make the next write delete the stored blob', async () => {
    const store = new MemoryStore()
    await (await open(store, fakeCipher('strong'))).saveCredentials(KEYS, ADDRESS)
    const original = store.values.get(secretsKeyOf(ACCOUNT))
    // Autostart before the keyring: no usable keychain, so secrets are kept for this run only.
    const early = await open(store, fakeCipher('none'))
    expect(early.storage).toBe('this-run-only')
    await early.saveCredentials(NEW_KEYS, ADDRESS)
    await early.saveToken(TOKEN)
    await early.saveToken(undefined)
    expect(store.values.get(secretsKeyOf(ACCOUNT))).toBe(original)
    expect((await open(store, fakeCipher('strong'))).credentials).toEqual(KEYS)
  })

  it('"forget keys" with no usable keychain still deletes the blob it could not read', async () => {
    const store = new MemoryStore()
    await (await open(store, fakeCipher('strong'))).saveCredentials(KEYS, ADDRESS)
    await (await open(store, fakeCipher('none'))).forgetAll()
    expect(store.values.size).toBe(0)
  })

  it('turning weak storage off deletes the weak blob this run wrote', async () => {
    const store = new MemoryStore()
    let allowWeak = true
    const vault = await CredentialVault.open({
      account: ACCOUNT,
      store,
      cipher: fakeCipher('weak'),
      log: recordingLogger(),
      allowWeakStorage: () => allowWeak,
    })
    await vault.saveCredentials(KEYS, ADDRESS)
    expect(store.values.has(secretsKeyOf(ACCOUNT))).toBe(true)
    allowWeak = false
    await vault.refreshStorage()
    expect(store.values.has(secretsKeyOf(ACCOUNT))).toBe(false)
  })

  it("re-encrypts the blob when the keychain says so (safeStorage's shouldReEncrypt)", async () => {
    const store = new MemoryStore()
    const { cipher, state } = keychain()
    await (await open(store, cipher)).saveCredentials(KEYS, ADDRESS)
    const writes = state.encryptions
    await open(store, cipher)
    expect(state.encryptions).toBe(writes)
    state.shouldReEncrypt = true
    const vault = await open(store, cipher)
    await vault.settled()
    expect(state.encryptions).toBe(writes + 1)
    expect(vault.credentials).toEqual(KEYS)
  })
})

describe('CredentialVault and the platform address (D33)', () => {
  it('gives the keys and the token only for the address they were saved with', async () => {
    const store = new MemoryStore()
    const vault = await open(store)
    await vault.saveCredentials(KEYS, ADDRESS)
    await vault.saveToken(TOKEN)
    const reopened = await open(store)
    expect(reopened.credentialsFor(ADDRESS)).toEqual(KEYS)
    expect(reopened.tokenFor(ADDRESS)).toEqual(TOKEN)
    expect(reopened.credentialsFor(OTHER_ADDRESS)).toBeUndefined()
    expect(reopened.tokenFor(OTHER_ADDRESS)).toBeUndefined()
  })

  it('never gives a token for a host other than the one that issued it', async () => {
    const vault = await open(new MemoryStore())
    await vault.saveCredentials(KEYS, ADDRESS)
    await vault.saveToken({ ...TOKEN, platformAddress: OTHER_ADDRESS })
    expect(vault.tokenFor(ADDRESS)).toBeUndefined()
  })

  it('binds keys stored by an older version to the address of their token, or to none', async () => {
    const cipher = fakeCipher('strong')
    const legacy = async (record: object) => {
      const store = new MemoryStore()
      store.set(secretsKeyOf(ACCOUNT), await cipher.encrypt(JSON.stringify(record)))
      return open(store, cipher)
    }
    const withToken = await legacy({ credentials: KEYS, credentialSetId: 'set-1', token: TOKEN })
    expect(withToken.credentialsFor(ADDRESS)).toEqual(KEYS)
    expect(withToken.credentialsFor(OTHER_ADDRESS)).toBeUndefined()
    const withoutToken = await legacy({ credentials: KEYS, credentialSetId: 'set-1' })
    expect(withoutToken.credentialsFor(ADDRESS)).toBeUndefined()
  })
})

describe('CredentialVault and the redactor (D33: the current secrets are never forgotten)', () => {
  it('keeps the current keys and token redacted however many other secrets are learnt later', async () => {
    const secrets = new SecretRedactor()
    const vault = await CredentialVault.open({
      account: ACCOUNT,
      store: new MemoryStore(),
      cipher: fakeCipher('strong'),
      log: recordingLogger(),
      allowWeakStorage: () => false,
      secrets,
    })
    await vault.saveCredentials(KEYS, ADDRESS)
    await vault.saveToken(TOKEN)
    // A long day: many keys typed wrong and tokens of other runs, each learnt as it passed through.
    for (let index = 0; index < 300; index++) secrets.register(`typed-wrong-key-${String(index)}`)
    const line = secrets.redactText(`${KEYS.appSecretKey} ${KEYS.restSecretKey} ${TOKEN.accessToken}`)
    expect(line).toBe(`${REDACTED} ${REDACTED} ${REDACTED}`)
  })
})

describe('CredentialVault per account (issue 29)', () => {
  const OTHER = '00000000-0000-4000-8000-000000000002'
  const openFor = (store: MemoryStore, account: string, adoptLegacy = false) =>
    CredentialVault.open({
      account,
      adoptLegacy,
      store,
      cipher: fakeCipher('strong'),
      log: recordingLogger(),
      allowWeakStorage: () => false,
    })

  it('keeps each account in its own blob: a write or a forget for one never touches the other', async () => {
    const store = new MemoryStore()
    const first = await openFor(store, ACCOUNT)
    const second = await openFor(store, OTHER)
    await first.saveCredentials(KEYS, ADDRESS)
    await first.saveToken(TOKEN)
    await second.saveCredentials(NEW_KEYS, ADDRESS)
    const secondBlob = store.values.get(secretsKeyOf(OTHER))
    await first.saveToken({ ...TOKEN, accessToken: 'token-renewed' })
    expect(store.values.get(secretsKeyOf(OTHER))).toBe(secondBlob)
    await first.forgetAll()
    expect(store.values.has(secretsKeyOf(ACCOUNT))).toBe(false)
    expect(store.values.get(secretsKeyOf(OTHER))).toBe(secondBlob)
    const reopened = await openFor(store, OTHER)
    expect(reopened.credentialsFor(ADDRESS)).toEqual(NEW_KEYS)
    expect(reopened.tokenFor(ADDRESS)).toBeUndefined()
  })

  it('adopts the blob kept before accounts as it is, set-aside blob included, only for the first account', async () => {
    const store = new MemoryStore()
    const before = await openFor(store, ACCOUNT)
    await before.saveCredentials(KEYS, ADDRESS)
    await before.saveToken(TOKEN)
    // As the app before accounts kept it: one blob under `secrets`, an unreadable one set aside.
    store.values.set('secrets', store.values.get(secretsKeyOf(ACCOUNT)))
    store.values.delete(secretsKeyOf(ACCOUNT))
    store.values.set('secrets-set-aside', 'an older blob')
    const other = await openFor(store, OTHER)
    expect(other.credentialsFor(ADDRESS)).toBeUndefined()
    const first = await openFor(store, ACCOUNT, true)
    expect(first.credentialsFor(ADDRESS)).toEqual(KEYS)
    expect(first.tokenFor(ADDRESS)).toEqual(TOKEN)
    expect(store.values.has('secrets')).toBe(false)
    expect(store.values.get(setAsideKeyOf(ACCOUNT))).toBe('an older blob')
    expect(store.values.has('secrets-set-aside')).toBe(false)
  })

  it('keeps both accounts’ secrets redacted at once (each vault pins its own slot)', async () => {
    const secrets = new SecretRedactor()
    const store = new MemoryStore()
    const options = {
      store,
      cipher: fakeCipher('strong'),
      log: recordingLogger(),
      allowWeakStorage: () => false,
    }
    const first = await CredentialVault.open({ ...options, account: ACCOUNT, secrets })
    const second = await CredentialVault.open({ ...options, account: OTHER, secrets })
    await first.saveCredentials(KEYS, ADDRESS)
    await second.saveCredentials(NEW_KEYS, ADDRESS)
    // A long day of other secrets learnt: only what is pinned is sure to stay.
    for (let index = 0; index < 300; index++) secrets.register(`typed-wrong-key-${String(index)}`)
    const line = secrets.redactText(`${KEYS.appSecretKey} ${NEW_KEYS.appSecretKey}`)
    expect(line).toBe(`${REDACTED} ${REDACTED}`)
  })
})
