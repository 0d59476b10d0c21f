import { useId, useRef, useState, type SubmitEvent } from 'react'
import type { BoardOrder, Methods } from '../../../../src-shared/domain.ts'
import { useMessages } from '../../i18n/use-messages.tsx'
import { registerOrderField } from '../../state.ts'
import { DetailsFields, NO_DETAILS, type DetailsDraft } from './OrderDetailsFields.tsx'
import { ScanOutcomeView } from './ScanOutcomeView.tsx'
import { useOrderScan } from './use-order-scan.ts'

/**
 * The order field (D7, docs/decisions.md D41): an order's id typed, pasted or scanned adds it; a short code as
 * the card shows it (`000-009`, `000009`, any case) finds it; an id already on the board is shown, not added
 * twice. The field empties on every Enter, so one bad scan never spoils the next.
 */
export function AddOrderForm({
  methods,
  orders,
  sounds = false,
}: {
  methods: Methods | undefined
  orders?: readonly BoardOrder[] | undefined
  sounds?: boolean
}) {
  const { t } = useMessages()
  const rt = useMessages().t.board
  const inputRef = useRef<HTMLInputElement | null>(null)
  const [text, setText] = useState('')
  const [details, setDetails] = useState<DetailsDraft>(NO_DETAILS)
  const { outcome, scan, choose } = useOrderScan(orders, sounds, details, setDetails)
  const ids = { input: useId(), hint: useId() }

  function submit(event: SubmitEvent) {
    event.preventDefault()
    const read = text.trim()
    setText('')
    // Every Enter leaves the field empty and focused: the next scan goes there, whatever this one was.
    inputRef.current?.focus()
    if (read) scan(read)
  }

  return (
    <form className="add-order" onSubmit={submit}>
      <div className="add-order-row">
        <div className="field grow">
          <label htmlFor={ids.input}>{t.orderNumber}</label>
          <input
            id={ids.input}
            ref={(element) => {
              inputRef.current = element
              registerOrderField(element)
            }}
            className="order-input"
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={ids.hint}
            autoComplete="off"
            spellCheck={false}
            // The board's main job: staff start typing or scanning without touching the mouse.
            autoFocus
          />
        </div>
        <button type="submit" className="button primary">
          {t.add}
        </button>
      </div>
      <p id={ids.hint} className="hint">
        {t.orderNumberHint}
      </p>
      <ScanOutcomeView outcome={outcome} onChoose={choose} />
      <details className="details-toggle">
        <summary>{rt.moreDetails}</summary>
        <DetailsFields methods={methods} details={details} onChange={setDetails} />
      </details>
    </form>
  )
}
