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

/** The encrypted blob of the current secrets. */
export const SECRETS_KEY = 'secrets'
/**
 * A blob this app could not open when it started (a keychain still locked, another machine's keychain), moved
 * here rather than overwritten when new keys are saved: deleted only when staff choose "forget keys".
 */
export const SECRETS_SET_ASIDE_KEY = 'secrets-set-aside'
/** The redactor's slot for the secrets the vault holds now: never forgotten while they are current. */
const REDACTION_SLOT = 'credential-vault'

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
  /** Learns every secret the vault holds, so that no log line or support bundle can carry one (D11). */
  secrets?: SecretRegistry
}

/**
 * The only keeper of app_secret_key, rest_secret_key and the access token (D11). On disk they exist only as
 * one encrypted blob. Where the OS offers no real keychain, they are kept in memory for this run only unless
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
  }

  static async open(deps: CredentialVaultDeps): Promise<CredentialVault> {
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
    if (this.#cipher.strength === 'strong') return 'os-keychain'
    return this.#allowWeak() && this.#cipher.strength === 'weak' ? 'plaintext-opt-in' : 'this-run-only'
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
      this.#store.delete(SECRETS_KEY)
      this.#store.delete(SECRETS_SET_ASIDE_KEY)
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
      REDACTION_SLOT,
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
      if (!this.#unreadBlob) this.#store.delete(SECRETS_KEY)
      return
    }
    const blob = await this.#cipher.encrypt(JSON.stringify(record))
    if (this.#unreadBlob) {
      this.#store.set(SECRETS_SET_ASIDE_KEY, this.#store.get(SECRETS_KEY))
      this.#log.warn('secrets: the stored secrets this run could not open were set aside, not deleted')
    }
    this.#store.set(SECRETS_KEY, blob)
    this.#unreadBlob = false
  }

  async #load(): Promise<{ record: SecretsRecord; reEncrypt: boolean }> {
    const blob = this.#store.get(SECRETS_KEY)
    if (typeof blob !== 'string') return { record: {}, reEncrypt: false }
    if (this.storage === 'this-run-only') {
      // No usable keychain now (a keyring not yet unlocked at autostart, say): the blob waits for a run that has one.
      this.#unreadBlob = true
      this.#log.warn('secrets: no usable keychain; the stored secrets are kept but not used in this run')
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
