import { describe, expect, it } from 'vitest'
import type { BoardOrder } from '../../../src-shared/domain.ts'
import { manifestOf, manifestQrText } from './manifest.ts'

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
const names = new Map([
  ['CASH', 'Nakit'],
  ['CREDIT_CARD', 'Kredi Kartı'],
  ['MEAL_CARD', 'Yemek Kartı'],
])
const courier = { id: 'c1', name: 'Ahmet' }
const at = '2026-11-21T12:30:00.000Z'

describe('manifestOf', () => {
  const orders = [
    order(1, { paymentMethod: 'CASH', amountKurus: 19_990 }),
    order(2, { paymentMethod: 'CREDIT_CARD', amountKurus: 25_000 }),
    order(3, { paymentMethod: 'CASH', amountKurus: 20_000 }),
    order(4, { paymentMethod: 'CASH' }),
    order(5, { paymentMethod: 'MEAL_CARD', amountKurus: 15_050 }),
    order(6, {}),
  ]

  it('sums in kuruş only what is collected at the door, and counts the unknown amounts apart', () => {
    const manifest = manifestOf({ courier, orders, at, collectedAtDoor: ['CASH'], methodNames: names })
    expect(manifest.totalKurus).toBe(39_990)
    expect(manifest.amountUnknown).toBe(1)
    expect(manifest.lines.map((line) => [line.code, line.method, line.amountKurus, line.collect])).toEqual([
      ['000-001', 'Nakit', 19_990, true],
      ['000-002', 'Kredi Kartı', 25_000, false],
      ['000-003', 'Nakit', 20_000, true],
      ['000-004', 'Nakit', undefined, true],
      ['000-005', 'Yemek Kartı', 15_050, false],
      ['000-006', undefined, undefined, false],
    ])
  })

  it('follows Settings: a meal card collected at the door is in the total', () => {
    const manifest = manifestOf({
      courier,
      orders,
      at,
      collectedAtDoor: ['CASH', 'MEAL_CARD'],
      methodNames: names,
    })
    expect(manifest.totalKurus).toBe(55_040)
    expect(manifest.lines[4]?.collect).toBe(true)
  })
})

describe('manifestQrText', () => {
  it('is ZIMMET;courier;packages;total kuruş;ISO time', () => {
    const manifest = manifestOf({
      courier,
      orders: [order(1, { paymentMethod: 'CASH', amountKurus: 39_990 }), order(2, {})],
      at,
      collectedAtDoor: ['CASH'],
      methodNames: names,
    })
    expect(manifestQrText(manifest)).toBe('ZIMMET;Ahmet;2;39990;2026-11-21T12:30:00.000Z')
  })

  it('keeps five fields when the name holds a semicolon', () => {
    const manifest = manifestOf({
      courier: { id: 'c2', name: 'Ali;Veli' },
      orders: [],
      at,
      collectedAtDoor: ['CASH'],
      methodNames: names,
    })
    expect(manifestQrText(manifest).split(';')).toEqual(['ZIMMET', 'Ali,Veli', '0', '0', at])
  })
})
