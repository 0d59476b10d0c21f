import { describe, expect, it, vi } from 'vitest'
import type { BoardOrder, Handover, SessionStatus } from '../../../src-shared/domain.ts'
import * as electron from '../../../test-support/electron/fake-electron.ts'
import {
  AttentionNotifier,
  createNotificationShower,
  RETRYING_TOO_LONG_MS,
  type AttentionNotification,
} from './attention-notifications.ts'

vi.mock('electron', () => import('../../../test-support/electron/fake-electron.ts'))

const KEY = '0d3e1f00-5a1b-4c2d-8e3f-100000000001'
const OTHER = '0d3e1f00-5a1b-4c2d-8e3f-100000000002'
const error = { problem: 'network', message: 'offline' } as unknown as Extract<
  Handover,
  { state: 'failed' }
>['error']
const AT = '2026-11-22T10:00:00.000Z'

const handovers = {
  queued: { state: 'queued', since: AT, waitingForSignIn: false },
  sending: { state: 'sending', since: AT },
  retrying: { state: 'retrying', nextAttemptAt: AT, attempts: 1, error },
  failed: { state: 'failed', at: AT, error },
  unconfirmed: { state: 'unconfirmed', at: AT, error },
  handedOver: { state: 'handed-over', at: AT },
} satisfies Record<string, Handover>

const order = (handover: Handover, paymentKey = KEY): BoardOrder => ({ paymentKey, addedAt: AT, handover })

function setUp(options: { enabled?: boolean } = {}) {
  let now = 1_000_000
  const shown: AttentionNotification[] = []
  const settings = { enabled: options.enabled ?? true }
  const notifier = new AttentionNotifier({
    clock: () => now,
    enabled: () => settings.enabled,
    language: () => 'tr',
    notify: (notification) => shown.push(notification),
  })
  const change = (handover: Handover, paymentKey = KEY) =>
    notifier.orderChanged({ paymentKey, order: order(handover, paymentKey) })
  return { notifier, shown, settings, change, advance: (ms: number) => (now += ms) }
}

const signedIn: SessionStatus = {
  state: 'signed-in',
  platformAddress: 'https://platform.example',
  credentialsStored: true,
  secretStorage: 'os-keychain',
}
const signedOut = (reason: Extract<SessionStatus, { state: 'signed-out' }>['reason']): SessionStatus => ({
  state: 'signed-out',
  reason,
  credentialsStored: true,
  secretStorage: 'os-keychain',
  platformAddress: 'https://platform.example',
})

describe('AttentionNotifier', () => {
  it('tells when a hand-over fails, once, and a click opens the app at that order', () => {
    const { shown, change } = setUp()
    change(handovers.sending)
    change(handovers.failed)
    change(handovers.failed)
    expect(shown).toEqual([
      {
        id: `${KEY}:failed`,
        kind: 'failed',
        title: 'Sipariş 000-001: teslim başarısız',
        body: 'Platform kabul etmedi. Ayrıntı için siparişi açın.',
        action: { type: 'open-order', paymentKey: KEY },
      },
    ])
  })

  it('tells when a hand-over becomes unconfirmed: a state of its own, notified apart from failed', () => {
    const { shown, change } = setUp()
    change(handovers.failed)
    change(handovers.queued)
    change(handovers.unconfirmed)
    change(handovers.failed)
    expect(shown.map((notification) => notification.kind)).toEqual(['failed', 'unconfirmed'])
    expect(shown[1]?.title).toBe('Sipariş 000-001: teyit edilemedi')
  })

  it('tells when an order has been retrying for more than 2 minutes (through sends between retries)', () => {
    const { notifier, shown, change, advance } = setUp()
    change(handovers.retrying)
    advance(60_000)
    change(handovers.sending)
    change(handovers.retrying)
    advance(RETRYING_TOO_LONG_MS - 60_000)
    notifier.check()
    expect(shown).toEqual([]) // exactly 2 minutes: not yet
    expect(notifier.retryingTooLong().size).toBe(0)
    advance(1)
    notifier.check()
    notifier.check()
    expect(shown.map((notification) => notification.id)).toEqual([`${KEY}:retrying-too-long`])
    expect(notifier.retryingTooLong()).toEqual(new Set([KEY]))
  })

  it('starts the 2 minutes again once an order stops retrying', () => {
    const { notifier, shown, change, advance } = setUp()
    change(handovers.retrying)
    advance(RETRYING_TOO_LONG_MS)
    change(handovers.handedOver)
    advance(1)
    notifier.check()
    expect(shown).toEqual([])
    expect(notifier.retryingTooLong().size).toBe(0)
  })

  it('announces nothing already on the board at start, but still times its retries', () => {
    const { notifier, shown, change, advance } = setUp()
    notifier.seed([order(handovers.failed), order(handovers.retrying, OTHER)])
    change(handovers.failed)
    expect(shown).toEqual([])
    advance(RETRYING_TOO_LONG_MS + 1)
    notifier.check()
    expect(shown.map((notification) => notification.id)).toEqual([`${OTHER}:retrying-too-long`])
  })

  it('is silent while the setting is off, and turning it on brings no burst of old news', () => {
    const { shown, change, settings } = setUp({ enabled: false })
    change(handovers.failed)
    settings.enabled = true
    change(handovers.failed)
    expect(shown).toEqual([])
    change(handovers.unconfirmed)
    expect(shown).toHaveLength(1)
  })

  it('forgets an order removed from the board', () => {
    const { notifier, shown, change } = setUp()
    change(handovers.failed)
    notifier.orderChanged({ paymentKey: KEY, order: null })
    change(handovers.failed)
    expect(shown).toHaveLength(2)
  })

  it('tells once when the session cannot be renewed, and the click opens the sign-in', () => {
    const { notifier, shown } = setUp()
    notifier.sessionChanged(signedIn)
    notifier.sessionChanged({ ...signedIn, state: 'renewing' })
    notifier.sessionChanged(signedOut('token-rejected'))
    notifier.sessionChanged(signedOut('token-rejected'))
    expect(shown).toEqual([
      {
        id: 'session',
        kind: 'session',
        title: 'Oturum yenilenemedi',
        body: 'Bekleyen teslimler gönderilemiyor. Lütfen yeniden giriş yapın.',
        action: { type: 'open-sign-in' },
      },
    ])
    notifier.sessionChanged(signedIn)
    notifier.sessionChanged(signedOut('wrong-credentials'))
    expect(shown).toHaveLength(2)
  })

  it('says nothing when the staff sign out, or when no session was live', () => {
    const { notifier, shown } = setUp()
    notifier.sessionChanged(signedOut('wrong-credentials'))
    notifier.sessionChanged(signedIn)
    notifier.sessionChanged(signedOut('signed-out-by-staff'))
    expect(shown).toEqual([])
  })
})

describe('createNotificationShower', () => {
  it('shows the notification and turns its click into the action', () => {
    electron.resetFakeElectron()
    const onAction = vi.fn()
    const show = createNotificationShower(onAction)
    show({ id: 'x', kind: 'failed', title: 'T', body: 'B', action: { type: 'open-order', paymentKey: KEY } })
    expect(electron.notifications).toMatchObject([{ title: 'T', body: 'B' }])
    electron.notifications[0]?.click()
    expect(onAction).toHaveBeenCalledWith({ type: 'open-order', paymentKey: KEY })
  })

  it('shows nothing where the OS has no notifications', () => {
    electron.resetFakeElectron()
    electron.Notification.supported = false
    createNotificationShower(vi.fn())({
      id: 'session',
      kind: 'session',
      title: 'T',
      body: 'B',
      action: { type: 'open-sign-in' },
    })
    expect(electron.notifications).toEqual([])
  })
})
