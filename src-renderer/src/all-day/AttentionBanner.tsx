import type { Attention } from '../../../src-shared/attention.ts'
import { shortCodeOf } from '../../../src-shared/order-rules.ts'
import { useMessages } from '../i18n/use-messages.tsx'
import { useSilenceAlarm } from './use-attention.ts'

/**
 * The top of the board while something needs staff (docs/decisions.md D70): each ringing order with its own
 * **Sessize al** (one press, that order only), the paused state, one line for what crossed while the app was
 * closed, a lost session and a taken intake port.
 */
export function AttentionBanner({ attention }: { attention: Attention | undefined }) {
  const at = useMessages().t.alarm
  const silence = useSilenceAlarm()
  if (!attention) return null
  const ringing = attention.orders.filter((order) => order.alarm === 'ringing')
  const lines = [
    attention.paused ? at.paused : undefined,
    attention.crossedWhileClosed > 0 ? at.crossedWhileClosed(attention.crossedWhileClosed) : undefined,
    attention.sessionLost ? at.sessionLost : undefined,
    attention.intakePortTaken ? at.intakePortTaken : undefined,
  ].filter((line): line is string => line !== undefined)
  if (ringing.length === 0 && lines.length === 0) return null
  return (
    <section className="attention-banner" aria-label={at.alarmTitle}>
      {ringing.length > 0 && (
        <ul className="attention-ringing">
          {ringing.map((order) => {
            const code = shortCodeOf(order.paymentKey)
            return (
              <li key={order.paymentKey}>
                <span>{at.ringing(code, at.reason[order.reason])}</span>{' '}
                <button
                  type="button"
                  className="button warning small"
                  aria-label={at.silenceOrder(code)}
                  onClick={() => silence.mutate(order.paymentKey)}
                >
                  {at.silence}
                </button>
              </li>
            )
          })}
        </ul>
      )}
      {lines.map((line) => (
        <p key={line} role="status">
          {line}
        </p>
      ))}
    </section>
  )
}
