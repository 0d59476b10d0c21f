import type { Attention } from '../../../src-shared/attention.ts'
import { shortCodeOf } from '../../../src-shared/order-rules.ts'
import { useMessages } from '../i18n/use-messages.tsx'
import { orderToSilence, SILENCE_KEY, useSilenceAlarm, useSilenceKey } from './use-attention.ts'

/**
 * The top of the board while something needs staff (docs/decisions.md D70): each ringing order with its own
 * **Sessize al** (one press, that order only; F8 presses the newest one's), the paused state, one line for what
 * crossed while the app was closed, a lost session and a taken intake port.
 */
export function AttentionBanner({ attention }: { attention: Attention | undefined }) {
  const at = useMessages().t.alarm
  const silence = useSilenceAlarm()
  useSilenceKey(attention, silence.mutate)
  if (!attention) return null
  const keyTarget = orderToSilence(attention)
  const ringing = attention.orders.filter((order) => order.alarm === 'ringing')
  const lines = [
    attention.paused ? at.paused : undefined,
    attention.crossedWhileClosed > 0 ? at.crossedWhileClosed(attention.crossedWhileClosed) : undefined,
    attention.sessionLost ? at.sessionLost : undefined,
    attention.intakePortTaken ? at.intakePortTaken : undefined,
    attention.dropFolderChanged === true ? at.dropFolderChanged : undefined,
  ].filter((line): line is string => line !== undefined)
  if (ringing.length === 0 && lines.length === 0) return null
  return (
    <section className="attention-banner" aria-label={at.alarmTitle}>
      {ringing.length > 0 && (
        <ul className="attention-ringing">
          {ringing.map((order) => {
            const code = shortCodeOf(order.paymentKey)
            const byKey = order.paymentKey === keyTarget
            return (
              <li key={order.paymentKey}>
                <span>{at.ringing(code, at.reason[order.reason])}</span>{' '}
                <button
                  type="button"
                  className="button warning small"
                  aria-label={at.silenceOrder(code)}
                  aria-keyshortcuts={byKey ? SILENCE_KEY : undefined}
                  onClick={() => silence.mutate(order.paymentKey)}
                >
                  {at.silence}
                </button>
                {/* Beside the button, not in it: its name must hold all its visible words (WCAG 2.5.3), and the
                    name and aria-keyshortcuts already tell a screen reader. */}
                {byKey && (
                  <>
                    {' '}
                    <kbd aria-hidden="true">{SILENCE_KEY}</kbd>
                  </>
                )}
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
