import type { DayEndView } from '../../../../src-shared/couriers.ts'
import type { Language } from '../../../../src-shared/domain.ts'
import { formatKurus } from '../../../../src-shared/money.ts'
import { useAccountTags } from '../../components/BrandTag.tsx'
import type { Messages } from '../../i18n/messages.ts'

/**
 * Gün sonu with several restaurant accounts (issue 29): the couriers stay one list above; here each courier's
 * packages and cash to collect are split by account, then the whole day's. Nothing with one account.
 */
export function AccountSplit({ view, language, t }: { view: DayEndView; language: Language; t: Messages }) {
  const { several, byId } = useAccountTags()
  const texts = t.accounts
  if (!several || view.allOrders.accounts === undefined) return null
  const money = (kurus: number) => formatKurus(kurus, language)
  const nameOf = (account: string | null) =>
    account === null ? texts.beforeAccounts : (byId.get(account)?.shortName ?? '?')
  const rows = [
    ...view.couriers.flatMap((courier) =>
      (courier.accounts ?? []).map((line) => ({ who: courier.name, key: courier.courierId, line })),
    ),
    ...view.allOrders.accounts.map((line) => ({ who: texts.dayEndAll, key: 'all', line })),
  ]
  return (
    <table className="day-end-table" aria-label={texts.dayEndTitle}>
      <caption className="visually-hidden">{texts.dayEndTitle}</caption>
      <thead>
        <tr>
          <th scope="col">{texts.dayEndCourier}</th>
          <th scope="col">{texts.dayEndAccount}</th>
          <th scope="col" className="money">
            {t.dayEnd.packages}
          </th>
          <th scope="col" className="money">
            {t.dayEnd.toCollect}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ who, key, line }) => (
          <tr key={`${key}:${line.account ?? ''}`}>
            <th scope="row">{who}</th>
            <td>{nameOf(line.account)}</td>
            <td className="money">{line.packages}</td>
            <td className="money">{money(line.cashToCollectKurus)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
