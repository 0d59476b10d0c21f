import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { BoardOrder } from '../../../src-shared/domain.ts'
import { Manifest } from './Manifest.tsx'
import { manifestOf, manifestQrText } from './manifest.ts'
import { qrSvg } from './qr-svg.ts'

const order = (n: number, extra: Partial<BoardOrder>): BoardOrder => ({
  paymentKey: `0d3e1f00-5a1b-4c2d-8e3f-10000000000${String(n)}`,
  addedAt: '2026-11-21T12:00:00.000Z',
  shippingMethod: 'delivery',
  courierType: 'restaurant',
  handover: {
    state: 'queued',
    since: '2026-11-21T12:00:00.000Z',
    waitingForSignIn: false,
    sendAt: '2026-11-21T12:00:05.000Z',
  },
  ...extra,
})
const manifest = manifestOf({
  courier: { id: 'c1', name: 'Ahmet' },
  orders: [
    order(1, { paymentMethod: 'CASH', amountKurus: 19_990 }),
    order(2, { paymentMethod: 'CREDIT_CARD', amountKurus: 25_000 }),
    order(3, { paymentMethod: 'CASH' }),
  ],
  at: '2026-11-21T12:30:00.000Z',
  collectedAtDoor: ['CASH'],
  methodNames: new Map([
    ['CASH', 'Nakit'],
    ['CREDIT_CARD', 'Kredi Kartı'],
  ]),
})

afterEach(cleanup)

describe('Manifest', () => {
  it('lists each package with its amount and what to collect, the total, a signature line and the QR', () => {
    const { container } = render(<Manifest manifest={manifest} language="tr" paperWidth={80} />)
    const slip = container.querySelector('.slip-manifest')
    expect(slip?.getAttribute('data-paper-mm')).toBe('80')
    expect(slip?.textContent).toContain('Kurye: Ahmet')
    expect(slip?.textContent).toContain('3 paket')
    expect([...container.querySelectorAll('.manifest-line')].map((line) => line.textContent)).toEqual([
      '000-001199,90 ₺Nakit · TAHSİL',
      '000-002250,00 ₺Kredi Kartı · ödenmiş',
      '000-003tutar ?Nakit · TAHSİL',
    ])
    expect(container.querySelector('.manifest-total')?.textContent).toBe('Tahsil edilecek toplam 199,90 ₺')
    expect(screen.getByText('1 paketin tutarı bilinmiyor: toplamda yok.')).toBeTruthy()
    expect(screen.getByText('Teslim alan (imza)')).toBeTruthy()
    const text = 'ZIMMET;Ahmet;3;19990;2026-11-21T12:30:00.000Z'
    expect(manifestQrText(manifest)).toBe(text)
    const qr = screen.getByRole('img', { name: `Zimmet QR kodu: ${text}` })
    expect(qr.querySelector('path')?.getAttribute('d')).toBe(qrSvg(text).path)
  })

  it('speaks English on 58 mm paper when the app does', () => {
    const { container } = render(<Manifest manifest={manifest} language="en" paperWidth={58} />)
    expect(container.querySelector('.slip-manifest')?.className).toContain('slip-58mm')
    expect(container.querySelector('.manifest-total')?.textContent).toBe('Total to collect ₺199.90')
    expect(container.textContent).toContain('Courier manifest')
    expect(container.textContent).toContain('3 packages')
  })
})
