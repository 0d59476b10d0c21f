import { useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import type { CourierListed, CourierToday } from '../../../../src-shared/couriers.ts'
import type { BoardOrder } from '../../../../src-shared/domain.ts'
import { shortCodeOf } from '../../../../src-shared/order-rules.ts'
import { appErrorOf } from '../../api.ts'
import { describeError } from '../../i18n/describe-error.ts'
import { useMessages } from '../../i18n/use-messages.tsx'
import { keys, useCouriers, useHandOverOrder, useStartCourierBatch } from '../../queries.ts'
import { useCourierUi } from '../../state.ts'
import { batchPackageIn, courierIn, isBadgeQr, openBatchOf, type CourierRead } from './batch-rules.ts'
import type { ScanOutcome } from './ScanOutcomeView.tsx'

/**
 * What the order field does with a courier's badge and, during a batch scan-out, with each package (issue 21).
 * A badge (its QR `pos-companion-courier:<BADGE>`, or the bare code when it is no order's) names the courier of
 * the `Kuryeye Verildi` waiting in the picker, or else starts that courier's batch. In a batch, a package scanned
 * (the slip's QR, the order id, the short code) is handed over with that courier — its own hand-over through the
 * outbox, with the undo window — or refused with why, and then nothing is sent.
 *
 * Returns `scan`, which answers whether it took the read (false: the order field's usual path goes on). While a
 * badge's batch is being started, every read waits for it, in order (a scanner that stores its reads sends them
 * in one burst): then it is a package of that batch, or goes the usual way (`otherwise`).
 */
export function useCourierScan(
  orders: readonly BoardOrder[] | undefined,
  tell: (outcome: ScanOutcome) => void,
): (read: string, otherwise: () => void) => boolean {
  const { t } = useMessages()
  const ct = t.couriers
  // Not answered (an older core): no couriers, and every read goes the usual way.
  const couriers = useCouriers().data
  const handOver = useHandOverOrder()
  const startBatch = useStartCourierBatch()
  const queryClient = useQueryClient()
  // A badge's batch the core has not answered yet: the reads after it wait for it.
  const starting = useRef<Promise<void> | undefined>(undefined)
  // The batch under way is the ledger's (issue 28), read at the scan from today's settlement.
  const openBatch = () => openBatchOf(queryClient.getQueryData<CourierToday>(keys.courierToday), Date.now())

  function send(
    read: string,
    paymentKey: string,
    courier: { id: string; name: string },
    batch?: { batchId: string; count: number },
  ) {
    const code = shortCodeOf(paymentKey)
    handOver.mutate(
      { paymentKey, courierId: courier.id, ...(batch ? { batchId: batch.batchId } : {}) },
      {
        onSuccess: () => {
          tell({
            read,
            text: batch
              ? ct.scanBatchAdded(code, courier.name, batch.count)
              : ct.scanPicked(code, courier.name),
            failed: false,
          })
        },
        onError: (error) => {
          const appError = appErrorOf(error) ?? { code: 'internal', retryable: false }
          tell({ read, text: ct.scanBatchFailed(code, describeError(appError, t).text), failed: true })
        },
      },
    )
  }

  function courierNamed(read: string, named: CourierRead) {
    if (named.kind === 'unknown-badge') {
      tell({ read, text: ct.scanUnknownBadge(named.badge), failed: true })
      return
    }
    const ui = useCourierUi.getState()
    const courier = { id: named.courier.id, name: named.courier.name }
    if (ui.picking !== undefined) {
      ui.pickCourierFor(undefined)
      send(read, ui.picking, courier)
    } else {
      const started: Promise<void> = startBatch.mutateAsync({ courierId: courier.id }).then(
        () => tell({ read, text: ct.scanCourier(courier.name), failed: false }),
        (error: unknown) => {
          const appError = appErrorOf(error) ?? { code: 'internal', retryable: false }
          tell({ read, text: describeError(appError, t).text, failed: true })
        },
      )
      readsWaitFor(started)
    }
  }

  /** The reads that come until `work` is done wait for it. */
  function readsWaitFor(work: Promise<void>) {
    starting.current = work
    void work.then(() => {
      if (starting.current === work) starting.current = undefined
    })
  }

  const scan = (read: string, otherwise: () => void): boolean => {
    const waitFor = starting.current
    if (waitFor) {
      void waitFor.then(() => {
        if (!scan(read, otherwise)) otherwise()
      })
      return true
    }
    return take(read)
  }
  return scan

  function take(read: string): boolean {
    const ui = useCourierUi.getState()
    const named = couriers && courierIn(read, couriers, orders ?? [])
    if (named?.kind === 'courier') {
      courierNamed(read, named)
      return true
    }
    if (isBadgeQr(read)) {
      // A badge the list on hand does not know (not loaded yet, or given moments ago on another till): the list
      // is asked for again before the badge is called unknown.
      readsWaitFor(
        queryClient
          .refetchQueries({ queryKey: keys.couriers, type: 'all' })
          .catch(() => undefined)
          .then(() => {
            const fresh = queryClient.getQueryData<CourierListed[]>(keys.couriers) ?? []
            courierNamed(read, courierIn(read, fresh, orders ?? []) ?? { kind: 'unknown-badge', badge: read })
          }),
      )
      return true
    }
    // Another order scanned while the picker asks: staff moved on, and the question with them (nothing sent).
    if (ui.picking !== undefined) ui.pickCourierFor(undefined)
    const batch = openBatch()
    if (!batch) return false
    const found = batchPackageIn(read, orders ?? [])
    if (found === undefined) return false
    if (!found.ok) {
      tell({ read, text: ct.refusal[found.refusal](found.code), failed: true })
      return true
    }
    // Not revealed: that would move focus to the card's `Geri al`, and the next scan must find the order field.
    const count = batch.bags.filter((bag) => !bag.refused && bag.paymentKey !== found.order.paymentKey).length
    send(
      read,
      found.order.paymentKey,
      { id: batch.courierId, name: batch.name },
      { batchId: batch.batchId, count: count + 1 },
    )
    return true
  }
}
