import { useEffect, useRef } from 'react'
import type { BoardOrder } from '../../../../src-shared/domain.ts'
import { shortCodeOf } from '../../../../src-shared/order-rules.ts'
import { useBoardUi } from '../../state.ts'
import { useMessages } from '../../i18n/use-messages.tsx'

/**
 * One polite live region for the board: what a scan or a button did, every change of an order's state
 * ("000-009: kuryeye verildi") and the orders that arrive from outside (OrderSource.tsx), so a screen reader
 * follows the rush without moving focus.
 */
export function BoardAnnouncer({ orders }: { orders: readonly BoardOrder[] | undefined }) {
  const rt = useMessages().t.board
  const announcement = useBoardUi((state) => state.announcement)
  const announce = useBoardUi((state) => state.announce)
  const lastStates = useRef<Map<string, string> | undefined>(undefined)
  useEffect(() => {
    if (!orders) return
    const before = lastStates.current
    const now = new Map(orders.map((order) => [order.paymentKey, order.handover.state]))
    lastStates.current = now
    if (!before) return
    const changed = orders.filter(
      (order) => before.has(order.paymentKey) && before.get(order.paymentKey) !== order.handover.state,
    )
    if (changed.length === 0) return
    announce(
      changed
        .map((order) => rt.announceState(shortCodeOf(order.paymentKey), rt.stateWords[order.handover.state]))
        .join(' '),
    )
  }, [orders, announce, rt])
  return (
    <p className="visually-hidden" aria-live="polite" role="status" data-testid="board-announcer">
      {announcement.text}
    </p>
  )
}
