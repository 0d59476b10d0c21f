import { useState } from 'react'
import type { BoardOrder } from '../../../../src-shared/domain.ts'
import { shortCodeOf } from '../../../../src-shared/order-rules.ts'
import { appErrorOf } from '../../api.ts'
import { describeError } from '../../i18n/describe-error.ts'
import { useMessages } from '../../i18n/use-messages.tsx'
import { useAddOrder, useAssignCourier } from '../../queries.ts'
import { useBoardUi } from '../../state.ts'
import { foundAs, ordersWithCode, paymentKeyIn, shortCodeIn } from './board-rules.ts'
import { checkDetails, clearedWhereUnchanged, type DetailsDraft } from './OrderDetailsFields.tsx'
import type { ScanOutcome } from './ScanOutcomeView.tsx'
import { beep } from './sounds.ts'
import { useCourierScan } from './use-courier-scan.ts'

/**
 * What the order field does with what it read (docs/decisions.md D41): an order's id adds it; a short code
 * finds it (several: staff choose); an id already on the board is shown, not added twice. Every read ends in
 * an outcome that says what was read and what came of it. A courier's badge and, during a batch scan-out, each
 * package go to use-courier-scan.ts first.
 */
export function useOrderScan(
  orders: readonly BoardOrder[] | undefined,
  sounds: boolean,
  details: DetailsDraft,
  setDetails: (update: (current: DetailsDraft) => DetailsDraft) => void,
) {
  const { t } = useMessages()
  const rt = useMessages().t.board
  const addOrder = useAddOrder()
  const assignCourier = useAssignCourier()
  const revealOrder = useBoardUi((state) => state.revealOrder)
  const announce = useBoardUi((state) => state.announce)
  const [outcome, setOutcome] = useState<ScanOutcome | undefined>()

  const tell = (next: ScanOutcome) => {
    setOutcome(next)
    if (sounds) beep(next.failed ? 'failure' : 'scan')
  }
  const courierScan = useCourierScan(orders, tell)

  function show(order: BoardOrder, read: string, text: (code: string) => string) {
    tell({ read, text: text(shortCodeOf(order.paymentKey)), failed: false })
    revealOrder(order.paymentKey)
  }

  function scan(read: string) {
    // A courier's badge, and each package of a batch scan-out (issue 21).
    if (courierScan(read)) return
    // A short code is the whole read, six hex digits: never an order's id, which is 32.
    const code = shortCodeIn(read)
    if (code !== undefined) {
      const matches = ordersWithCode(orders ?? [], code)
      const [only] = matches
      if (matches.length === 1 && only) show(only, read, rt.scanFound[foundAs(only)])
      else if (matches.length === 0) tell({ read, text: rt.scanNotFound(code), failed: true })
      else tell({ read, text: rt.scanSeveral(code, matches.length), failed: false, choices: matches })
      return
    }
    const key = paymentKeyIn(read)
    const existing = orders?.find((order) => order.paymentKey === key)
    if (existing) {
      show(existing, read, rt.scanAlreadyOnBoard)
      return
    }
    const submitted = details
    // An amount that does not read one way sends nothing (the return dialog's rule): staff fix it and scan again.
    const checked = checkDetails(details, t)
    if (!checked.ok) {
      tell({ read, text: t.orderAmountRefused(checked.problem), failed: true })
      return
    }
    const { courierId } = checked
    addOrder.mutate(
      { text: read, ...checked.details },
      {
        onSuccess: (order) => {
          // Details are cleared only where they still hold the submitted value: staff may be choosing the next.
          setDetails((current) => clearedWhereUnchanged(current, submitted))
          const added = shortCodeOf(order.paymentKey)
          tell({ read, text: rt.scanAdded(added), failed: false })
          announce(rt.announceAdded(added))
          if (courierId === undefined) return
          assignCourier.mutate(
            { paymentKey: order.paymentKey, courierId },
            {
              onError: (error) => {
                const appError = appErrorOf(error)
                const why = appError ? describeError(appError, t).text : rt.scanFailed
                tell({ read, text: t.orderCourierFailed(added, why), failed: true })
              },
            },
          )
        },
        onError: (error) => {
          const appError = appErrorOf(error)
          tell({ read, text: appError ? describeError(appError, t).text : rt.scanFailed, failed: true })
        },
      },
    )
  }

  /** Staff chose one of several orders with the code read. */
  function choose(order: BoardOrder) {
    setOutcome((current) => current && { ...current, choices: undefined })
    revealOrder(order.paymentKey)
  }

  return { outcome, scan, choose }
}
