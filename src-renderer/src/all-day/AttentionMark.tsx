import type { AttentionOrder } from '../../../src-shared/attention.ts'
import type { BoardOrder } from '../../../src-shared/domain.ts'
import { handoverEligibility, shortCodeOf } from '../../../src-shared/order-rules.ts'
import { formatClockTime } from '../i18n/index.ts'
import { useMessages } from '../i18n/use-messages.tsx'
import { orderToSilence, SILENCE_KEY, useAttention, useMarkReady, useSilenceAlarm } from './use-attention.ts'

/**
 * What a card shows of the attention value (docs/decisions.md D70): why the order needs a hand, **Sessize al**
 * while it rings, and the ready mark, or the "Hazır" button for an eligible order still waiting. The card's
 * alarm style follows from the `attention-…` class here (styles.css, `.order:has(…)`).
 */
export function AttentionMark({ order }: { order: BoardOrder }) {
  const attention = useAttention().data
  const entry = attention?.orders.find((item) => item.paymentKey === order.paymentKey)
  const byKey = orderToSilence(attention) === order.paymentKey
  return <AttentionMarkView order={order} entry={entry} byKey={byKey} />
}

function AttentionMarkView(props: { order: BoardOrder; entry: AttentionOrder | undefined; byKey: boolean }) {
  const { order, entry, byKey } = props
  const at = useMessages().t.alarm
  const { language } = useMessages()
  const silence = useSilenceAlarm()
  const markReady = useMarkReady()
  const code = shortCodeOf(order.paymentKey)
  const canMarkReady =
    order.readyAt === undefined &&
    order.handover.state === 'none' &&
    handoverEligibility(order) === 'eligible'
  return (
    <>
      {order.readyAt !== undefined && (
        <span className="ready-mark">{at.readyAt(formatClockTime(order.readyAt, language))}</span>
      )}
      {canMarkReady && (
        <button
          type="button"
          className="button secondary small"
          aria-label={at.markReady(code)}
          onClick={() => markReady.mutate(order.paymentKey)}
        >
          {at.ready}
        </button>
      )}
      {entry && (
        <div
          className={`attention-note attention-${entry.alarm}-note`}
          // A status, not an alert: a failed card already has its own alert, and the alarm itself is heard.
          role="status"
        >
          <p>{at.reason[entry.reason]}</p>
          {entry.alarm === 'ringing' && (
            <button
              type="button"
              className="button warning small"
              aria-label={at.silenceOrder(code)}
              // The board's key (the banner listens for it) presses this button while this order is the newest alarm.
              aria-keyshortcuts={byKey ? SILENCE_KEY : undefined}
              disabled={silence.isPending}
              onClick={() => silence.mutate(order.paymentKey)}
            >
              {at.silence}
            </button>
          )}
          {entry.alarm === 'silenced' && <p className="muted">{at.silenced}</p>}
        </div>
      )}
    </>
  )
}
