// Rules of the session that no test ran until Stryker showed it (issue 23): each test here fails on a mutant it
// reported, noted beside the test.
import { beforeEach, describe, expect, it } from 'vitest'
import type { AppError } from '../../../src-shared/errors.ts'
import { AppFailure, toAppError } from '../app-failure.ts'
import type { PlatformClient } from '../platform/platform-client.ts'
import { CredentialVault } from '../secrets/credential-vault.ts'
import { SettingsStore } from '../settings/settings-store.ts'
import { ManualClock } from '../../../test-support/core/manual-clock.ts'
import { fakeCipher, MemoryStore, recordingLogger } from '../../../test-support/core/memory-adapters.ts'
import { Session } from './session.ts'
import { RENEW_BEFORE_EXPIRY_MS, TOKEN_LIFETIME_MS } from './token-expiry.ts'

const ADDRESS = 'https://platform.example.com/integrations'
const OTHER_ADDRESS = 'https://other.example.com/integrations'
const KEYS = { appSecretKey: 'app-secret-1', restSecretKey: 'rest-secret-1' }
const UNREACHABLE: AppError = { code: 'unreachable', retryable: true }
const TOKEN_REFUSED: AppError = { code: 'signed-out', httpStatus: 401, retryable: false }

/** The platform's `expiration_date`: Istanbul wall time, 24 h after `now`. */
const expirationDate = (now: number) =>
  new Date(now + TOKEN_LIFETIME_MS + 3 * 60 * 60 * 1000).toISOString().slice(0, 19).replace('T', ' ')

/** A platform whose logins can be held open or made to fail, and which can refuse every token it issued. */
class Platform {
  logins = 0
  calls = 0
  loginFailure: AppError | undefined
  /** What the platform says instead of a true `expiration_date` (a wrong clock, a changed format). */
  statedExpiry: string | undefined
  refuseTokens = false
  #held: (() => void)[] = []
  holdLogins = false
  readonly clock: ManualClock
  constructor(clock: ManualClock) {
    this.clock = clock
  }

  releaseLogins(): void {
    this.holdLogins = false
    for (const release of this.#held.splice(0)) release()
  }

  get loginsHeld(): number {
    return this.#held.length
  }

  client(): PlatformClient {
    return {
      login: async () => {
        this.logins += 1
        if (this.holdLogins) await new Promise<void>((resolve) => this.#held.push(resolve))
        if (this.loginFailure) throw new AppFailure(this.loginFailure)
        return {
          accessToken: `token-${this.logins}`,
          expirationDate: this.statedExpiry ?? expirationDate(this.clock.now()),
        }
      },
      listBranches: async () => {
        this.calls += 1
        await Promise.resolve()
        if (this.refuseTokens) throw new AppFailure(TOKEN_REFUSED)
        return [{ id: 'b1', name: 'Kadıköy' }]
      },
      getVariables: () => Promise.reject(new Error('not used')),
      markOnTheWay: () => Promise.reject(new Error('not used')),
    }
  }
}

async function world(store = new MemoryStore(), clock = new ManualClock()) {
  const log = recordingLogger()
  const platform = new Platform(clock)
  const client = platform.client()
  const settings = new SettingsStore(store)
  const vault = await CredentialVault.open({
    account: '00000000-0000-4000-8000-000000000001',
    store,
    cipher: fakeCipher('strong'),
    log,
    allowWeakStorage: () => false,
  })
  const session = new Session({ vault, settings, clientFor: () => Promise.resolve(client), clock, log })
  return { clock, store, log, platform, settings, vault, session }
}

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise
  } catch (error) {
    return toAppError(error)
  }
  throw new Error('expected a failure')
}

const listBranches = (session: Session) => session.withToken((client, token) => client.listBranches(token))

/** Lets every pending promise settle (the fakes resolve on microtasks only). */
const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('Session, where Stryker found rules unpinned', () => {
  let t: Awaited<ReturnType<typeof world>>
  beforeEach(async () => {
    t = await world()
  })

  // #currentAddress: the `missing-credentials` failure emptied, its code blanked or made retryable.
  it('refuses a platform call before any address is set, as missing keys that asking again will not fix', async () => {
    expect(await errorOf(listBranches(t.session))).toEqual({ code: 'missing-credentials', retryable: false })
    expect(t.platform.logins + t.platform.calls).toBe(0)
  })

  // #loginAt: the check that the address is still the one the login was for, emptied.
  it('does not send a call with a token from a login whose address changed meanwhile', async () => {
    await t.session.signIn({ platformAddress: ADDRESS, ...KEYS })
    t.platform.refuseTokens = true
    t.platform.holdLogins = true
    const call = listBranches(t.session)
    for (let waits = 0; t.platform.loginsHeld === 0; waits += 1) {
      if (waits === 100) throw new Error('no login started')
      await settle()
    }
    await t.settings.update({ platformAddress: OTHER_ADDRESS })
    t.platform.refuseTokens = false
    t.platform.releaseLogins()
    expect(await errorOf(call)).toEqual({ code: 'signed-out', retryable: false })
    // The first attempt's 401 only: the call was not sent again with the new address's (or any) token.
    expect(t.platform.calls).toBe(1)
  })

  // #logCheckFailure: its body emptied, its message or its facts blanked.
  it('logs why a check after a wake failed, and does not throw', async () => {
    await t.session.signIn({ platformAddress: ADDRESS, ...KEYS })
    t.platform.loginFailure = UNREACHABLE
    // The renewal timer fires and fails too; the check then finds the token inside its renew window.
    await t.clock.advance(TOKEN_LIFETIME_MS - RENEW_BEFORE_EXPIRY_MS + 1)
    await settle()
    t.log.lines.length = 0
    await t.session.checkSession()
    expect(t.log.lines).toContain(
      'warn session: the check after a wake or a network change failed {"code":"unreachable"}',
    )
  })

  // stateAfterFailedLogin: the "never signed in" state after a failed login with stored keys, emptied or blanked.
  it('after a restart, a sign-in with the stored keys that cannot reach the platform stays "never signed in"', async () => {
    await t.session.signIn({ platformAddress: ADDRESS, ...KEYS })
    t.session.dispose()
    await t.vault.saveToken(undefined)
    const restarted = await world(t.store, t.clock)
    restarted.platform.loginFailure = UNREACHABLE
    expect(restarted.session.status()).toMatchObject({ state: 'signed-out', reason: 'never-signed-in' })
    expect(await errorOf(restarted.session.resume())).toMatchObject({ code: 'unreachable' })
    expect(restarted.session.status()).toMatchObject({
      state: 'signed-out',
      reason: 'never-signed-in',
      error: { code: 'unreachable' },
      credentialsStored: true,
    })
  })

  // status(): the reason shown when the address is gone while signed in, emptied or blanked.
  it('says "never signed in", with no error, once the platform address is cleared', async () => {
    await t.session.signIn({ platformAddress: ADDRESS, ...KEYS })
    await t.settings.update({ platformAddress: null })
    const status = t.session.status()
    expect(status).toMatchObject({ state: 'signed-out', reason: 'never-signed-in', platformAddress: null })
    expect(status).not.toHaveProperty('error')
  })

  // The constructor's state before anything happened: its reason blanked.
  it('starts signed out, "never signed in", when nothing is stored', () => {
    expect(t.session.status()).toMatchObject({ state: 'signed-out', reason: 'never-signed-in' })
  })
})

// The constructor: a token that outlived the last run is used at once, and renewed on time.
describe('Session after a restart', () => {
  async function restartedWithToken(expiresIn: number) {
    const t = await world()
    await t.session.signIn({ platformAddress: ADDRESS, ...KEYS })
    t.session.dispose()
    const expiresAt = t.clock.now() + expiresIn
    await t.vault.saveToken({ accessToken: 'token-kept', expiresAt, platformAddress: ADDRESS })
    const restarted = await world(t.store, t.clock)
    return { ...restarted, expiresAt }
  }

  // The address test, the token test and the signed-in state and its renewal, each changed or dropped.
  it('is signed in with a stored live token, sends it without a login, and renews it ten minutes early', async () => {
    const r = await restartedWithToken(TOKEN_LIFETIME_MS)
    expect(r.session.status()).toMatchObject({ state: 'signed-in', platformAddress: ADDRESS })
    const sent: string[] = []
    await r.session.withToken((_client, token) => Promise.resolve(sent.push(token)))
    expect(sent).toEqual(['token-kept'])
    expect(r.platform.logins).toBe(0)
    await r.clock.advance(TOKEN_LIFETIME_MS - RENEW_BEFORE_EXPIRY_MS - 1)
    await settle()
    expect(r.platform.logins).toBe(0)
    await r.clock.advance(1)
    await settle()
    expect(r.platform.logins).toBe(1)
  })

  // `expiresAt > now` as `>=`: a token that ends this very millisecond is not live.
  it('is not signed in with a token that ends as it starts', async () => {
    const r = await restartedWithToken(0)
    expect(r.session.status()).toMatchObject({ state: 'signed-out', reason: 'never-signed-in' })
  })

  // With no address in use, a stored token does not count (the address test made always false).
  it('is not signed in when no address is in use, whatever token is stored', async () => {
    const t = await world()
    await t.session.signIn({ platformAddress: ADDRESS, ...KEYS })
    t.session.dispose()
    await t.settings.update({ platformAddress: null })
    const restarted = await world(t.store, t.clock)
    expect(restarted.session.status()).toMatchObject({ state: 'signed-out', platformAddress: null })
    expect(restarted.session.isSignedOut).toBe(true)
  })
})

describe('Session, more rules the unit tests left to the tests over the mock platform', () => {
  let t: Awaited<ReturnType<typeof world>>
  beforeEach(async () => {
    t = await world()
  })

  // noteBranchCount: the one-branch test forced, its scope blanked, the "same scope" early return dropped.
  it('learns the scope from the branch count and says so once per change', async () => {
    await t.session.signIn({ platformAddress: ADDRESS, ...KEYS })
    const scopes: (string | undefined)[] = []
    t.session.onChange((status) => scopes.push('scope' in status ? status.scope : undefined))
    t.session.noteBranchCount(4)
    t.session.noteBranchCount(4)
    t.session.noteBranchCount(1)
    expect(scopes).toEqual(['vendor', 'branch'])
  })

  // resume(): the stored-keys test forced true. (Dropped, it is equivalent: the login refuses the same way.)
  it('refuses to resume without stored keys, and asks the platform nothing', async () => {
    expect(await errorOf(t.session.resume())).toEqual({ code: 'missing-credentials', retryable: false })
    expect(t.platform.logins).toBe(0)
  })

  // signOut(): its reason blanked; #validToken's refusal made retryable.
  it('after staff sign out, says so and refuses calls as signed out, not worth retrying', async () => {
    await t.session.signIn({ platformAddress: ADDRESS, ...KEYS })
    await t.session.signOut(false)
    expect(t.session.status()).toMatchObject({ state: 'signed-out', reason: 'signed-out-by-staff' })
    expect(await errorOf(listBranches(t.session))).toEqual({ code: 'signed-out', retryable: false })
    expect(t.platform.calls).toBe(0)
  })

  // dispose(): its stop of the start-up retries dropped; resumeAtStart: the retryable test forced.
  it('retries a start-up sign-in only for a passing failure, and never after dispose', async () => {
    await t.session.signIn({ platformAddress: ADDRESS, ...KEYS })
    t.session.dispose()
    await t.vault.saveToken(undefined)
    const offline = await world(t.store, t.clock)
    offline.platform.loginFailure = UNREACHABLE
    await errorOf(offline.session.resumeAtStart())
    offline.session.dispose()
    await offline.clock.advance(60 * 60_000)
    expect(offline.platform.logins).toBe(1)

    const refused = await world(t.store, t.clock)
    refused.platform.loginFailure = { code: 'unexpected-answer', httpStatus: 200, retryable: false }
    await errorOf(refused.session.resumeAtStart())
    await refused.clock.advance(60 * 60_000)
    expect(refused.platform.logins).toBe(1)
  })

  // withToken: a second failure that is not a refused token thrown as a sign-out.
  it('passes on a failure of the retried call that is not a refused token, and stays signed in', async () => {
    await t.session.signIn({ platformAddress: ADDRESS, ...KEYS })
    let calls = 0
    const error = await errorOf(
      t.session.withToken(() => {
        calls += 1
        return Promise.reject(new AppFailure(calls === 1 ? TOKEN_REFUSED : UNREACHABLE))
      }),
    )
    expect(error).toEqual(UNREACHABLE)
    expect(t.session.status().state).toBe('signed-in')
  })
})

const HOUR = 60 * 60_000
const WRONG_KEYS: AppError = { code: 'wrong-credentials', platformError: 'yetkisiz erişim', retryable: false }

/** The app started again with the keys stored and no live token, the platform out of reach: never signed in. */
async function restartedOffline() {
  const before = await world()
  await before.session.signIn({ platformAddress: ADDRESS, ...KEYS })
  before.session.dispose()
  await before.vault.saveToken(undefined)
  const r = await world(before.store, before.clock)
  r.platform.loginFailure = UNREACHABLE
  expect((await errorOf(r.session.resumeAtStart())).code).toBe('unreachable')
  expect(r.platform.logins).toBe(1)
  return r
}

describe('Session, keys and tokens of the address in use (D33)', () => {
  let t: Awaited<ReturnType<typeof world>>
  beforeEach(async () => {
    t = await world()
  })

  it('counts keys as stored only for the address in use', async () => {
    expect(t.session.hasStoredCredentials).toBe(false)
    await t.settings.update({ platformAddress: ADDRESS })
    expect(t.session.hasStoredCredentials).toBe(false)
    await t.session.signIn({ platformAddress: ADDRESS, ...KEYS })
    expect(t.session.hasStoredCredentials).toBe(true)
    await t.settings.update({ platformAddress: OTHER_ADDRESS })
    expect(t.session.hasStoredCredentials).toBe(false)
    expect(t.session.status().credentialsStored).toBe(false)
  })

  it('refuses a call at an address with no keys stored for it, asking the platform nothing', async () => {
    await t.settings.update({ platformAddress: ADDRESS })
    expect(await errorOf(listBranches(t.session))).toEqual({ code: 'missing-credentials', retryable: false })
    expect(await errorOf(t.session.resume())).toEqual({ code: 'missing-credentials', retryable: false })
    expect(t.platform.logins + t.platform.calls).toBe(0)
  })

  it('after staff sign out and the address is cleared, refuses a call as missing keys', async () => {
    await t.session.signIn({ platformAddress: ADDRESS, ...KEYS })
    await t.session.signOut(false)
    await t.settings.update({ platformAddress: null })
    expect(await errorOf(listBranches(t.session))).toEqual({ code: 'missing-credentials', retryable: false })
  })

  it('a wake check before any keys are stored asks nothing and logs nothing', async () => {
    await t.settings.update({ platformAddress: ADDRESS })
    t.log.lines.length = 0
    await t.session.checkSession()
    expect(t.log.lines).toEqual([])
    expect(t.platform.logins).toBe(0)
  })
})

describe('Session, tokens at the edge of their life', () => {
  let t: Awaited<ReturnType<typeof world>>
  beforeEach(async () => {
    t = await world()
    await t.session.signIn({ platformAddress: ADDRESS, ...KEYS })
  })

  it('does not send a token in the very millisecond it runs out: it logs in first', async () => {
    await t.vault.saveToken({ accessToken: 'token-1', expiresAt: t.clock.now(), platformAddress: ADDRESS })
    const sent: string[] = []
    await t.session.withToken((_client, token) => Promise.resolve(sent.push(token)))
    expect(sent).toEqual(['token-2'])
  })

  it('a late 401 logs in again when the token another call got meanwhile has run out too', async () => {
    const sent: string[] = []
    await t.session.withToken(async (_client, token) => {
      sent.push(token)
      if (sent.length > 1) return
      // Meanwhile another call replaced the token, and the replacement runs out now.
      await t.vault.saveToken({
        accessToken: 'token-other',
        expiresAt: t.clock.now(),
        platformAddress: ADDRESS,
      })
      throw new AppFailure(TOKEN_REFUSED)
    })
    expect(sent).toEqual(['token-1', 'token-2'])
  })

  it('never sends a refused token again, even when the re-login could not reach the platform', async () => {
    const sent: string[] = []
    const send = () =>
      t.session.withToken((_client, token) => {
        sent.push(token)
        return token === 'token-1' ? Promise.reject(new AppFailure(TOKEN_REFUSED)) : Promise.resolve(token)
      })
    t.platform.loginFailure = UNREACHABLE
    expect((await errorOf(send())).code).toBe('unreachable')
    expect(t.log.lines).toContain('info session: the platform refused the token; logging in again (D3) ')
    // D25: an outage is not a sign-out; the next call logs in first.
    expect(t.session.status().state).toBe('signed-in')
    t.platform.loginFailure = undefined
    expect(await send()).toBe('token-3')
    expect(sent).toEqual(['token-1', 'token-3'])
  })

  it('after a second 401 signs out, the renewal timer never signs in behind the staff', async () => {
    await errorOf(t.session.withToken(() => Promise.reject(new AppFailure(TOKEN_REFUSED))))
    expect(t.platform.logins).toBe(2)
    expect(t.log.lines).toContain('warn session: the platform refused a fresh token; signing out ')
    await t.clock.advance(TOKEN_LIFETIME_MS)
    await settle()
    expect(t.platform.logins).toBe(2)
    expect(t.session.status()).toMatchObject({ state: 'signed-out', reason: 'token-rejected' })
  })

  it('when the re-login after a 401 finds the keys refused, never sends those keys again by itself', async () => {
    t.platform.loginFailure = WRONG_KEYS
    expect((await errorOf(listBranchesRefused(t.session))).code).toBe('wrong-credentials')
    expect(t.session.status()).toMatchObject({ state: 'signed-out', reason: 'wrong-credentials' })
    t.platform.loginFailure = undefined
    await t.clock.advance(TOKEN_LIFETIME_MS)
    await settle()
    expect(t.platform.logins).toBe(2)
  })

  it('signs out when the platform answers a renewal "eksik alan", and does not try those keys again', async () => {
    t.platform.loginFailure = { code: 'missing-credentials', platformError: 'eksik alan', retryable: false }
    await t.clock.advance(TOKEN_LIFETIME_MS - RENEW_BEFORE_EXPIRY_MS)
    await settle()
    expect(t.session.status()).toMatchObject({ state: 'signed-out', reason: 'wrong-credentials' })
    expect(t.vault.token).toBeUndefined()
    await t.clock.advance(HOUR)
    await settle()
    expect(t.platform.logins).toBe(2)
  })
})

/** A call the platform answers 401 (its token refused). */
const listBranchesRefused = (session: Session) =>
  session.withToken(() => Promise.reject(new AppFailure(TOKEN_REFUSED)))

describe('Session, the start-up sign-in and staff (D25)', () => {
  it('staff signing in themselves ends the start-up retries, even when their sign-in fails too', async () => {
    const r = await restartedOffline()
    expect((await errorOf(r.session.signIn({ platformAddress: ADDRESS, ...KEYS }))).code).toBe('unreachable')
    await r.clock.advance(HOUR)
    expect(r.platform.logins).toBe(2)
  })

  it('staff signing out ends the start-up retries, even when their later sign-in fails', async () => {
    const r = await restartedOffline()
    await r.session.signOut(false)
    expect((await errorOf(r.session.resume())).code).toBe('unreachable')
    await r.clock.advance(HOUR)
    expect(r.platform.logins).toBe(2)
  })

  it('a start-up sign-in begun again replaces the waiting retry instead of adding another', async () => {
    const r = await restartedOffline()
    await r.clock.advance(2000)
    await errorOf(r.session.resumeAtStart())
    expect(r.platform.logins).toBe(2)
    await r.clock.advance(3000)
    expect(r.platform.logins).toBe(2)
    await r.clock.advance(2000)
    expect(r.platform.logins).toBe(3)
  })

  it('shows "signing in" while the stored keys are tried, then "signed in"', async () => {
    const r = await restartedOffline()
    r.platform.loginFailure = undefined
    const states: string[] = []
    r.session.onChange((status) => states.push(status.state))
    await r.session.resume()
    expect(states).toEqual(['signing-in', 'signed-in'])
  })

  it('logs each failed try, and a failed wake check, with the failure code', async () => {
    const r = await restartedOffline()
    await r.clock.advance(5000)
    await r.session.checkSession()
    expect(r.log.lines.filter((line) => line.startsWith('warn'))).toEqual([
      'warn session: login failed {"code":"unreachable"}',
      'warn session: login failed {"code":"unreachable"}',
      'warn session: still cannot sign in with the stored keys {"code":"unreachable"}',
      'warn session: login failed {"code":"unreachable"}',
      'warn session: the check after a wake or a network change failed {"code":"unreachable"}',
    ])
  })
})

describe("Session, staff's own sign-in failing", () => {
  let t: Awaited<ReturnType<typeof world>>
  beforeEach(async () => {
    t = await world()
  })

  it('a first sign-in that cannot reach the platform does not say the keys are wrong', async () => {
    t.platform.loginFailure = UNREACHABLE
    await errorOf(t.session.signIn({ platformAddress: ADDRESS, ...KEYS }))
    const status = t.session.status()
    expect(status).toMatchObject({ state: 'signed-out', reason: 'never-signed-in' })
    expect(status).not.toHaveProperty('error')
  })

  it('signed in, a new sign-in that cannot reach the platform signs out and shows why', async () => {
    await t.session.signIn({ platformAddress: ADDRESS, ...KEYS })
    t.platform.loginFailure = UNREACHABLE
    await errorOf(t.session.signIn({ platformAddress: ADDRESS, ...KEYS }))
    expect(t.session.status()).toMatchObject({
      state: 'signed-out',
      reason: 'never-signed-in',
      error: UNREACHABLE,
    })
  })

  it('after staff signed out, a sign-in that cannot reach the platform leaves them signed out as before', async () => {
    await t.session.signIn({ platformAddress: ADDRESS, ...KEYS })
    await t.session.signOut(true)
    expect(t.log.lines).toContain('info session: signed out {"forgetCredentials":true}')
    t.platform.loginFailure = UNREACHABLE
    await errorOf(t.session.signIn({ platformAddress: ADDRESS, ...KEYS }))
    const status = t.session.status()
    expect(status).toMatchObject({ state: 'signed-out', reason: 'signed-out-by-staff' })
    expect(status).not.toHaveProperty('error')
  })
})

describe('Session, what the log tells support (D2)', () => {
  let t: Awaited<ReturnType<typeof world>>
  beforeEach(async () => {
    t = await world()
    t.log.lines.length = 0
  })

  it('logs a sign-in with the address and the expiry it trusts, and no warning for a true date', async () => {
    await t.session.signIn({ platformAddress: ADDRESS, ...KEYS })
    expect(t.log.lines).toEqual([
      `info session: signed in {"platformAddress":"${ADDRESS}","expiresAt":"2026-11-22T12:00:00.000Z"}`,
    ])
  })

  it('logs a platform date an hour or more off, with the skew in minutes', async () => {
    // Three hours after received-at + 24 h, in Istanbul time.
    t.platform.statedExpiry = expirationDate(t.clock.now() + 3 * HOUR)
    await t.session.signIn({ platformAddress: ADDRESS, ...KEYS })
    expect(t.log.lines[0]).toBe(
      'warn session: clock-skew; trusting received-at + 24 h {"expirationDate":"2026-11-22 18:00:00","skewMinutes":180}',
    )
  })

  it('logs a platform date it cannot read, with no skew', async () => {
    t.platform.statedExpiry = 'yarın'
    await t.session.signIn({ platformAddress: ADDRESS, ...KEYS })
    expect(t.log.lines[0]).toBe(
      'warn session: unparseable-expiration-date; trusting received-at + 24 h {"expirationDate":"yarın"}',
    )
  })

  it('logs a failed renewal with the code and the HTTP status', async () => {
    await t.session.signIn({ platformAddress: ADDRESS, ...KEYS })
    t.log.lines.length = 0
    t.platform.loginFailure = { code: 'server-error', httpStatus: 503, retryable: true }
    await t.clock.advance(TOKEN_LIFETIME_MS - RENEW_BEFORE_EXPIRY_MS)
    await settle()
    expect(t.log.lines).toEqual([
      'warn session: login failed {"code":"server-error","httpStatus":503}',
      'warn session: scheduled renewal failed {"code":"server-error"}',
    ])
  })
})
