import { useEffect, useRef } from 'react'
import { requireBridge } from '../api.ts'
import { useOrders, useSettings } from '../queries.ts'
import { useUi } from '../state.ts'
import { BrowserAttention, titleWithCount } from './attention.ts'

/** How often the board is looked at again for orders now retrying too long. */
const CHECK_MS = 15_000

/**
 * The renderer's part of the all-day app (docs/decisions.md D50, D53): a notification's click brings the order
 * on screen (both shells); in web mode, the title's count and the browser's notifications (the desktop app's
 * main process does both itself).
 */
export function useAllDay(): void {
  useFocusOrder()
  const orders = useOrders().data
  const settings = useSettings().data
  const attention = useRef<BrowserAttention>(null)
  const webMode = window.printBridge === undefined
  useEffect(() => {
    if (!webMode || !orders || !settings) return
    attention.current ??= new BrowserAttention()
    const tracker = attention.current
    const look = () => {
      const { count, notices } = tracker.update(orders, Date.now(), settings.language)
      document.title = titleWithCount(count)
      if (!settings.notifications || !('Notification' in window) || Notification.permission !== 'granted')
        return
      for (const notice of notices) {
        const shown = new Notification(notice.title, { body: notice.body, tag: notice.paymentKey })
        shown.onclick = () => {
          window.focus()
          focusOrderCard(notice.paymentKey)
        }
      }
    }
    look()
    const timer = setInterval(look, CHECK_MS)
    return () => clearInterval(timer)
  }, [webMode, orders, settings])
}

function useFocusOrder(): void {
  const closeSettings = useUi((state) => state.closeSettings)
  useEffect(
    () =>
      requireBridge().on('focusOrder', ({ paymentKey }) => {
        closeSettings()
        // After the board is back on screen.
        setTimeout(() => focusOrderCard(paymentKey), 0)
      }),
    [closeSettings],
  )
}

/** Scrolls the order's card into view and puts the keyboard on it (its first button). */
export function focusOrderCard(paymentKey: string): void {
  const code = [...document.querySelectorAll('code.payment-key')].find(
    (node) => node.textContent === paymentKey,
  )
  const card = code?.closest('li')
  if (!card) return
  card.scrollIntoView({ block: 'center' })
  card.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus()
}
