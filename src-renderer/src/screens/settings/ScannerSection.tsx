import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react'
import { useMessages } from '../../i18n/use-messages.tsx'
import { useSettings } from '../../queries.ts'
import { judgeScannerTest, type ScannerVerdict } from '../board/read-scan.ts'
import { installKeyTrail, type KeyTrail } from '../board/scan-keys.ts'
import { useDocumentPrint } from '../../slip/print-document.tsx'
import { SlipQr } from '../../slip/SlipQr.tsx'

/**
 * What the test scans: every character whose key differs between the keyboard languages the app knows (`-`,
 * `:`, `/`; `i` on Turkish-Q; `y` and `z` on German; `a`, `q` and `m` on French; all of them on Turkish-F), and
 * nothing the board would take for an order.
 */
export const SCANNER_TEST_TEXT = 'okuyucu-testi:QUIZ/am-09'

interface Tried {
  arrived: string
  verdict: ScannerVerdict
  /** The keys came at a person's pace: typed by hand, not scanned. */
  byHand: boolean
}

/**
 * Settings' scanner test (issue 30): staff scan the code on the screen (or printed on the slip printer), and the
 * app says what arrived and whether the scanner is set up right, naming the keyboard languages when they differ.
 */
export function ScannerSection() {
  const { t } = useMessages()
  const st = t.scanner
  const id = useId()
  const [text, setText] = useState('')
  const [tried, setTried] = useState<Tried | undefined>(undefined)
  const trail = useRef<KeyTrail | undefined>(undefined)
  useEffect(() => {
    const installed = installKeyTrail()
    trail.current = installed
    return () => installed.stop()
  }, [])
  const settings = useSettings().data
  const testPrint = useDocumentPrint('scanner-test')

  function submit(event: SubmitEvent) {
    event.preventDefault()
    const arrived = text.trim()
    setText('')
    if (arrived === '') return
    const typed = trail.current?.keysFor(arrived)
    setTried({
      arrived,
      verdict: judgeScannerTest(SCANNER_TEST_TEXT, arrived, typed?.keys),
      byHand: typed !== undefined && !typed.burst,
    })
  }

  function print() {
    const paperWidth = settings?.slipPaperWidth ?? 80
    testPrint.print(
      <article className={`slip slip-${paperWidth}mm`} data-paper-mm={paperWidth}>
        <p className="slip-title">{st.testTitle}</p>
        <SlipQr text={SCANNER_TEST_TEXT} label={SCANNER_TEST_TEXT} />
        <p className="slip-hint">{SCANNER_TEST_TEXT}</p>
      </article>,
      'okuyucu-testi',
    )
  }

  const verdictText = (verdict: ScannerVerdict) =>
    verdict.kind === 'right'
      ? st.testRight
      : verdict.kind === 'layouts'
        ? st.testLayouts(st.layouts[verdict.scanner], st.layouts[verdict.computer])
        : st.testUnknown
  return (
    <section className="settings-card scanner-test" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{st.testTitle}</h2>
      <p className="hint">{st.testIntro}</p>
      <div className="scanner-test-code">
        <SlipQr text={SCANNER_TEST_TEXT} label={SCANNER_TEST_TEXT} />
        <code>{SCANNER_TEST_TEXT}</code>
      </div>
      <button type="button" className="button secondary" onClick={print} disabled={testPrint.printing}>
        {st.testPrint}
      </button>
      <form onSubmit={submit}>
        <label htmlFor={`${id}-field`}>{st.testField}</label>
        <input
          id={`${id}-field`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </form>
      {tried && (
        <div
          className={tried.verdict.kind === 'right' ? 'scanner-test-result' : 'scanner-test-result failed'}
          role={tried.verdict.kind === 'right' ? 'status' : 'alert'}
        >
          <p>{st.testExpected(SCANNER_TEST_TEXT)}</p>
          <p>{st.testArrived(tried.arrived)}</p>
          <p>{verdictText(tried.verdict)}</p>
          {tried.byHand && <p>{st.testByHand}</p>}
        </div>
      )}
    </section>
  )
}
