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
 * is no working courier to pick and Settings do not require one, when the press hands over at once, as it
 * always did. The other actions are the board's own.
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
        const couriers = queryClient.getQueryData<CourierListed[]>(keys.couriers) ?? []
        const required = queryClient.getQueryData<Settings>(keys.settings)?.courierRequired === true
        if (!couriers.some((courier) => !courier.retired) && !required) {
          actions.handOver(paymentKey)
          return
        }
        useCourierUi.getState().pickCourierFor(paymentKey)
      },
    }),
    [actions, queryClient],
  )
}
