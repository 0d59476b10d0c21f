import { useId } from 'react'
import { HANDED_OVER_STAY_MINUTES, type HandedOverStay } from '../../../../src-shared/domain.ts'
import { appErrorOf } from '../../api.ts'
import { ErrorMessage } from '../../components/ErrorMessage.tsx'
import { useMessages } from '../../i18n/use-messages.tsx'
import { useSettings, useUpdateSettings } from '../../queries.ts'

const DAY_TURN = 'day-turn'

/**
 * How long a handed-over order stays on the board before it leaves by itself (docs/decisions.md D57). Saved
 * as soon as it is chosen: one choice, nothing to type.
 */
export function BoardStaySection() {
  const { t } = useMessages()
  const id = useId()
  const settings = useSettings()
  const update = useUpdateSettings()
  const error = appErrorOf(update.error)
  const current = settings.data?.handedOverStay
  if (current === undefined) return null
  return (
    <section className="settings-card board-stay" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.boardStayTitle}</h2>
      <label htmlFor={id}>{t.boardStayLabel}</label>
      <select
        id={id}
        aria-describedby={`${id}-hint`}
        value={String(current)}
        disabled={update.isPending}
        onChange={(event) => {
          const value = event.target.value
          const handedOverStay: HandedOverStay = value === DAY_TURN ? DAY_TURN : Number(value)
          update.mutate({ handedOverStay })
        }}
      >
        <option value={DAY_TURN}>{t.boardStayDayTurn}</option>
        {HANDED_OVER_STAY_MINUTES.map((minutes) => (
          <option key={minutes} value={String(minutes)}>
            {t.boardStayMinutes(minutes)}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="hint">
        {t.boardStayHint}
      </p>
      {error && <ErrorMessage error={error} />}
    </section>
  )
}
