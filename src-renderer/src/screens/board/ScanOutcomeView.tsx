import type { BoardOrder } from '../../../../src-shared/domain.ts'
import { shortCodeOf } from '../../../../src-shared/order-rules.ts'
import { useMessages } from '../../i18n/use-messages.tsx'
import type { FoundAs } from './board-rules.ts'

/** What the last Enter read and what came of it: always both, so a scan is never silently lost. */
export interface ScanOutcome {
  /** What arrived from the scanner or the keyboard. */
  read: string
  /** What it was read as, when another keyboard language typed it (issue 30). */
  readAs?: string | undefined
  /** What to change about the scanner's keyboard language, when that seems to be wrong. */
  note?: string | undefined
  text: string
  failed: boolean
  /** Several orders share the code: staff choose one. */
  choices?: BoardOrder[] | undefined
  /** The order found, and where its hand-over stood: the text's advice ("Enter ile…") holds only while it does. */
  found?: { paymentKey: string; as: FoundAs } | undefined
}

/** The last read and its outcome under the order field, and the orders to choose from when several match. */
export function ScanOutcomeView({
  outcome,
  onChoose,
}: {
  outcome: ScanOutcome | undefined
  onChoose: (order: BoardOrder) => void
}) {
  const { t } = useMessages()
  const rt = t.board
  return (
    <>
      <p
        className={outcome?.failed ? 'scan-outcome failed' : 'scan-outcome'}
        role={outcome?.failed ? 'alert' : 'status'}
      >
        {outcome && (
          <>
            <span className="scan-read">{rt.scanRead(outcome.read)}</span>
            {outcome.readAs !== undefined && <> ({t.scanner.readAs(outcome.readAs)})</>} · {outcome.text}
            {outcome.note !== undefined && <span className="scan-layout-note"> {outcome.note}</span>}
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
