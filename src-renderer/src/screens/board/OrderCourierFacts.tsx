import type { BoardOrder } from '../../../../src-shared/domain.ts'
import { formatKurus } from '../../../../src-shared/money.ts'
import { useMessages } from '../../i18n/use-messages.tsx'
import { courierCollectsAtDoor, isCash } from '../../slip/cash.ts'

/**
 * What a card says of its courier's day (issue 21), on one line: what the courier collects at the door (Settings'
 * collectedAtDoor: "Kurye nakit tahsil edecek", or the method's name) and how much when known; what the customer
 * paid at the door another way, once staff recorded it (issue 28: the card agrees with Gün sonu); the amount
 * otherwise; and the courier who carries it.
 */
export function OrderCourierFacts({
  order,
  collectedAtDoor,
  methodNames,
}: {
  order: BoardOrder
  collectedAtDoor: readonly string[] | undefined
  methodNames: ReadonlyMap<string, string>
}) {
  const { t, language } = useMessages()
  const ct = t.couriers
  const collects = courierCollectsAtDoor(order, collectedAtDoor)
  // The method recorded at the door stands in place of the order's own (courier-rules' doorTenderOf).
  const doorMethod = order.doorMethod ?? order.paymentMethod
  const method = doorMethod === undefined ? '' : (methodNames.get(doorMethod) ?? doorMethod)
  const paidAtDoor = !collects && order.doorMethod !== undefined
  const amount = order.amountKurus === undefined ? undefined : formatKurus(order.amountKurus, language)
  return (
    <>
      {collects && (
        <span className="cash-note">
          {isCash(doorMethod) ? t.cashOnDelivery : ct.collectAtDoor(method)}
          {amount !== undefined && `: ${amount}`}
        </span>
      )}
      {paidAtDoor && (
        <span className="order-amount">
          {ct.paidAtDoor(method)}
          {amount !== undefined && `: ${amount}`}
        </span>
      )}
      {!collects && !paidAtDoor && amount !== undefined && (
        <span className="order-amount">{ct.cardAmount(amount)}</span>
      )}
      {order.courier && <span className="order-courier">{ct.cardCourier(order.courier.name)}</span>}
    </>
  )
}
