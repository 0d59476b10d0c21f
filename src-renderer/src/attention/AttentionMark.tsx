import type { AttentionOrder } from '../../../src-shared/attention.ts'
import type { BoardOrder } from '../../../src-shared/domain.ts'
import { handoverEligibility, shortCodeOf } from '../../../src-shared/order-rules.ts'
import { formatClockTime } from '../i18n/index.ts'
import { useMessages } from '../i18n/use-messages.tsx'
import { focusOrderField } from '../state.ts'
import { orderToSilence, SILENCE_KEY, useAttention, useMarkReady, useSilenceAlarm } from './use-attention.ts'

/**
 * What a card shows of the attention value (docs/decisions.md D70), in the places a compact card has for them
 * (issue 30): the ready mark among the order's facts, why the order needs a hand under them, **Sessize al** beside
 * the main button while it rings, and "Hazır" in the card's menu. The card's alarm style follows from the
 * `attention-…` class of AlarmNote (styles.css, `.order:has(…)`).
 */

function useAttentionOf(paymentKey: string): { entry: AttentionOrder | undefined; byKey: boolean } {
  const attention = useAttention().data
  return {
    entry: attention?.orders.find((item) => item.paymentKey === paymentKey),
    byKey: orderToSilence(attention) === paymentKey,
  }
}

/** "Hazır · 12:05" once the POS or staff said the order is ready. */
export function ReadyMark({ order }: { order: Pick<BoardOrder, 'readyAt'> }) {
  const at = useMessages().t.attention
  const { language } = useMessages()
  if (order.readyAt === undefined) return null
  return <span className="ready-mark">{at.readyAt(formatClockTime(order.readyAt, language))}</span>
}

/**
 * Why the order needs a hand, short (the big button beside it is the answer; the full words are its title and the
 * banner's), and whether its alarm was silenced; nothing when the core does not name it. It opens the card's facts
 * line, so an alarm does not make the card taller.
 */
export function AlarmNote({ order }: { order: BoardOrder }) {
  const at = useMessages().t.attention
  const { entry } = useAttentionOf(order.paymentKey)
  if (!entry) return null
  // A failed card already says why in its own alert, in the platform's words: the reason would say it twice.
  const reason =
    entry.reason === 'failed' && order.handover.state === 'failed' ? undefined : at.cardReason[entry.reason]
  return (
    <span
      className={`attention-note attention-${entry.alarm}-note`}
      title={at.reason[entry.reason]}
      // A status, not an alert: a failed card already has its own alert, and the alarm itself is heard.
      role="status"
    >
      {reason}
      {reason !== undefined && entry.alarm === 'silenced' && ' · '}
      {entry.alarm === 'silenced' && <span className="muted">{at.silenced}</span>}
    </span>
  )
}

/** **Sessize al** while the order rings: that order only; then focus goes back to the order field. */
export function SilenceButton({ order }: { order: BoardOrder }) {
  const at = useMessages().t.attention
  const silence = useSilenceAlarm()
  const { entry, byKey } = useAttentionOf(order.paymentKey)
  if (entry?.alarm !== 'ringing') return null
  const code = shortCodeOf(order.paymentKey)
  return (
    <button
      type="button"
      className="button warning small"
      aria-label={at.silenceOrder(code)}
      // The board's key (the banner listens for it) presses this button while this order is the newest alarm.
      aria-keyshortcuts={byKey ? SILENCE_KEY : undefined}
      disabled={silence.isPending}
      onClick={() => {
        silence.mutate(order.paymentKey)
        focusOrderField()
      }}
    >
      {at.silence}
    </button>
  )
}

/** Whether "Hazır" can be pressed: an eligible order still waiting, not yet said to be ready. */
function canMarkReady(order: BoardOrder): boolean {
  return (
    order.readyAt === undefined &&
    order.handover.state === 'none' &&
    handoverEligibility(order) === 'eligible'
  )
}

/** "Hazır": the waiting limit counts from now (the shorter ready limit); then focus goes back to the order field. */
export function ReadyButton({ order, onDone }: { order: BoardOrder; onDone?: () => void }) {
  const at = useMessages().t.attention
  const markReady = useMarkReady()
  if (!canMarkReady(order)) return null
  return (
    <button
      type="button"
      className="button secondary small"
      aria-label={at.markReady(shortCodeOf(order.paymentKey))}
      onClick={() => {
        markReady.mutate(order.paymentKey)
        onDone?.()
        focusOrderField()
      }}
    >
      {at.ready}
    </button>
  )
}
