import { useEffect, useRef } from 'react'
import type { BoardOrder } from '../../../../src-shared/domain.ts'
import { shortCodeOf } from '../../../../src-shared/order-rules.ts'
import { formatTime } from '../../i18n/index.ts'
import { useMessages } from '../../i18n/use-messages.tsx'
import { useBoardUi } from '../../state.ts'

/**
 * Where an order came from (POS, link, command line, folder, typed or scanned) and when, on its card; and, when
 * another way in offered to change what the order said, which way and what (it was not changed, D71).
 */
export function OrderSource({ order }: { order: Pick<BoardOrder, 'source' | 'addedAt' | 'refusedChange'> }) {
  const texts = useMessages().t.intake
  const { language } = useMessages()
  // Orders kept from before the intake have no source: they were all typed or scanned.
  const source = texts.source[order.source ?? 'typed']
  const time = formatTime(order.addedAt, language)
  const refused = order.refusedChange
  const refusal =
    refused &&
    texts.refusedChange(
      texts.source[refused.source],
      refused.fields.map((field) => texts.detailName[field]).join(', '),
    )
  return (
    <span className="order-source" title={texts.sourceLabel(source, time) + (refusal ? `. ${refusal}` : '')}>
      {source} · <time dateTime={order.addedAt}>{time}</time>
      {refusal && ` · ${refusal}`}
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
