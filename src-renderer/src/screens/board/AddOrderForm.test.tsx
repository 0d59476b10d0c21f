import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AddOrderInput } from '../../../../src-shared/contract.ts'
import type { BoardOrder } from '../../../../src-shared/domain.ts'
import type { Result } from '../../../../src-shared/errors.ts'
import { renderWithApi } from '../../../../test-support/renderer/render-with-api.tsx'
import { useBoardUi } from '../../state.ts'
import { AddOrderForm } from './AddOrderForm.tsx'

const ID = '0d3e1f00-5a1b-4c2d-8e3f-100000000001'
afterEach(cleanup)

function setup(answer: (input: AddOrderInput) => Promise<Result<BoardOrder>>) {
  const addOrder = vi.fn(answer)
  renderWithApi(<AddOrderForm methods={undefined} />, { addOrder })
  const input = screen.getByLabelText<HTMLInputElement>('Sipariş numarası')
  const scan = (text: string) => {
    fireEvent.change(input, { target: { value: text } })
    fireEvent.submit(input.closest('form') as HTMLFormElement)
  }
  return { addOrder, input, scan }
}

const added = (input: AddOrderInput): Promise<Result<BoardOrder>> =>
  Promise.resolve({
    ok: true,
    value: {
      paymentKey: input.text.trim().toLowerCase(),
      addedAt: new Date().toISOString(),
      handover: { state: 'none' },
    },
  })

describe('AddOrderForm', () => {
  it('empties the field at once, so a scanner can type the next id before the answer comes', async () => {
    let answer: (result: Result<BoardOrder>) => void = () => undefined
    const { input, scan, addOrder } = setup(() => new Promise((resolve) => (answer = resolve)))
    scan(ID)
    expect(input.value).toBe('')
    fireEvent.change(input, { target: { value: '0d3e' } })
    await act(async () => {
      answer({
        ok: true,
        value: { paymentKey: ID, addedAt: new Date().toISOString(), handover: { state: 'none' } },
      })
      await Promise.resolve()
    })
    expect(input.value).toBe('0d3e')
    expect(addOrder).toHaveBeenCalledWith({ text: ID })
  })

  it('says which order was added and keeps the focus in the field', async () => {
    const { input, scan } = setup(added)
    input.focus()
    scan(ID)
    await screen.findByText(/000-001 eklendi\./)
    expect(document.activeElement).toBe(input)
  })

  it('clears the field on every Enter and says what was read and why it was refused', async () => {
    const { input, scan } = setup(() =>
      Promise.resolve({
        ok: false,
        error: { code: 'invalid-input', problem: 'no-order-id', retryable: false },
      }),
    )
    scan('hello')
    expect(input.value).toBe('')
    await screen.findByText('okundu: hello')
    expect(screen.getByRole('alert').textContent).toContain('Metinde sipariş numarası bulunamadı.')
  })
})

describe('AddOrderForm finds orders by what staff see (docs/decisions.md D41)', () => {
  const onBoard = (paymentKey: string, label?: string): BoardOrder => ({
    paymentKey,
    addedAt: '2026-11-21T12:00:00.000Z',
    handover: { state: 'none' },
    ...(label ? { label } : {}),
  })

  function setupWith(orders: BoardOrder[]) {
    const addOrder = vi.fn(added)
    renderWithApi(<AddOrderForm methods={undefined} orders={orders} />, { addOrder })
    const input = screen.getByLabelText<HTMLInputElement>('Sipariş numarası')
    const scan = (text: string) => {
      fireEvent.change(input, { target: { value: text } })
      fireEvent.submit(input.closest('form') as HTMLFormElement)
    }
    return { addOrder, scan }
  }

  it.each(['000-001', '000001', ' 000-001 '])(
    'a short code typed as %s finds the order instead of adding anything',
    async (typed) => {
      const { addOrder, scan } = setupWith([onBoard(ID)])
      scan(typed)
      await screen.findByText(/000-001 bulundu/)
      expect(useBoardUi.getState().reveal?.paymentKey).toBe(ID)
      expect(addOrder).not.toHaveBeenCalled()
    },
  )

  it('says what Enter will do on the found order: in its undo window it takes the press back', async () => {
    const inUndo: BoardOrder = {
      ...onBoard(ID),
      handover: {
        state: 'queued',
        since: '2026-11-21T12:00:00.000Z',
        waitingForSignIn: false,
        sendAt: '2026-11-21T12:00:05.000Z',
      },
    }
    const { scan } = setupWith([inUndo])
    scan('000-001')
    await screen.findByText(/000-001 bulundu: birazdan gönderilecek\. Enter geri alır\.$/)
    cleanup()
    const handedOver: BoardOrder = {
      ...onBoard(ID),
      handover: { state: 'handed-over', at: '2026-11-21T12:01:00.000Z' },
    }
    setupWith([handedOver]).scan('000001')
    await screen.findByText(/000-001 bulundu: zaten kuryeye verildi\.$/)
    expect(screen.queryByText(/Enter ile kuryeye verin/)).toBeNull()
  })

  it('a scan of an order already on the board shows it instead of saying "eklendi"', async () => {
    const { addOrder, scan } = setupWith([onBoard(ID)])
    scan(ID.toUpperCase())
    await screen.findByText(/000-001 zaten panoda/)
    expect(addOrder).not.toHaveBeenCalled()
    expect(screen.queryByText(/eklendi/)).toBeNull()
  })

  it('lists every order that shares a code, to choose one', async () => {
    const other = '0d3e1f00-5a1b-4c2d-8e3f-200000000001'
    const { scan } = setupWith([onBoard(ID, 'Masa 4'), onBoard(other, 'Masa 9')])
    scan('000-001')
    await screen.findByText(/000-001 koduyla 2 sipariş var/)
    fireEvent.click(screen.getByRole('button', { name: new RegExp('Masa 9') }))
    expect(useBoardUi.getState().reveal?.paymentKey).toBe(other)
  })

  it('says a code that is on no card is not on the board', async () => {
    const { scan } = setupWith([onBoard(ID)])
    scan('999-999')
    await screen.findByText(/999-999 kodlu sipariş panoda yok/)
  })
})

describe('AddOrderForm: a typed order carries its amount and its courier (issue 28)', () => {
  const couriers = [
    { id: 'c-ahmet', name: 'Ahmet', retired: false, addedAt: '2026-11-20T08:00:00.000Z' },
    { id: 'c-ali', name: 'Ali', retired: true, addedAt: '2026-11-20T08:00:00.000Z' },
  ]

  function setupTyped() {
    const addOrder = vi.fn(added)
    const assignCourier = vi.fn((input: { paymentKey: string; courierId: string | null }) =>
      Promise.resolve({
        ok: true as const,
        value: { paymentKey: input.paymentKey, courierId: input.courierId, at: '2026-11-21T12:00:00.000Z' },
      }),
    )
    renderWithApi(<AddOrderForm methods={undefined} />, {
      addOrder,
      assignCourier,
      listCouriers: () => Promise.resolve({ ok: true, value: couriers }),
    })
    const input = screen.getByLabelText<HTMLInputElement>('Sipariş numarası')
    const amount = screen.getByLabelText<HTMLInputElement>('Tutar (ör. 399,90)')
    const scan = (text: string) => {
      fireEvent.change(input, { target: { value: text } })
      fireEvent.submit(input.closest('form') as HTMLFormElement)
    }
    return { addOrder, assignCourier, amount, scan }
  }

  it('sends the amount in kuruş and names the courier, who makes it a restaurant-courier order', async () => {
    const { addOrder, assignCourier, amount, scan } = setupTyped()
    fireEvent.change(amount, { target: { value: '1.234,50 ₺' } })
    const courier = await screen.findByLabelText<HTMLSelectElement>('Götüren kurye')
    // Only working couriers are offered.
    expect([...courier.options].map((option) => option.textContent)).toEqual(['Bilinmiyor', 'Ahmet'])
    fireEvent.change(courier, { target: { value: 'c-ahmet' } })
    scan(ID)
    await screen.findByText(/000-001 eklendi\./)
    expect(addOrder).toHaveBeenCalledWith({ text: ID, amountKurus: 123_450, courierType: 'restaurant' })
    await vi.waitFor(() =>
      expect(assignCourier).toHaveBeenCalledWith(
        expect.objectContaining({
          paymentKey: ID,
          courierId: 'c-ahmet',
          requestId: expect.any(String) as unknown,
        }),
      ),
    )
    // The next order starts with no amount and no courier: they were this order's.
    expect(amount.value).toBe('')
    expect(courier.value).toBe('')
  })

  it.each([
    ['1.234', /“1.234” belirsiz/],
    ['-5', /eksi olamaz/],
    ['1,2345', /en çok iki basamak/],
    ['on lira', /Bu bir tutar değil/],
  ])('refuses %s at the field and sends nothing, never a guess', (typed, problem) => {
    const { addOrder, amount, scan } = setupTyped()
    fireEvent.change(amount, { target: { value: typed } })
    expect(amount.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(amount.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      problem,
    )
    scan(ID)
    expect(screen.getByRole('alert').textContent).toMatch(/Eklenmedi:/)
    expect(addOrder).not.toHaveBeenCalled()
  })

  it('says so when the order was added but its courier could not be written', async () => {
    renderWithApi(<AddOrderForm methods={undefined} />, {
      addOrder: vi.fn(added),
      assignCourier: () =>
        Promise.resolve({
          ok: false as const,
          error: { code: 'invalid-input' as const, problem: 'courier-retired' as const, retryable: false },
        }),
      listCouriers: () => Promise.resolve({ ok: true, value: couriers }),
    })
    fireEvent.change(await screen.findByLabelText('Götüren kurye'), { target: { value: 'c-ahmet' } })
    const input = screen.getByLabelText<HTMLInputElement>('Sipariş numarası')
    fireEvent.change(input, { target: { value: ID } })
    fireEvent.submit(input.closest('form') as HTMLFormElement)
    await screen.findByText(/000-001 eklendi, ama kuryesi yazılamadı/)
  })
})
