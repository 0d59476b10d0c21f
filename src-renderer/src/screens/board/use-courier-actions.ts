import { useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { CourierListed, CourierToday } from '../../../../src-shared/couriers.ts'
import type { BoardOrder, Settings } from '../../../../src-shared/domain.ts'
import { keys, useCouriers } from '../../queries.ts'
import { useCourierUi } from '../../state.ts'
import { openBatchOf } from './batch-rules.ts'
import type { OrderActions } from './OrderActionButtons.tsx'

/**
 * A card's `Kuryeye Verildi` names its courier (issue 21): during a batch scan-out it goes with the batch's
 * courier; an order that already has its courier (a retry) keeps them; otherwise the picker opens — unless there
 * is no working courier to pick (the list asked for again first) and Settings do not require one, when the press
 * hands over with no courier named, as it always did. The other actions are the board's own.
 */
export function useCourierActions(actions: OrderActions): OrderActions {
  const queryClient = useQueryClient()
  // Fetched now, so the picker has the list when a press opens it; read from the cache at the press.
  useCouriers()

  return useMemo<OrderActions>(
    () => ({
      ...actions,
      handOver: (paymentKey, courierId) => {
        if (courierId !== undefined) {
          actions.handOver(paymentKey, courierId)
          return
        }
        // The batch under way (the ledger's): the hand-over names its courier, and goes in it (queries.ts).
        const batch = openBatchOf(queryClient.getQueryData<CourierToday>(keys.courierToday), Date.now())
        if (batch) {
          actions.handOver(paymentKey, batch.courierId)
          return
        }
        const orders = queryClient.getQueryData<BoardOrder[]>(keys.orders)
        const known = orders?.find((order) => order.paymentKey === paymentKey)?.courier
        if (known) {
          actions.handOver(paymentKey, known.id)
          return
        }
        const required = queryClient.getQueryData<Settings>(keys.settings)?.courierRequired === true
        const anyWorking = () =>
          (queryClient.getQueryData<CourierListed[]>(keys.couriers) ?? []).some((courier) => !courier.retired)
        if (anyWorking() || required) {
          useCourierUi.getState().pickCourierFor(paymentKey)
          return
        }
        // No courier on hand (the list not loaded yet, or a courier added moments ago on another till): the list
        // is asked for again before the press hands over with no courier named, as a badge scan does.
        void queryClient
          .refetchQueries({ queryKey: keys.couriers, type: 'all' })
          .catch(() => undefined)
          .then(() => {
            if (anyWorking()) useCourierUi.getState().pickCourierFor(paymentKey)
            else actions.handOver(paymentKey)
          })
      },
    }),
    [actions, queryClient],
  )
}
