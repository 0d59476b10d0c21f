import { useState, type ReactNode } from 'react'
import type { BoardOrder } from '../../../../src-shared/domain.ts'
import { useBoardUi } from '../../state.ts'
import type { OrderActions } from './OrderActionButtons.tsx'
import { useMessages } from '../../i18n/use-messages.tsx'

/**
 * Handed-over orders, folded away under "Verilenler" so the rush sees only what still needs a hand
 * (docs/decisions.md D43). `Verilenleri temizle` takes them off the board; History keeps them.
 */
export function HandedOverGroup({
  orders,
  reveal,
  actions,
  renderItem,
}: {
  orders: readonly BoardOrder[]
  reveal: { paymentKey: string; nonce: number } | undefined
  actions: OrderActions
  renderItem: (order: BoardOrder, index: number, setSize: number) => ReactNode
}) {
  const rt = useMessages().t.board
  const announce = useBoardUi((state) => state.announce)
  const [open, setOpen] = useState(false)
  // A scan of a handed-over order opens the group, so the order is shown.
  const [seenReveal, setSeenReveal] = useState(reveal?.nonce)
  if (reveal && reveal.nonce !== seenReveal) {
    setSeenReveal(reveal.nonce)
    if (orders.some((order) => order.paymentKey === reveal.paymentKey)) setOpen(true)
  }
  if (orders.length === 0) return null
  return (
    <details
      className="handed-over-group"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>{rt.handedOverGroup(orders.length)}</summary>
      <button
        type="button"
        className="button secondary small"
        onClick={() => {
          for (const order of orders) actions.remove(order.paymentKey)
          announce(rt.clearedHandedOver(orders.length))
        }}
      >
        {rt.clearHandedOver}
      </button>
      {open && (
        <ul className="orders handed-over-list" aria-label={rt.handedOverGroup(orders.length)}>
          {orders.map((order, index) => renderItem(order, index, orders.length))}
        </ul>
      )}
    </details>
  )
}
