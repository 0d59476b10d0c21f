import type { SignInInput } from '../../../src-shared/contract.ts'
import type { AccessScope, SessionStatus, SignedOutReason } from '../../../src-shared/domain.ts'
import type { AppError } from '../../../src-shared/errors.ts'
import { AppFailure, invalidInput, toAppError } from '../app-failure.ts'
import type { PlatformClient } from '../platform/platform-client.ts'
import type { Clock, Logger } from '../ports.ts'
import type { CredentialVault, Credentials } from '../secrets/credential-vault.ts'
import { normalizePlatformAddress, type SettingsStore } from '../settings/settings-store.ts'
import { effectiveExpiry, renewalTime } from './token-expiry.ts'

/** When a renewal fails for a passing reason (network, 5xx) while the token still lives, try again this soon. */
const RENEWAL_RETRY_MS = 60 * 1000
/** At launch, while the platform cannot be reached, signing in is tried again this soon, doubling up to the cap. */
export const START_RETRY_FIRST_MS = 5 * 1000
export const START_RETRY_MAX_MS = 5 * 60 * 1000

export interface SessionOptions {
  vault: CredentialVault
  settings: SettingsStore
  /** The platform client for an address, with the configured extra CA. */
  clientFor: (platformAddress: string) => Promise<PlatformClient>
  clock: Clock
  log: Logger
  onChange: (status: SessionStatus) => void
}

type State =
  | { state: 'signed-out'; reason: SignedOutReason; error?: AppError }
  | { state: 'signing-in' | 'signed-in' | 'renewing' }

/**
 * The token's whole life (D2, D3): sign in, renew ten minutes before the effective expiry, and on a 401 log
 * in again once and retry once. However many calls wait, one login is in flight at a time.
 */
export class Session {
  readonly #options: SessionOptions
  #state: State = { state: 'signed-out', reason: 'never-signed-in' }
  #scope: AccessScope | undefined
  #loginInFlight: Promise<string> | undefined
  #cancelRenewal: (() => void) | undefined
  #cancelStartRetry: (() => void) | undefined
  /** The address being signed in to, shown before it is saved (it is saved only if the platform accepts). */
  #signingInTo: string | undefined

  constructor(options: SessionOptions) {
    this.#options = options
    // Only a token and keys of the address in use count: `--api-base` elsewhere starts signed out (issue 9).
    const platformAddress = options.settings.get().platformAddress
    const token = platformAddress === null ? undefined : options.vault.tokenFor(platformAddress)
    const credentials = platformAddress === null ? undefined : options.vault.credentialsFor(platformAddress)
    if (token && credentials && token.expiresAt > options.clock.now()) {
      this.#state = { state: 'signed-in' }
      this.#scheduleRenewal(token.expiresAt)
    }
  }

  status(): SessionStatus {
    const { vault, settings } = this.#options
    const platformAddress = this.#signingInTo ?? settings.get().platformAddress
    // Keys stored for another address are not offered: staff are asked for the keys again (issue 9).
    const credentialsStored = platformAddress !== null && vault.credentialsFor(platformAddress) !== undefined
    const common = { credentialsStored, secretStorage: vault.storage }
    if (this.#state.state === 'signed-out' || platformAddress === null) {
      const signedOut: { reason: SignedOutReason; error?: AppError } =
        this.#state.state === 'signed-out' ? this.#state : { reason: 'never-signed-in' }
      return {
        state: 'signed-out',
        reason: signedOut.reason,
        ...(signedOut.error ? { error: signedOut.error } : {}),
        ...common,
        platformAddress,
      }
    }
    const expiresAt = vault.tokenFor(platformAddress)?.expiresAt
    return {
      state: this.#state.state,
      platformAddress,
      ...(this.#scope ? { scope: this.#scope } : {}),
      ...(expiresAt !== undefined ? { expiresAt: new Date(expiresAt).toISOString() } : {}),
      ...common,
    }
  }

  /** Keys are stored for the address in use (keys stored for another address do not count). */
  get hasStoredCredentials(): boolean {
    const platformAddress = this.#options.settings.get().platformAddress
    return platformAddress !== null && this.#options.vault.credentialsFor(platformAddress) !== undefined
  }

  get isSignedIn(): boolean {
    return this.#state.state !== 'signed-out'
  }

  /** Staff sign in with an address and both keys. Nothing is stored unless the platform accepts them. */
  async signIn(input: SignInInput): Promise<SessionStatus> {
    this.#stopStartRetry()
    const platformAddress = normalizePlatformAddress(input.platformAddress)
    const credentials = { appSecretKey: input.appSecretKey.trim(), restSecretKey: input.restSecretKey.trim() }
    if (!credentials.appSecretKey || !credentials.restSecretKey) throw invalidInput('empty-key')
    await this.#waitForLogin()
    const previous = this.#state
    this.#signingInTo = platformAddress
    this.#setState({ state: 'signing-in' })
    try {
      const client = await this.#options.clientFor(platformAddress)
      const receivedAt = this.#options.clock.now()
      const answer = await client.login(credentials)
      await this.#options.vault.saveCredentials(credentials, platformAddress)
      await this.#options.settings.update({ platformAddress })
      this.#signingInTo = undefined
      await this.#acceptToken(answer, receivedAt, platformAddress)
    } catch (error) {
      this.#signingInTo = undefined
      const appError = toAppError(error)
      this.#setState(
        appError.code === 'wrong-credentials'
          ? { state: 'signed-out', reason: 'wrong-credentials', error: appError }
          : previous.state === 'signed-out'
            ? previous
            : { state: 'signed-out', reason: 'never-signed-in', error: appError },
      )
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
    this.#stopStartRetry()
    this.#options.log.info('session: signed out', { forgetCredentials })
    this.#cancelRenewal?.()
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
        this.#cancelRenewal?.()
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
      if (toAppError(error).retryable) this.#scheduleStartRetry(START_RETRY_FIRST_MS)
      throw error
    }
  }

  #scheduleStartRetry(delayMs: number): void {
    this.#stopStartRetry()
    this.#cancelStartRetry = this.#options.clock.setTimer(delayMs, () => void this.#retryStart(delayMs))
  }

  async #retryStart(delayMs: number): Promise<void> {
    this.#cancelStartRetry = undefined
    // Only while nothing else happened: staff signing in or out, or the keys being refused, ends the retries.
    if (this.#state.state !== 'signed-out' || this.#state.reason !== 'never-signed-in') return
    try {
      await this.resume()
    } catch (error) {
      const appError = toAppError(error)
      this.#options.log.warn('session: still cannot sign in with the stored keys', { code: appError.code })
      if (appError.retryable) this.#scheduleStartRetry(Math.min(delayMs * 2, START_RETRY_MAX_MS))
    }
  }

  #stopStartRetry(): void {
    this.#cancelStartRetry?.()
    this.#cancelStartRetry = undefined
  }

  dispose(): void {
    this.#stopStartRetry()
    this.#cancelRenewal?.()
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

  async #waitForLogin(): Promise<void> {
    await this.#loginInFlight?.catch(() => undefined)
  }

  async #performLogin(): Promise<string> {
    const platformAddress = this.#options.settings.get().platformAddress
    // Keys go only to the address that accepted them (issue 9): another address asks staff for them again.
    const credentials =
      platformAddress === null ? undefined : this.#options.vault.credentialsFor(platformAddress)
    if (!credentials || platformAddress === null) {
      throw new AppFailure({ code: 'missing-credentials', retryable: false })
    }
    const wasSignedIn = this.isSignedIn
    this.#setState({ state: wasSignedIn ? 'renewing' : 'signing-in' })
    try {
      const client = await this.#options.clientFor(platformAddress)
      const receivedAt = this.#options.clock.now()
      const answer = await client.login(credentials satisfies Credentials)
      return await this.#acceptToken(answer, receivedAt, platformAddress)
    } catch (error) {
      const appError = toAppError(error)
      this.#options.log.warn('session: login failed', {
        code: appError.code,
        ...(appError.httpStatus !== undefined ? { httpStatus: appError.httpStatus } : {}),
      })
      if (appError.code === 'wrong-credentials' || appError.code === 'missing-credentials') {
        this.#cancelRenewal?.()
        await this.#options.vault.saveToken(undefined)
        this.#setState({ state: 'signed-out', reason: 'wrong-credentials', error: appError })
      } else if (wasSignedIn) {
        // The keys were not refused; the platform failed (network, timeout, 5xx, 429, a bad answer). Staying
        // signed in keeps staff on the main screen, and the next call logs in again by itself once it recovers.
        this.#setState({ state: 'signed-in' })
      } else {
        this.#setState({ state: 'signed-out', reason: 'never-signed-in', error: appError })
      }
      throw error
    }
  }

  async #acceptToken(
    answer: { accessToken: string; expirationDate: string },
    receivedAt: number,
    platformAddress: string,
  ): Promise<string> {
    const { platformTimeZone } = this.#options.settings.get()
    const expiry = effectiveExpiry(answer.expirationDate, receivedAt, platformTimeZone)
    if (expiry.warning) {
      this.#options.log.warn(`session: ${expiry.warning}; trusting received-at + 24 h`, {
        expirationDate: answer.expirationDate,
        ...(expiry.skewMs !== undefined ? { skewMinutes: Math.round(expiry.skewMs / 60000) } : {}),
      })
    }
    await this.#options.vault.saveToken({
      accessToken: answer.accessToken,
      expiresAt: expiry.expiresAt,
      platformAddress,
    })
    this.#scheduleRenewal(expiry.expiresAt)
    this.#setState({ state: 'signed-in' })
    this.#options.log.info('session: signed in', {
      platformAddress,
      expiresAt: new Date(expiry.expiresAt).toISOString(),
    })
    return answer.accessToken
  }

  #scheduleRenewal(expiresAt: number): void {
    this.#cancelRenewal?.()
    const delay = Math.max(0, renewalTime(expiresAt) - this.#options.clock.now())
    this.#cancelRenewal = this.#options.clock.setTimer(delay, () => void this.#renewOnSchedule(expiresAt))
  }

  async #renewOnSchedule(expiresAt: number): Promise<void> {
    try {
      await this.#login()
    } catch (error) {
      const { code } = toAppError(error)
      this.#options.log.warn('session: scheduled renewal failed', { code })
      const retryAt = this.#options.clock.now() + RENEWAL_RETRY_MS
      if (this.isSignedIn && retryAt < expiresAt) {
        this.#cancelRenewal = this.#options.clock.setTimer(
          RENEWAL_RETRY_MS,
          () => void this.#renewOnSchedule(expiresAt),
        )
      }
    }
  }

  #currentAddress(): string {
    const platformAddress = this.#options.settings.get().platformAddress
    if (platformAddress === null) throw new AppFailure({ code: 'missing-credentials', retryable: false })
    return platformAddress
  }

  #setState(state: State): void {
    this.#state = state
    this.#emit()
  }

  #emit(): void {
    this.#options.onChange(this.status())
  }
}

function isTokenRejected(error: unknown): boolean {
  return toAppError(error).code === 'signed-out'
}
