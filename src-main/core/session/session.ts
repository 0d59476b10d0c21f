import type { SignInInput } from '../../../src-shared/contract.ts'
import type { AccessScope, SessionStatus } from '../../../src-shared/domain.ts'
import { AppFailure, invalidInput, toAppError } from '../app-failure.ts'
import type { PlatformClient } from '../platform/platform-client.ts'
import type { Clock, Logger } from '../ports.ts'
import type { CredentialVault } from '../secrets/credential-vault.ts'
import { normalizePlatformAddress, type SettingsStore } from '../settings/settings-store.ts'
import {
  sessionStatusOf,
  stateAfterFailedLogin,
  stateAfterFailedSignIn,
  type SessionState,
} from './session-status.ts'
import { Listeners } from '../listeners.ts'
import { RenewalSchedule, StartRetry } from './session-timers.ts'
import { renewalTime } from './token-expiry.ts'
import { askForToken, isTokenRejected, storeToken, type AnsweredLogin } from './token-login.ts'

export { START_RETRY_FIRST_MS, START_RETRY_MAX_MS } from './session-timers.ts'

export interface SessionOptions {
  vault: CredentialVault
  settings: SettingsStore
  /** The platform client for an address, with the configured extra CA. */
  clientFor: (platformAddress: string) => Promise<PlatformClient>
  clock: Clock
  log: Logger
}

export type SessionListener = (status: SessionStatus) => void

/** The token's whole life (D2, D3): sign-in, renewal, one shared re-login and retry on a 401. */
export class Session {
  readonly #options: SessionOptions
  #state: SessionState = { state: 'signed-out', reason: 'never-signed-in' }
  #scope: AccessScope | undefined
  #loginInFlight: Promise<string> | undefined
  readonly #renewal: RenewalSchedule
  readonly #startRetry: StartRetry
  readonly #listeners = new Listeners<[SessionStatus]>()
  /** The address being signed in to, shown before it is saved (it is saved only if the platform accepts). */
  #signingInTo: string | undefined

  constructor(options: SessionOptions) {
    this.#options = options
    const { clock, log } = options
    this.#renewal = new RenewalSchedule({
      clock,
      log,
      renew: () => this.#login(),
      isSignedOut: () => this.isSignedOut,
    })
    const stillWanted = () => this.#state.state === 'signed-out' && this.#state.reason === 'never-signed-in'
    this.#startRetry = new StartRetry({ clock, log, signIn: () => this.resume(), stillWanted })
    // Only a token and keys of the address in use count: `--api-base` elsewhere starts signed out (D33).
    const platformAddress = options.settings.get().platformAddress
    const token = platformAddress === null ? undefined : options.vault.tokenFor(platformAddress)
    if (token && this.hasStoredCredentials && token.expiresAt > options.clock.now()) {
      this.#state = { state: 'signed-in' }
      this.#renewal.scheduleFor(token.expiresAt)
    }
  }

  /** Calls `listener` with the status after every change (the outbox, the bridges); returns the unsubscribe. */
  onChange(listener: SessionListener): () => void {
    return this.#listeners.add(listener)
  }

  status(): SessionStatus {
    return sessionStatusOf({
      state: this.#state,
      platformAddress: this.#signingInTo ?? this.#options.settings.get().platformAddress,
      scope: this.#scope,
      vault: this.#options.vault,
    })
  }

  /** Keys are stored for the address in use (keys stored for another address do not count). */
  get hasStoredCredentials(): boolean {
    const platformAddress = this.#options.settings.get().platformAddress
    return platformAddress !== null && this.#options.vault.credentialsFor(platformAddress) !== undefined
  }

  /** No sign-in under way or done (unlike src-shared's isSignedIn, a first sign-in in flight is not signed out). */
  get isSignedOut(): boolean {
    return this.#state.state === 'signed-out'
  }

  /** Staff sign in with an address and both keys. Nothing is stored unless the platform accepts them. */
  async signIn(input: SignInInput): Promise<SessionStatus> {
    this.#startRetry.stop()
    const platformAddress = normalizePlatformAddress(input.platformAddress)
    const credentials = { appSecretKey: input.appSecretKey.trim(), restSecretKey: input.restSecretKey.trim() }
    if (!credentials.appSecretKey || !credentials.restSecretKey) throw invalidInput('empty-key')
    await this.#loginInFlight?.catch(() => undefined)
    const previous = this.#state
    this.#signingInTo = platformAddress
    this.#setState({ state: 'signing-in' })
    try {
      const answered = await askForToken(this.#options, platformAddress, credentials)
      await this.#options.vault.saveCredentials(credentials, platformAddress)
      await this.#options.settings.update({ platformAddress })
      this.#signingInTo = undefined
      await this.#acceptToken(answered, platformAddress)
    } catch (error) {
      this.#signingInTo = undefined
      this.#setState(stateAfterFailedSignIn(toAppError(error), previous))
      throw error
    }
    return this.status()
  }

  /** Signs in again with the stored keys (at start-up, or when staff press "sign in" with keys saved). */
  async resume(): Promise<SessionStatus> {
    if (!this.hasStoredCredentials) throw new AppFailure({ code: 'missing-credentials', retryable: false })
    await this.#login()
    return this.status()
  }

  async signOut(forgetCredentials: boolean): Promise<SessionStatus> {
    this.#startRetry.stop()
    this.#options.log.info('session: signed out', { forgetCredentials })
    this.#renewal.cancel()
    if (forgetCredentials) await this.#options.vault.forgetAll()
    else await this.#options.vault.saveToken(undefined)
    this.#scope = undefined
    this.#setState({ state: 'signed-out', reason: 'signed-out-by-staff' })
    return this.status()
  }

  /** The credentials' reach, learnt from the branch list (one branch: branch credentials). */
  noteBranchCount(count: number): void {
    const scope = count === 1 ? 'branch' : 'vendor'
    if (scope === this.#scope) return
    this.#scope = scope
    this.#emit()
  }

  /**
   * Runs a platform call with a valid token. A 401 (`yetkisiz erişim`) leads to one shared re-login and one
   * retry; a second 401 signs the app out with a clear reason, keeping the stored credentials (D3).
   */
  async withToken<T>(call: (client: PlatformClient, accessToken: string) => Promise<T>): Promise<T> {
    // One address for the whole call: the token is sent only to the host that issued it.
    const platformAddress = this.#currentAddress()
    const token = await this.#validToken(platformAddress)
    const client = await this.#options.clientFor(platformAddress)
    try {
      return await call(client, token)
    } catch (error) {
      if (!isTokenRejected(error)) throw error
      const fresh = await this.#renewAfterRejection(token, platformAddress)
      try {
        return await call(client, fresh)
      } catch (second) {
        if (!isTokenRejected(second)) throw second
        this.#options.log.warn('session: the platform refused a fresh token; signing out')
        this.#renewal.cancel()
        await this.#options.vault.saveToken(undefined)
        this.#setState({ state: 'signed-out', reason: 'token-rejected', error: toAppError(second) })
        throw second
      }
    }
  }

  /**
   * At launch with stored keys: signs in, and while the platform cannot be reached (network, timeout, 5xx,
   * 429) tries again by itself, every 5 s doubling to 5 min, until it answers, the keys are refused, or staff
   * sign in or out themselves. Rejects with the first attempt's failure, as resume() does.
   */
  async resumeAtStart(): Promise<SessionStatus> {
    try {
      return await this.resume()
    } catch (error) {
      if (toAppError(error).retryable) this.#startRetry.schedule()
      throw error
    }
  }

  /**
   * After the computer wakes or the network comes back: a token that lapsed or is due for renewal meanwhile is
   * renewed now (its timer slept too), and a start-up sign-in still waiting for the platform is tried now.
   * Never throws: a failure shows in the status, as a scheduled renewal's would.
   */
  async checkSession(): Promise<void> {
    const waitingAtStart = this.#state.state === 'signed-out' && this.#state.reason === 'never-signed-in'
    if (waitingAtStart && this.hasStoredCredentials) {
      await this.resume().catch((error: unknown) => this.#logCheckFailure(error))
      return
    }
    if (this.#state.state !== 'signed-in') return
    const platformAddress = this.#options.settings.get().platformAddress
    const token = platformAddress === null ? undefined : this.#options.vault.tokenFor(platformAddress)
    if (token && renewalTime(token.expiresAt) > this.#options.clock.now()) return
    await this.#login().catch((error: unknown) => this.#logCheckFailure(error))
  }

  dispose(): void {
    this.#startRetry.stop()
    this.#renewal.cancel()
  }

  #logCheckFailure(error: unknown): void {
    this.#options.log.warn('session: the check after a wake or a network change failed', {
      code: toAppError(error).code,
    })
  }

  async #validToken(platformAddress: string): Promise<string> {
    if (this.#state.state === 'signed-out' && this.#state.reason !== 'never-signed-in') {
      throw new AppFailure({ code: 'signed-out', retryable: false })
    }
    const token = this.#options.vault.tokenFor(platformAddress)
    if (token && token.expiresAt > this.#options.clock.now()) return token.accessToken
    return this.#loginAt(platformAddress)
  }

  async #renewAfterRejection(rejected: string, platformAddress: string): Promise<string> {
    const current = this.#options.vault.tokenFor(platformAddress)
    // Another call already replaced the rejected token: use the new one rather than log in again.
    if (current && current.accessToken !== rejected && current.expiresAt > this.#options.clock.now()) {
      return current.accessToken
    }
    this.#options.log.info('session: the platform refused the token; logging in again (D3)')
    if (current?.accessToken === rejected) await this.#options.vault.saveToken(undefined)
    return this.#loginAt(platformAddress)
  }

  /** A login for `platformAddress`, refused if the address changed meanwhile (its answer would not be used). */
  async #loginAt(platformAddress: string): Promise<string> {
    const token = await this.#login()
    if (this.#options.settings.get().platformAddress !== platformAddress) {
      throw new AppFailure({ code: 'signed-out', retryable: false })
    }
    return token
  }

  /** One login in flight at a time, shared by every caller that needs a token meanwhile. */
  #login(): Promise<string> {
    this.#loginInFlight ??= this.#performLogin().finally(() => {
      this.#loginInFlight = undefined
    })
    return this.#loginInFlight
  }

  async #performLogin(): Promise<string> {
    const platformAddress = this.#options.settings.get().platformAddress
    // Keys go only to the address that accepted them (D33): another address asks staff for them again.
    const credentials =
      platformAddress === null ? undefined : this.#options.vault.credentialsFor(platformAddress)
    if (!credentials || platformAddress === null) {
      throw new AppFailure({ code: 'missing-credentials', retryable: false })
    }
    const wasSignedIn = !this.isSignedOut
    this.#setState({ state: wasSignedIn ? 'renewing' : 'signing-in' })
    try {
      const answered = await askForToken(this.#options, platformAddress, credentials)
      return await this.#acceptToken(answered, platformAddress)
    } catch (error) {
      const appError = toAppError(error)
      this.#options.log.warn('session: login failed', {
        code: appError.code,
        ...(appError.httpStatus !== undefined ? { httpStatus: appError.httpStatus } : {}),
      })
      const next = stateAfterFailedLogin(appError, wasSignedIn)
      if (next.state === 'signed-out' && next.reason === 'wrong-credentials') {
        this.#renewal.cancel()
        await this.#options.vault.saveToken(undefined)
      }
      this.#setState(next)
      throw error
    }
  }

  async #acceptToken(answered: AnsweredLogin, platformAddress: string): Promise<string> {
    const expiresAt = await storeToken(this.#options, answered, platformAddress)
    this.#renewal.scheduleFor(expiresAt)
    this.#setState({ state: 'signed-in' })
    this.#options.log.info('session: signed in', {
      platformAddress,
      expiresAt: new Date(expiresAt).toISOString(),
    })
    return answered.answer.accessToken
  }

  #currentAddress(): string {
    const platformAddress = this.#options.settings.get().platformAddress
    if (platformAddress === null) throw new AppFailure({ code: 'missing-credentials', retryable: false })
    return platformAddress
  }

  #setState(state: SessionState): void {
    this.#state = state
    this.#emit()
  }

  #emit(): void {
    this.#listeners.emit(this.status())
  }
}
