import type { BoardOrder } from '../../../../src-shared/domain.ts'
import { BrandTag, useAccountTags } from '../../components/BrandTag.tsx'
import { appErrorOf } from '../../api.ts'
import { describeError } from '../../i18n/describe-error.ts'
import { useMessages } from '../../i18n/use-messages.tsx'
import { useSetOrderAccount } from '../../queries.ts'

/**
 * The card's brand tag (issue 29), on the code's line, only when there are two accounts or more. While nothing
 * has been sent for the order, one press moves it to the next account (a typed order went to the default one);
 * once a press is made, the hand-over goes with its own account only, and the tag is no longer a button.
 */
export function OrderAccountTag({ order, code }: { order: BoardOrder; code: string }) {
  const { t } = useMessages()
  const { list, several, byId, defaultAccount } = useAccountTags()
  const move = useSetOrderAccount()
  if (!several) return null
  const account = (order.account === undefined ? undefined : byId.get(order.account)) ?? defaultAccount
  if (!account) return null
  const next = list[(list.indexOf(account) + 1) % list.length]
  const movable =
    order.handover.state === 'none' && next !== undefined && next.id !== account.id && !move.isPending
  const error = appErrorOf(move.error)
  const refusal = error ? describeError(error, t).text : undefined
  return (
    <>
      <BrandTag
        account={account}
        onPress={movable ? () => move.mutate({ paymentKey: order.paymentKey, account: next.id }) : undefined}
        pressLabel={movable ? t.accounts.moveTo(code, next.shortName) : undefined}
      />
      {refusal && (
        <span className="press-refusal" role="status">
          {refusal}
        </span>
      )}
    </>
  )
}
