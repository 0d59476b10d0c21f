import type { BoardOrder } from '../../../../src-shared/domain.ts'
import { formatKurus } from '../../../../src-shared/money.ts'
import { useMessages } from '../../i18n/use-messages.tsx'
import { courierCollectsAtDoor, isCash } from '../../slip/cash.ts'

/**
 * What a card says of its courier's day (issue 21): what the courier collects at the door (Settings'
 * collectedAtDoor: "Kurye nakit tahsil edecek", or the method's name) and how much when known, the amount
 * otherwise, and the courier who carries it.
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
  const method =
    order.paymentMethod === undefined ? '' : (methodNames.get(order.paymentMethod) ?? order.paymentMethod)
  const amount = order.amountKurus === undefined ? undefined : formatKurus(order.amountKurus, language)
  return (
    <>
      {collects && (
        <span className="cash-note">
          {isCash(order.paymentMethod) ? t.cashOnDelivery : ct.collectAtDoor(method)}
          {amount !== undefined && `: ${amount}`}
        </span>
      )}
      {!collects && amount !== undefined && <span className="order-amount">{ct.cardAmount(amount)}</span>}
      {order.courier && <span className="order-courier">{ct.cardCourier(order.courier.name)}</span>}
    </>
  )
}
