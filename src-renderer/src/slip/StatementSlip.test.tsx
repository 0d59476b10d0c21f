import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { CourierStatement } from '../../../src-shared/couriers.ts'
import { StatementSlip } from './StatementSlip.tsx'

const day = {
  packages: 4,
  cashToCollectKurus: 50_000,
  floatKurus: 5_000,
  expensesKurus: 2_000,
  expectedCashKurus: 53_000,
  cashHandedInKurus: 51_750,
  differenceKurus: -1_250,
  cardAtDoorKurus: 3_000,
  advancesKurus: 1_000,
  debtRepaidKurus: 0,
  payKurus: 9_000,
  unknownCount: 0,
}
const statement: CourierStatement = {
  courierId: 'c-ahmet',
  name: 'Ahmet',
  from: '2026-11-23',
  to: '2026-11-29',
  days: [{ ...day, day: '2026-11-24', closed: true }],
  totals: day,
  debts: [{ since: '2026-11-24', closingId: 'closing-1', amountKurus: 1_250 }],
  debtCarriedKurus: 1_250,
  creditKurus: 0,
}

afterEach(cleanup)

describe('StatementSlip', () => {
  it('prints a courier’s week on the roll: each day, the sums, the debts, a line to sign', () => {
    const { container } = render(
      <StatementSlip
        statement={statement}
        language="tr"
        paperWidth={80}
        printedAt="2026-11-29T20:00:00.000Z"
      />,
    )
    const text = container.textContent.replace(/\u00a0/g, ' ')
    expect(container.querySelector('.slip')?.getAttribute('data-paper-mm')).toBe('80')
    for (const part of [
      'Haftalık döküm: Ahmet',
      '23.11.2026 – 29.11.2026',
      '24.11.2026 · Hesap kapalı',
      'Paket: 4 · Kapıda nakit: 500,00 ₺',
      'Bozuk para: 50,00 ₺ · Masraf: 20,00 ₺',
      'Beklenen: 530,00 ₺ · Teslim: 517,50 ₺',
      'Fark: -12,50 ₺ · Kapıda kart: 30,00 ₺',
      'Avans: 10,00 ₺ · Hakediş: 90,00 ₺',
      'Hafta toplamı',
      '24.11.2026: 12,50 ₺',
      'Kurye (imza)',
    ]) {
      expect(text).toContain(part)
    }
  })
})
