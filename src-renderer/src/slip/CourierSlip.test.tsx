import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { BoardOrder } from '../../../src-shared/domain.ts'
import { CourierSlip, type CourierSlipProps } from './CourierSlip.tsx'
import { qrSvg } from './qr-svg.ts'

const KEY = '0d3e1f00-5a1b-4c2d-8e3f-100000000001'
const names = new Map([
  ['CASH', 'Nakit'],
  ['CREDIT_CARD', 'Kredi Kartı'],
  ['delivery', 'Teslimat'],
])

const order = (overrides: Partial<BoardOrder> = {}): BoardOrder => ({
  paymentKey: KEY,
  addedAt: '2026-11-22T10:00:00.000Z',
  shippingMethod: 'delivery',
  paymentMethod: 'CASH',
  courierType: 'restaurant',
  handover: { state: 'none' },
  ...overrides,
})

function renderSlip(props: Partial<CourierSlipProps> = {}) {
  return render(
    <CourierSlip
      order={order()}
      methodNames={names}
      language="tr"
      paperWidth={80}
      printedAt="2026-11-22T10:45:00.000Z"
      {...props}
    />,
  )
}

afterEach(cleanup)

describe('CourierSlip', () => {
  it('shows the short code, the methods in the platform words, the bold cash line and the QR of the payment_key', () => {
    const { container } = renderSlip({ branchName: 'Kadıköy Moda', order: order({ label: 'Masa 4' }) })
    expect(screen.getByText('000-001')).toBeTruthy()
    expect(container.querySelector('.slip')?.getAttribute('data-paper-mm')).toBe('80')
    expect(container.querySelector('.slip')?.className).toContain('slip-80mm')
    expect(screen.getByText('Kadıköy Moda')).toBeTruthy()
    expect(screen.getByText('Teslimat')).toBeTruthy()
    expect(screen.getByText('Nakit')).toBeTruthy()
    expect(screen.getByText('Masa 4')).toBeTruthy()
    expect(container.querySelector('.slip-cash')?.textContent).toBe('Kurye nakit tahsil edecek')
    const qr = screen.getByRole('img', { name: `Sipariş numarası QR kodu: ${KEY}` })
    expect(qr.querySelector('path')?.getAttribute('d')).toBe(qrSvg(KEY).path)
    expect(screen.getByText(/^Yazdırıldı: /)).toBeTruthy()
  })

  it('has no cash line for a card order, nor for an unknown payment method', () => {
    const { container } = renderSlip({ order: order({ paymentMethod: 'CREDIT_CARD' }) })
    expect(screen.getByText('Kredi Kartı')).toBeTruthy()
    expect(container.querySelector('.slip-cash')).toBeNull()
    cleanup()
    const unknownPayment = order()
    delete unknownPayment.paymentMethod
    expect(renderSlip({ order: unknownPayment }).container.querySelector('.slip-cash')).toBeNull()
  })

  it('follows Settings’ collected-at-door methods, naming a method other than cash', () => {
    const mealCard = order({ paymentMethod: 'MEAL_CARD' })
    const meal = new Map([...names, ['MEAL_CARD', 'Yemek Kartı']])
    expect(
      renderSlip({ order: mealCard, methodNames: meal }).container.querySelector('.slip-cash'),
    ).toBeNull()
    cleanup()
    const { container } = renderSlip({
      order: mealCard,
      methodNames: meal,
      collectedAtDoor: ['CASH', 'MEAL_CARD'],
    })
    expect(container.querySelector('.slip-cash')?.textContent).toBe(
      'Kurye kapıda tahsil edecek (Yemek Kartı)',
    )
    cleanup()
    // Cash left out of Settings: nothing to collect, whatever the method's name.
    expect(renderSlip({ collectedAtDoor: ['MEAL_CARD'] }).container.querySelector('.slip-cash')).toBeNull()
  })

  it('shows the amount to collect when it is known, and no amount line for an order paid in advance', () => {
    const { container } = renderSlip({ order: order({ amountKurus: 123_450 }) })
    expect(container.querySelector('.slip-amount')?.textContent).toBe('Tahsil edilecek: 1.234,50 ₺')
    cleanup()
    const card = renderSlip({ order: order({ amountKurus: 123_450, paymentMethod: 'CREDIT_CARD' }) })
    expect(card.container.querySelector('.slip-amount')).toBeNull()
    cleanup()
    expect(renderSlip().container.querySelector('.slip-amount')).toBeNull()
  })

  it('shows the hand-over time once handed over, in English when the app is, on 58 mm paper', () => {
    const { container } = renderSlip({
      language: 'en',
      paperWidth: 58,
      order: order({ handover: { state: 'handed-over', at: '2026-11-22T10:32:00.000Z' } }),
    })
    expect(screen.getByText(/^Handed to the courier: /)).toBeTruthy()
    expect(container.querySelector('.slip-cash')?.textContent).toBe('The courier collects cash')
    expect(container.querySelector('.slip')?.getAttribute('lang')).toBe('en')
    expect(container.querySelector('.slip')?.className).toContain('slip-58mm')
  })
})

describe('qrSvg', () => {
  it('draws the matrix qrcode made inside a 4-module quiet zone', () => {
    const { size, path } = qrSvg(KEY)
    // A 36-character key at level M is a version 3 symbol: 29 modules, plus 2 × 4 of quiet zone.
    expect(size).toBe(37)
    expect(path.startsWith('M4 4h1v1h-1z')).toBe(true) // the finder pattern's top-left corner
  })
})
