import { useEffect, useRef } from 'react'
import type { BoardOrder } from '../../../../src-shared/domain.ts'
import { shortCodeOf } from '../../../../src-shared/order-rules.ts'
import { formatTime } from '../../i18n/index.ts'
import { useMessages } from '../../i18n/use-messages.tsx'
import { useBoardUi } from '../../state.ts'

/**
 * Where an order came from (POS, link, command line, folder, typed or scanned) and when, on its card; when the
 * POS or staff corrected what it said, who and what (issue 27.3); and, when another way in offered to change it,
 * which way and what (it was not changed, D71).
 */
export function OrderSource({
  order,
}: {
  order: Pick<BoardOrder, 'source' | 'addedAt' | 'refusedChange' | 'corrected'>
}) {
  const texts = useMessages().t.intake
  const { language } = useMessages()
  // Orders kept from before the intake have no source: they were all typed or scanned.
  const source = texts.source[order.source ?? 'typed']
  const time = formatTime(order.addedAt, language)
  const change = (said: (source: string, fields: string) => string, what: BoardOrder['corrected']) =>
    what && said(texts.source[what.source], what.fields.map((field) => texts.detailName[field]).join(', '))
  const notes = [
    change(texts.corrected, order.corrected),
    change(texts.refusedChange, order.refusedChange),
  ].filter((note) => note !== undefined)
  return (
    <span className="order-source" title={[texts.sourceLabel(source, time), ...notes].join('. ')}>
      {source} · <time dateTime={order.addedAt}>{time}</time>
      {notes.map((note) => ` · ${note}`).join('')}
    </span>
  )
}

/**
 * Tells screen readers, politely, of orders that reach the board without anyone at the screen adding them
 * (the POS, a link, the command line, the folder), through the board's one live region (BoardAnnouncer).
 * Orders on the board when it opened are not news, nor are the ones staff type or scan (they just did). A
 * burst is one sentence, not hundreds.
 */
export function useAnnounceIncomingOrders(orders: readonly BoardOrder[] | undefined): void {
  const texts = useMessages().t.intake
  const announce = useBoardUi((state) => state.announce)
  const seen = useRef<Set<string> | undefined>(undefined)
  useEffect(() => {
    if (orders === undefined) return
    if (seen.current === undefined) {
      seen.current = new Set(orders.map((order) => order.paymentKey))
      return
    }
    const known = seen.current
    const arrived = orders.filter((order) => !known.has(order.paymentKey))
    for (const order of arrived) known.add(order.paymentKey)
    const fromOutside = arrived.filter((order) => order.source !== undefined && order.source !== 'typed')
    const [first] = fromOutside
    if (first === undefined) return
    announce(
      fromOutside.length === 1
        ? texts.arrived(shortCodeOf(first.paymentKey), texts.source[first.source ?? 'typed'])
        : texts.arrivedMany(fromOutside.length),
    )
  }, [orders, texts, announce])
}
