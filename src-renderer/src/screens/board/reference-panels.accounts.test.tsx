// "Şubeler ve yöntemler" with several accounts (issue 29): each account's branches and methods under its brand
// tag, asked with its own account; with one account the panels are as they were.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Account } from '../../../../src-shared/accounts.ts'
import type { CallInput } from '../../../../src-shared/contract.ts'
import type { Methods } from '../../../../src-shared/domain.ts'
import { renderWithApi } from '../../../../test-support/renderer/render-with-api.tsx'
import { BranchesPanel } from './BranchesPanel.tsx'
import { MethodsPanel } from './MethodsPanel.tsx'

const BURGER = '11111111-1111-4111-8111-111111111111'
const PIZZA = '22222222-2222-4222-8222-222222222222'
const DONER = '33333333-3333-4333-8333-333333333333'
const account = (
  id: string,
  shortName: string,
  colour: Account['colour'],
  isDefault: boolean,
  state: Account['state'] = 'signed-in',
): Account => ({ id, shortName, colour, isDefault, state, credentialsStored: true })
const burger = account(BURGER, 'Burger Ustası', 'red', true)
const pizza = account(PIZZA, 'Pizza Evi', 'green', false)

const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value })
const methodsOf = (prefix: string): Methods => ({
  paymentMethods: [{ key: `${prefix}-CARD`, name: `${prefix} kart` }],
  shippingMethods: [{ key: `${prefix}-DOOR`, name: `${prefix} kapıda` }],
  fetchedAt: '2026-11-27T08:00:00.000Z',
})
const BRANCHES: Record<string, { id: string; name: string }[]> = {
  [BURGER]: [{ id: 'b1', name: 'Burger Kadıköy' }],
  [PIZZA]: [{ id: 'p1', name: 'Pizza Moda' }],
}
const METHODS: Record<string, Methods> = { [BURGER]: methodsOf('Burger'), [PIZZA]: methodsOf('Pizza') }

function renderPanels(accounts: Account[]) {
  const api = {
    listAccounts: vi.fn(() => ok(accounts)),
    listAccountBranches: vi.fn((input: CallInput<'listAccountBranches'>) =>
      ok(BRANCHES[input.account] ?? []),
    ),
    getAccountMethods: vi.fn((input: CallInput<'getAccountMethods'>) =>
      ok(METHODS[input.account] ?? methodsOf('?')),
    ),
    listBranches: vi.fn(() => ok([{ id: 'd1', name: 'Varsayılan şube' }])),
    getMethods: vi.fn(() => ok(methodsOf('Varsayılan'))),
  }
  renderWithApi(
    <>
      <BranchesPanel />
      <MethodsPanel />
    </>,
    api,
  )
  return api
}

/** The region of a panel by its title. */
const panel = (title: string) => screen.getByRole('region', { name: title })
/** An account's group in a panel, once the accounts are read (the panel is drawn again then). */
const findGroup = (title: string, shortName: string) =>
  waitFor(() => within(panel(title)).getByRole('region', { name: shortName }))

afterEach(cleanup)

describe('Şubeler ve yöntemler with two accounts', () => {
  it('groups branches and methods by account, each under its brand tag, each asked with its own account', async () => {
    const api = renderPanels([burger, pizza])
    const burgerBranches = await findGroup('Şubeler', 'Burger Ustası')
    const pizzaBranches = within(panel('Şubeler')).getByRole('region', { name: 'Pizza Evi' })
    expect(await within(burgerBranches).findByText('Burger Kadıköy')).toBeTruthy()
    expect(await within(pizzaBranches).findByText('Pizza Moda')).toBeTruthy()
    expect(within(burgerBranches).queryByText('Pizza Moda')).toBeNull()
    const heading = within(pizzaBranches).getByRole('heading', { level: 3 })
    expect(heading.querySelector('.brand-tag.brand-green')?.textContent).toBe('Pizza Evi')

    const pizzaPayment = await findGroup('Ödeme yöntemleri', 'Pizza Evi')
    expect(await within(pizzaPayment).findByText('Pizza kart')).toBeTruthy()
    expect(within(pizzaPayment).queryByText('Burger kart')).toBeNull()
    const burgerShipping = await findGroup('Teslimat yöntemleri', 'Burger Ustası')
    expect(await within(burgerShipping).findByText('Burger kapıda')).toBeTruthy()

    expect(api.listAccountBranches.mock.calls.map(([input]) => input.account).sort()).toEqual([BURGER, PIZZA])
    expect(api.getAccountMethods).toHaveBeenCalledWith({ account: PIZZA, forceRefresh: false })
    // The default account's lists alone are no longer shown.
    expect(screen.queryByText('Varsayılan şube')).toBeNull()
    expect(screen.queryByText('Varsayılan kart')).toBeNull()
  })

  it('refreshes each account’s methods with its own account', async () => {
    const api = renderPanels([burger, pizza])
    await within(await findGroup('Ödeme yöntemleri', 'Pizza Evi')).findByText('Pizza kart')
    fireEvent.click(within(panel('Ödeme yöntemleri')).getByRole('button', { name: 'Yenile' }))
    await waitFor(() => {
      expect(api.getAccountMethods).toHaveBeenCalledWith({ account: BURGER, forceRefresh: true })
      expect(api.getAccountMethods).toHaveBeenCalledWith({ account: PIZZA, forceRefresh: true })
    })
    expect(api.getMethods).not.toHaveBeenCalledWith({ forceRefresh: true })
  })

  it('does not ask for a signed-out account’s lists, and says it is signed out', async () => {
    const doner = account(DONER, 'Dönerci', 'blue', false, 'signed-out')
    const api = renderPanels([burger, doner])
    const donerBranches = await findGroup('Şubeler', 'Dönerci')
    expect(within(donerBranches).getByText('Giriş yapılmadı: siparişleri bekliyor')).toBeTruthy()
    await within(await findGroup('Şubeler', 'Burger Ustası')).findByText('Burger Kadıköy')
    expect(api.listAccountBranches.mock.calls.map(([input]) => input.account)).toEqual([BURGER])
    expect(api.getAccountMethods.mock.calls.map(([input]) => input.account)).toEqual([BURGER])
  })
})

describe('Şubeler ve yöntemler with one account', () => {
  it('looks as before: no brand tag, no grouping, the default account’s calls', async () => {
    const api = renderPanels([burger])
    expect(await within(panel('Şubeler')).findByText('Varsayılan şube')).toBeTruthy()
    expect(await within(panel('Ödeme yöntemleri')).findByText('Varsayılan kart')).toBeTruthy()
    await waitFor(() => expect(api.listAccounts).toHaveBeenCalled())
    expect(document.querySelector('.brand-tag')).toBeNull()
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull()
    expect(api.listAccountBranches).not.toHaveBeenCalled()
    expect(api.getAccountMethods).not.toHaveBeenCalled()
  })
})
