import { Notification } from 'electron'
import type { AttentionNotice } from '../../../src-shared/attention-notices.ts'

// What needs staff and which notifications it calls for are decided once, in the core's attention value and
// the shared AttentionAnnouncer (docs/decisions.md D70); the desktop app only shows them and routes the click.

/** What a click on the notification does: open the app at that order, at the sign-in, or just open it. */
export type AttentionAction =
  { type: 'open-order'; paymentKey: string } | { type: 'open-sign-in' } | { type: 'open-app' }

export interface AttentionNotification extends AttentionNotice {
  action: AttentionAction
}

/** The notice with what its click does. */
export function withAction(notice: AttentionNotice): AttentionNotification {
  const action: AttentionAction =
    notice.paymentKey !== undefined
      ? { type: 'open-order', paymentKey: notice.paymentKey }
      : notice.kind === 'session'
        ? { type: 'open-sign-in' }
        : { type: 'open-app' }
  return { ...notice, action }
}

/**
 * Shows one notification from the main process and routes its click. Each shown notification is held until
 * clicked or closed: one that is garbage-collected loses its click handler (seen on Windows).
 */
export function createNotificationShower(
  onAction: (action: AttentionAction) => void,
): (notification: AttentionNotification) => void {
  const shown = new Set<object>()
  return (notification) => {
    if (!Notification.isSupported()) return
    const note = new Notification({ title: notification.title, body: notification.body })
    shown.add(note)
    note.on('click', () => {
      shown.delete(note)
      onAction(notification.action)
    })
    note.on('close', () => shown.delete(note))
    note.show()
  }
}
