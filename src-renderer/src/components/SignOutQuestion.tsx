import { useEffect, useRef } from 'react'
import { isOwed } from '../../../src-shared/order-rules.ts'
import { appErrorOf } from '../api.ts'
import { useMessages } from '../i18n/use-messages.tsx'
import { useOrders, useSignOut } from '../queries.ts'
import { ErrorMessage } from './ErrorMessage.tsx'

/**
 * The sign-out question: keep or forget the keys, saying how many hand-overs are still owed. It takes focus
 * when it opens, and Escape closes it (docs/decisions.md D41). `onCancel` must keep its identity.
 */
export function SignOutQuestion({
  onCancel,
  onSignedOut,
}: {
  onCancel: () => void
  onSignedOut: () => void
}) {
  const { t } = useMessages()
  const rt = useMessages().t.board
  const signOut = useSignOut()
  const signOutError = appErrorOf(signOut.error)
  const owed = (useOrders().data ?? []).filter((order) => isOwed(order.handover)).length
  const question = useRef<HTMLDivElement>(null)
  useEffect(() => {
    question.current?.querySelector<HTMLButtonElement>('button')?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [onCancel])

  return (
    <div className="confirm" role="dialog" aria-label={t.signOutTitle} ref={question}>
      <p className="confirm-title">{t.signOutTitle}</p>
      {owed > 0 && (
        <p className="confirm-owed" role="alert">
          {rt.owedQuestion(owed)}
        </p>
      )}
      {([false, true] as const).map((forgetKeys) => (
        <button
          key={String(forgetKeys)}
          type="button"
          className={forgetKeys ? 'button danger' : 'button'}
          disabled={signOut.isPending}
          onClick={() => signOut.mutate(forgetKeys, { onSuccess: onSignedOut })}
        >
          {forgetKeys ? t.signOutForgetKeys : t.signOutKeepKeys}
        </button>
      ))}
      <button type="button" className="button secondary" onClick={onCancel}>
        {t.cancel}
      </button>
      {signOutError && <ErrorMessage error={signOutError} />}
    </div>
  )
}
