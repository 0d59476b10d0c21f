// Gün sonu with several restaurant accounts (issue 29): the couriers stay one list; each courier's packages and
// cash to collect, and the whole day's, split by account by short name. With one account, nothing.
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Account } from '../../../../src-shared/accounts.ts'
import { courierLine, dayEndView } from '../../../../test-support/renderer/day-end-fixtures.ts'
import { renderWithApi } from '../../../../test-support/renderer/render-with-api.tsx'
import { tr } from '../../i18n/tr.ts'
import { AccountSplit } from './AccountSplit.tsx'

const account = (id: string, shortName: string, isDefault: boolean): Account => ({
  id,
  shortName,
  colour: 'red',
  isDefault,
  state: 'signed-in',
  credentialsStored: true,
})
const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value })

const ahmet = courierLine('c-ahmet', 'Ahmet', 3, 17_500, [], {
  accounts: [
    { account: 'id-burger', packages: 2, cashToCollectKurus: 15_000 },
    { account: 'id-pide', packages: 1, cashToCollectKurus: 2_500 },
  ],
})
const view = dayEndView([ahmet], {})
view.allOrders = {
  ...view.allOrders,
  accounts: [
    { account: 'id-burger', packages: 2, cashToCollectKurus: 15_000 },
    { account: 'id-pide', packages: 1, cashToCollectKurus: 2_500 },
    { account: null, packages: 1, cashToCollectKurus: 0 },
  ],
}

afterEach(cleanup)

describe('Gün sonu by account', () => {
  it('splits each courier and the whole day by account, by short name', async () => {
    renderWithApi(<AccountSplit view={view} language="tr" t={tr} />, {
      listAccounts: () =>
        ok([account('id-burger', 'Burger Ustası', true), account('id-pide', 'Pide Evi', false)]),
    })
    const table = await screen.findByRole('table', { name: 'Hesaplara göre' })
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))
    expect(rows).toEqual([
      ['Ahmet', 'Burger Ustası', '2', '150,00 ₺'],
      ['Ahmet', 'Pide Evi', '1', '25,00 ₺'],
      ['Günün tümü', 'Burger Ustası', '2', '150,00 ₺'],
      ['Günün tümü', 'Pide Evi', '1', '25,00 ₺'],
      ['Günün tümü', 'Hesaplardan önce', '1', '0,00 ₺'],
    ])
  })

  it('shows nothing with one account', async () => {
    const { container } = renderWithApi(<AccountSplit view={view} language="tr" t={tr} />, {
      listAccounts: () => ok([account('id-burger', 'Burger Ustası', true)]),
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(container.querySelector('table')).toBeNull()
  })
})
