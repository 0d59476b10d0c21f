import { useQueryClient } from '@tanstack/react-query'
import type { CourierListed } from '../../../../src-shared/couriers.ts'
import type { BoardOrder } from '../../../../src-shared/domain.ts'
import { shortCodeOf } from '../../../../src-shared/order-rules.ts'
import { appErrorOf } from '../../api.ts'
import { describeError } from '../../i18n/describe-error.ts'
import { useMessages } from '../../i18n/use-messages.tsx'
import { keys, useCouriers, useHandOverOrder } from '../../queries.ts'
import { useCourierUi } from '../../state.ts'
import { batchPackageIn, courierIn, isBadgeQr, type CourierRead } from './batch-rules.ts'
import { useBatch } from './batch-store.ts'
import type { ScanOutcome } from './ScanOutcomeView.tsx'

/**
 * What the order field does with a courier's badge and, during a batch scan-out, with each package (issue 21).
 * A badge (its QR `pos-companion-courier:<BADGE>`, or the bare code when it is no order's) names the courier of
 * the `Kuryeye Verildi` waiting in the picker, or else starts that courier's batch. In a batch, a package scanned
 * (the slip's QR, the order id, the short code) is handed over with that courier — its own hand-over through the
 * outbox, with the undo window — or refused with why, and then nothing is sent.
 *
 * Returns `scan`, which answers whether it took the read (false: the order field's usual path goes on).
 */
export function useCourierScan(
  orders: readonly BoardOrder[] | undefined,
  tell: (outcome: ScanOutcome) => void,
): (read: string) => boolean {
  const { t } = useMessages()
  const ct = t.couriers
  // Not answered (an older core): no couriers, and every read goes the usual way.
  const couriers = useCouriers().data
  const handOver = useHandOverOrder()
  const queryClient = useQueryClient()

  function send(read: string, paymentKey: string, courier: { id: string; name: string }, inBatch: boolean) {
    const code = shortCodeOf(paymentKey)
    if (inBatch) useBatch.getState().addToBatch(paymentKey)
    handOver.mutate(
      { paymentKey, courierId: courier.id },
      {
        onSuccess: () => {
          const { batch } = useBatch.getState()
          const count = batch?.courier.id === courier.id ? batch.keys.indexOf(paymentKey) + 1 : 0
          tell({
            read,
            text:
              inBatch && count > 0
                ? ct.scanBatchAdded(code, courier.name, count)
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
      send(read, ui.picking, courier, false)
    } else {
      useBatch.getState().startBatch(courier)
      tell({ read, text: ct.scanCourier(courier.name), failed: false })
    }
  }

  return (read) => {
    const ui = useCourierUi.getState()
    const named = couriers && courierIn(read, couriers, orders ?? [])
    if (named?.kind === 'courier') {
      courierNamed(read, named)
      return true
    }
    if (isBadgeQr(read)) {
      // A badge the list on hand does not know (not loaded yet, or given moments ago on another till): the list
      // is asked for again before the badge is called unknown.
      void queryClient.refetchQueries({ queryKey: keys.couriers, type: 'all' }).then(() => {
        const fresh = queryClient.getQueryData<CourierListed[]>(keys.couriers) ?? []
        courierNamed(read, courierIn(read, fresh, orders ?? []) ?? { kind: 'unknown-badge', badge: read })
      })
      return true
    }
    // Another order scanned while the picker asks: staff moved on, and the question with them (nothing sent).
    if (ui.picking !== undefined) ui.pickCourierFor(undefined)
    const { batch } = useBatch.getState()
    if (!batch) return false
    const found = batchPackageIn(read, orders ?? [])
    if (found === undefined) return false
    if (!found.ok) {
      tell({ read, text: ct.refusal[found.refusal](found.code), failed: true })
      return true
    }
    // Not revealed: that would move focus to the card's `Geri al`, and the next scan must find the order field.
    send(read, found.order.paymentKey, batch.courier, true)
    return true
  }
}
