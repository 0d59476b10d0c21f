// The board with several accounts (issue 29): a brand tag on every card, one press moves an order nothing was
// sent for, the filter by account with each account's count; with one account the board is as before.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Account } from '../../../../src-shared/accounts.ts'
import type { CallInput } from '../../../../src-shared/contract.ts'
import type { BoardOrder } from '../../../../src-shared/domain.ts'
import { renderWithApi } from '../../../../test-support/renderer/render-with-api.tsx'
import { BoardFilterBar } from './BoardSummary.tsx'
import { matchesFilter, openCountsByAccount, type BoardFilter } from './board-rules.ts'
import { OrderItem } from './OrderItem.tsx'

const BURGER = '11111111-1111-4111-8111-111111111111'
const PIZZA = '22222222-2222-4222-8222-222222222222'
const KEY = '0d3e1f00-5a1b-4c2d-8e3f-100000000001'
const account = (id: string, shortName: string, colour: Account['colour'], isDefault: boolean): Account => ({
  id,
  shortName,
  colour,
  isDefault,
  state: 'signed-in',
  credentialsStored: true,
})
const burger = account(BURGER, 'Burger Ustası', 'red', true)
const pizza = account(PIZZA, 'Pizza Evi', 'green', false)

function order(overrides: Partial<BoardOrder> = {}): BoardOrder {
  return {
    paymentKey: KEY,
    account: BURGER,
    addedAt: '2026-11-21T12:00:00.000Z',
    handover: { state: 'none' },
    ...overrides,
  }
}

const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value })

function renderCard(value: BoardOrder, accounts: Account[]) {
  const api = {
    listAccounts: vi.fn(() => ok(accounts)),
    setOrderAccount: vi.fn((input: CallInput<'setOrderAccount'>) => ok({ ...value, account: input.account })),
  }
  const actions = {
    handOver: vi.fn(),
    withdraw: vi.fn(),
    sendNow: vi.fn(),
    panelCheck: vi.fn(),
    remove: vi.fn(),
  }
  renderWithApi(
    <ul>
      <OrderItem order={value} methodNames={new Map()} actions={actions} />
    </ul>,
    api,
  )
  return api
}

afterEach(cleanup)

describe('the brand tag on a card', () => {
  it('shows the order’s account on the code’s line, and one press moves it while nothing was sent', async () => {
    const api = renderCard(order(), [burger, pizza])
    const tag = await screen.findByRole('button', { name: '000-001: Pizza Evi hesabına geçir' })
    expect(tag.textContent).toBe('Burger Ustası')
    expect(tag.className).toBe('brand-tag brand-red')
    expect(tag.closest('.order-head')).not.toBeNull()
    fireEvent.click(tag)
    await waitFor(() => expect(api.setOrderAccount).toHaveBeenCalledWith({ paymentKey: KEY, account: PIZZA }))
  })

  it('is no button once a press was made: the hand-over goes with its own account only', async () => {
    renderCard(
      order({
        account: PIZZA,
        handover: { state: 'queued', since: '2026-11-21T12:00:00.000Z', waitingForSignIn: false },
      }),
      [burger, pizza],
    )
    const tag = await screen.findByText('Pizza Evi')
    expect(tag.tagName).toBe('SPAN')
    expect(screen.queryByRole('button', { name: /hesabına geçir/ })).toBeNull()
  })

  it('is not shown with one account: the card looks as it did before accounts', async () => {
    const api = renderCard(order(), [burger])
    await waitFor(() => expect(api.listAccounts).toHaveBeenCalled())
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.queryByText('Burger Ustası')).toBeNull()
    expect(document.querySelector('.brand-tag')).toBeNull()
  })
})

describe('the filter by account', () => {
  const orders = [
    order({ paymentKey: 'a', account: BURGER }),
    order({ paymentKey: 'b', account: PIZZA }),
    order({ paymentKey: 'c', account: PIZZA }),
    order({
      paymentKey: 'd',
      account: PIZZA,
      handover: { state: 'handed-over', at: '2026-11-21T12:05:00.000Z' },
    }),
  ]

  it('keeps only the chosen account’s orders, and counts each account’s orders not yet handed over', () => {
    const filter: BoardFilter = { text: '', state: 'all', account: PIZZA }
    expect(orders.filter((one) => matchesFilter(one, filter)).map((one) => one.paymentKey)).toEqual([
      'b',
      'c',
      'd',
    ])
    expect(orders.filter((one) => matchesFilter(one, { text: '', state: 'all' }))).toHaveLength(4)
    expect([...openCountsByAccount(orders)]).toEqual([
      [BURGER, 1],
      [PIZZA, 2],
    ])
  })

  it('offers each account with its count when there are two or more, and none with one', async () => {
    const onChange = vi.fn()
    renderWithApi(
      <BoardFilterBar filter={{ text: '', state: 'all' }} onChange={onChange} orders={orders} />,
      {
        listAccounts: () => ok([burger, pizza]),
      },
    )
    const select = await screen.findByRole('combobox', { name: 'Hesap' })
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Tüm hesaplar', 'Burger Ustası (1)', 'Pizza Evi (2)'])
    fireEvent.change(select, { target: { value: PIZZA } })
    expect(onChange).toHaveBeenCalledWith({ text: '', state: 'all', account: PIZZA })
    cleanup()
    renderWithApi(
      <BoardFilterBar filter={{ text: '', state: 'all' }} onChange={onChange} orders={orders} />,
      {
        listAccounts: () => ok([burger]),
      },
    )
    await screen.findByRole('combobox', { name: 'Durum' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.queryByRole('combobox', { name: 'Hesap' })).toBeNull()
  })
})
