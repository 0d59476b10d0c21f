// The board's strip and the batch bar, beyond couriers-out.test.ts: a courier out since before midnight, the
// float they left with, who is left off the strip, and a batch's bags, name and times as the bar shows them.
import { describe, expect, it } from 'vitest'
import type { DayEnd } from '../../../src-shared/couriers.ts'
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
const YESTERDAY = '2026-11-23'
const TODAY = '2026-11-24'
/** `minute` minutes after 12:00 in Istanbul on `day`. */
const at = (minute: number, day = TODAY) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d, 9, minute)).toISOString()
}

const ahmet: LedgerCourier = { id: 'c-ahmet', name: 'Ahmet', retired: false, addedAt: at(0, YESTERDAY) }
const cem: LedgerCourier = { id: 'c-cem', name: 'Cem', retired: false, addedAt: at(0, YESTERDAY) }
const ROSTER = new Map([ahmet, cem].map((courier) => [courier.id, courier]))

interface BagSpec {
  key: string
  courier: string | null
  /** Minute of the press (leftAt). */
  left: number
  result?: HandoverResult['result']
  facts?: OrderFacts
  batchId?: string
}

let seq = 0
/** A day's live settlement of these bags (each answered a minute after it left) and cash records. */
function settle(day: string, bags: BagSpec[], cash: LedgerCash[] = []): DayEnd {
  const assignments: LedgerAssignment[] = []
  const history: HandoverResult[] = []
  const orders = new Map<string, OrderFacts>()
  for (const bag of bags) {
    assignments.push({
      paymentKey: bag.key,
      courierId: bag.courier,
      seq: seq++,
      at: at(bag.left, day),
      ...(bag.batchId ? { batchId: bag.batchId } : {}),
    })
    orders.set(bag.key, {
      paymentMethod: 'CASH',
      amountKurus: 10_000,
      leftAt: at(bag.left, day),
      ...bag.facts,
    })
    history.push({
      seq: seq++,
      paymentKey: bag.key,
      at: at(bag.left + 1, day),
      result: bag.result ?? 'handed-over',
    })
  }
  return settleDay({
    day,
    timeZone: ZONE,
    history,
    couriers: [ahmet, cem],
    assignments,
    orders,
    cash,
    live: true,
  })
}

const movement = (
  id: string,
  kind: LedgerCash['kind'],
  minute: number,
  amountKurus: number,
  extra: Partial<LedgerCash> = {},
): LedgerCash => ({
  id,
  seq: seq++,
  at: at(minute),
  courierId: ahmet.id,
  kind,
  amountKurus,
  day: TODAY,
  ...extra,
})

describe('the board’s courier strip, more', () => {
  it('lists the couriers out by name, whichever day their bags left', () => {
    // Cem has carried a bag since last night; Ahmet left this morning: the strip still reads A to Z.
    const yesterday = settle(YESTERDAY, [{ key: 'late-night', courier: cem.id, left: 600 }])
    const today = settle(TODAY, [{ key: 'morning', courier: ahmet.id, left: 1 }])
    expect(couriersOut([yesterday, today], ROSTER).map((line) => line.name)).toEqual(['Ahmet', 'Cem'])
  })

  it('shows a courier out since before midnight with yesterday’s bags and today’s together', () => {
    const yesterday = settle(YESTERDAY, [{ key: 'late-night', courier: ahmet.id, left: 600 }])
    const today = settle(TODAY, [{ key: 'morning', courier: ahmet.id, left: 1 }])
    expect(couriersOut([yesterday, today], ROSTER)).toMatchObject([
      {
        courierId: ahmet.id,
        name: 'Ahmet',
        packages: 2,
        paymentKeys: ['late-night', 'morning'],
        cashToCollectKurus: 20_000,
      },
    ])
  })

  it('counts the floats given after the courier’s last return, however the returns were written', () => {
    // The ledger gives both days' settlements every record it holds of the two days.
    const cash = [
      movement('f-before', 'float', 5, 2_000),
      // Records arrive by seq; the return written last was made earlier than the one before it.
      movement('r-late', 'handed-in', 20, 10_000),
      movement('r-early', 'handed-in', 10, 10_000),
      movement('f-between', 'float', 15, 4_000),
      movement('f-after-1', 'float', 25, 5_000),
      movement('f-after-2', 'float', 26, 7_000),
      // Money out of the bag or to the courier is no float.
      movement('e-after', 'expense', 27, 1_000),
      movement('a-after', 'advance', 28, 3_000),
    ]
    const yesterday = settle(YESTERDAY, [{ key: 'k0', courier: ahmet.id, left: 1 }], cash)
    const today = settle(TODAY, [{ key: 'k1', courier: ahmet.id, left: 30 }], cash)
    const [line] = couriersOut([yesterday, today], ROSTER)
    // Yesterday's bag left before today's returns: settled. The floats after 12:20 only, no other movement.
    expect(line).toMatchObject({ paymentKeys: ['k1'], floatKurus: 12_000 })
    // The earlier return written first: the same last return.
    const reordered = settle(
      TODAY,
      [{ key: 'k1', courier: ahmet.id, left: 30 }],
      [
        ...cash.filter((record) => record.kind !== 'handed-in'),
        movement('r-early', 'handed-in', 10, 10_000),
        movement('r-late', 'handed-in', 20, 10_000),
      ],
    )
    expect(couriersOut([reordered], ROSTER)[0]).toMatchObject({ paymentKeys: ['k1'], floatKurus: 12_000 })
  })

  it('counts every float while the courier has not returned cash yet', () => {
    const today = settle(
      TODAY,
      [{ key: 'k1', courier: ahmet.id, left: 30 }],
      [movement('f1', 'float', 5, 2_000), movement('f2', 'float', 40, 3_000)],
    )
    expect(couriersOut([today], ROSTER)[0]?.floatKurus).toBe(5_000)
  })

  it('reads a float and a bag of the very moment of the return as that return’s, settled with it', () => {
    const today = settle(
      TODAY,
      [
        { key: 'k0', courier: ahmet.id, left: 10 },
        { key: 'k1', courier: ahmet.id, left: 30 },
      ],
      [movement('f1', 'float', 10, 2_000), movement('r1', 'handed-in', 10, 10_000)],
    )
    expect(couriersOut([today], ROSTER)[0]).toMatchObject({ paymentKeys: ['k1'], floatKurus: 0 })
  })

  it('reads a corrected return as no return: the float before it still counts', () => {
    const today = settle(
      TODAY,
      [{ key: 'k1', courier: ahmet.id, left: 30 }],
      [
        movement('f1', 'float', 5, 2_000),
        movement('r1', 'handed-in', 10, 10_000),
        // The return was written for the wrong courier: corrected to Cem, so Ahmet has none that counts.
        movement('r1-fix', 'handed-in', 10, 10_000, { corrects: 'r1', courierId: cem.id, at: at(50) }),
      ],
    )
    expect(couriersOut([today], ROSTER).find((line) => line.courierId === ahmet.id)?.floatKurus).toBe(2_000)
  })

  it('leaves off a courier whose every bag was settled, and one the roster does not know', () => {
    const today = settle(
      TODAY,
      [
        { key: 'settled', courier: cem.id, left: 1 },
        { key: 'carried', courier: ahmet.id, left: 2 },
        { key: 'stranger', courier: 'c-gone', left: 3 },
      ],
      [movement('r-cem', 'handed-in', 10, 10_000, { courierId: cem.id })],
    )
    expect(couriersOut([today], ROSTER).map((line) => line.courierId)).toEqual([ahmet.id])
  })
})

describe('the batch bar, more', () => {
  it('names a batch of a courier the roster does not know ?, and keeps when it ended', () => {
    const today = settle(TODAY, [])
    const [batch] = batchesOf(
      today,
      [{ batchId: 'b1', courierId: 'c-gone', startedAt: at(0), endedAt: at(40), seq: 0 }],
      ROSTER,
    )
    expect(batch).toStrictEqual({
      batchId: 'b1',
      courierId: 'c-gone',
      name: '?',
      startedAt: at(0),
      lastTouchedAt: at(0),
      endedAt: at(40),
      bags: [],
      cashToCollectKurus: 0,
      amountUnknown: 0,
      unknownCount: 0,
      refused: 0,
    })
    const [open] = batchesOf(
      today,
      [{ batchId: 'b2', courierId: ahmet.id, startedAt: at(0), seq: 1 }],
      ROSTER,
    )
    expect(open).not.toHaveProperty('endedAt')
    expect(open?.name).toBe('Ahmet')
  })

  it('lists a batch’s bags in the order they left, across couriers, touched last by the latest', () => {
    // A bag of Ahmet's batch moved to Cem within the batch: its line comes after Ahmet's.
    const today = settle(TODAY, [
      { key: 'second', courier: ahmet.id, left: 5, batchId: 'b1' },
      { key: 'first', courier: cem.id, left: 2, batchId: 'b1' },
      { key: 'third', courier: ahmet.id, left: 8, batchId: 'b1' },
      { key: 'loose', courier: ahmet.id, left: 9 },
    ])
    const [batch] = batchesOf(
      today,
      [{ batchId: 'b1', courierId: ahmet.id, startedAt: at(0), seq: 0 }],
      ROSTER,
    )
    expect(batch?.bags.map((bag) => bag.paymentKey)).toEqual(['first', 'second', 'third'])
    expect(batch?.lastTouchedAt).toBe(at(8))
    expect(batch?.cashToCollectKurus).toBe(30_000)
  })

  it('counts a bag whose method is not known, and one whose amount is not, as unknown', () => {
    const today = settle(TODAY, [
      { key: 'no-method', courier: ahmet.id, left: 1, batchId: 'b1', facts: { paymentMethod: undefined } },
      { key: 'no-amount', courier: ahmet.id, left: 2, batchId: 'b1', facts: { amountKurus: undefined } },
      { key: 'card', courier: ahmet.id, left: 3, batchId: 'b1', facts: { paymentMethod: 'CREDIT_CARD' } },
      {
        key: 'refused',
        courier: ahmet.id,
        left: 4,
        batchId: 'b1',
        result: 'refused',
        facts: { paymentMethod: undefined },
      },
    ])
    const [batch] = batchesOf(
      today,
      [{ batchId: 'b1', courierId: ahmet.id, startedAt: at(0), seq: 0 }],
      ROSTER,
    )
    expect(batch).toMatchObject({ cashToCollectKurus: 0, amountUnknown: 1, unknownCount: 2, refused: 1 })
  })

  it('was last touched when it started when its bags left before it', () => {
    const today = settle(TODAY, [{ key: 'early', courier: ahmet.id, left: 1, batchId: 'b1' }])
    const [batch] = batchesOf(
      today,
      [{ batchId: 'b1', courierId: ahmet.id, startedAt: at(30), seq: 0 }],
      ROSTER,
    )
    expect(batch?.lastTouchedAt).toBe(at(30))
  })
})
