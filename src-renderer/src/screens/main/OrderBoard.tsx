import { useCallback, useMemo, useState } from 'react'
import type { AppError } from '../../../../src-shared/errors.ts'
import { appErrorOf } from '../../api.ts'
import { ErrorMessage } from '../../components/ErrorMessage.tsx'
import { Panel } from '../../components/Panel.tsx'
import { useMessages } from '../../i18n/use-messages.tsx'
import { useMarkOnTheWay, useMethods, useOrders, useRemoveOrder } from '../../queries.ts'
import { AddOrderForm } from './AddOrderForm.tsx'
import { OrderItem } from './OrderItem.tsx'
import { OrderList } from './OrderList.tsx'
import { IncomingOrderAnnouncer } from './OrderSource.tsx'

/** The order board: newest first, each order one list item with its own "Kuryeye Verildi". */
export function OrderBoard() {
  const { t } = useMessages()
  const orders = useOrders()
  const methods = useMethods(true)
  const [refusals, setRefusals] = useState<ReadonlyMap<string, AppError>>(new Map())
  const noteRefusal = useCallback((paymentKey: string, refusal: AppError | undefined) => {
    setRefusals((current) => {
      if (current.get(paymentKey) === refusal) return current
      const next = new Map(current)
      if (refusal) next.set(paymentKey, refusal)
      else next.delete(paymentKey)
      return next
    })
  }, [])
  const markOnTheWay = useMarkOnTheWay(noteRefusal)
  const removeOrder = useRemoveOrder(noteRefusal)
  const error = appErrorOf(orders.error)

  const methodNames = useMemo(() => {
    const names = new Map<string, string>()
    for (const method of [
      ...(methods.data?.paymentMethods ?? []),
      ...(methods.data?.shippingMethods ?? []),
    ]) {
      names.set(method.key, method.name)
    }
    return names
  }, [methods.data])
  const newestFirst = useMemo(() => (orders.data ? [...orders.data].reverse() : []), [orders.data])

  return (
    <Panel title={t.orders}>
      <AddOrderForm methods={methods.data} />
      <IncomingOrderAnnouncer orders={orders.data} />
      {orders.isPending && <p className="muted">{t.loading}</p>}
      {error && <ErrorMessage error={error} onRetry={() => void orders.refetch()} />}
      {orders.data?.length === 0 && <p className="muted empty">{t.ordersEmpty}</p>}
      {newestFirst.length > 0 && (
        <OrderList
          orders={newestFirst}
          label={t.orders}
          renderItem={(order, index, measureRef) => (
            <OrderItem
              key={order.paymentKey}
              order={order}
              index={index}
              setSize={newestFirst.length}
              measureRef={measureRef}
              methodNames={methodNames}
              onHandOver={markOnTheWay.mutate}
              onRemove={removeOrder.mutate}
              refusal={refusals.get(order.paymentKey)}
            />
          )}
        />
      )}
    </Panel>
  )
}
