import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { bag, batchOf } from '../../../test-support/renderer/day-end-fixtures.ts'
import { Manifest } from './Manifest.tsx'
import { manifestOf, manifestQrText } from './manifest.ts'
import { qrSvg } from './qr-svg.ts'

const manifest = manifestOf({
  batch: batchOf({
    bags: [
      bag(1, { amountKurus: 19_990, label: 'Atatürk Cd. 5/3' }),
      bag(2, { paymentMethod: 'CREDIT_CARD', amountKurus: 25_000, tender: 'paid', collect: false }),
      bag(3, { amountKurus: undefined }),
      bag(4, { amountKurus: 20_000, refused: true, state: 'refused' }),
      bag(5, { paymentMethod: undefined, amountKurus: 9_000, tender: 'unknown', collect: false }),
    ],
    cashToCollectKurus: 19_990,
    amountUnknown: 1,
    unknownCount: 2,
    refused: 1,
  }),
  at: '2026-11-21T12:30:00.000Z',
  methodNames: new Map([
    ['CASH', 'Nakit'],
    ['CREDIT_CARD', 'Kredi Kartı'],
  ]),
})

afterEach(cleanup)

describe('Manifest', () => {
  it('lists each bag with its label, amount and what to do; paid, refused and unknown said so', () => {
    const { container } = render(<Manifest manifest={manifest} language="tr" paperWidth={80} />)
    const slip = container.querySelector('.slip-manifest')
    expect(slip?.getAttribute('data-paper-mm')).toBe('80')
    expect(slip?.textContent).toContain('Kurye: Ahmet')
    // The bags carried: the refused one is not.
    expect(slip?.textContent).toContain('4 paket')
    expect([...container.querySelectorAll('.manifest-line')].map((line) => line.textContent)).toEqual([
      '000-001199,90 ₺Atatürk Cd. 5/3Nakit · TAHSİL',
      '000-002250,00 ₺Kredi Kartı · ödenmiş',
      '000-003tutar ?Nakit · TAHSİL',
      '000-004200,00 ₺Nakit · GÖNDERİLEMEDİ',
      '000-00590,00 ₺ödeme ? · kontrol edin',
    ])
    // A refused bag's amount is struck through, and in no total.
    expect(container.querySelector('.manifest-line.refused s')?.textContent).toBe('200,00 ₺')
    expect(container.querySelector('.manifest-total')?.textContent).toBe(
      'Tahsil edilecek toplam 199,90 ₺ + ?',
    )
    expect(
      screen.getByText('2 paketin tutarı ya da ödemesi bilinmiyor: toplamda yok, kontrol edin.'),
    ).toBeTruthy()
    expect(screen.getByText(/1 paketi platform kabul etmedi \(GÖNDERİLEMEDİ\): toplamda yok\./)).toBeTruthy()
    expect(screen.getByText('Teslim alan (imza)')).toBeTruthy()
    const text = 'ZIMMET;Ahmet;4;19990;2026-11-21T12:30:00.000Z'
    expect(manifestQrText(manifest)).toBe(text)
    const qr = screen.getByRole('img', { name: `Zimmet QR kodu: ${text}` })
    expect(qr.querySelector('path')?.getAttribute('d')).toBe(qrSvg(text).path)
  })

  it('never prints a paid amount as cash to collect', () => {
    const { container } = render(<Manifest manifest={manifest} language="tr" paperWidth={80} />)
    const paid = [...container.querySelectorAll('.manifest-line')][1]
    expect(paid?.className).not.toContain('collect')
    expect(paid?.textContent).not.toContain('TAHSİL')
  })

  it('speaks English on 58 mm paper when the app does', () => {
    const { container } = render(<Manifest manifest={manifest} language="en" paperWidth={58} />)
    expect(container.querySelector('.slip-manifest')?.className).toContain('slip-58mm')
    expect(container.querySelector('.manifest-total')?.textContent).toBe('Total to collect ₺199.90 + ?')
    expect(container.textContent).toContain('Courier manifest')
    expect(container.textContent).toContain('4 packages')
    expect(container.textContent).toContain('NOT SENT')
  })
})
