import { describe, expect, it } from 'vitest'
import { bag, batchOf } from '../../../test-support/renderer/day-end-fixtures.ts'
import { manifestOf, manifestQrText } from './manifest.ts'

const names = new Map([
  ['CASH', 'Nakit'],
  ['CREDIT_CARD', 'Kredi Kartı'],
])
const at = '2026-11-21T12:30:00.000Z'

describe('manifestOf', () => {
  const batch = batchOf({
    bags: [
      bag(1, { paymentMethod: 'CASH', amountKurus: 19_990, label: 'Atatürk Cd. 5/3' }),
      bag(2, { paymentMethod: 'CREDIT_CARD', amountKurus: 25_000, tender: 'paid', collect: false }),
      bag(3, { paymentMethod: 'CASH', amountKurus: 20_000, refused: true, state: 'refused' }),
      bag(4, { paymentMethod: 'CASH' }),
      bag(5, { paymentMethod: undefined, tender: 'unknown', collect: false }),
    ],
    // The core's sums: the manifest prints them, it never sums on its own.
    cashToCollectKurus: 19_990,
    amountUnknown: 1,
    unknownCount: 2,
    refused: 1,
  })

  it('takes each bag’s label, method name and tender, and the core’s totals', () => {
    const manifest = manifestOf({ batch, at, methodNames: names })
    expect(manifest).toMatchObject({
      courier: { id: 'c-ahmet', name: 'Ahmet' },
      packages: 4,
      totalKurus: 19_990,
      amountUnknown: 1,
      unknownCount: 2,
      refused: 1,
    })
    expect(
      manifest.lines.map((line) => [
        line.code,
        line.label,
        line.method,
        line.amountKurus,
        line.tender,
        line.refused,
      ]),
    ).toEqual([
      ['000-001', 'Atatürk Cd. 5/3', 'Nakit', 19_990, 'cash', false],
      ['000-002', undefined, 'Kredi Kartı', 25_000, 'paid', false],
      ['000-003', undefined, 'Nakit', 20_000, 'cash', true],
      ['000-004', undefined, 'Nakit', undefined, 'cash', false],
      ['000-005', undefined, undefined, undefined, 'unknown', false],
    ])
  })
})

describe('manifestQrText', () => {
  it('is ZIMMET;courier;bags carried;total kuruş;ISO time: a refused bag is not carried', () => {
    const manifest = manifestOf({
      batch: batchOf({
        bags: [bag(1, { amountKurus: 39_990 }), bag(2, { refused: true, state: 'refused' })],
        cashToCollectKurus: 39_990,
        refused: 1,
      }),
      at,
      methodNames: names,
    })
    expect(manifestQrText(manifest)).toBe('ZIMMET;Ahmet;1;39990;2026-11-21T12:30:00.000Z')
  })

  it('keeps five fields when the name holds a semicolon', () => {
    const manifest = manifestOf({ batch: batchOf({ name: 'Ali;Veli' }), at, methodNames: names })
    expect(manifestQrText(manifest).split(';')).toEqual(['ZIMMET', 'Ali,Veli', '0', '0', at])
  })
})
