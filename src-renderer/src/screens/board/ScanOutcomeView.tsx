import type { BoardOrder } from '../../../../src-shared/domain.ts'
import { shortCodeOf } from '../../../../src-shared/order-rules.ts'
import { useMessages } from '../../i18n/use-messages.tsx'

/** What the last Enter read and what came of it: always both, so a scan is never silently lost. */
export interface ScanOutcome {
  read: string
  text: string
  failed: boolean
  /** Several orders share the code: staff choose one. */
  choices?: BoardOrder[] | undefined
}

/** The last read and its outcome under the order field, and the orders to choose from when several match. */
export function ScanOutcomeView({
  outcome,
  onChoose,
}: {
  outcome: ScanOutcome | undefined
  onChoose: (order: BoardOrder) => void
}) {
  const rt = useMessages().t.board
  return (
    <>
      <p
        className={outcome?.failed ? 'scan-outcome failed' : 'scan-outcome'}
        role={outcome?.failed ? 'alert' : 'status'}
      >
        {outcome && (
          <>
            <span className="scan-read">{rt.scanRead(outcome.read)}</span> · {outcome.text}
          </>
        )}
      </p>
      {outcome?.choices && (
        <ul className="scan-choices">
          {outcome.choices.map((order) => (
            <li key={order.paymentKey}>
              <button type="button" className="button secondary small" onClick={() => onChoose(order)}>
                {rt.chooseOrder(shortCodeOf(order.paymentKey), order.label)}{' '}
                <code className="payment-key">{order.paymentKey}</code>
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
