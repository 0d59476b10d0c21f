// Several restaurant accounts (brands) in one app (issue 29). An account is a dimension of the data, never a
// mode: there is no "current account". Each account has its own opaque id (random, never derived from its
// address or keys), its own vault (keys and token in one encrypted blob under that id), its own Session (its
// own token, renewal, expiry and one login in flight) and its own platform client. Whatever sends names its
// account and gets that account's session: nothing is ever tried account after account.
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { MAX_ACCOUNTS, checkShortName, shortNameKey } from '../../../src-shared/account-rules.ts'
import {
  AccountColour,
  type Account,
  type AccountSignIn,
  type AddAccountInput,
  type UpdateAccountInput,
} from '../../../src-shared/accounts.ts'
import type { SignInInput } from '../../../src-shared/contract.ts'
import { AccountId, type SecretStorage, type SessionStatus } from '../../../src-shared/domain.ts'
import { AppFailure, invalidInput } from '../app-failure.ts'
import { Listeners } from '../listeners.ts'
import type { PlatformClient } from '../platform/platform-client.ts'
import type { Clock, KeyValueStore, Logger, SecretCipher, SecretRegistry } from '../ports.ts'
import { CredentialVault, LEGACY_SECRETS_KEY, storageOf } from '../secrets/credential-vault.ts'
import { normalizePlatformAddress, readExtraCaPem, type SettingsStore } from '../settings/settings-store.ts'
import { Session } from './session.ts'

/** Where the accounts are kept (nothing secret: ids, short names, colours, addresses, CA file paths). */
export const ACCOUNTS_KEY = 'accounts'

/** The short name the first account gets when it is made for staff (a migrated folder, the first sign-in). */
export const FIRST_ACCOUNT_NAME = 'Restoran'
const FIRST_ACCOUNT_COLOUR = 'blue'

const StoredAccount = z.object({
  id: AccountId,
  shortName: z.string(),
  colour: AccountColour,
  /** The address that accepted its keys. */
  platformAddress: z.string().nullable(),
  /** Its own private CA file; null: Settings' one applies. */
  extraCaFile: z.string().nullable(),
})
type StoredAccount = z.infer<typeof StoredAccount>

const AccountsRecord = z.object({
  /**
   * The first account's id, made at the first start with accounts, before the account itself: every order,
   * journal record and History entry written before accounts existed reads as this account's.
   */
  firstId: AccountId,
  /** Whether an account with `firstId` was ever made (a later account never takes it over). */
  firstTaken: z.boolean(),
  defaultId: AccountId.nullable(),
  accounts: z.array(StoredAccount).max(MAX_ACCOUNTS),
})
type AccountsRecord = z.infer<typeof AccountsRecord>

export interface AccountsDeps {
  store: KeyValueStore
  settings: SettingsStore
  cipher: SecretCipher
  secrets?: SecretRegistry
  /** The platform client of one account, for an address and a private CA. */
  clientFor: (account: string, platformAddress: string, extraCaFile: string | null) => Promise<PlatformClient>
  clock: Clock
  log: Logger
  /** `--api-base` for this run (D34): every account talks to it, and keys stored for another address wait (D33). */
  apiBaseOverride?: string | undefined
}

interface Entry {
  stored: StoredAccount
  vault: CredentialVault
  session: Session
  /** Made by "Hesap ekle" and not yet accepted by the platform: not saved, not listed. */
  pending: boolean
}

/** The accounts, each with its own vault and session; the one place that knows them all. */
export class Accounts {
  readonly #deps: AccountsDeps
  #record: AccountsRecord
  readonly #entries = new Map<string, Entry>()
  readonly #listeners = new Listeners<[Account[]]>()
  readonly #sessionListeners = new Listeners<[string, SessionStatus]>()

  private constructor(deps: AccountsDeps, record: AccountsRecord) {
    this.#deps = deps
    this.#record = record
  }

  /**
   * Reads the accounts; on the first start with accounts, a data folder that holds keys (written before
   * accounts existed) becomes the first account, its keys adopted as they are, with nothing lost.
   */
  static async open(deps: AccountsDeps): Promise<Accounts> {
    const kept = readRecord(deps)
    const record = kept ?? migratedRecord(deps)
    const accounts = new Accounts(deps, record)
    for (const stored of record.accounts) {
      const entry = await accounts.#openEntry(stored, false, stored.id === record.firstId)
      // A migrated account's address is the one its keys were accepted at (D33), whatever this run's
      // `--api-base` says: the blob knows it.
      const accepted = entry.vault.credentialsAddress
      if (!kept && accepted !== undefined && accepted !== stored.platformAddress) {
        entry.stored = { ...stored, platformAddress: accepted }
        accounts.#save()
      }
    }
    return accounts
  }

  /** The id orders and records without an account read as. */
  get firstId(): string {
    return this.#record.firstId
  }

  /** Where a typed or scanned order without an account goes: the default account (the first id before any). */
  get defaultId(): string {
    return this.#record.defaultId ?? this.#record.firstId
  }

  /** Every account as the renderer sees it, in the order made. */
  list(): Account[] {
    return this.#saved().map((entry) => this.#view(entry))
  }

  /** The account with this short name (letter case aside, Turkish rules): the intake's `account` field. */
  resolveShortName(name: string): string | undefined {
    const key = shortNameKey(name.trim())
    return this.#saved().find((entry) => shortNameKey(entry.stored.shortName) === key)?.stored.id
  }

  /** Whether `account` is one the app has (saved). */
  has(account: string): boolean {
    const entry = this.#entries.get(account)
    return entry !== undefined && !entry.pending
  }

  /** This account's session, or none for an account the app does not have (its orders wait, never borrow). */
  sessionOf(account: string): Session | undefined {
    const entry = this.#entries.get(account)
    return entry && !entry.pending ? entry.session : undefined
  }

  /** The default account's session, for the sign-in screen's calls; none before the first account. */
  defaultSession(): Session | undefined {
    return this.sessionOf(this.defaultId)
  }

  /** Calls `listener` with every account after any change of one. */
  onChange(listener: (accounts: Account[]) => void): () => void {
    return this.#listeners.add(listener)
  }

  /** Calls `listener` with an account's id and its session's status after every change of that session. */
  onSessionChange(listener: (account: string, status: SessionStatus) => void): () => void {
    return this.#sessionListeners.add(listener)
  }

  /** "Hesap ekle": checked, signed in, and saved only once the platform accepts its keys. */
  async add(input: AddAccountInput): Promise<Account> {
    const shortName = this.#checkName(input.shortName, undefined)
    if (this.#entries.size >= MAX_ACCOUNTS) throw invalidInput('too-many-accounts')
    const { firstId, firstTaken, accounts } = this.#record
    // The first account made takes the id that data written before accounts reads as.
    const id = !firstTaken && accounts.length === 0 && !this.#entries.has(firstId) ? firstId : randomUUID()
    const extraCaFile = await checkedCaFile(input.extraCaFile)
    const stored: StoredAccount = {
      id,
      shortName,
      colour: input.colour,
      platformAddress: null,
      extraCaFile,
    }
    const entry = await this.#openEntry(stored, true, false)
    try {
      this.#refuseKeysInUse(id, input)
      await entry.session.signIn(signInOf(input))
    } catch (error) {
      await this.#drop(entry)
      throw error
    }
    return this.#view(entry)
  }

  /** Rename or recolour. */
  async update(input: UpdateAccountInput): Promise<Account> {
    const entry = this.#require(input.account)
    const shortName =
      input.shortName === undefined
        ? entry.stored.shortName
        : this.#checkName(input.shortName, entry.stored.id)
    entry.stored = { ...entry.stored, shortName, ...(input.colour ? { colour: input.colour } : {}) }
    this.#save()
    return Promise.resolve(this.#view(entry))
  }

  /** "Tekrar giriş yap": with the stored keys, or with new ones (stored once the platform accepts them). */
  async signIn(account: string, keys: AccountSignIn | undefined): Promise<Account> {
    const entry = this.#require(account)
    if (keys === undefined) {
      await entry.session.resume()
      return this.#view(entry)
    }
    this.#refuseKeysInUse(account, keys)
    if (keys.extraCaFile !== undefined) {
      entry.stored = { ...entry.stored, extraCaFile: await checkedCaFile(keys.extraCaFile) }
      this.#save()
    }
    await entry.session.signIn(signInOf(keys))
    return this.#view(entry)
  }

  /** This account alone signs out; its keys stay stored, its orders wait for it. */
  async signOut(account: string): Promise<Account> {
    const entry = this.#require(account)
    await entry.session.signOut(false)
    return this.#view(entry)
  }

  /**
   * Refused while the account still owes hand-overs (`owed`), then while orders of its wait on the board not handed
   * over (`waiting`: not pressed, refused, unconfirmed), each with the count. They are never moved to another
   * account: on the platform they are this restaurant's, and another's token would be refused. Its keys and token
   * go with it.
   */
  async remove(account: string, owed: number, waiting: number): Promise<Account[]> {
    const entry = this.#require(account)
    const refuse = (problem: 'account-owes-handovers' | 'account-has-orders', count: number) =>
      new AppFailure({ code: 'invalid-input', problem, count, retryable: false })
    if (owed > 0) throw refuse('account-owes-handovers', owed)
    if (waiting > 0) throw refuse('account-has-orders', waiting)
    await entry.session.signOut(true)
    await this.#drop(entry)
    if (this.#record.defaultId === account) {
      this.#record.defaultId = this.#saved()[0]?.stored.id ?? null
      this.#defaultChanged()
    }
    this.#save()
    return this.list()
  }

  /** The sign-in screen follows the default account: it hears the new default's status. */
  #defaultChanged(): void {
    const session = this.defaultSession()
    if (session) this.#sessionListeners.emit(this.defaultId, session.status())
  }

  /**
   * Settings' "Platform adresi" changed: it is the default account's address, which signs in again there (its
   * keys stay stored for the address that accepted them, D33).
   */
  async moveDefaultTo(platformAddress: string | null): Promise<void> {
    const entry = this.#entries.get(this.defaultId)
    if (!entry || entry.pending || entry.stored.platformAddress === platformAddress) return
    if (!entry.session.isSignedOut) await entry.session.signOut(false)
    entry.stored = { ...entry.stored, platformAddress }
    this.#save()
  }

  setDefault(account: string): Account[] {
    this.#require(account)
    if (this.#record.defaultId !== account) {
      this.#record.defaultId = account
      this.#defaultChanged()
    }
    this.#save()
    return this.list()
  }

  /**
   * The sign-in screen's "Giriş yap": the first sign-in makes the first account; later ones sign in the
   * default account (there is no current account to sign in: the default is a named one).
   */
  async signInDefault(input: SignInInput): Promise<SessionStatus> {
    const session = this.defaultSession()
    if (session) {
      this.#refuseKeysInUse(this.defaultId, input)
      return session.signIn(input)
    }
    await this.add({ ...input, shortName: FIRST_ACCOUNT_NAME, colour: FIRST_ACCOUNT_COLOUR })
    return this.#require(this.defaultId).session.status()
  }

  /**
   * The default account's session status, for the sign-in screen, the tray and the intake's health; before
   * the first account, signed out (never signed in).
   */
  defaultStatus(): SessionStatus {
    const session = this.defaultSession()
    if (session) return session.status()
    return {
      state: 'signed-out',
      reason: 'never-signed-in',
      credentialsStored: false,
      secretStorage: this.storage,
      platformAddress: this.#deps.settings.get().platformAddress,
    }
  }

  /** A call with this account's own token (its branches, its methods); signed out for an account it has not. */
  withTokenOf<T>(
    account: string,
    call: (client: PlatformClient, accessToken: string) => Promise<T>,
  ): Promise<T> {
    const session = this.sessionOf(account)
    if (!session) return Promise.reject(new AppFailure({ code: 'signed-out', retryable: false }))
    return session.withToken(call)
  }

  /** Where secrets are kept in this run: the same for every account (one keychain). */
  get storage(): SecretStorage {
    return storageOf(this.#deps.cipher, this.#deps.settings.get().allowWeakSecretStorage)
  }

  /** The random id of an account's current key set (caches are kept per set, D10). */
  credentialSetIdOf(account: string): string | undefined {
    return this.#entries.get(account)?.vault.credentialSetId
  }

  /** Every vault written again under the current storage choice (the weak-storage opt-in changed). */
  async refreshStorage(): Promise<void> {
    await Promise.all([...this.#entries.values()].map((entry) => entry.vault.refreshStorage()))
  }

  /** Every account's session, for the shells' start, wake and stop. */
  sessions(): Session[] {
    return this.#saved().map((entry) => entry.session)
  }

  dispose(): void {
    for (const entry of this.#entries.values()) entry.session.dispose()
  }

  async #openEntry(stored: StoredAccount, pending: boolean, adoptLegacy: boolean): Promise<Entry> {
    const { store, cipher, log, secrets, settings, clock } = this.#deps
    const vault = await CredentialVault.open({
      store,
      cipher,
      log,
      ...(secrets ? { secrets } : {}),
      account: stored.id,
      adoptLegacy,
      allowWeakStorage: () => settings.get().allowWeakSecretStorage,
    })
    const entry = { stored, vault, pending } as Entry
    const id = stored.id
    entry.session = new Session({
      vault,
      clock,
      log,
      settings: {
        get: () => ({
          platformAddress: this.#deps.apiBaseOverride ?? entry.stored.platformAddress,
          platformTimeZone: settings.get().platformTimeZone,
        }),
        // The platform accepted the keys at this address: the account is saved (a new one, from now on). The
        // default account's address is also Settings' "Platform adresi", as it was with one account.
        update: async ({ platformAddress }) => {
          entry.stored = { ...entry.stored, platformAddress }
          this.#commit(entry)
          if (id === this.defaultId) await settings.update({ platformAddress })
        },
      },
      clientFor: (address) =>
        this.#deps.clientFor(id, address, entry.stored.extraCaFile ?? settings.get().extraCaFile),
    })
    entry.session.onChange((status) => {
      if (entry.pending) return
      this.#sessionListeners.emit(id, status)
      this.#emit()
    })
    this.#entries.set(id, entry)
    return entry
  }

  /** A new account is saved once the platform accepted its keys; an existing one's new address is saved. */
  #commit(entry: Entry): void {
    if (entry.pending) {
      // Checked again: another "Hesap ekle" may have been saved while this one was signing in.
      this.#checkName(entry.stored.shortName, entry.stored.id)
      if (this.#saved().length >= MAX_ACCOUNTS) throw invalidInput('too-many-accounts')
      entry.pending = false
      this.#record.accounts.push(entry.stored)
      if (entry.stored.id === this.#record.firstId) this.#record.firstTaken = true
      this.#record.defaultId ??= entry.stored.id
    }
    this.#save()
  }

  async #drop(entry: Entry): Promise<void> {
    entry.session.dispose()
    await entry.vault.forgetAll()
    this.#entries.delete(entry.stored.id)
    this.#record.accounts = this.#record.accounts.filter((stored) => stored.id !== entry.stored.id)
  }

  /** The same keys at the same address under two accounts would be one restaurant twice: refused. */
  #refuseKeysInUse(
    account: string,
    keys: { platformAddress: string; appSecretKey: string; restSecretKey: string },
  ) {
    const address = normalizePlatformAddress(keys.platformAddress)
    for (const entry of this.#saved()) {
      if (entry.stored.id === account) continue
      const stored = entry.vault.credentialsFor(address)
      if (
        stored?.appSecretKey === keys.appSecretKey.trim() &&
        stored.restSecretKey === keys.restSecretKey.trim()
      ) {
        throw invalidInput('account-keys-in-use')
      }
    }
  }

  #checkName(text: string, self: string | undefined): string {
    const checked = checkShortName(text)
    if (!checked.ok) throw invalidInput(checked.problem)
    const key = shortNameKey(checked.name)
    for (const entry of this.#saved()) {
      if (entry.stored.id !== self && shortNameKey(entry.stored.shortName) === key) {
        throw invalidInput('account-name-taken')
      }
    }
    return checked.name
  }

  #require(account: string): Entry {
    const entry = this.#entries.get(account)
    if (!entry || entry.pending) throw invalidInput('unknown-account')
    return entry
  }

  /** The saved accounts in the order made. */
  #saved(): Entry[] {
    return this.#record.accounts.flatMap((stored) => {
      const entry = this.#entries.get(stored.id)
      return entry && !entry.pending ? [entry] : []
    })
  }

  #view({ stored, session }: Entry): Account {
    const status = session.status()
    return {
      id: stored.id,
      shortName: stored.shortName,
      colour: stored.colour,
      isDefault: stored.id === this.defaultId,
      state: status.state,
      ...(status.state === 'signed-out'
        ? { reason: status.reason, ...(status.error ? { error: status.error } : {}) }
        : {}),
      credentialsStored: status.credentialsStored,
    }
  }

  #save(): void {
    // The record's accounts follow the entries (a rename replaced an entry's stored object).
    this.#record.accounts = this.#record.accounts.map(
      (stored) => this.#entries.get(stored.id)?.stored ?? stored,
    )
    this.#deps.store.set(ACCOUNTS_KEY, this.#record)
    this.#emit()
  }

  #emit(): void {
    this.#listeners.emit(this.list())
  }
}

function signInOf(input: AccountSignIn): SignInInput {
  return {
    platformAddress: input.platformAddress,
    appSecretKey: input.appSecretKey,
    restSecretKey: input.restSecretKey,
  }
}

async function checkedCaFile(file: string | null | undefined): Promise<string | null> {
  const trimmed = file?.trim() ?? ''
  if (trimmed === '') return null
  await readExtraCaPem(trimmed)
  return trimmed
}

function readRecord({ store, log }: AccountsDeps): AccountsRecord | undefined {
  const raw = store.get(ACCOUNTS_KEY)
  if (raw === undefined) return undefined
  const parsed = AccountsRecord.safeParse(raw)
  if (parsed.success) return parsed.data
  // Never silently start over on a damaged list: that would orphan every account's keys and orders.
  log.error('accounts: the stored account list could not be read', { issues: parsed.error.issues.length })
  throw new AccountsDamagedError()
}

/**
 * Thrown at start-up by a damaged account list; `code` is what the start-up dialog names (the list is left as it
 * is, with every account's keys, for support to mend).
 */
class AccountsDamagedError extends Error {
  readonly code = 'ACCOUNTS_DAMAGED'

  constructor() {
    super('the stored account list could not be read')
    this.name = 'AccountsDamagedError'
  }
}

/**
 * The first start with accounts. A folder whose keys were stored before accounts existed: they become the
 * first account's (its address is the one the settings kept), the default. Otherwise no account yet: the
 * first sign-in makes the first account, with the id made here.
 */
function migratedRecord({ store, settings, log }: AccountsDeps): AccountsRecord {
  const firstId = randomUUID()
  const hadKeys = store.get(LEGACY_SECRETS_KEY) !== undefined
  const record: AccountsRecord = { firstId, firstTaken: hadKeys, defaultId: null, accounts: [] }
  if (hadKeys) {
    const stored = settings.get().platformAddress
    record.accounts.push({
      id: firstId,
      shortName: FIRST_ACCOUNT_NAME,
      colour: FIRST_ACCOUNT_COLOUR,
      platformAddress: stored,
      extraCaFile: null,
    })
    record.defaultId = firstId
    log.info('accounts: the keys stored before accounts became the first account')
  }
  store.set(ACCOUNTS_KEY, record)
  return record
}
