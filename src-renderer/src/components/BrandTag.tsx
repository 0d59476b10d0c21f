import { useMemo } from 'react'
import type { Account } from '../../../src-shared/accounts.ts'
import { useMessages } from '../i18n/use-messages.tsx'
import { useAccounts } from '../queries.ts'
import './brand-tag.css'

/**
 * The accounts as the screens need them (issue 29): by id, and whether there are several. With one account (or
 * none yet) `several` is false and no screen shows a tag, a filter or a split: they look as they did before.
 */
export interface AccountTags {
  list: readonly Account[]
  several: boolean
  byId: ReadonlyMap<string, Account>
  defaultAccount: Account | undefined
}

export function useAccountTags(): AccountTags {
  const accounts = useAccounts().data
  return useMemo(() => accountTagsOf(accounts ?? []), [accounts])
}

function accountTagsOf(list: readonly Account[]): AccountTags {
  return {
    list,
    several: list.length > 1,
    byId: new Map(list.map((account) => [account.id, account])),
    defaultAccount: list.find((account) => account.isDefault) ?? list[0],
  }
}

/** An account's short name on its colour; a button when `onPress` is given (the card's "change the account"). */
export function BrandTag({
  account,
  onPress,
  pressLabel,
}: {
  account: Pick<Account, 'shortName' | 'colour'>
  onPress?: (() => void) | undefined
  pressLabel?: string | undefined
}) {
  const { t } = useMessages()
  const className = `brand-tag brand-${account.colour}`
  if (onPress) {
    return (
      <button
        type="button"
        className={className}
        onClick={onPress}
        aria-label={pressLabel}
        title={pressLabel}
      >
        {account.shortName}
      </button>
    )
  }
  return (
    <span className={className} title={t.accounts.tagTitle(account.shortName)}>
      {account.shortName}
    </span>
  )
}
