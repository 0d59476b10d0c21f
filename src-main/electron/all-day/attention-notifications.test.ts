import { describe, expect, it, vi } from 'vitest'
import * as electron from '../../../test-support/electron/fake-electron.ts'
import { createNotificationShower, withAction } from './attention-notifications.ts'

vi.mock('electron', () => import('../../../test-support/electron/fake-electron.ts'))

const KEY = '0d3e1f00-5a1b-4c2d-8e3f-100000000001'

// Which notifications are due is the shared AttentionAnnouncer's (src-shared/attention-notices.test.ts), over
// the core's attention value (src-main/core/attention/attention-tracker.test.ts).

describe('withAction', () => {
  it('an order opens the app at that order, the session at the sign-in, the port just opens the app', () => {
    expect(withAction({ id: 'a', kind: 'failed', paymentKey: KEY, title: 'T', body: 'B' }).action).toEqual({
      type: 'open-order',
      paymentKey: KEY,
    })
    expect(withAction({ id: 'session', kind: 'session', title: 'T', body: 'B' }).action).toEqual({
      type: 'open-sign-in',
    })
    expect(withAction({ id: 'intake-port', kind: 'intake-port', title: 'T', body: 'B' }).action).toEqual({
      type: 'open-app',
    })
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
