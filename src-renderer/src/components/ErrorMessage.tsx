import type { AppError } from '../../../src-shared/errors.ts'
import { describeError } from '../i18n/describe-error.ts'
import { useMessages } from '../i18n/use-messages.tsx'

/** An error in the staff's words, with the platform's own words beneath when it answered. */
export function ErrorMessage({ error, onRetry }: { error: AppError; onRetry?: () => void }) {
  const { t } = useMessages()
  const { text, detail } = describeError(error, t)
  return (
    <div className="error" role="alert">
      <p className="error-text">{text}</p>
      {detail && <p className="error-detail">{detail}</p>}
      {onRetry && (
        <button type="button" className="button secondary" onClick={onRetry}>
          {t.retry}
        </button>
      )}
    </div>
  )
}
