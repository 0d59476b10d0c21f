import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useState, type ReactNode } from 'react'
import type { BoardOrder } from '../../../../src-shared/domain.ts'
import { focusRevealed } from './reveal.ts'

/** Room between two orders, in px: the same in the CSS gap and in the windowing's arithmetic. */
const GAP = 6
const ESTIMATED_HEIGHT = 80
/** Orders rendered beyond the screen's edges, so scrolling and keyboard focus find them ready. */
const OVERSCAN = 8

/**
 * The board's list, windowed: a busy evening can put thousands of orders on it, and only those on (or near)
 * the screen are in the page. The others are stood in for by padding, so the page scrolls as if all were
 * there; each rendered item carries its place in the list for assistive technology.
 */
export function OrderList({
  orders,
  label,
  reveal,
  renderItem,
}: {
  orders: readonly BoardOrder[]
  label: string
  /** The order a scan or a search found: scrolled into view and focused (a new nonce each time). */
  reveal?: { paymentKey: string; nonce: number } | undefined
  renderItem: (
    order: BoardOrder,
    index: number,
    measureRef: (element: HTMLLIElement | null) => void,
  ) => ReactNode
}) {
  const [list, setList] = useState<HTMLUListElement | null>(null)
  const scrollMargin = list ? list.getBoundingClientRect().top + window.scrollY : 0
  const virtualizer = useWindowVirtualizer({
    count: orders.length,
    estimateSize: () => ESTIMATED_HEIGHT,
    overscan: OVERSCAN,
    gap: GAP,
    scrollMargin,
    getItemKey: (index) => orders[index]?.paymentKey ?? index,
  })
  const revealIndex = reveal ? orders.findIndex((order) => order.paymentKey === reveal.paymentKey) : -1
  useEffect(() => {
    if (!reveal || revealIndex === -1) return
    virtualizer.scrollToIndex(revealIndex, { align: 'center' })
    return focusRevealed(reveal.paymentKey)
    // Only a new reveal moves the list; the list moving under it must not pull it back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reveal?.nonce, revealIndex === -1])
  const items = virtualizer.getVirtualItems()
  const first = items[0]
  const last = items.at(-1)
  const paddingTop = first ? first.start - scrollMargin : 0
  const paddingBottom = last ? virtualizer.getTotalSize() - last.end : 0

  return (
    <ul className="orders" aria-label={label} ref={setList} style={{ paddingTop, paddingBottom, gap: GAP }}>
      {items.map((item) => {
        const order = orders[item.index]
        return order ? renderItem(order, item.index, virtualizer.measureElement) : null
      })}
    </ul>
  )
}
