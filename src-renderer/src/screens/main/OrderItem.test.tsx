import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { BoardOrder } from '../../../../src-shared/domain.ts'
import { renderWithApi } from '../../testing/render-with-api.tsx'
import { OrderItem } from './OrderItem.tsx'

const KEY = '0d3e1f00-5a1b-4c2d-8e3f-100000000001'
const names = new Map([
  ['CASH', 'Nakit'],
  ['delivery', 'Teslimat'],
  ['pickup', 'Gel Al'],
])

function order(overrides: Partial<BoardOrder> = {}): BoardOrder {
  return { paymentKey: KEY, addedAt: '2026-11-21T12:00:00.000Z', handover: { state: 'none' }, ...overrides }
}

function renderItem(value: BoardOrder) {
  const onHandOver = vi.fn()
  const onRemove = vi.fn()
  renderWithApi(
    <ul>
      <OrderItem order={value} methodNames={names} onHandOver={onHandOver} onRemove={onRemove} />
    </ul>,
  )
  return { onHandOver, onRemove }
}

afterEach(cleanup)

describe('OrderItem', () => {
  it('shows a short code, the full key, the methods by name and the cash note for a cash delivery', () => {
    renderItem(
      order({
        shippingMethod: 'delivery',
        paymentMethod: 'CASH',
        courierType: 'restaurant',
        label: 'Masa 4',
      }),
    )
    expect(screen.getByText('000-001')).toBeTruthy()
    expect(screen.getByText(KEY)).toBeTruthy()
    expect(screen.getByText('Teslimat · Nakit')).toBeTruthy()
    expect(screen.getByText('Kurye nakit tahsil edecek')).toBeTruthy()
    expect(screen.getByText('Masa 4')).toBeTruthy()
  })

  it('sends on "Kuryeye Verildi" and removes on "Kaldır"', () => {
    const { onHandOver, onRemove } = renderItem(order())
    fireEvent.click(screen.getByRole('button', { name: 'Kuryeye Verildi' }))
    expect(onHandOver).toHaveBeenCalledWith(KEY)
    fireEvent.click(screen.getByRole('button', { name: '000-001 siparişini panodan kaldır' }))
    expect(onRemove).toHaveBeenCalledWith(KEY)
  })

  it('offers no button for a pickup order or a platform-courier order, and says why', () => {
    renderItem(order({ shippingMethod: 'pickup', paymentMethod: 'CASH' }))
    expect(screen.getByText('Gel Al siparişi: kuryeye verilmez.')).toBeTruthy()
    expect(screen.queryByText('Kurye nakit tahsil edecek')).toBeNull()
    cleanup()
    renderItem(order({ courierType: 'platform' }))
    expect(screen.getByText('Platform kuryesi: teslimatı platform yönetir.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Kuryeye Verildi' })).toBeNull()
  })

  it('cannot be pressed while sending', () => {
    const { onHandOver } = renderItem(
      order({ handover: { state: 'sending', since: '2026-11-21T12:00:00.000Z' } }),
    )
    const button = screen.getByRole('button', { name: 'Gönderiliyor…' })
    expect((button as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(button)
    expect(onHandOver).not.toHaveBeenCalled()
  })

  it('shows the platform words and a retry after a refusal, and the time after a hand-over', () => {
    renderItem(
      order({
        handover: {
          state: 'failed',
          at: '2026-11-21T12:00:00.000Z',
          error: {
            code: 'order-not-found',
            platformError: 'sipariş bulunamadı',
            httpStatus: 404,
            retryable: false,
          },
        },
      }),
    )
    expect(screen.getByRole('alert').textContent).toContain('Sipariş bulunamadı')
    expect(screen.getByRole('alert').textContent).toContain('“sipariş bulunamadı”')
    expect(screen.getByRole('alert').textContent).toContain('HTTP 404')
    expect(screen.getByRole('button', { name: 'Tekrar dene' })).toBeTruthy()
    cleanup()
    renderItem(order({ handover: { state: 'handed-over', at: '2026-11-21T12:05:00.000Z' } }))
    expect(screen.getByRole('status').textContent).toMatch(/^Restoran Kuryeye Verildi · \d\d:\d\d$/)
    expect(screen.queryByRole('button', { name: 'Kuryeye Verildi' })).toBeNull()
  })
})
