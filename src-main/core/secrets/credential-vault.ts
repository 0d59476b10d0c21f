import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { SecretStorage } from '../../../src-shared/domain.ts'
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

const SECRETS_KEY = 'secrets'

const SecretsRecord = z.object({
  credentials: z.object({ appSecretKey: z.string(), restSecretKey: z.string() }).optional(),
  /** A random id per credential set, so caches can be kept per set without storing anything derived from a secret. */
  credentialSetId: z.string().optional(),
  token: z.object({ accessToken: z.string(), expiresAt: z.number(), platformAddress: z.string() }).optional(),
})
type SecretsRecord = z.infer<typeof SecretsRecord>

interface VaultOptions {
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
 */
export class CredentialVault {
  readonly #store: KeyValueStore
  readonly #cipher: SecretCipher
  readonly #log: Logger
  readonly #allowWeak: () => boolean
  readonly #secrets: SecretRegistry | undefined
  #record: SecretsRecord = {}
  /** Writes run one after another, so the blob on disk is always the latest record. */
  #writes: Promise<void> = Promise.resolve()

  private constructor(options: VaultOptions) {
    this.#store = options.store
    this.#cipher = options.cipher
    this.#log = options.log
    this.#allowWeak = options.allowWeakStorage
    this.#secrets = options.secrets
  }

  static async open(options: VaultOptions): Promise<CredentialVault> {
    const vault = new CredentialVault(options)
    vault.#record = await vault.#load()
    vault.#registerSecrets()
    return vault
  }

  get storage(): SecretStorage {
    if (this.#cipher.strength === 'strong') return 'os-keychain'
    return this.#allowWeak() && this.#cipher.strength === 'weak' ? 'plaintext-opt-in' : 'this-run-only'
  }

  get credentials(): Credentials | undefined {
    return this.#record.credentials
  }

  get credentialSetId(): string | undefined {
    return this.#record.credentialSetId
  }

  get token(): StoredToken | undefined {
    return this.#record.token
  }

  saveCredentials(credentials: Credentials): Promise<void> {
    const same =
      this.#record.credentials?.appSecretKey === credentials.appSecretKey &&
      this.#record.credentials.restSecretKey === credentials.restSecretKey
    this.#record = {
      credentials,
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

  forgetAll(): Promise<void> {
    this.#record = {}
    return this.#persist()
  }

  /** Re-writes the blob under the current storage choice (after the staff change the weak-storage opt-in). */
  refreshStorage(): Promise<void> {
    return this.#persist()
  }

  /** Before anything else can see them: a value learnt is redacted for the rest of the run, even once forgotten. */
  #registerSecrets(): void {
    const { credentials, token } = this.#record
    if (credentials) {
      this.#secrets?.register(credentials.appSecretKey)
      this.#secrets?.register(credentials.restSecretKey)
    }
    if (token) this.#secrets?.register(token.accessToken)
  }

  /** Resolves once this record (or a later one) is on disk. */
  #persist(): Promise<void> {
    const record = this.#record
    this.#writes = this.#writes.then(async () => {
      if (this.storage === 'this-run-only' || !record.credentials) {
        this.#store.delete(SECRETS_KEY)
        return
      }
      this.#store.set(SECRETS_KEY, await this.#cipher.encrypt(JSON.stringify(record)))
    })
    return this.#writes
  }

  async #load(): Promise<SecretsRecord> {
    const blob = this.#store.get(SECRETS_KEY)
    if (typeof blob !== 'string' || this.storage === 'this-run-only') return {}
    try {
      return SecretsRecord.parse(JSON.parse(await this.#cipher.decrypt(blob)))
    } catch {
      // A blob we cannot open (another machine's keychain, a damaged file): start signed out, keep nothing.
      this.#log.warn('secrets: the stored secrets could not be decrypted; they were discarded')
      this.#store.delete(SECRETS_KEY)
      return {}
    }
  }
}
