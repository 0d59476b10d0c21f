import { useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import type { BoardOrder } from '../../../src-shared/domain.ts'
import { handoverEligibility, isOwed, shortCodeOf } from '../../../src-shared/order-rules.ts'
import { useSettings } from '../queries.ts'
import { CourierSlip } from './CourierSlip.tsx'
import { printShownSlip, type SlipOutput } from './print-slip.ts'
import { slipTexts } from './slip-texts.ts'
import './slip.css'

interface SlipButtonProps {
  order: BoardOrder
  methodNames: ReadonlyMap<string, string>
}

/**
 * `Fiş yazdır` and `PDF olarak kaydet` on a restaurant-courier order's card, and the slip printed by itself
 * right after a successful hand-over when Settings say so (docs/decisions.md D52). The slip is drawn into a
 * print-only layer for the moment of printing; slip.css hides the rest of the app from the printed page.
 */
export function SlipButton({ order, methodNames }: SlipButtonProps) {
  const { data: settings } = useSettings()
  const [output, setOutput] = useState<SlipOutput | null>(null)
  const [problem, setProblem] = useState(false)
  usePrintAfterHandover(order, settings?.printAfterHandover === true, () => setOutput('print'))

  useEffect(() => {
    if (output === null) return
    let live = true
    void printShownSlip(output, shortCodeOf(order.paymentKey))
      .then((outcome) => live && setProblem(outcome.result === 'failed'))
      .finally(() => live && setOutput(null))
    return () => {
      live = false
    }
  }, [output, order.paymentKey])

  const eligibility = handoverEligibility(order)
  if (eligibility === 'pickup' || eligibility === 'platform-courier') return null
  const language = settings?.language ?? 'tr'
  const t = slipTexts[language]
  return (
    <span className="slip-buttons">
      <button
        type="button"
        className="button secondary small"
        disabled={output !== null}
        onClick={() => setOutput('print')}
      >
        {t.printSlip}
      </button>
      <button
        type="button"
        className="button secondary small"
        disabled={output !== null}
        onClick={() => setOutput('pdf')}
      >
        {t.saveAsPdf}
      </button>
      {problem && (
        <span className="press-refusal" role="status">
          {t.printFailed}
        </span>
      )}
      {output !== null &&
        createPortal(
          <div className="slip-print-root">
            <CourierSlip
              order={order}
              methodNames={methodNames}
              language={language}
              paperWidth={settings?.slipPaperWidth ?? 80}
              printedAt={new Date().toISOString()}
            />
          </div>,
          document.body,
        )}
    </span>
  )
}

/** Calls `print` once when this order's hand-over becomes `handed-over` while the card is shown. */
function usePrintAfterHandover(order: BoardOrder, enabled: boolean, print: () => void): void {
  const wasOwed = useRef(isOwed(order.handover))
  const handedOver = order.handover.state === 'handed-over'
  useEffect(() => {
    if (handedOver && wasOwed.current && enabled) print()
    wasOwed.current = isOwed(order.handover)
  })
}
