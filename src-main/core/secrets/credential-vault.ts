import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { SecretStorage } from '../../../src-shared/domain.ts'
import { describeThrown } from '../app-failure.ts'
import type { KeyValueStore, Logger, SecretCipher, SecretRegistry } from '../ports.ts'

export interface Credentials {
  appSecretKey: string
  restSecretKey: string
}

export interface StoredToken {
  accessToken: string
  expiresAt: number
  platformAddress: string
}

/** Where versions before accounts (issue 29) kept the one encrypted blob: the first account adopts it. */
export const LEGACY_SECRETS_KEY = 'secrets'
const LEGACY_SET_ASIDE_KEY = 'secrets-set-aside'

/**
 * The encrypted blob of one account's secrets, under the account's opaque id (never its address or keys): one
 * blob per account, so a write for one account can never touch another's keys or token.
 */
export function secretsKeyOf(account: string): string {
  return `${LEGACY_SECRETS_KEY}.${account}`
}
/**
 * A blob this app could not open when it started (a keychain still locked, another machine's keychain), moved
 * here rather than overwritten when new keys are saved: deleted only when staff choose "forget keys".
 */
export function setAsideKeyOf(account: string): string {
  return `${LEGACY_SET_ASIDE_KEY}.${account}`
}

const SecretsRecord = z.object({
  credentials: z.object({ appSecretKey: z.string(), restSecretKey: z.string() }).optional(),
  /** The platform address that accepted the keys: they are offered to that address only (D33). */
  credentialsAddress: z.string().optional(),
  /** A random id per credential set, so caches can be kept per set without storing anything derived from a secret. */
  credentialSetId: z.string().optional(),
  token: z.object({ accessToken: z.string(), expiresAt: z.number(), platformAddress: z.string() }).optional(),
})
type SecretsRecord = z.infer<typeof SecretsRecord>

interface CredentialVaultDeps {
  store: KeyValueStore
  cipher: SecretCipher
  log: Logger
  allowWeakStorage: () => boolean
  /** The account whose secrets these are (its opaque id). */
  account: string
  /** This account adopts the blob kept before accounts existed (the first account, once). */
  adoptLegacy?: boolean
  /** Learns every secret the vault holds, so that no log line or support bundle can carry one (D11). */
  secrets?: SecretRegistry
}

/**
 * The only keeper of one account's app_secret_key, rest_secret_key and access token (D11); each account has
 * its own vault (issue 29). On disk they exist only as one encrypted blob under the account's id. Where the OS offers no real keychain, they are kept in memory for this run only unless
 * the staff opted in to weaker storage — never silently in plain text.
 *
 * A keychain problem never costs the stored keys: a blob that cannot be opened (keyring still locked at
 * autostart, a passing keychain error) stays where it is, is moved aside if new keys must be written, and is
 * deleted only by an explicit "forget keys".
 */
export class CredentialVault {
  readonly #store: KeyValueStore
  readonly #cipher: SecretCipher
  readonly #log: Logger
  readonly #allowWeak: () => boolean
  readonly #secrets: SecretRegistry | undefined
  readonly #blobKey: string
  readonly #setAsideKey: string
  /** The redactor's slot for this account's current secrets: never forgotten while they are current. */
  readonly #redactionSlot: string
  #record: SecretsRecord = {}
  /** The blob on disk is one this run could not read: it is kept until "forget keys". */
  #unreadBlob = false
  /** Writes run one after another, so the blob on disk is always the latest record. Never rejects. */
  #writes: Promise<void> = Promise.resolve()

  private constructor(deps: CredentialVaultDeps) {
    this.#store = deps.store
    this.#cipher = deps.cipher
    this.#log = deps.log
    this.#allowWeak = deps.allowWeakStorage
    this.#secrets = deps.secrets
    this.#blobKey = secretsKeyOf(deps.account)
    this.#setAsideKey = setAsideKeyOf(deps.account)
    this.#redactionSlot = `credential-vault:${deps.account}`
  }

  static async open(deps: CredentialVaultDeps): Promise<CredentialVault> {
    if (deps.adoptLegacy) adoptLegacyBlob(deps.store, deps.account)
    const vault = new CredentialVault(deps)
    const { record, reEncrypt } = await vault.#load()
    vault.#record = record
    vault.#registerSecrets()
    if (reEncrypt) {
      // The keychain's key changed (safeStorage's hint): write the same record again under the current one.
      vault.#persist().catch((error: unknown) => {
        vault.#log.warn('secrets: could not re-encrypt the stored secrets', { error: describeThrown(error) })
      })
    }
    return vault
  }

  get storage(): SecretStorage {
    return storageOf(this.#cipher, this.#allowWeak())
  }

  /** The stored keys, whatever address they belong to (for "are keys stored" only: use credentialsFor to send them). */
  get credentials(): Credentials | undefined {
    return this.#record.credentials
  }

  /** The address the stored keys were accepted at. */
  get credentialsAddress(): string | undefined {
    return this.#record.credentials ? this.#record.credentialsAddress : undefined
  }

  /** The stored keys, only when they belong to `platformAddress` (none for no address): keys never go elsewhere. */
  credentialsFor(platformAddress: string | null): Credentials | undefined {
    return this.credentialsAddress === platformAddress ? this.#record.credentials : undefined
  }

  get credentialSetId(): string | undefined {
    return this.#record.credentialSetId
  }

  get token(): StoredToken | undefined {
    return this.#record.token
  }

  /** The token, only when `platformAddress` issued it (none for no address). */
  tokenFor(platformAddress: string | null): StoredToken | undefined {
    const token = this.#record.token
    return token?.platformAddress === platformAddress ? token : undefined
  }

  saveCredentials(credentials: Credentials, platformAddress: string): Promise<void> {
    const same =
      this.#record.credentialsAddress === platformAddress &&
      this.#record.credentials?.appSecretKey === credentials.appSecretKey &&
      this.#record.credentials.restSecretKey === credentials.restSecretKey
    this.#record = {
      credentials,
      credentialsAddress: platformAddress,
      credentialSetId: same && this.#record.credentialSetId ? this.#record.credentialSetId : randomUUID(),
    }
    this.#registerSecrets()
    return this.#persist()
  }

  saveToken(token: StoredToken | undefined): Promise<void> {
    this.#record = { ...this.#record, token }
    this.#registerSecrets()
    return this.#persist()
  }

  /** Staff chose "forget keys": everything goes, the blob set aside included. */
  forgetAll(): Promise<void> {
    this.#record = {}
    this.#registerSecrets()
    return this.#enqueue(() => {
      this.#store.delete(this.#blobKey)
      this.#store.delete(this.#setAsideKey)
      this.#unreadBlob = false
      return Promise.resolve()
    })
  }

  /** Re-writes the blob under the current storage choice (after the staff change the weak-storage opt-in). */
  refreshStorage(): Promise<void> {
    return this.#persist()
  }

  /** Resolves once every write asked for so far has been tried. */
  settled(): Promise<void> {
    return this.#writes
  }

  /** The current keys and token stay redacted for as long as they are current, however many others are learnt. */
  #registerSecrets(): void {
    const { credentials, token } = this.#record
    const current = [credentials?.appSecretKey, credentials?.restSecretKey, token?.accessToken]
    this.#secrets?.pin(
      this.#redactionSlot,
      current.filter((value) => value !== undefined),
    )
  }

  /** Resolves once this record (or a later one) is on disk; a failure fails this write only, never the next. */
  #persist(): Promise<void> {
    const record = this.#record
    return this.#enqueue(() => this.#write(record))
  }

  #enqueue(work: () => Promise<void>): Promise<void> {
    const write = this.#writes.then(work)
    this.#writes = write.catch(() => undefined)
    return write
  }

  async #write(record: SecretsRecord): Promise<void> {
    if (this.storage === 'this-run-only' || !record.credentials) {
      // Nothing of ours to keep on disk. A blob this run could not read is not ours to delete.
      if (!this.#unreadBlob) this.#store.delete(this.#blobKey)
      return
    }
    const blob = await this.#cipher.encrypt(JSON.stringify(record))
    if (this.#unreadBlob) {
      this.#store.set(this.#setAsideKey, this.#store.get(this.#blobKey))
      this.#log.warn('secrets: the stored secrets this run could not open were set aside, not deleted')
    }
    this.#store.set(this.#blobKey, blob)
    this.#unreadBlob = false
  }

  async #load(): Promise<{ record: SecretsRecord; reEncrypt: boolean }> {
    const blob = this.#store.get(this.#blobKey)
    if (typeof blob !== 'string') return { record: {}, reEncrypt: false }
    if (this.storage === 'this-run-only') {
      // No usable keychain now (a keyring not yet unlocked at autostart, say): the blob waits for a run that has one.
      this.#unreadBlob = true
      this.#log.warn('secrets: no usable keychain; the stored secrets are kept but not used in this run')
      // Stryker disable next-line BooleanLiteral: equivalent, writing the empty record again keeps the unread blob and writes nothing
      return { record: {}, reEncrypt: false }
    }
    try {
      const { plainText, shouldReEncrypt } = await this.#decrypt(blob)
      return { record: withAddress(SecretsRecord.parse(JSON.parse(plainText))), reEncrypt: shouldReEncrypt }
    } catch {
      // A blob we cannot open now (a locked keychain, another machine's, damage): start signed out and keep it.
      this.#unreadBlob = true
      this.#log.warn(
        'secrets: the stored secrets could not be decrypted; they are kept, and not used in this run',
      )
      // Stryker disable next-line BooleanLiteral: equivalent, writing the empty record again keeps the unread blob and writes nothing
      return { record: {}, reEncrypt: false }
    }
  }

  #decrypt(blob: string): Promise<{ plainText: string; shouldReEncrypt: boolean }> {
    if (this.#cipher.decryptWithHint) return this.#cipher.decryptWithHint(blob)
    return this.#cipher.decrypt(blob).then((plainText) => ({ plainText, shouldReEncrypt: false }))
  }
}

/**
 * Keys stored before they were tied to an address belong to the address of the token stored with them;
 * without a token nothing says where they were accepted, so they are offered nowhere and staff type them again.
 */
function withAddress(record: SecretsRecord): SecretsRecord {
  if (!record.credentials || record.credentialsAddress !== undefined) return record
  return record.token ? { ...record, credentialsAddress: record.token.platformAddress } : record
}

/** Where secrets are kept with this cipher: the OS keychain, or weak storage only when staff opted in. */
export function storageOf(cipher: SecretCipher, allowWeak: boolean): SecretStorage {
  if (cipher.strength === 'strong') return 'os-keychain'
  return allowWeak && cipher.strength === 'weak' ? 'plaintext-opt-in' : 'this-run-only'
}

/**
 * The blob kept before accounts existed becomes the first account's, as it is (still encrypted: nothing is
 * opened to move it). Written under the account's key before the old key is deleted, so a crash between the
 * two leaves both, and the next start adopts nothing more (the account's own blob wins).
 */
function adoptLegacyBlob(store: KeyValueStore, account: string): void {
  for (const [legacy, own] of [
    [LEGACY_SECRETS_KEY, secretsKeyOf(account)],
    [LEGACY_SET_ASIDE_KEY, setAsideKeyOf(account)],
  ] as const) {
    const blob = store.get(legacy)
    if (blob === undefined) continue
    if (store.get(own) === undefined) store.set(own, blob)
    store.delete(legacy)
  }
}
