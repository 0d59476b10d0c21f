import { useEffect, useMemo, useState, type ReactNode } from 'react'
import type { BoardOrder } from '../../../../src-shared/domain.ts'
import { isOwed, shortCodeOf } from '../../../../src-shared/order-rules.ts'
import { AttentionBanner } from '../../attention/AttentionBanner.tsx'
import { useAttention } from '../../attention/use-attention.ts'
import { appErrorOf } from '../../api.ts'
import { ErrorMessage } from '../../components/ErrorMessage.tsx'
import { useMessages } from '../../i18n/use-messages.tsx'
import { useMethodNames, useMethods, useOrders, useSettings } from '../../queries.ts'
import { orderFieldElement, useBoardUi } from '../../state.ts'
import { AddOrderForm } from './AddOrderForm.tsx'
import { BatchBar } from './BatchBar.tsx'
import { arrangeBoard, matchesFilter, RECENT_HAND_OVER_MS, type BoardFilter } from './board-rules.ts'
import { BoardAnnouncer } from './BoardAnnouncer.tsx'
import { BoardCounts, BoardFilterBar } from './BoardSummary.tsx'
import { CourierPicker } from './CourierPicker.tsx'
import { CourierStrip } from './CourierStrip.tsx'
import { HandedOverGroup } from './HandedOverGroup.tsx'
import { OrderItem } from './OrderItem.tsx'
import { OrderList } from './OrderList.tsx'
import { useAnnounceIncomingOrders } from './OrderSource.tsx'
import { installScannerRedirect } from './scanner-redirect.ts'
import { useBoardActions } from './use-board-actions.ts'
import { useCourierActions } from './use-courier-actions.ts'

const NO_FILTER: BoardFilter = { text: '', state: 'all' }

/**
 * The rush board (docs/decisions.md D41, D43): the order field on top and always in view, the counts, the
 * filter, orders needing attention first, handed-over orders folded away in "Verilenler". The filter shares one
 * slim row with `reference` (the folded branch and method lists), so the cards get the height (issue 30).
 */
export function OrderBoard({ reference }: { reference?: ReactNode }) {
  const { t } = useMessages()
  const rt = useMessages().t.board
  const orders = useOrders()
  const methods = useMethods(true)
  const sounds = useSettings().data?.sounds ?? false
  const { actions, refusals, undoRemove } = useBoardActions(sounds)
  // A card's `Kuryeye Verildi` names its courier: the batch's, or one picked (issue 21).
  const cardActions = useCourierActions(actions)
  const collectedAtDoor = useSettings().data?.collectedAtDoor
  const removing = useBoardUi((state) => state.removing)
  const reveal = useBoardUi((state) => state.reveal)
  const [filter, setFilter] = useFilterClearedOnReveal(reveal?.nonce)
  const error = appErrorOf(orders.error)

  useEffect(() => installScannerRedirect({ orderField: orderFieldElement }), [])
  useOwedWarningOnLeave(orders.data)
  useAnnounceIncomingOrders(orders.data)

  const attention = useAttention().data
  const attentionKeys = useMemo(
    () => new Set((attention?.orders ?? []).map((order) => order.paymentKey)),
    [attention],
  )
  const methodNames = useMethodNames(methods.data)
  const visible = useMemo(
    () => (orders.data ?? []).filter((order) => !removing.has(order.paymentKey)),
    [orders.data, removing],
  )
  const now = useMinuteTick(orders.data)
  const shown = useMemo(
    () =>
      arrangeBoard(
        visible.filter((order) => matchesFilter(order, filter, attentionKeys)),
        now,
        attentionKeys,
      ),
    [visible, filter, now, attentionKeys],
  )
  const renderItem = (
    order: BoardOrder,
    index: number,
    setSize: number,
    measureRef?: (element: HTMLLIElement | null) => void,
  ) => (
    <OrderItem
      key={order.paymentKey}
      order={order}
      index={index}
      setSize={setSize}
      measureRef={measureRef}
      methodNames={methodNames}
      actions={cardActions}
      collectedAtDoor={collectedAtDoor}
      refusal={refusals.get(order.paymentKey)}
      highlighted={reveal?.paymentKey === order.paymentKey}
    />
  )

  return (
    <section className="board" aria-labelledby="board-title">
      <div className="board-tools">
        {reference}
        <BoardFilterBar filter={filter} onChange={setFilter} orders={visible} />
      </div>
      <div className="board-top">
        <h2 id="board-title" className="visually-hidden">
          {t.orders}
        </h2>
        <AddOrderForm methods={methods.data} orders={orders.data} sounds={sounds} />
        <BatchBar orders={orders.data} actions={actions} methodNames={methodNames} />
        <BoardAnnouncer orders={orders.data} />
        <BoardCounts orders={visible} attention={attentionKeys} />
      </div>
      <AttentionBanner attention={attention} />
      <CourierStrip />
      <RemovedNotes removing={[...removing.keys()]} onUndo={undoRemove} />
      {orders.isPending && <p className="muted">{t.loading}</p>}
      {error && <ErrorMessage error={error} onRetry={() => void orders.refetch()} />}
      {orders.data && visible.length === 0 && <p className="muted empty">{t.ordersEmpty}</p>}
      {visible.length > 0 && shown.active.length === 0 && shown.handedOver.length === 0 && (
        <p className="muted empty">{rt.filterNoMatch}</p>
      )}
      {shown.active.length > 0 && (
        <OrderList
          orders={shown.active}
          label={t.orders}
          reveal={reveal}
          renderItem={(order, index, measureRef) => renderItem(order, index, shown.active.length, measureRef)}
        />
      )}
      <HandedOverGroup orders={shown.handedOver} reveal={reveal} actions={actions} renderItem={renderItem} />
      <CourierPicker actions={actions} orders={orders.data} />
    </section>
  )
}

/** Web mode: closing the tab with hand-overs owed asks first (the desktop app asks in its own quit dialog). */
function useOwedWarningOnLeave(orders: readonly BoardOrder[] | undefined) {
  const owed = (orders ?? []).filter((order) => isOwed(order.handover)).length
  useEffect(() => {
    if (owed === 0) return
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault()
    }
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [owed])
}

/**
 * The time the board is arranged at: it moves on when an order changes, and once more when a just-handed-over
 * order's minute among the active ones has run out.
 */
function useMinuteTick(orders: readonly BoardOrder[] | undefined): number {
  const [now, setNow] = useState(() => Date.now())
  const recent = (orders ?? []).some(
    (order) =>
      order.handover.state === 'handed-over' && now - Date.parse(order.handover.at) < RECENT_HAND_OVER_MS,
  )
  useEffect(() => {
    const refresh = () => setNow(Date.now())
    const first = window.setTimeout(refresh, 0)
    const every = recent ? window.setInterval(refresh, 5_000) : undefined
    return () => {
      window.clearTimeout(first)
      window.clearInterval(every)
    }
  }, [orders, recent])
  return now
}

/** `Kaldır` taken: the order is gone from the board, and can be brought back for a few seconds (D41). */
function RemovedNotes({ removing, onUndo }: { removing: string[]; onUndo: (paymentKey: string) => void }) {
  const rt = useMessages().t.board
  return removing.map((paymentKey) => (
    <p key={paymentKey} className="removed-note" role="status">
      {rt.removed(shortCodeOf(paymentKey))}{' '}
      <button type="button" className="button warning small" onClick={() => onUndo(paymentKey)}>
        {rt.undoRemove(shortCodeOf(paymentKey))}
      </button>
    </p>
  ))
}

/** The board's filter. A scan that finds an order (a new reveal) clears it: what was scanned is always shown. */
function useFilterClearedOnReveal(revealNonce: number | undefined) {
  const [filter, setFilter] = useState<BoardFilter>(NO_FILTER)
  const [seenReveal, setSeenReveal] = useState(revealNonce)
  if (revealNonce !== undefined && revealNonce !== seenReveal) {
    setSeenReveal(revealNonce)
    setFilter(NO_FILTER)
  }
  return [filter, setFilter] as const
}
