import type { BoardOrder } from '../../../src-shared/domain.ts'
import { useMessages } from '../i18n/use-messages.tsx'
import { useSlipQueue } from './slip-queue.ts'
import { printsSlip } from './SlipPrinter.tsx'

/**
 * `Fiş yazdır` and `PDF olarak kaydet` on a restaurant-courier order's card (docs/decisions.md D52). A press
 * queues the slip for the app's one printer (SlipPrinter.tsx); the buttons wait while it is queued, and the
 * card says so when it did not print.
 */
export function SlipButton({ order }: { order: BoardOrder }) {
  const t = useMessages().t.slip
  const { paymentKey } = order
  const queued = useSlipQueue((state) => state.jobs.some((job) => job.paymentKey === paymentKey))
  const failed = useSlipQueue((state) => state.failed.has(paymentKey))
  const enqueue = useSlipQueue((state) => state.enqueue)

  if (!printsSlip(order)) return null
  return (
    <span className="slip-buttons">
      <button
        type="button"
        className="button secondary small"
        disabled={queued}
        onClick={() => enqueue({ paymentKey, output: 'print' })}
      >
        {t.printSlip}
      </button>
      <button
        type="button"
        className="button secondary small"
        disabled={queued}
        onClick={() => enqueue({ paymentKey, output: 'pdf' })}
      >
        {t.saveAsPdf}
      </button>
      {failed && (
        <span className="press-refusal" role="status">
          {t.printFailed}
        </span>
      )}
    </span>
  )
}
