import { useEffect, useRef } from 'react'
import { requireBridge } from '../api.ts'
import { useOrders, useSettings } from '../queries.ts'
import { useBoardUi, useUi } from '../state.ts'
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
          showOrderOnBoard(notice.paymentKey)
        }
      }
    }
    look()
    const timer = setInterval(look, CHECK_MS)
    return () => clearInterval(timer)
  }, [webMode, orders, settings])
}

function useFocusOrder(): void {
  useEffect(() => requireBridge().on('focusOrder', ({ paymentKey }) => showOrderOnBoard(paymentKey)), [])
}

/**
 * Brings an order a notification was about onto the screen: back to the board from Settings or History, and
 * revealed there as a scan reveals it (the filter cleared, the windowed list scrolled to the card, the keyboard
 * on its main button), whether or not its card was drawn before.
 */
export function showOrderOnBoard(paymentKey: string): void {
  useUi.getState().closeSettings()
  useBoardUi.getState().revealOrder(paymentKey)
}
