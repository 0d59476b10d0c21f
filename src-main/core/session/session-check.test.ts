// After the computer wakes, the session's timers may have slept through the token's renewal: checkSession()
// renews a token that lapsed meanwhile and leaves a live one alone (docs/decisions.md D51).
import { beforeEach, describe, expect, it } from 'vitest'
import { FakePlatform, ADDRESS, KEYS } from '../../../test-support/core/orders/outbox-world.ts'
import type { Clock } from '../ports.ts'
import { CredentialVault } from '../secrets/credential-vault.ts'
import { SettingsStore } from '../settings/settings-store.ts'
import { ManualClock } from '../../../test-support/core/manual-clock.ts'
import { fakeCipher, MemoryStore, recordingLogger } from '../../../test-support/core/memory-adapters.ts'
import { Session } from './session.ts'
import { RENEW_BEFORE_EXPIRY_MS, TOKEN_LIFETIME_MS } from './token-expiry.ts'

/** A computer asleep: the wall clock moves on while no timer runs. */
class SleepingClock implements Clock {
  readonly timers = new ManualClock(Date.UTC(2026, 10, 22, 15, 0, 0))
  slept = 0
  now(): number {
    return this.timers.now() + this.slept
  }
  setTimer(delayMs: number, callback: () => void): () => void {
    return this.timers.setTimer(delayMs, callback)
  }
}

let clock: SleepingClock
let platform: FakePlatform
let session: Session
beforeEach(async () => {
  clock = new SleepingClock()
  platform = new FakePlatform()
  const store = new MemoryStore()
  const log = recordingLogger()
  const vault = await CredentialVault.open({
    account: '00000000-0000-4000-8000-000000000001',
    store,
    cipher: fakeCipher('strong'),
    log,
    allowWeakStorage: () => false,
  })
  const client = platform.client()
  session = new Session({
    vault,
    settings: new SettingsStore(store),
    clientFor: () => Promise.resolve(client),
    clock,
    log,
  })
})

describe('checkSession', () => {
  it('renews a token that lapsed while the computer slept, without waiting for its timer', async () => {
    await session.signIn({ platformAddress: ADDRESS, ...KEYS })
    expect(platform.logins).toBe(1)
    clock.slept = TOKEN_LIFETIME_MS + 60_000
    await session.checkSession()
    expect(platform.logins).toBe(2)
    expect(session.status().state).toBe('signed-in')
  })

  it('renews a token that is still live but inside its renew window, whose timer slept through it', async () => {
    await session.signIn({ platformAddress: ADDRESS, ...KEYS })
    clock.slept = TOKEN_LIFETIME_MS - RENEW_BEFORE_EXPIRY_MS + 60_000
    await session.checkSession()
    expect(platform.logins).toBe(2)
    expect(session.status().state).toBe('signed-in')
  })

  it('renews a token whose renew window opens at the very moment of the check', async () => {
    await session.signIn({ platformAddress: ADDRESS, ...KEYS })
    clock.slept = TOKEN_LIFETIME_MS - RENEW_BEFORE_EXPIRY_MS
    await session.checkSession()
    expect(platform.logins).toBe(2)
  })

  it('leaves a token alone until its renew window', async () => {
    await session.signIn({ platformAddress: ADDRESS, ...KEYS })
    clock.slept = TOKEN_LIFETIME_MS - RENEW_BEFORE_EXPIRY_MS - 1
    await session.checkSession()
    expect(platform.logins).toBe(1)
  })

  it('leaves a live token alone', async () => {
    await session.signIn({ platformAddress: ADDRESS, ...KEYS })
    clock.slept = 60_000
    await session.checkSession()
    expect(platform.logins).toBe(1)
  })

  it('does not sign in again after staff signed out', async () => {
    await session.signIn({ platformAddress: ADDRESS, ...KEYS })
    await session.signOut(false)
    await session.checkSession()
    expect(platform.logins).toBe(1)
    expect(session.isSignedOut).toBe(true)
  })
})
