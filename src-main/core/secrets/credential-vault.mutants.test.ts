import { describe, expect, it } from 'vitest'
import { REDACTED, SecretRedactor } from '../logging/secret-redactor.ts'
import type { SecretCipher, SecretRegistry } from '../ports.ts'
import { fakeCipher, MemoryStore, recordingLogger } from '../../../test-support/core/memory-adapters.ts'
import { CredentialVault, secretsKeyOf, setAsideKeyOf, storageOf } from './credential-vault.ts'

const ACCOUNT = '00000000-0000-4000-8000-000000000001'
const OTHER = '00000000-0000-4000-8000-000000000002'
const ADDRESS = 'https://platform.example.com/integrations'
const OTHER_ADDRESS = 'https://other.example.net/integrations'
const KEYS = { appSecretKey: 'app-secret-1', restSecretKey: 'rest-secret-1' }
const NEW_KEYS = { appSecretKey: 'app-secret-2', restSecretKey: 'rest-secret-2' }
const TOKEN = { accessToken: 'token-1', expiresAt: 10_000, platformAddress: ADDRESS }

interface OpenOptions {
  account?: string
  cipher?: SecretCipher
  allowWeak?: boolean
  adoptLegacy?: boolean
  secrets?: SecretRegistry
}

function openVault(store: MemoryStore, options: OpenOptions = {}) {
  const log = recordingLogger()
  const vault = CredentialVault.open({
    account: options.account ?? ACCOUNT,
    adoptLegacy: options.adoptLegacy ?? false,
    store,
    cipher: options.cipher ?? fakeCipher('strong'),
    log,
    allowWeakStorage: () => options.allowWeak ?? false,
    ...(options.secrets ? { secrets: options.secrets } : {}),
  })
  return { vault, log }
}

async function open(store: MemoryStore, options: OpenOptions = {}) {
  return openVault(store, options).vault
}

/** A keychain that counts its encryptions, may fail them, and may ask for re-encryption (safeStorage's hint). */
function countingKeychain(options: { hint?: boolean } = {}) {
  const inner = fakeCipher('strong')
  const state = { encryptions: 0, encryptFails: false, shouldReEncrypt: false }
  const cipher: SecretCipher = {
    strength: 'strong',
    encrypt: (plainText) => {
      if (state.encryptFails) return Promise.reject(new Error('the keyring is locked'))
      state.encryptions += 1
      return inner.encrypt(plainText)
    },
    decrypt: (cipherText) => inner.decrypt(cipherText),
  }
  if (options.hint) {
    cipher.decryptWithHint = async (cipherText) => ({
      plainText: await inner.decrypt(cipherText),
      shouldReEncrypt: state.shouldReEncrypt,
    })
  }
  return { cipher, state }
}

/** A SecretRegistry that shows what each slot holds now. */
function pinningRegistry() {
  const slots = new Map<string, readonly string[]>()
  const registry: SecretRegistry = {
    register: () => undefined,
    pin: (slot, values) => slots.set(slot, [...values]),
  }
  return { registry, slots }
}

/** Stores an encrypted record as an older version (or a damaged file) would have left it. */
async function storeRecord(store: MemoryStore, record: object, account = ACCOUNT) {
  store.set(secretsKeyOf(account), await fakeCipher('strong').encrypt(JSON.stringify(record)))
}

describe('CredentialVault keeps keys to the address that accepted them (D33)', () => {
  it('a token from another host does not move the stored keys to that host', async () => {
    const store = new MemoryStore()
    const vault = await open(store)
    await vault.saveCredentials(KEYS, ADDRESS)
    await vault.saveToken({ ...TOKEN, platformAddress: OTHER_ADDRESS })
    const reopened = await open(store)
    expect(reopened.credentialsAddress).toBe(ADDRESS)
    expect(reopened.credentialsFor(ADDRESS)).toEqual(KEYS)
    expect(reopened.credentialsFor(OTHER_ADDRESS)).toBeUndefined()
  })

  it('with no usable keychain, an opt-in to weak storage writes nothing to disk', async () => {
    const store = new MemoryStore()
    const vault = await open(store, { cipher: fakeCipher('none'), allowWeak: true })
    expect(vault.storage).toBe('this-run-only')
    expect(storageOf(fakeCipher('none'), true)).toBe('this-run-only')
    await vault.saveCredentials(KEYS, ADDRESS)
    expect(vault.credentialsFor(ADDRESS)).toEqual(KEYS)
    expect(store.values.size).toBe(0)
  })
})

describe('CredentialVault credential set id (caches are kept per set)', () => {
  it('stays the same when the same keys are saved again at the same address, across a restart', async () => {
    const store = new MemoryStore()
    const vault = await open(store)
    await vault.saveCredentials(KEYS, ADDRESS)
    const id = vault.credentialSetId
    expect(id).toEqual(expect.any(String))
    await vault.saveCredentials({ ...KEYS }, ADDRESS)
    expect(vault.credentialSetId).toBe(id)
    const reopened = await open(store)
    await reopened.saveCredentials({ ...KEYS }, ADDRESS)
    expect(reopened.credentialSetId).toBe(id)
  })

  it('changes when either key or the address changes', async () => {
    const vault = await open(new MemoryStore())
    await vault.saveCredentials(KEYS, ADDRESS)
    const seen = new Set([vault.credentialSetId])
    const changes: [typeof KEYS, string][] = [
      [{ ...KEYS, appSecretKey: NEW_KEYS.appSecretKey }, ADDRESS],
      [{ ...KEYS, appSecretKey: NEW_KEYS.appSecretKey, restSecretKey: NEW_KEYS.restSecretKey }, ADDRESS],
      [NEW_KEYS, OTHER_ADDRESS],
      [NEW_KEYS, ADDRESS],
      [{ ...NEW_KEYS, restSecretKey: KEYS.restSecretKey }, ADDRESS],
    ]
    for (const [keys, address] of changes) {
      await vault.saveCredentials(keys, address)
      expect(seen.has(vault.credentialSetId)).toBe(false)
      seen.add(vault.credentialSetId)
    }
  })

  it('saves keys over a stored record that names an address but holds no keys', async () => {
    const store = new MemoryStore()
    await storeRecord(store, { credentialsAddress: ADDRESS, credentialSetId: 'set-1' })
    const vault = await open(store)
    expect(vault.credentialsFor(ADDRESS)).toBeUndefined()
    await vault.saveCredentials(KEYS, ADDRESS)
    expect(vault.credentialsFor(ADDRESS)).toEqual(KEYS)
    expect(vault.credentialSetId).not.toBe('set-1')
  })
})

describe('CredentialVault set-aside blobs per account (issue 29)', () => {
  it('keeps the set-aside blob under the account’s own key, apart from other accounts', async () => {
    expect(setAsideKeyOf(ACCOUNT)).toBe(`secrets-set-aside.${ACCOUNT}`)
    const store = new MemoryStore()
    store.set(secretsKeyOf(ACCOUNT), 'first account, another machine')
    store.set(secretsKeyOf(OTHER), 'second account, another machine')
    const first = await open(store, { account: ACCOUNT })
    const second = await open(store, { account: OTHER })
    await first.saveCredentials(KEYS, ADDRESS)
    await second.saveCredentials(NEW_KEYS, ADDRESS)
    expect(store.values.get(setAsideKeyOf(ACCOUNT))).toBe('first account, another machine')
    expect(store.values.get(setAsideKeyOf(OTHER))).toBe('second account, another machine')
    await second.forgetAll()
    expect(store.values.get(setAsideKeyOf(ACCOUNT))).toBe('first account, another machine')
  })

  it('after "forget keys", new keys are written without setting anything aside', async () => {
    const store = new MemoryStore()
    store.set(secretsKeyOf(ACCOUNT), 'another machine')
    const { vault: opening, log } = openVault(store)
    const vault = await opening
    await vault.forgetAll()
    await vault.saveCredentials(KEYS, ADDRESS)
    expect([...store.values.keys()]).toEqual([secretsKeyOf(ACCOUNT)])
    expect(log.lines.join('\n')).not.toMatch(/set aside/)
    expect((await open(store)).credentialsFor(ADDRESS)).toEqual(KEYS)
  })

  it('adopts no pre-account blob that is not there: the store stays empty', async () => {
    const store = new MemoryStore()
    const vault = await open(store, { adoptLegacy: true })
    await vault.settled()
    expect(store.values.size).toBe(0)
    expect(vault.credentials).toBeUndefined()
  })

  it('an account’s own blob wins over a pre-account blob left by a crash, which is then removed', async () => {
    const store = new MemoryStore()
    await storeRecord(store, { credentials: NEW_KEYS, credentialsAddress: ADDRESS })
    store.set('secrets', await fakeCipher('strong').encrypt(JSON.stringify({ credentials: KEYS })))
    store.set(setAsideKeyOf(ACCOUNT), 'own set-aside blob')
    store.set('secrets-set-aside', 'pre-account set-aside blob')
    const vault = await open(store, { adoptLegacy: true })
    expect(vault.credentialsFor(ADDRESS)).toEqual(NEW_KEYS)
    expect(store.values.get(setAsideKeyOf(ACCOUNT))).toBe('own set-aside blob')
    expect(store.values.has('secrets')).toBe(false)
    expect(store.values.has('secrets-set-aside')).toBe(false)
  })
})

describe('CredentialVault and the redactor on open and forget (D11)', () => {
  it('keys and token read from disk are redacted from the moment the vault opens', async () => {
    const store = new MemoryStore()
    const vault = await open(store)
    await vault.saveCredentials(KEYS, ADDRESS)
    await vault.saveToken(TOKEN)
    const secrets = new SecretRedactor()
    await open(store, { secrets })
    const line = secrets.redactText(`${KEYS.appSecretKey} ${KEYS.restSecretKey} ${TOKEN.accessToken}`)
    expect(line).toBe(`${REDACTED} ${REDACTED} ${REDACTED}`)
  })

  it('"forget keys" leaves nothing pinned for the account', async () => {
    const { registry, slots } = pinningRegistry()
    const vault = await open(new MemoryStore(), { secrets: registry })
    await vault.saveCredentials(KEYS, ADDRESS)
    await vault.saveToken(TOKEN)
    expect([...slots.values()]).toEqual([[KEYS.appSecretKey, KEYS.restSecretKey, TOKEN.accessToken]])
    await vault.forgetAll()
    expect([...slots.values()]).toEqual([[]])
  })
})

describe('CredentialVault writes only when it must', () => {
  it('opening with a keychain that gives no hint does not write the blob again', async () => {
    const store = new MemoryStore()
    const { cipher, state } = countingKeychain()
    await (await open(store, { cipher })).saveCredentials(KEYS, ADDRESS)
    const writes = state.encryptions
    const vault = await open(store, { cipher })
    await vault.settled()
    expect(state.encryptions).toBe(writes)
    expect(vault.credentialsFor(ADDRESS)).toEqual(KEYS)
  })

  it('opening leaves a stored value it cannot use where it is', async () => {
    const store = new MemoryStore()
    store.set(secretsKeyOf(ACCOUNT), { damaged: true })
    const vault = await open(store)
    await vault.settled()
    expect(vault.credentials).toBeUndefined()
    expect(store.values.get(secretsKeyOf(ACCOUNT))).toEqual({ damaged: true })
  })

  it('settled() waits for a slow keychain to finish the writes asked for', async () => {
    const store = new MemoryStore()
    const inner = fakeCipher('strong')
    const slow: SecretCipher = {
      ...inner,
      encrypt: async (plainText) => {
        await new Promise((resolve) => setTimeout(resolve, 20))
        return inner.encrypt(plainText)
      },
    }
    const vault = await open(store, { cipher: slow })
    const saving = vault.saveCredentials(KEYS, ADDRESS)
    await vault.settled()
    expect(store.values.has(secretsKeyOf(ACCOUNT))).toBe(true)
    await saving
  })
})

describe('CredentialVault warnings (the log says why the keys are not used)', () => {
  it('warns, and keeps the keys in use, when re-encryption asked for by the keychain fails', async () => {
    const store = new MemoryStore()
    const { cipher, state } = countingKeychain({ hint: true })
    await (await open(store, { cipher })).saveCredentials(KEYS, ADDRESS)
    const blob = store.values.get(secretsKeyOf(ACCOUNT))
    state.shouldReEncrypt = true
    state.encryptFails = true
    const { vault: opening, log } = openVault(store, { cipher })
    const vault = await opening
    await vault.settled()
    expect(vault.credentialsFor(ADDRESS)).toEqual(KEYS)
    expect(store.values.get(secretsKeyOf(ACCOUNT))).toBe(blob)
    expect(log.lines).toEqual([
      'warn secrets: could not re-encrypt the stored secrets {"error":"Error: the keyring is locked"}',
    ])
  })

  it('warns when there is no usable keychain and stored secrets wait for a later run', async () => {
    const store = new MemoryStore()
    await (await open(store)).saveCredentials(KEYS, ADDRESS)
    const { vault, log } = openVault(store, { cipher: fakeCipher('none') })
    expect((await vault).credentials).toBeUndefined()
    expect(log.lines).toEqual([expect.stringMatching(/^warn secrets: no usable keychain.*kept/)])
  })

  it('warns when the stored secrets cannot be decrypted, and again when they are set aside', async () => {
    const store = new MemoryStore()
    store.set(secretsKeyOf(ACCOUNT), 'another machine')
    const { vault, log } = openVault(store)
    const opened = await vault
    expect(log.lines).toEqual([expect.stringMatching(/^warn secrets: .*could not be decrypted.*kept/)])
    await opened.saveCredentials(KEYS, ADDRESS)
    expect(log.lines[1]).toMatch(/^warn secrets: .*set aside, not deleted/)
    expect(log.lines).toHaveLength(2)
  })
})
