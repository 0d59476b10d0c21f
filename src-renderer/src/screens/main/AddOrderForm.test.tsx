import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AddOrderInput } from '../../../../src-shared/contract.ts'
import type { BoardOrder } from '../../../../src-shared/domain.ts'
import type { Result } from '../../../../src-shared/errors.ts'
import { renderWithApi } from '../../testing/render-with-api.tsx'
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
    await screen.findByText('Sipariş 000-001 eklendi.')
    expect(document.activeElement).toBe(input)
  })

  it('gives the refused text back with the reason, when nothing new was typed', async () => {
    const { input, scan } = setup(() =>
      Promise.resolve({
        ok: false,
        error: { code: 'invalid-input', problem: 'no-order-id', retryable: false },
      }),
    )
    scan('hello')
    await screen.findByText('Metinde sipariş numarası bulunamadı.')
    await waitFor(() => expect(input.value).toBe('hello'))
  })
})
