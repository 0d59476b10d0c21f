import { memo, useId } from 'react'
import type { BoardOrder } from '../../../../src-shared/domain.ts'
import type { AppError } from '../../../../src-shared/errors.ts'
import { handoverEligibility, isOwed, shortCodeOf } from '../../../../src-shared/order-rules.ts'
import { AlarmNote, ReadyMark, SilenceButton } from '../../attention/AttentionMark.tsx'
import { describeError } from '../../i18n/describe-error.ts'
import { useMessages } from '../../i18n/use-messages.tsx'
import { useSlipQueue } from '../../slip/slip-queue.ts'
import { HandoverStatus } from './HandoverStatus.tsx'
import { OrderAccountTag } from './OrderAccountTag.tsx'
import { OrderActionButtons, OrderMenu, type OrderActions } from './OrderActionButtons.tsx'
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
 * One order, compact enough that four real POS orders fit at 1024×768 (issue 30): a short code to read aloud and
 * the label, the money, the courier and the ready mark, the full payment_key for support calls, what needs a hand,
 * and the main button. `Kaldır` sits in the menu, apart from the main button (docs/decisions.md D41). Memoised so
 * that one order's change re-renders that order only.
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
  // The menu is closed most of the time: a slip that did not print is said on the card itself.
  const slipFailed = useSlipQueue((state) => state.failed.has(order.paymentKey))
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
      {/* What the courier and the cashier read first: the code and the POS's label (the address), on one line. */}
      <div className="order-info">
        <p className="order-head">
          <span className="order-code" id={codeId} title={order.paymentKey}>
            {code}
          </span>
          <OrderAccountTag order={order} code={code} />
          {order.label && (
            <span className="order-label" title={order.label}>
              {order.label}
            </span>
          )}
        </p>
        {/* Then why it rings, the money, the courier and the ready mark, small and on one line where it fits. */}
        <p className="order-facts-line">
          <AlarmNote order={order} />
          <OrderCourierFacts order={order} collectedAtDoor={collectedAtDoor} methodNames={methodNames} />
          <ReadyMark order={order} />
          {facts && <span className="order-facts">{facts}</span>}
          <OrderSource order={order} />
          <code className="payment-key">{order.paymentKey}</code>
        </p>
        <div className="order-notes">
          {eligibility === 'pickup' && <p className="muted">{t.notEligiblePickup}</p>}
          {eligibility === 'platform-courier' && <p className="muted">{t.notEligiblePlatformCourier}</p>}
          <HandoverStatus handover={handover} />
          {slipFailed && (
            <p className="press-refusal" role="status">
              {t.slip.printFailed}
            </p>
          )}
          {shownRefusal && (
            <p className="press-refusal" role="status">
              {describeError(shownRefusal, t).text}
            </p>
          )}
        </div>
      </div>
      {/* The one press that matters, big, on the right; Sessize al beside it while the order rings; the rest in
          the menu, apart from it (docs/decisions.md D41). */}
      <div className="order-action">
        <SilenceButton order={order} />
        {(eligibility === 'eligible' || eligibility === 'unknown') && (
          <OrderActionButtons order={order} code={code} actions={actions} />
        )}
        <OrderMenu order={order} code={code} actions={actions} />
      </div>
    </li>
  )
})
