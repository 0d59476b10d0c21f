import { memo, useId } from 'react'
import type { BoardOrder } from '../../../../src-shared/domain.ts'
import type { AppError } from '../../../../src-shared/errors.ts'
import { handoverEligibility, isOwed, shortCodeOf } from '../../../../src-shared/order-rules.ts'
import { AttentionMark } from '../../all-day/AttentionMark.tsx'
import { describeError } from '../../i18n/describe-error.ts'
import { useMessages } from '../../i18n/use-messages.tsx'
import { SlipButton } from '../../slip/SlipButton.tsx'
import { HandoverStatus } from './HandoverStatus.tsx'
import { OrderActionButtons, type OrderActions } from './OrderActionButtons.tsx'
import { OrderCourierFacts } from './OrderCourierFacts.tsx'
import { OrderSource } from './OrderSource.tsx'

interface OrderItemProps {
  order: BoardOrder
  methodNames: ReadonlyMap<string, string>
  actions: OrderActions
  /** Why the core refused the last press of this order's buttons (a second press while one is owed…). */
  refusal?: AppError | undefined
  /** Found by a scan or a search: shown highlighted for a moment. */
  highlighted?: boolean
  /** Where the board's windowing needs it: the item's place in the list, and a ref to measure its height. */
  index?: number
  setSize?: number
  measureRef?: ((element: HTMLLIElement | null) => void) | undefined
  /** The payment methods the courier collects at the door (Settings' collectedAtDoor). */
  collectedAtDoor?: readonly string[] | undefined
}

/** The id of an order's card, so a scan or a search can bring it into view. */
export function cardIdOf(paymentKey: string): string {
  return `order-${paymentKey}`
}

/**
 * One order: a short code to read aloud, the full payment_key for support calls, what is known of it, and
 * its hand-over. `Kaldır` sits apart from the main button (docs/decisions.md D41). Memoised so that one
 * order's change re-renders that order only.
 */
export const OrderItem = memo(function OrderItem({
  order,
  methodNames,
  actions,
  refusal,
  highlighted = false,
  index,
  setSize,
  measureRef,
  collectedAtDoor,
}: OrderItemProps) {
  const { t } = useMessages()
  const codeId = useId()
  const code = shortCodeOf(order.paymentKey)
  const eligibility = handoverEligibility(order)
  const nameOf = (key: string | undefined) => (key === undefined ? undefined : (methodNames.get(key) ?? key))
  const facts = [nameOf(order.shippingMethod), nameOf(order.paymentMethod)].filter(Boolean).join(' · ')
  const { handover } = order
  const owed = isOwed(handover)
  // "Already sending" is news only while it is: once the hand-over settles, the answer on screen says more.
  const shownRefusal = refusal && (refusal.problem !== 'already-sending' || owed) ? refusal : undefined

  return (
    <li
      id={cardIdOf(order.paymentKey)}
      className={`order order-${handover.state}${highlighted ? ' highlighted' : ''}`}
      aria-labelledby={codeId}
      data-index={index}
      aria-posinset={index === undefined ? undefined : index + 1}
      aria-setsize={setSize}
      tabIndex={-1}
      ref={measureRef}
    >
      <div className="order-info">
        <span className="order-code" id={codeId}>
          {code}
        </span>
        {order.label && <span className="order-label">{order.label}</span>}
        {facts && <span className="order-facts">{facts}</span>}
        <OrderCourierFacts order={order} collectedAtDoor={collectedAtDoor} methodNames={methodNames} />
        <code className="payment-key">{order.paymentKey}</code>
        <OrderSource order={order} />
      </div>
      <div className="order-action">
        {eligibility === 'pickup' && <p className="muted">{t.notEligiblePickup}</p>}
        {eligibility === 'platform-courier' && <p className="muted">{t.notEligiblePlatformCourier}</p>}
        <HandoverStatus handover={handover} />
        <AttentionMark order={order} />
        {(eligibility === 'eligible' || eligibility === 'unknown') && (
          <OrderActionButtons order={order} code={code} actions={actions} />
        )}
        <SlipButton order={order} />
        {shownRefusal && (
          <p className="press-refusal" role="status">
            {describeError(shownRefusal, t).text}
          </p>
        )}
      </div>
      <div className="order-remove">
        <button
          type="button"
          className="button secondary small"
          aria-label={t.removeOrder(code)}
          disabled={owed}
          onClick={() => actions.remove(order.paymentKey)}
        >
          {t.remove}
        </button>
      </div>
    </li>
  )
})
