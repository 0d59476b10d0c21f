// The board's strip and the batch bar read off today's one settlement (issue 28): who carries what.
import { describe, expect, it } from 'vitest'
import { batchesOf, couriersOut } from './couriers-out.ts'
import {
  settleDay,
  type HandoverResult,
  type LedgerAssignment,
  type LedgerCash,
  type LedgerCourier,
  type OrderFacts,
} from './day-end.ts'

const ZONE = 'Europe/Istanbul'
const TODAY = '2026-11-24'
/** 12:00 in Istanbul today, and minutes after. */
const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 9, minute)).toISOString()

const ahmet: LedgerCourier = { id: 'c-ahmet', name: 'Ahmet', retired: false, addedAt: at(0) }
const cem: LedgerCourier = { id: 'c-cem', name: 'Cem', retired: false, addedAt: at(0) }
const cagla: LedgerCourier = { id: 'c-cagla', name: 'Çağla', retired: false, addedAt: at(0) }
const veli: LedgerCourier = { id: 'c-veli', name: 'Veli', retired: true, addedAt: at(0) }
const ALL = [ahmet, cem, cagla, veli]

interface BagSpec {
  key: string
  courier: string | null
  /** Minute of the press (leftAt); the assignment may be earlier. */
  left: number
  assignedAt?: number
  result?: HandoverResult['result'] | 'owed'
  facts?: OrderFacts
  batchId?: string
}

function today(bags: BagSpec[], cash: LedgerCash[] = [], couriers = ALL) {
  let seq = 0
  const assignments: LedgerAssignment[] = []
  const history: HandoverResult[] = []
  const orders = new Map<string, OrderFacts>()
  const owedNow: string[] = []
  for (const bag of bags) {
    assignments.push({
      paymentKey: bag.key,
      courierId: bag.courier,
      seq: seq++,
      at: at(bag.assignedAt ?? bag.left),
      ...(bag.batchId ? { batchId: bag.batchId } : {}),
    })
    orders.set(bag.key, { paymentMethod: 'CASH', amountKurus: 10_000, leftAt: at(bag.left), ...bag.facts })
    if (bag.result === 'owed') owedNow.push(bag.key)
    else
      history.push({
        seq: seq++,
        paymentKey: bag.key,
        at: at(bag.left + 1),
        result: bag.result ?? 'handed-over',
      })
  }
  const dayEnd = settleDay({
    day: TODAY,
    timeZone: ZONE,
    history,
    couriers,
    assignments,
    orders,
    cash,
    owedNow,
    live: true,
  })
  return { dayEnd, names: new Map(couriers.map((courier) => [courier.id, courier])) }
}

const handIn = (courierId: string, minute: number, amountKurus = 100): LedgerCash => ({
  id: `cash-${courierId}-${String(minute)}`,
  seq: 1000 + minute,
  at: at(minute),
  courierId,
  kind: 'handed-in',
  amountKurus,
  day: TODAY,
})

describe('the board’s courier strip', () => {
  it('counts a bag from its press, whenever it was assigned: assigned before a return, pressed after', () => {
    // Issue 28's first disagreement: the POS named Ahmet at 12:05, he handed in at 12:10, the bag left at 12:20.
    const { dayEnd, names } = today(
      [{ key: 'late', courier: ahmet.id, assignedAt: 5, left: 20 }],
      [handIn(ahmet.id, 10)],
    )
    expect(couriersOut([dayEnd], names)).toMatchObject([
      { name: 'Ahmet', paymentKeys: ['late'], packages: 1 },
    ])
    expect(dayEnd.couriers[0]).toMatchObject({ out: true, balance: 'out' })
  })

  it('settles what left before the last cash handed in; what left after is carried', () => {
    const { dayEnd, names } = today(
      [
        { key: 'before', courier: ahmet.id, left: 1 },
        { key: 'between', courier: ahmet.id, left: 3 },
        { key: 'after', courier: ahmet.id, left: 6 },
      ],
      [handIn(ahmet.id, 4), handIn(ahmet.id, 2)],
    )
    expect(couriersOut([dayEnd], names)[0]?.paymentKeys).toEqual(['after'])
    // Another courier's return settles nothing of Ahmet's.
    const other = today([{ key: 'k1', courier: ahmet.id, left: 1 }], [handIn(cem.id, 4)])
    expect(couriersOut([other.dayEnd], other.names)[0]?.paymentKeys).toEqual(['k1'])
  })

  it('leaves refused bags out; a bag on its way or unconfirmed is carried', () => {
    const { dayEnd, names } = today([
      { key: 'sent', courier: ahmet.id, left: 1 },
      { key: 'owed', courier: ahmet.id, left: 2, result: 'owed' },
      { key: 'unconfirmed', courier: ahmet.id, left: 3, result: 'unconfirmed' },
      { key: 'refused', courier: ahmet.id, left: 4, result: 'refused' },
    ])
    const [line] = couriersOut([dayEnd], names)
    expect(line?.paymentKeys).toEqual(['sent', 'owed', 'unconfirmed'])
    expect(line?.cashToCollectKurus).toBe(30_000)
  })

  it('shows an unknown method or amount as unknown, never as zero', () => {
    const { dayEnd, names } = today([
      { key: 'no-method', courier: ahmet.id, left: 1, facts: { paymentMethod: undefined } },
      { key: 'no-amount', courier: ahmet.id, left: 2, facts: { amountKurus: undefined } },
      { key: 'card', courier: ahmet.id, left: 3, facts: { paymentMethod: 'CREDIT_CARD' } },
    ])
    expect(couriersOut([dayEnd], names)[0]).toMatchObject({
      cashToCollectKurus: 0,
      amountUnknown: 1,
      unknownCount: 2,
    })
  })

  it('lists working couriers carrying bags, by name in Turkish order', () => {
    const { dayEnd, names } = today([
      { key: 'k1', courier: cagla.id, left: 1 },
      { key: 'k2', courier: cem.id, left: 2 },
      { key: 'k3', courier: veli.id, left: 3 },
      { key: 'k4', courier: null, left: 4 },
    ])
    expect(couriersOut([dayEnd], names).map((line) => line.name)).toEqual(['Cem', 'Çağla'])
  })
})

describe('the batch bar', () => {
  it('lists a batch’s bags from the settlement, a refused one marked and left out of its cash', () => {
    const { dayEnd, names } = today([
      { key: 'b1', courier: ahmet.id, left: 1, batchId: 'batch-1' },
      { key: 'b2', courier: ahmet.id, left: 2, batchId: 'batch-1', result: 'refused' },
      { key: 'b3', courier: ahmet.id, left: 3, batchId: 'batch-1', facts: { amountKurus: undefined } },
      { key: 'other', courier: ahmet.id, left: 4 },
    ])
    const [batch] = batchesOf(
      dayEnd,
      [{ batchId: 'batch-1', courierId: ahmet.id, startedAt: at(0), seq: 0 }],
      names,
    )
    expect(batch).toMatchObject({
      name: 'Ahmet',
      cashToCollectKurus: 10_000,
      amountUnknown: 1,
      refused: 1,
      lastTouchedAt: at(3),
    })
    expect(batch?.bags.map((bag) => [bag.paymentKey, bag.refused])).toEqual([
      ['b1', false],
      ['b2', true],
      ['b3', false],
    ])
  })
})
