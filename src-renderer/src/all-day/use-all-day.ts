import { useEffect, useRef } from 'react'
import type { Attention } from '../../../src-shared/attention.ts'
import { AttentionAnnouncer, titleWithCount } from '../../../src-shared/attention-notices.ts'
import { requireBridge } from '../api.ts'
import { useSettings } from '../queries.ts'
import { playAlarm } from '../screens/board/sounds.ts'
import { useBoardUi, useUi } from '../state.ts'
import { useAttention, useAttentionEvents } from '../attention/use-attention.ts'

/**
 * The renderer's part of the all-day app (docs/decisions.md D50, D53, D70): the core's attention value into the
 * cache, the alarm sound each time the core rings, and a notification's click bringing the order on screen (both
 * shells); in web mode also the title's count and the browser's notifications (the desktop app's main process
 * does both itself, from the same value).
 */
export function useAllDay(): void {
  useFocusOrder()
  useAttentionEvents()
  const attention = useAttention().data
  const settings = useSettings().data
  useAlarmSound(attention)
  const announcer = useRef<AttentionAnnouncer>(null)
  const webMode = window.printBridge === undefined
  useEffect(() => {
    if (!webMode || !attention || !settings) return
    announcer.current ??= new AttentionAnnouncer()
    const notices = announcer.current.update(attention, settings.language)
    document.title = titleWithCount(attention.count)
    if (!settings.notifications || !('Notification' in window) || Notification.permission !== 'granted')
      return
    for (const notice of notices) {
      const shown = new Notification(notice.title, { body: notice.body, tag: notice.id })
      const { paymentKey } = notice
      shown.onclick = () => {
        window.focus()
        if (paymentKey !== undefined) showOrderOnBoard(paymentKey)
      }
    }
  }, [webMode, attention, settings])
}

/** Plays the alarm once for each ring the core counts while it asks for sound (its `ring` goes up). */
function useAlarmSound(attention: Attention | undefined): void {
  const played = useRef<number>(null)
  useEffect(() => {
    if (!attention) return
    const { sound, ring } = attention
    if (sound && ring !== played.current) playAlarm()
    played.current = ring
  }, [attention])
}

function useFocusOrder(): void {
  useEffect(() => requireBridge().on('focusOrder', ({ paymentKey }) => showOrderOnBoard(paymentKey)), [])
}

/**
 * Brings an order a notification was about onto the screen: back to the board from Settings or History, and
 * revealed there as a scan reveals it (the filter cleared, the windowed list scrolled to the card, the keyboard
 * on its main button), whether or not its card was drawn before.
 */
function showOrderOnBoard(paymentKey: string): void {
  useUi.getState().closeSettings()
  useBoardUi.getState().revealOrder(paymentKey)
}
