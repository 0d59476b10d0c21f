import { useMutation } from '@tanstack/react-query'
import { useEffect, useId, useRef } from 'react'
import { appErrorOf, requireBridge, unwrap } from '../../api.ts'
import { ErrorMessage } from '../../components/ErrorMessage.tsx'
import { useMessages } from '../../i18n/use-messages.tsx'

type Copied = { copied: true } | { copied: false; text: string }

/**
 * `Tanılama`: fetches the redacted support bundle from the core and puts it on the clipboard. Where the
 * clipboard is refused (no permission, no focus, an old browser) the text is shown, selected, to copy by hand.
 */
export function DiagnosticsSection() {
  const { t } = useMessages()
  const hintId = useId()
  const copy = useMutation({
    mutationFn: async (): Promise<Copied> => {
      const bundle = await unwrap(requireBridge().getDiagnostics())
      const text = JSON.stringify(bundle, null, 2)
      try {
        await navigator.clipboard.writeText(text)
        return { copied: true }
      } catch {
        return { copied: false, text }
      }
    },
  })
  const error = appErrorOf(copy.error)

  return (
    <section className="settings-card diagnostics" aria-labelledby={`${hintId}-title`}>
      <h2 id={`${hintId}-title`}>{t.diagnostics}</h2>
      <p id={hintId} className="hint">
        {t.diagnosticsHint}
      </p>
      <button
        type="button"
        className="button secondary"
        aria-describedby={hintId}
        disabled={copy.isPending}
        onClick={() => copy.mutate()}
      >
        {t.diagnosticsCopy}
      </button>
      {error && <ErrorMessage error={error} />}
      {copy.data?.copied === true && (
        <p className="success" role="status">
          {t.diagnosticsCopied}
        </p>
      )}
      {copy.data?.copied === false && <ManualCopy text={copy.data.text} />}
    </section>
  )
}

function ManualCopy({ text }: { text: string }) {
  const { t } = useMessages()
  const id = useId()
  const area = useRef<HTMLTextAreaElement>(null)
  useEffect(() => {
    area.current?.focus()
    area.current?.select()
  }, [text])
  return (
    <div className="diagnostics-manual">
      <label htmlFor={id} role="status">
        {t.diagnosticsCopyByHand}
      </label>
      <textarea id={id} ref={area} readOnly rows={10} value={text} spellCheck={false} />
    </div>
  )
}
