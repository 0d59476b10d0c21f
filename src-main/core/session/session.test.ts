import { beforeEach, describe, expect, it } from 'vitest'
import type { SessionStatus } from '../../../src-shared/domain.ts'
import type { AppError } from '../../../src-shared/errors.ts'
import { AppFailure, toAppError } from '../app-failure.ts'
import type { PlatformClient } from '../platform/platform-client.ts'
import type { SecretCipher } from '../ports.ts'
import { CredentialVault, secretsKeyOf } from '../secrets/credential-vault.ts'
import { SettingsStore } from '../settings/settings-store.ts'
import { ManualClock } from '../../../test-support/core/manual-clock.ts'
import { fakeCipher, MemoryStore, recordingLogger } from '../../../test-support/core/memory-adapters.ts'
import { Session } from './session.ts'
import { RENEW_BEFORE_EXPIRY_MS, TOKEN_LIFETIME_MS } from './token-expiry.ts'

const ADDRESS = 'https://platform.example.com/integrations'
const GOOD = { appSecretKey: 'app-secret-1', restSecretKey: 'rest-secret-1' }
const rejectedToken: AppError = {
  code: 'signed-out',
  platformError: 'yetkisiz erişim',
  httpStatus: 401,
  retryable: false,
}

/** The platform as the session sees it: tokens it issued, which it may forget, and counters. */
class FakePlatform {
  logins = 0
  /** When each login was asked for, on the test's clock. */
  readonly loginTimes: number[] = []
  calls = 0
  issued = new Set<string>()
  loginError: AppError | undefined
  loginDelayMs = 0
  readonly clock: ManualClock
  constructor(clock: ManualClock) {
    this.clock = clock
  }

  client(): PlatformClient {
    return {
      login: async (credentials) => {
        this.logins++
        this.loginTimes.push(this.clock.now())
        if (this.loginDelayMs) await new Promise((resolve) => setTimeout(resolve, this.loginDelayMs))
        if (this.loginError) throw new AppFailure(this.loginError)
        if (
          credentials.appSecretKey !== GOOD.appSecretKey ||
          credentials.restSecretKey !== GOOD.restSecretKey
        ) {
          throw new AppFailure({
            code: 'wrong-credentials',
            platformError: 'yetkisiz erişim',
            retryable: false,
          })
        }
        const accessToken = `token-${this.logins}`
        this.issued.add(accessToken)
        return { accessToken, expirationDate: istanbulLocal(this.clock.now() + TOKEN_LIFETIME_MS) }
      },
      listBranches: async (accessToken) => {
        this.calls++
        await Promise.resolve()
        if (!this.issued.has(accessToken)) throw new AppFailure(rejectedToken)
        return [{ id: 'b1', name: 'Kadıköy' }]
      },
      getVariables: () => Promise.reject(new Error('not used')),
      markOnTheWay: () => Promise.reject(new Error('not used')),
    }
  }
}

function istanbulLocal(instant: number): string {
  return new Date(instant + 3 * 60 * 60 * 1000).toISOString().slice(0, 19).replace('T', ' ')
}

async function setup(cipher: SecretCipher = fakeCipher('strong')) {
  const clock = new ManualClock()
  const store = new MemoryStore()
  const log = recordingLogger()
  const platform = new FakePlatform(clock)
  const client = platform.client()
  const settings = new SettingsStore(store)
  const vault = await CredentialVault.open({
    account: '00000000-0000-4000-8000-000000000001',
    store,
    cipher,
    log,
    allowWeakStorage: () => settings.get().allowWeakSecretStorage,
  })
  const statuses: SessionStatus[] = []
  const session = new Session({
    vault,
    settings,
    clientFor: () => Promise.resolve(client),
    clock,
    log,
  })
  session.onChange((status) => statuses.push(status))
  return { clock, store, log, platform, settings, vault, session, statuses }
}

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise
  } catch (error) {
    return toAppError(error)
  }
  throw new Error('expected a failure')
}

describe('Session', () => {
  let t: Awaited<ReturnType<typeof setup>>
  beforeEach(async () => {
    t = await setup()
  })

  it('signs in, stores the keys encrypted, and never writes a secret or token in clear', async () => {
    const status = await t.session.signIn({ platformAddress: `${ADDRESS}/`, ...GOOD })
    expect(status).toMatchObject({ state: 'signed-in', platformAddress: ADDRESS, credentialsStored: true })
    expect(t.settings.get().platformAddress).toBe(ADDRESS)
    const onDisk = t.store.asText()
    for (const secret of [GOOD.appSecretKey, GOOD.restSecretKey, 'token-1'])
      expect(onDisk).not.toContain(secret)
    expect(t.vault.credentials).toEqual(GOOD)
    expect(t.statuses.map((s) => s.state)).toEqual(['signing-in', 'signed-in'])
  })

  it('trims keys before sending them', async () => {
    await t.session.signIn({
      platformAddress: ADDRESS,
      appSecretKey: ` ${GOOD.appSecretKey}\t`,
      restSecretKey: `${GOOD.restSecretKey} `,
    })
    expect(t.platform.logins).toBe(1)
    expect(t.vault.credentials).toEqual(GOOD)
  })

  it.each([
    ['an http:// address', { platformAddress: 'http://platform.example.com', ...GOOD }, 'not-https'],
    ['an address that is not a URL', { platformAddress: 'platform', ...GOOD }, 'not-a-url'],
    ['an empty app key', { platformAddress: ADDRESS, ...GOOD, appSecretKey: '   ' }, 'empty-key'],
    ['an empty restaurant key', { platformAddress: ADDRESS, ...GOOD, restSecretKey: '' }, 'empty-key'],
  ])('refuses %s without calling the platform or storing anything', async (_label, input, problem) => {
    const error = await errorOf(t.session.signIn(input))
    expect(error).toMatchObject({ code: 'invalid-input', problem })
    expect(t.platform.logins).toBe(0)
    expect(t.store.values.size).toBe(0)
  })

  it('reports wrong credentials once, never retries, and keeps the keys stored before', async () => {
    await t.session.signIn({ platformAddress: ADDRESS, ...GOOD })
    const error = await errorOf(
      t.session.signIn({ platformAddress: ADDRESS, ...GOOD, restSecretKey: 'wrong' }),
    )
    expect(error.code).toBe('wrong-credentials')
    expect(t.platform.logins).toBe(2)
    expect(t.session.status()).toMatchObject({ state: 'signed-out', reason: 'wrong-credentials' })
    expect(t.vault.credentials).toEqual(GOOD)
  })

  it('makes exactly one login for 100 concurrent calls on an expired token', async () => {
    await t.session.signIn({ platformAddress: ADDRESS, ...GOOD })
    await t.clock.advance(TOKEN_LIFETIME_MS + 1) // the renewal timer also fires: one login
    const loginsBefore = t.platform.logins
    await t.vault.saveToken({
      accessToken: 'token-1',
      expiresAt: t.clock.now() - 1,
      platformAddress: ADDRESS,
    })
    t.platform.loginDelayMs = 20
    const results = await Promise.all(
      Array.from({ length: 100 }, () => t.session.withToken((client, token) => client.listBranches(token))),
    )
    expect(results).toHaveLength(100)
    expect(t.platform.logins - loginsBefore).toBe(1)
  })

  it('on a 401 logs in again once, shared by all waiting calls, and retries each call once', async () => {
    await t.session.signIn({ platformAddress: ADDRESS, ...GOOD })
    t.platform.issued.clear() // the platform forgot every token (revoked)
    t.platform.loginDelayMs = 20
    const results = await Promise.all(
      Array.from({ length: 100 }, () => t.session.withToken((client, token) => client.listBranches(token))),
    )
    expect(results.every((branches) => branches.length === 1)).toBe(true)
    expect(t.platform.logins).toBe(2)
    expect(t.platform.calls).toBe(200)
  })

  it('signs out with a clear reason on a second 401, keeping the stored keys', async () => {
    await t.session.signIn({ platformAddress: ADDRESS, ...GOOD })
    const error = await errorOf(t.session.withToken(() => Promise.reject(new AppFailure(rejectedToken))))
    expect(error.code).toBe('signed-out')
    expect(t.platform.logins).toBe(2)
    expect(t.session.status()).toMatchObject({
      state: 'signed-out',
      reason: 'token-rejected',
      credentialsStored: true,
    })
    expect(t.vault.credentials).toEqual(GOOD)
    // Signed out: further calls fail at once, without logging in behind the staff's back.
    expect((await errorOf(t.session.withToken((c, token) => c.listBranches(token)))).code).toBe('signed-out')
    expect(t.platform.logins).toBe(2)
  })

  it('renews ten minutes before expiry and uses the new token', async () => {
    await t.session.signIn({ platformAddress: ADDRESS, ...GOOD })
    await t.clock.advance(TOKEN_LIFETIME_MS - RENEW_BEFORE_EXPIRY_MS - 1000)
    expect(t.platform.logins).toBe(1)
    await t.clock.advance(1000)
    expect(t.platform.logins).toBe(2)
    expect(t.vault.token?.accessToken).toBe('token-2')
    expect(t.statuses.map((s) => s.state).slice(-2)).toEqual(['renewing', 'signed-in'])
  })

  it('keeps the live token and tries again a minute later when a renewal fails for a passing reason', async () => {
    await t.session.signIn({ platformAddress: ADDRESS, ...GOOD })
    t.platform.loginError = { code: 'unreachable', retryable: true }
    await t.clock.advance(TOKEN_LIFETIME_MS - RENEW_BEFORE_EXPIRY_MS)
    expect(t.platform.logins).toBe(2)
    expect(t.session.status().state).toBe('signed-in')
    expect(t.vault.token?.accessToken).toBe('token-1')
    t.platform.loginError = undefined
    await t.clock.advance(60_000)
    expect(t.platform.logins).toBe(3)
    expect(t.vault.token?.accessToken).toBe('token-3')
  })

  it('tries a failing renewal each minute only while the token lives; the next call then logs in', async () => {
    await t.session.signIn({ platformAddress: ADDRESS, ...GOOD })
    t.platform.loginError = { code: 'unreachable', retryable: true }
    const renewAt = t.clock.now() + TOKEN_LIFETIME_MS - RENEW_BEFORE_EXPIRY_MS
    await t.clock.advance(TOKEN_LIFETIME_MS + 60 * 60_000)
    // At the renewal and each minute after it while the token lived: the last try one minute before expiry.
    expect(t.platform.loginTimes.slice(1).map((time) => (time - renewAt) / 60_000)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ])
    expect(t.session.status().state).toBe('signed-in')
    t.platform.loginError = undefined
    expect(await t.session.withToken((client, token) => client.listBranches(token))).toHaveLength(1)
    expect(t.platform.logins).toBe(12)
  })

  it('signs out when a renewal finds the keys refused, and never sends those keys again by itself', async () => {
    await t.session.signIn({ platformAddress: ADDRESS, ...GOOD })
    t.platform.loginError = { code: 'wrong-credentials', platformError: 'yetkisiz erişim', retryable: false }
    await t.clock.advance(TOKEN_LIFETIME_MS - RENEW_BEFORE_EXPIRY_MS)
    expect(t.platform.logins).toBe(2)
    expect(t.session.status()).toMatchObject({ state: 'signed-out', reason: 'wrong-credentials' })
    expect(t.vault.token).toBeUndefined()
    // Not at the next minute, not when the token would have run out, not when a call needs a token.
    await t.clock.advance(2 * RENEW_BEFORE_EXPIRY_MS)
    expect((await errorOf(t.session.withToken((c, token) => c.listBranches(token)))).code).toBe('signed-out')
    expect(t.platform.logins).toBe(2)
    expect(t.clock.pendingTimers).toBe(0)
  })

  it('a 401 arriving after another call replaced the token retries with that token, no second login', async () => {
    await t.session.signIn({ platformAddress: ADDRESS, ...GOOD })
    let answerLate: () => void = () => undefined
    const lateAnswer = new Promise<void>((resolve) => (answerLate = resolve))
    // This call took token-1 and is slow to reach the platform…
    const late = t.session.withToken(async (client, token) => {
      await lateAnswer
      return client.listBranches(token)
    })
    await t.clock.advance(0)
    // …meanwhile the platform revokes token-1, and another call gets its 401 and logs in again.
    t.platform.issued.clear()
    await t.session.withToken((client, token) => client.listBranches(token))
    expect(t.platform.logins).toBe(2)
    answerLate()
    expect(await late).toEqual([{ id: 'b1', name: 'Kadıköy' }])
    expect(t.platform.logins).toBe(2)
    expect(t.platform.calls).toBe(4)
    expect(t.session.status().state).toBe('signed-in')
  })

  describe('at launch, while the platform cannot be reached', () => {
    /** The app started again with the keys stored and no live token: never signed in since launch. */
    async function launchedOffline(): Promise<Session> {
      await t.session.signIn({ platformAddress: ADDRESS, ...GOOD })
      t.session.dispose()
      await t.vault.saveToken(undefined)
      t.platform.loginError = { code: 'unreachable', retryable: true }
      t.platform.loginTimes.length = 0
      const session = new Session({
        vault: t.vault,
        settings: t.settings,
        clientFor: () => Promise.resolve(t.platform.client()),
        clock: t.clock,
        log: t.log,
      })
      expect((await errorOf(session.resumeAtStart())).code).toBe('unreachable')
      return session
    }

    const gapsInSeconds = (times: readonly number[]) =>
      times.slice(1).map((time, i) => (time - (times[i] ?? 0)) / 1000)

    it('signs in again after 5 s, doubling to 5 min, until the platform answers', async () => {
      const session = await launchedOffline()
      await t.clock.advance(25 * 60_000)
      expect(gapsInSeconds(t.platform.loginTimes)).toEqual([5, 10, 20, 40, 80, 160, 300, 300, 300])
      t.platform.loginError = undefined
      await t.clock.advance(5 * 60_000)
      expect(session.status().state).toBe('signed-in')
      const logins = t.platform.logins
      await t.clock.advance(60 * 60_000)
      expect(t.platform.logins).toBe(logins)
    })

    it('tries at once when the computer wakes or the network comes back, not at the next retry', async () => {
      const session = await launchedOffline()
      t.platform.loginError = undefined
      await session.checkSession()
      expect(t.platform.loginTimes).toHaveLength(2)
      expect(session.status().state).toBe('signed-in')
      await t.clock.advance(60 * 60_000)
      expect(t.platform.loginTimes).toHaveLength(2)
    })

    it('ends its retries when a call signs in meanwhile', async () => {
      const session = await launchedOffline()
      t.platform.loginError = undefined
      expect(await session.withToken((client, token) => client.listBranches(token))).toHaveLength(1)
      expect(t.platform.loginTimes).toHaveLength(2)
      await t.clock.advance(60 * 60_000)
      expect(t.platform.loginTimes).toHaveLength(2)
      expect(session.status().state).toBe('signed-in')
    })

    it.each([
      ['refuses the keys', { code: 'wrong-credentials', platformError: 'yetkisiz erişim', retryable: false }],
      ['answers something it cannot read', { code: 'unexpected-answer', httpStatus: 200, retryable: false }],
    ] as const)('stops trying once the platform %s', async (_label, refusal) => {
      await launchedOffline()
      await t.clock.advance(15 * 1000)
      expect(t.platform.loginTimes).toHaveLength(3)
      t.platform.loginError = refusal
      await t.clock.advance(20 * 1000)
      expect(t.platform.loginTimes).toHaveLength(4)
      expect(t.clock.pendingTimers).toBe(0)
      t.platform.loginError = undefined
      await t.clock.advance(60 * 60_000)
      expect(t.platform.loginTimes).toHaveLength(4)
    })
  })

  it('logs a clock-skew warning and trusts received-at + 24 h', async () => {
    const skewed = await setup()
    const client = skewed.platform.client()
    const login = client.login.bind(client)
    const session = new Session({
      vault: skewed.vault,
      settings: skewed.settings,
      clientFor: () =>
        Promise.resolve({
          ...client,
          login: async (credentials) => ({
            ...(await login(credentials)),
            expirationDate: '2030-01-01 00:00:00',
          }),
        }),
      clock: skewed.clock,
      log: skewed.log,
    })
    await session.signIn({ platformAddress: ADDRESS, ...GOOD })
    expect(skewed.vault.token?.expiresAt).toBe(skewed.clock.now() + TOKEN_LIFETIME_MS)
    expect(skewed.log.lines.some((line) => line.includes('clock-skew'))).toBe(true)
  })

  it('without a real keychain keeps secrets for this run only and writes none to the store', async () => {
    const weak = await setup(fakeCipher('weak'))
    const status = await weak.session.signIn({ platformAddress: ADDRESS, ...GOOD })
    expect(status.secretStorage).toBe('this-run-only')
    expect(weak.store.values.has(secretsKeyOf('00000000-0000-4000-8000-000000000001'))).toBe(false)
    expect(weak.vault.credentials).toEqual(GOOD)
  })

  it('with weak storage stores secrets only after the staff opt in', async () => {
    const weak = await setup(fakeCipher('weak'))
    await weak.session.signIn({ platformAddress: ADDRESS, ...GOOD })
    await weak.settings.update({ allowWeakSecretStorage: true })
    await weak.vault.refreshStorage()
    expect(weak.vault.storage).toBe('plaintext-opt-in')
    expect(weak.store.values.has(secretsKeyOf('00000000-0000-4000-8000-000000000001'))).toBe(true)
    expect(weak.store.asText()).not.toContain(GOOD.restSecretKey)
  })

  it('signs out and, when asked, forgets the keys', async () => {
    await t.session.signIn({ platformAddress: ADDRESS, ...GOOD })
    expect(await t.session.signOut(false)).toMatchObject({ state: 'signed-out', credentialsStored: true })
    expect(t.vault.token).toBeUndefined()
    expect(await t.session.signOut(true)).toMatchObject({ state: 'signed-out', credentialsStored: false })
    expect(t.store.values.has(secretsKeyOf('00000000-0000-4000-8000-000000000001'))).toBe(false)
    expect(t.clock.pendingTimers).toBe(0)
  })

  it('resumes with the stored keys after a restart', async () => {
    await t.session.signIn({ platformAddress: ADDRESS, ...GOOD })
    await t.session.signOut(false)
    const status = await t.session.resume()
    expect(status.state).toBe('signed-in')
    expect(t.platform.logins).toBe(2)
  })
})
