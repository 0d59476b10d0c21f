import { memo, useId } from 'react'
import type { BoardOrder, Handover } from '../../../../src-shared/domain.ts'
import type { AppError } from '../../../../src-shared/errors.ts'
import { handoverEligibility, isOwed, shortCodeOf } from '../../../../src-shared/order-rules.ts'
import { describeError } from '../../i18n/describe-error.ts'
import { useMessages } from '../../i18n/use-messages.tsx'
import { SlipButton } from '../../slip/SlipButton.tsx'
import { HandoverStatus } from './HandoverStatus.tsx'
import { OrderSource } from './OrderSource.tsx'

interface OrderItemProps {
  order: BoardOrder
  methodNames: ReadonlyMap<string, string>
  onHandOver: (paymentKey: string) => void
  onRemove: (paymentKey: string) => void
  /** Why the core refused the last press of this order's buttons (a second press while one is owed…). */
  refusal?: AppError | undefined
  /** Where the board's windowing needs it: the item's place in the list, and a ref to measure its height. */
  index?: number
  setSize?: number
  measureRef?: ((element: HTMLLIElement | null) => void) | undefined
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
  refusal,
  index,
  setSize,
  measureRef,
}: OrderItemProps) {
  const { t } = useMessages()
  const codeId = useId()
  const code = shortCodeOf(order.paymentKey)
  const eligibility = handoverEligibility(order)
  const nameOf = (key: string | undefined) => (key === undefined ? undefined : (methodNames.get(key) ?? key))
  const facts = [nameOf(order.shippingMethod), nameOf(order.paymentMethod)].filter(Boolean).join(' · ')
  const collectsCash =
    order.paymentMethod === 'CASH' && order.shippingMethod !== 'pickup' && eligibility !== 'platform-courier'
  const { handover } = order
  const owed = isOwed(handover)
  // "Already sending" is news only while it is: once the hand-over settles, the answer on screen says more.
  const shownRefusal = refusal && (refusal.problem !== 'already-sending' || owed) ? refusal : undefined

  return (
    <li
      className={`order order-${handover.state}`}
      aria-labelledby={codeId}
      data-index={index}
      aria-posinset={index === undefined ? undefined : index + 1}
      aria-setsize={setSize}
      ref={measureRef}
    >
      <div className="order-info">
        <span className="order-code" id={codeId}>
          {code}
        </span>
        {order.label && <span className="order-label">{order.label}</span>}
        <code className="payment-key">{order.paymentKey}</code>
        {facts && <span className="order-facts">{facts}</span>}
        <OrderSource order={order} />
        {collectsCash && <span className="cash-note">{t.cashOnDelivery}</span>}
      </div>
      <div className="order-action">
        {eligibility === 'pickup' && <p className="muted">{t.notEligiblePickup}</p>}
        {eligibility === 'platform-courier' && <p className="muted">{t.notEligiblePlatformCourier}</p>}
        <HandoverStatus handover={handover} />
        {(eligibility === 'eligible' || eligibility === 'unknown') && handover.state !== 'handed-over' && (
          <HandOverButton handover={handover} onPress={() => onHandOver(order.paymentKey)} />
        )}
        <SlipButton order={order} methodNames={methodNames} />
        {shownRefusal && (
          <p className="press-refusal" role="status">
            {describeError(shownRefusal, t).text}
          </p>
        )}
        <button
          type="button"
          className="button secondary small"
          aria-label={t.removeOrder(code)}
          disabled={owed}
          onClick={() => onRemove(order.paymentKey)}
        >
          {t.remove}
        </button>
      </div>
    </li>
  )
})

/** "Kuryeye Verildi"; while the hand-over is owed it says so and cannot be pressed, after a refusal it retries. */
function HandOverButton({ handover, onPress }: { handover: Handover; onPress: () => void }) {
  const { t } = useMessages()
  const owed = isOwed(handover)
  return (
    <button
      type="button"
      className="button primary handover"
      disabled={owed}
      aria-busy={owed}
      onClick={onPress}
    >
      {owed
        ? t.sending
        : handover.state === 'failed' || handover.state === 'unconfirmed'
          ? t.retry
          : t.handOver}
    </button>
  )
}
