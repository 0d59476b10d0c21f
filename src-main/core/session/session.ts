// The token's whole life (docs/decisions.md D2, D3, D25): sign-in, renewal ten minutes before the effective
// expiry, one login in flight shared by every caller, one re-login and retry on a 401, and at launch the
// sign-in with stored keys tried again while the platform cannot be reached.
import type { SignInInput } from '../../../src-shared/contract.ts'
import type { AccessScope, SessionStatus, SignedOutReason } from '../../../src-shared/domain.ts'
import type { AppError } from '../../../src-shared/errors.ts'
import { AppFailure, invalidInput, toAppError } from '../app-failure.ts'
import { Listeners } from '../listeners.ts'
import type { PlatformClient } from '../platform/platform-client.ts'
import type { Clock, Logger } from '../ports.ts'
import type { CredentialVault, Credentials } from '../secrets/credential-vault.ts'
import { normalizePlatformAddress } from '../settings/settings-store.ts'
import { effectiveExpiry, renewalTime } from './token-expiry.ts'

/** When a renewal fails for a passing reason (network, 5xx) while the token still lives, try again this soon. */
const RENEWAL_RETRY_MS = 60 * 1000
/** At launch, while the platform cannot be reached, signing in is tried again this soon, doubling up to the cap. */
const START_RETRY_FIRST_MS = 5 * 1000
const START_RETRY_MAX_MS = 5 * 60 * 1000

/**
 * Where one account signs in (issue 29): its platform address, saved only once the platform accepts its keys,
 * and the platform's time zone (the token's expiry is read in it). The Settings store fits, for one account.
 */
interface SessionPlace {
  get(): { platformAddress: string | null; platformTimeZone: string }
  update(change: { platformAddress: string }): Promise<unknown>
}

/** One account's session: its own vault (keys and token), its own address, its own timers. */
export interface SessionDeps {
  vault: CredentialVault
  settings: SessionPlace
  /** The platform client for an address, with the configured extra CA. */
  clientFor: (platformAddress: string) => Promise<PlatformClient>
  clock: Clock
  log: Logger
}

/** Where the session is in the token's life; `SessionStatus` is what the renderer is told of it. */
type SessionState =
  | { state: 'signed-out'; reason: SignedOutReason; error?: AppError }
  | { state: 'signing-in' | 'signed-in' | 'renewing'; reason?: undefined }

/** The platform's answer to a login, and when it came (the expiry is read against it). */
interface AnsweredLogin {
  answer: { accessToken: string; expirationDate: string }
  receivedAt: number
}

export class Session {
  readonly #deps: SessionDeps
  #state: SessionState = { state: 'signed-out', reason: 'never-signed-in' }
  #scope: AccessScope | undefined
  #loginInFlight: Promise<string> | undefined
  readonly #listeners = new Listeners<[SessionStatus]>()
  /** The address being signed in to, shown before it is saved (it is saved only if the platform accepts). */
  #signingInTo: string | undefined
  #cancelRenewal: (() => void) | undefined
  #cancelStartRetry: (() => void) | undefined

  constructor(deps: SessionDeps) {
    this.#deps = deps
    // Only a token and keys of the address in use count: `--api-base` elsewhere starts signed out (D33).
    const token = deps.vault.tokenFor(deps.settings.get().platformAddress)
    if (token && this.hasStoredCredentials && token.expiresAt > deps.clock.now()) {
      this.#state = { state: 'signed-in' }
      this.#scheduleRenewal(token.expiresAt)
    }
  }

  /** Calls `listener` with the status after every change (the outbox, the bridges); returns the unsubscribe. */
  onChange(listener: (status: SessionStatus) => void): () => void {
    return this.#listeners.add(listener)
  }

  /** The status the renderer sees: no token, only whether keys are stored and when the token runs out. */
  status(): SessionStatus {
    const { vault, settings } = this.#deps
    const state = this.#state
    const platformAddress = this.#signingInTo ?? settings.get().platformAddress
    // Keys stored for another address are not offered: staff are asked for the keys again (D33).
    const credentialsStored = vault.credentialsFor(platformAddress) !== undefined
    const common = { credentialsStored, secretStorage: vault.storage }
    if (state.state === 'signed-out' || platformAddress === null) {
      const signedOut: { reason: SignedOutReason; error?: AppError } =
        state.state === 'signed-out' ? state : { reason: 'never-signed-in' }
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
      state: state.state,
      platformAddress,
      ...(this.#scope ? { scope: this.#scope } : {}),
      ...(expiresAt !== undefined ? { expiresAt: new Date(expiresAt).toISOString() } : {}),
      ...common,
    }
  }

  /** Keys are stored for the address in use (keys stored for another address do not count). */
  get hasStoredCredentials(): boolean {
    return this.#deps.vault.credentialsFor(this.#deps.settings.get().platformAddress) !== undefined
  }

  /** No sign-in under way or done (unlike src-shared's isSignedIn, a first sign-in in flight is not signed out). */
  get isSignedOut(): boolean {
    return this.#state.state === 'signed-out'
  }

  /** Staff sign in with an address and both keys. Nothing is stored unless the platform accepts them. */
  async signIn(input: SignInInput): Promise<SessionStatus> {
    this.#stopStartRetry()
    const platformAddress = normalizePlatformAddress(input.platformAddress)
    const credentials = { appSecretKey: input.appSecretKey.trim(), restSecretKey: input.restSecretKey.trim() }
    if (!credentials.appSecretKey || !credentials.restSecretKey) throw invalidInput('empty-key')
    await this.#loginInFlight?.catch(() => undefined)
    const previous = this.#state
    this.#signingInTo = platformAddress
    this.#setState({ state: 'signing-in' })
    try {
      const answered = await this.#askForToken(platformAddress, credentials)
      await this.#deps.vault.saveCredentials(credentials, platformAddress)
      await this.#deps.settings.update({ platformAddress })
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
    // Without keys for the address in use the login refuses with `missing-credentials`, asking nothing.
    await this.#login()
    return this.status()
  }

  async signOut(forgetCredentials: boolean): Promise<SessionStatus> {
    this.#stopStartRetry()
    this.#deps.log.info('session: signed out', { forgetCredentials })
    this.#stopRenewal()
    if (forgetCredentials) await this.#deps.vault.forgetAll()
    else await this.#deps.vault.saveToken(undefined)
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
    const client = await this.#deps.clientFor(platformAddress)
    try {
      return await call(client, token)
    } catch (error) {
      if (!isTokenRejected(error)) throw error
      const fresh = await this.#renewAfterRejection(token, platformAddress)
      try {
        return await call(client, fresh)
      } catch (second) {
        if (!isTokenRejected(second)) throw second
        this.#deps.log.warn('session: the platform refused a fresh token; signing out')
        this.#stopRenewal()
        await this.#deps.vault.saveToken(undefined)
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

  /**
   * After the computer wakes or the network comes back: a token that lapsed or is due for renewal meanwhile is
   * renewed now (its timer slept too), and a start-up sign-in still waiting for the platform is tried now.
   * Never throws: a failure shows in the status, as a scheduled renewal's would.
   */
  async checkSession(): Promise<void> {
    if (this.#waitingAtStart() && this.hasStoredCredentials) {
      await this.resume().catch((error: unknown) => this.#logCheckFailure(error))
      return
    }
    if (this.#state.state !== 'signed-in') return
    const token = this.#deps.vault.tokenFor(this.#deps.settings.get().platformAddress)
    if (token && renewalTime(token.expiresAt) > this.#deps.clock.now()) return
    await this.#login().catch((error: unknown) => this.#logCheckFailure(error))
  }

  dispose(): void {
    this.#stopStartRetry()
    this.#stopRenewal()
  }

  #logCheckFailure(error: unknown): void {
    this.#deps.log.warn('session: the check after a wake or a network change failed', {
      code: toAppError(error).code,
    })
  }

  /** Never signed in since launch: the state in which the start-up sign-in is retried. */
  #waitingAtStart(): boolean {
    return this.#state.reason === 'never-signed-in'
  }

  async #validToken(platformAddress: string): Promise<string> {
    if (this.#state.state === 'signed-out' && this.#state.reason !== 'never-signed-in') {
      throw new AppFailure({ code: 'signed-out', retryable: false })
    }
    const token = this.#deps.vault.tokenFor(platformAddress)
    if (token && token.expiresAt > this.#deps.clock.now()) return token.accessToken
    return this.#loginAt(platformAddress)
  }

  async #renewAfterRejection(rejected: string, platformAddress: string): Promise<string> {
    const current = this.#deps.vault.tokenFor(platformAddress)
    // Another call already replaced the rejected token: use the new one rather than log in again.
    if (current && current.accessToken !== rejected && current.expiresAt > this.#deps.clock.now()) {
      return current.accessToken
    }
    this.#deps.log.info('session: the platform refused the token; logging in again (D3)')
    // The refused token (or one that lapsed meanwhile) is not kept: no later call sends it again.
    // Stryker disable next-line ConditionalExpression: with no token stored, clearing it changes nothing
    if (current) await this.#deps.vault.saveToken(undefined)
    return this.#loginAt(platformAddress)
  }

  /** A login for `platformAddress`, refused if the address changed meanwhile (its answer would not be used). */
  async #loginAt(platformAddress: string): Promise<string> {
    const token = await this.#login()
    if (this.#deps.settings.get().platformAddress !== platformAddress) {
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
    const platformAddress = this.#currentAddress()
    // Keys go only to the address that accepted them (D33): another address asks staff for them again.
    const credentials = this.#deps.vault.credentialsFor(platformAddress)
    if (!credentials) throw new AppFailure({ code: 'missing-credentials', retryable: false })
    const wasSignedIn = !this.isSignedOut
    this.#setState({ state: wasSignedIn ? 'renewing' : 'signing-in' })
    try {
      const answered = await this.#askForToken(platformAddress, credentials)
      return await this.#acceptToken(answered, platformAddress)
    } catch (error) {
      const appError = toAppError(error)
      this.#deps.log.warn('session: login failed', { code: appError.code, httpStatus: appError.httpStatus })
      const next = stateAfterFailedLogin(appError, wasSignedIn)
      if (next.reason === 'wrong-credentials') {
        this.#stopRenewal()
        await this.#deps.vault.saveToken(undefined)
      }
      this.#setState(next)
      throw error
    }
  }

  /** One login at `platformAddress` with `credentials`; throws the platform's refusal or the network's failure. */
  async #askForToken(platformAddress: string, credentials: Credentials): Promise<AnsweredLogin> {
    const client = await this.#deps.clientFor(platformAddress)
    const receivedAt = this.#deps.clock.now()
    const answer = await client.login(credentials)
    return { answer, receivedAt }
  }

  /**
   * Stores a login's token for the address that issued it, with the expiry this app trusts (D2: read in the
   * platform's time zone), and renews it before then.
   */
  async #acceptToken({ answer, receivedAt }: AnsweredLogin, platformAddress: string): Promise<string> {
    const { settings, vault, log } = this.#deps
    const { platformTimeZone } = settings.get()
    const expiry = effectiveExpiry(answer.expirationDate, receivedAt, platformTimeZone)
    if (expiry.warning) {
      log.warn(`session: ${expiry.warning}; trusting received-at + 24 h`, {
        expirationDate: answer.expirationDate,
        ...(expiry.skewMs !== undefined ? { skewMinutes: Math.round(expiry.skewMs / 60000) } : {}),
      })
    }
    const { expiresAt } = expiry
    await vault.saveToken({ accessToken: answer.accessToken, expiresAt, platformAddress })
    this.#scheduleRenewal(expiresAt)
    this.#setState({ state: 'signed-in' })
    log.info('session: signed in', { platformAddress, expiresAt: new Date(expiresAt).toISOString() })
    return answer.accessToken
  }

  /** The renewal ten minutes before the token's effective expiry (D2), replacing any earlier one. */
  #scheduleRenewal(expiresAt: number): void {
    this.#stopRenewal()
    const { clock } = this.#deps
    const delay = Math.max(0, renewalTime(expiresAt) - clock.now())
    this.#cancelRenewal = clock.setTimer(delay, () => void this.#renew(expiresAt))
  }

  /** A failed renewal is tried again each minute while the token lives and the session is not signed out. */
  async #renew(expiresAt: number): Promise<void> {
    const { clock, log } = this.#deps
    try {
      await this.#login()
    } catch (error) {
      log.warn('session: scheduled renewal failed', { code: toAppError(error).code })
      const retryAt = clock.now() + RENEWAL_RETRY_MS
      if (!this.isSignedOut && retryAt < expiresAt) {
        this.#cancelRenewal = clock.setTimer(RENEWAL_RETRY_MS, () => void this.#renew(expiresAt))
      }
    }
  }

  #stopRenewal(): void {
    this.#cancelRenewal?.()
    this.#cancelRenewal = undefined
  }

  #scheduleStartRetry(delayMs: number): void {
    this.#stopStartRetry()
    this.#cancelStartRetry = this.#deps.clock.setTimer(delayMs, () => void this.#retryAtStart(delayMs))
  }

  async #retryAtStart(delayMs: number): Promise<void> {
    this.#cancelStartRetry = undefined
    // Only while nothing else happened: staff signing in or out, or the keys being refused, ends the retries.
    if (!this.#waitingAtStart()) return
    try {
      await this.resume()
    } catch (error) {
      const appError = toAppError(error)
      this.#deps.log.warn('session: still cannot sign in with the stored keys', { code: appError.code })
      if (appError.retryable) this.#scheduleStartRetry(Math.min(delayMs * 2, START_RETRY_MAX_MS))
    }
  }

  #stopStartRetry(): void {
    this.#cancelStartRetry?.()
    this.#cancelStartRetry = undefined
  }

  #currentAddress(): string {
    const platformAddress = this.#deps.settings.get().platformAddress
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

/** Whether a platform call failed because the platform refused the token (its `yetkisiz erişim`, D3). */
function isTokenRejected(error: unknown): boolean {
  return toAppError(error).code === 'signed-out'
}

/** After staff's own sign-in failed: refused keys say so; otherwise the session is as it was, or signed out. */
function stateAfterFailedSignIn(appError: AppError, previous: SessionState): SessionState {
  if (appError.code === 'wrong-credentials') {
    return { state: 'signed-out', reason: 'wrong-credentials', error: appError }
  }
  return previous.state === 'signed-out'
    ? previous
    : { state: 'signed-out', reason: 'never-signed-in', error: appError }
}

/**
 * After a login with the stored keys failed. Refused (or missing) keys sign out. Otherwise the platform failed
 * (network, timeout, 5xx, 429, a bad answer): staying signed in keeps staff on the main screen, and the next
 * call logs in again by itself once it recovers (D25).
 */
function stateAfterFailedLogin(appError: AppError, wasSignedIn: boolean): SessionState {
  if (appError.code === 'wrong-credentials' || appError.code === 'missing-credentials') {
    return { state: 'signed-out', reason: 'wrong-credentials', error: appError }
  }
  return wasSignedIn
    ? { state: 'signed-in' }
    : { state: 'signed-out', reason: 'never-signed-in', error: appError }
}
