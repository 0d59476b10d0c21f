import type { Handover } from '../../../../src-shared/domain.ts'
import { ErrorMessage } from '../../components/ErrorMessage.tsx'
import { describeError } from '../../i18n/describe-error.ts'
import { formatClockTime, formatTime } from '../../i18n/index.ts'
import { useMessages } from '../../i18n/use-messages.tsx'

/**
 * Where an order's hand-over stands, in words: handed over (and when), retrying by itself (when next, and
 * why), held until sign-in, failed or unconfirmed (with the platform's own words). Nothing while it is new
 * or on its way: the button says "Gönderiliyor…" then.
 */
export function HandoverStatus({ handover }: { handover: Handover }) {
  const { t, language } = useMessages()
  switch (handover.state) {
    case 'handed-over':
      return (
        <p className="handed-over" role="status">
          {t.handedOverAt(formatTime(handover.at, language))}
        </p>
      )
    case 'retrying': {
      const { text, detail } = describeError(handover.error, t)
      return (
        <div className="handover-note retrying" role="status">
          <p className="handover-note-title">
            {t.retryingAt(formatClockTime(handover.nextAttemptAt, language))}
          </p>
          <p>{detail ? `${text} · ${detail}` : text}</p>
        </div>
      )
    }
    case 'queued':
      return handover.waitingForSignIn ? (
        <p className="handover-note" role="status">
          {t.waitingForSignIn}
        </p>
      ) : null
    case 'failed':
      return <ErrorMessage error={handover.error} />
    case 'unconfirmed': {
      const { detail } = describeError(handover.error, t)
      return (
        <div className="error unconfirmed" role="alert">
          <p className="error-text">{t.unconfirmedTitle}</p>
          <p>{t.unconfirmedHint}</p>
          {detail && <p className="error-detail">{detail}</p>}
        </div>
      )
    }
    case 'none':
    case 'sending':
      return null
  }
}
