// Settings "Hesaplar" (issue 29): what staff type is checked as the core checks it before anything is sent,
// each call names its own account, and a refusal to remove says how many hand-overs are still owed.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Account } from '../../../../src-shared/accounts.ts'
import type { CallInput } from '../../../../src-shared/contract.ts'
import type { AppError } from '../../../../src-shared/errors.ts'
import { renderWithApi } from '../../../../test-support/renderer/render-with-api.tsx'
import { AccountsSection } from './AccountsSection.tsx'

const BURGER = '11111111-1111-4111-8111-111111111111'
const PIZZA = '22222222-2222-4222-8222-222222222222'
const burger: Account = {
  id: BURGER,
  shortName: 'Burger Ustası',
  colour: 'red',
  isDefault: true,
  state: 'signed-in',
  credentialsStored: true,
}
const pizza: Account = {
  id: PIZZA,
  shortName: 'Pizza Evi',
  colour: 'green',
  isDefault: false,
  state: 'signed-out',
  reason: 'token-rejected',
  credentialsStored: true,
}

const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value })
const refused = (error: AppError) => Promise.resolve({ ok: false as const, error }) as never

function renderSection(list: Account[] = [burger, pizza]) {
  const api = {
    listAccounts: vi.fn(() => ok(list)),
    addAccount: vi.fn((input: CallInput<'addAccount'>) =>
      ok<Account>({
        id: '33333333-3333-4333-8333-333333333333',
        shortName: input.shortName,
        colour: input.colour,
        isDefault: false,
        state: 'signed-in',
        credentialsStored: true,
      }),
    ),
    updateAccount: vi.fn((input: CallInput<'updateAccount'>) =>
      ok<Account>({ ...burger, ...(input.shortName ? { shortName: input.shortName } : {}) }),
    ),
    signInAccount: vi.fn((input: CallInput<'signInAccount'>) =>
      ok<Account>({ ...(input.account === PIZZA ? pizza : burger), state: 'signed-in' }),
    ),
    removeAccount: vi.fn(() =>
      refused({ code: 'invalid-input', problem: 'account-owes-handovers', count: 3, retryable: false }),
    ),
    setDefaultAccount: vi.fn(() =>
      ok([
        { ...burger, isDefault: false },
        { ...pizza, isDefault: true },
      ]),
    ),
  }
  renderWithApi(<AccountsSection />, api)
  return api
}

const typeInto = (label: string, value: string, within_: HTMLElement = document.body) =>
  fireEvent.change(within(within_).getByLabelText(label), { target: { value } })

afterEach(cleanup)

describe('Settings → Hesaplar', () => {
  it('lists every account with its brand tag, the default and whether it is signed in', async () => {
    renderSection()
    const list = await screen.findByRole('list', { name: 'Hesaplar' })
    const [first, second] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement]
    expect([first, second].map((row) => row.getAttribute('aria-label'))).toEqual([
      'Burger Ustası',
      'Pizza Evi',
    ])
    expect(within(first).getByText('Burger Ustası').className).toBe('brand-tag brand-red')
    expect(within(first).getByText('Varsayılan')).toBeTruthy()
    expect(within(first).getByText('Giriş yapıldı')).toBeTruthy()
    expect(within(second).getByText('Giriş yapılmadı: siparişleri bekliyor')).toBeTruthy()
    expect(within(second).queryByText('Varsayılan')).toBeNull()
  })

  it('"Hesap ekle" sends the short name, the colour and the sign-in exactly as the sign-in screen asks', async () => {
    const api = renderSection()
    const form = await screen.findByRole('form', { name: 'Hesap ekle' })
    typeInto('Kısa ad', 'Döner Sarayı', form)
    typeInto('Platform adresi', ' https://platform.example.com ', form)
    typeInto('Uygulama anahtarı', 'app-key', form)
    typeInto('Restoran anahtarı', 'rest-key', form)
    fireEvent.click(within(form).getByRole('button', { name: 'Hesap ekle' }))
    await waitFor(() => expect(api.addAccount).toHaveBeenCalledTimes(1))
    // The first colour no account has yet: red and green are taken.
    expect(api.addAccount).toHaveBeenCalledWith({
      shortName: 'Döner Sarayı',
      colour: 'orange',
      platformAddress: 'https://platform.example.com',
      appSecretKey: 'app-key',
      restSecretKey: 'rest-key',
      extraCaFile: null,
    })
    expect((await screen.findByRole('status')).textContent).toContain('Döner Sarayı eklendi ve giriş yaptı.')
    // The keys are never kept in the form once sent.
    expect(within(form).getByLabelText<HTMLInputElement>('Uygulama anahtarı').value).toBe('')
  })

  it('refuses an empty, a direction-changing or a too-long short name and a non-https address before sending', async () => {
    const api = renderSection()
    const form = await screen.findByRole('form', { name: 'Hesap ekle' })
    typeInto('Platform adresi', 'https://platform.example.com', form)
    const press = () => fireEvent.click(within(form).getByRole('button', { name: 'Hesap ekle' }))
    press()
    expect((await within(form).findByRole('alert')).textContent).toContain('Kısa adı yazın.')
    typeInto('Kısa ad', 'Burger\u202eUstası', form)
    press()
    expect(
      await within(form).findByText('Kısa adda görünmeyen ya da yön değiştiren karakterler var.'),
    ).toBeTruthy()
    typeInto('Kısa ad', 'x'.repeat(31), form)
    press()
    expect(await within(form).findByText('Kısa ad en çok 30 karakter olmalı.')).toBeTruthy()
    typeInto('Kısa ad', 'Döner', form)
    typeInto('Platform adresi', 'http://platform.example.com', form)
    press()
    await waitFor(() => expect(within(form).getByRole('alert').textContent).not.toContain('Kısa ad'))
    expect(api.addAccount).not.toHaveBeenCalled()
  })

  it('says the core’s refusal of a taken short name', async () => {
    const api = renderSection()
    api.addAccount.mockImplementationOnce(() =>
      refused({ code: 'invalid-input', problem: 'account-name-taken', retryable: false }),
    )
    const form = await screen.findByRole('form', { name: 'Hesap ekle' })
    typeInto('Kısa ad', 'burger ustası', form)
    typeInto('Platform adresi', 'https://platform.example.com', form)
    typeInto('Uygulama anahtarı', 'a', form)
    typeInto('Restoran anahtarı', 'b', form)
    fireEvent.click(within(form).getByRole('button', { name: 'Hesap ekle' }))
    expect((await within(form).findByRole('alert')).textContent).toContain('Bu kısa ad başka bir hesabın.')
  })

  it('renames one account by its id, sending only what changed', async () => {
    const api = renderSection()
    fireEvent.click(await screen.findByRole('button', { name: 'Burger Ustası: düzenle' }))
    const form = screen.getByRole('form', { name: 'Burger Ustası: düzenle' })
    typeInto('Kısa ad', 'Burger Usta', form)
    fireEvent.click(within(form).getByRole('button', { name: 'Kaydet' }))
    await waitFor(() =>
      expect(api.updateAccount).toHaveBeenCalledWith({ account: BURGER, shortName: 'Burger Usta' }),
    )
  })

  it('signs one account in again with its stored keys, naming only that account', async () => {
    const api = renderSection()
    fireEvent.click(await screen.findByRole('button', { name: 'Pizza Evi: tekrar giriş yap' }))
    const form = screen.getByRole('form', { name: 'Pizza Evi: tekrar giriş yap' })
    fireEvent.click(within(form).getByRole('button', { name: 'Tekrar giriş yap' }))
    await waitFor(() => expect(api.signInAccount).toHaveBeenCalledWith({ account: PIZZA }))
  })

  it('says how many hand-overs an account still owes when its removal is refused', async () => {
    const api = renderSection()
    fireEvent.click(await screen.findByRole('button', { name: 'Pizza Evi: kaldır' }))
    fireEvent.click(screen.getByRole('button', { name: 'Evet, kaldır' }))
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Bu hesabın platforma gönderilmeyi bekleyen 3 teslimi var',
    )
    expect(api.removeAccount).toHaveBeenCalledWith({ account: PIZZA })
  })

  it('makes another account the default', async () => {
    const api = renderSection()
    fireEvent.click(await screen.findByRole('button', { name: 'Pizza Evi: varsayılan yap' }))
    await waitFor(() => expect(api.setDefaultAccount).toHaveBeenCalledWith({ account: PIZZA }))
    const [, second] = within(await screen.findByRole('list', { name: 'Hesaplar' })).getAllByRole(
      'listitem',
    ) as [HTMLElement, HTMLElement]
    await waitFor(() => expect(within(second).getByText('Varsayılan')).toBeTruthy())
  })

  it('with one account offers neither remove nor default; with eight, no "Hesap ekle"', async () => {
    renderSection([burger])
    await screen.findByRole('list', { name: 'Hesaplar' })
    expect(screen.queryByRole('button', { name: /kaldır$/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /varsayılan yap$/ })).toBeNull()
    expect(screen.getByRole('form', { name: 'Hesap ekle' })).toBeTruthy()
    cleanup()
    const eight = Array.from({ length: 8 }, (_, index) => ({
      ...pizza,
      id: `0000000${index}-0000-4000-8000-000000000000`,
      shortName: `Marka ${index}`,
    }))
    renderSection(eight)
    expect(await screen.findByText('En çok 8 hesap eklenebilir.')).toBeTruthy()
    expect(screen.queryByRole('form', { name: 'Hesap ekle' })).toBeNull()
  })
})
