import { memo, useId } from 'react'
import type { BoardOrder } from '../../../../src-shared/domain.ts'
import { handoverEligibility, shortCodeOf } from '../../../../src-shared/order-rules.ts'
import { ErrorMessage } from '../../components/ErrorMessage.tsx'
import { formatTime } from '../../i18n/index.ts'
import { useMessages } from '../../i18n/use-messages.ts'

interface OrderItemProps {
  order: BoardOrder
  methodNames: ReadonlyMap<string, string>
  onHandOver: (paymentKey: string) => void
  onRemove: (paymentKey: string) => void
}

/**
 * One order: a short code to read aloud, the full payment_key for support calls, what is known of it, and
 * its hand-over. Memoised so that one order's change re-renders that order only.
 */
export const OrderItem = memo(function OrderItem({
  order,
  methodNames,
  onHandOver,
  onRemove,
}: OrderItemProps) {
  const { t, language } = useMessages()
  const codeId = useId()
  const code = shortCodeOf(order.paymentKey)
  const eligibility = handoverEligibility(order)
  const nameOf = (key: string | undefined) => (key === undefined ? undefined : (methodNames.get(key) ?? key))
  const facts = [nameOf(order.shippingMethod), nameOf(order.paymentMethod)].filter(Boolean).join(' · ')
  const collectsCash =
    order.paymentMethod === 'CASH' && order.shippingMethod !== 'pickup' && eligibility !== 'platform-courier'
  const { handover } = order

  return (
    <li className={`order order-${handover.state}`} aria-labelledby={codeId}>
      <div className="order-info">
        <span className="order-code" id={codeId}>
          {code}
        </span>
        {order.label && <span className="order-label">{order.label}</span>}
        <code className="payment-key">{order.paymentKey}</code>
        {facts && <span className="order-facts">{facts}</span>}
        {collectsCash && <span className="cash-note">{t.cashOnDelivery}</span>}
      </div>
      <div className="order-action">
        {eligibility === 'pickup' && <p className="muted">{t.notEligiblePickup}</p>}
        {eligibility === 'platform-courier' && <p className="muted">{t.notEligiblePlatformCourier}</p>}
        {(eligibility === 'eligible' || eligibility === 'unknown') && (
          <>
            {handover.state === 'handed-over' && (
              <p className="handed-over" role="status">
                {t.handedOverAt(formatTime(handover.at, language))}
              </p>
            )}
            {handover.state === 'failed' && <ErrorMessage error={handover.error} />}
            {handover.state !== 'handed-over' && (
              <button
                type="button"
                className="button primary handover"
                disabled={handover.state === 'sending'}
                aria-busy={handover.state === 'sending'}
                onClick={() => onHandOver(order.paymentKey)}
              >
                {handover.state === 'sending'
                  ? t.sending
                  : handover.state === 'failed'
                    ? t.retry
                    : t.handOver}
              </button>
            )}
          </>
        )}
        <button
          type="button"
          className="button secondary small"
          aria-label={t.removeOrder(code)}
          disabled={handover.state === 'sending'}
          onClick={() => onRemove(order.paymentKey)}
        >
          {t.remove}
        </button>
      </div>
    </li>
  )
})
