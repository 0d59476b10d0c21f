import { useEffect, useRef } from 'react'
import { createPortal } from 'react-dom'
import type { BoardOrder } from '../../../src-shared/domain.ts'
import { handoverEligibility, isOwed, shortCodeOf } from '../../../src-shared/order-rules.ts'
import { useMethodNames, useMethods, useOrders, useSettings } from '../queries.ts'
import { useAccountTags } from '../components/BrandTag.tsx'
import { CourierSlip } from './CourierSlip.tsx'
import { Manifest } from './Manifest.tsx'
import { printShownSlip } from './print-slip.ts'
import { useSlipQueue } from './slip-queue.ts'
import './slip.css'

/**
 * The app's one slip printer (docs/decisions.md D52), mounted on every screen: it queues a slip when an
 * order's hand-over goes through and Settings say "print by itself", and prints the queue's slips one after
 * another, each drawn into a print-only layer for its moment (slip.css hides the rest of the app).
 */
export function SlipPrinter({ signedIn }: { signedIn: boolean }) {
  const { data: settings } = useSettings()
  const orders = useOrders().data
  const methodNames = useMethodNames(useMethods(signedIn).data)
  const accounts = useAccountTags()
  const job = useSlipQueue((state) => state.jobs[0])
  const finish = useSlipQueue((state) => state.finish)
  useQueueSlipAfterHandover(orders, settings?.printAfterHandover === true)

  const order = job && orders?.find((candidate) => candidate.paymentKey === job.paymentKey)
  const boardLoaded = orders !== undefined
  useEffect(() => {
    if (!job || !boardLoaded) return
    // The order left the board before its turn: nothing to draw, so nothing to print. (A manifest and
    // a badge card or day-end slip carry what they print.)
    if (!order && !job.manifest && !job.document) {
      finish(job, false)
      return
    }
    let live = true
    const fileCode = job.document
      ? job.document.fileCode
      : job.manifest
        ? `zimmet-${job.manifest.at.slice(11, 16).replace(':', '')}`
        : shortCodeOf(job.paymentKey)
    void printShownSlip(job.output, fileCode)
      .then((outcome) => live && finish(job, outcome.result !== 'failed'))
      .catch(() => live && finish(job, false))
    return () => {
      live = false
    }
    // Printed once per job; the order changing under it (its label, its state) does not print it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [job, boardLoaded, finish])

  if (!job) return null
  const language = settings?.language ?? 'tr'
  const paperWidth = settings?.slipPaperWidth ?? 80
  if (job.document) {
    return createPortal(<div className="slip-print-root">{job.document.slip}</div>, document.body)
  }
  if (job.manifest) {
    return createPortal(
      <div className="slip-print-root">
        <Manifest manifest={job.manifest} language={language} paperWidth={paperWidth} />
      </div>,
      document.body,
    )
  }
  if (!order) return null
  return createPortal(
    <div className="slip-print-root">
      <CourierSlip
        order={order}
        methodNames={methodNames}
        language={language}
        paperWidth={paperWidth}
        printedAt={new Date().toISOString()}
        collectedAtDoor={settings?.collectedAtDoor}
        accountName={accounts.several ? accounts.byId.get(order.account ?? '')?.shortName : undefined}
      />
    </div>,
    document.body,
  )
}

/**
 * Queues one slip for each order whose hand-over goes from owed to handed over while the app watches with
 * the setting on; an order already handed over when the app opens or the setting is turned on, or one staff
 * marked handed over after checking the panel (never owed), prints nothing by itself.
 */
function useQueueSlipAfterHandover(orders: readonly BoardOrder[] | undefined, enabled: boolean): void {
  const owedBefore = useRef(new Map<string, boolean>())
  const enqueue = useSlipQueue((state) => state.enqueue)
  useEffect(() => {
    // Off (the default): nothing to watch, so no pass over the board on each of its changes.
    if (!orders || !enabled) {
      owedBefore.current = new Map()
      return
    }
    const seen = new Map<string, boolean>()
    for (const order of orders) {
      const owed = isOwed(order.handover)
      seen.set(order.paymentKey, owed)
      const justHandedOver =
        order.handover.state === 'handed-over' && owedBefore.current.get(order.paymentKey)
      if (justHandedOver && printsSlip(order)) {
        enqueue({ paymentKey: order.paymentKey, output: 'print' })
      }
    }
    owedBefore.current = seen
  }, [orders, enabled, enqueue])
}

/** Pickup and platform-courier orders have no courier slip. */
export function printsSlip(order: BoardOrder): boolean {
  const eligibility = handoverEligibility(order)
  return eligibility !== 'pickup' && eligibility !== 'platform-courier'
}
