import { describe, expect, it } from 'vitest'
import type { BoardOrder, Handover } from '../../../src-shared/domain.ts'
import { couriersOut, type CouriersOutInput } from './couriers-out.ts'
import type { CashRecord, LedgerAssignment, LedgerCourier, OrderFacts } from './day-end.ts'

const ZONE = 'Europe/Istanbul'
const TODAY = '2026-11-24'
/** 12:00 in Istanbul today; 23:30 yesterday; 00:30 today. */
const NOON = '2026-11-24T09:00:00.000Z'
const LATE_YESTERDAY = '2026-11-23T20:30:00.000Z'
const JUST_AFTER_MIDNIGHT = '2026-11-23T21:30:00.000Z'
const ERROR = { code: 'unreachable', retryable: true } as const

const ahmet: LedgerCourier = { id: 'c-ahmet', name: 'Ahmet', retired: false, addedAt: NOON }
const cem: LedgerCourier = { id: 'c-cem', name: 'Cem', retired: false, addedAt: NOON }
const cagla: LedgerCourier = { id: 'c-cagla', name: 'Çağla', retired: false, addedAt: NOON }
const veli: LedgerCourier = { id: 'c-veli', name: 'Veli', retired: true, addedAt: NOON }

const HANDOVERS: Record<Handover['state'], Handover> = {
  none: { state: 'none' },
  queued: { state: 'queued', since: NOON, waitingForSignIn: false },
  sending: { state: 'sending', since: NOON },
  retrying: { state: 'retrying', nextAttemptAt: NOON, attempts: 1, error: ERROR },
  'handed-over': { state: 'handed-over', at: NOON },
  failed: { state: 'failed', at: NOON, error: ERROR },
  unconfirmed: { state: 'unconfirmed', at: NOON, error: ERROR },
}

function boardOrder(paymentKey: string, state: Handover['state'], facts: OrderFacts = {}): BoardOrder {
  return { paymentKey, addedAt: NOON, handover: HANDOVERS[state], ...facts }
}

/** The strip over what the test gives; orders not given are off the board. */
function strip(input: {
  assignments: [paymentKey: string, courierId: string | null, seq: number, at?: string][]
  board?: BoardOrder[]
  orders?: [string, OrderFacts][]
  cash?: [courierId: string, seq: number, at?: string][]
  couriers?: LedgerCourier[]
  collectedAtDoor?: string[]
}) {
  const board = new Map((input.board ?? []).map((order) => [order.paymentKey, order]))
  const assignments: LedgerAssignment[] = input.assignments.map(([paymentKey, courierId, seq, at]) => ({
    paymentKey,
    courierId,
    seq,
    at: at ?? NOON,
  }))
  const cash: CashRecord[] = (input.cash ?? []).map(([courierId, seq, at], index) => ({
    id: `cash-${String(index)}`,
    seq,
    at: at ?? NOON,
    courierId,
    amountKurus: 100,
    day: TODAY,
  }))
  const given: CouriersOutInput = {
    couriers: input.couriers ?? [ahmet, cem, cagla, veli],
    today: TODAY,
    timeZone: ZONE,
    assignments,
    cash,
    orders: new Map(input.orders ?? []),
    boardOrder: (paymentKey) => board.get(paymentKey),
    collectedAtDoor: input.collectedAtDoor ?? ['CASH'],
  }
  return couriersOut(given)
}

describe('the board’s courier strip', () => {
  it('counts a package whose hand-over is under way or done, not one taken back or refused', () => {
    const states = Object.keys(HANDOVERS) as Handover['state'][]
    const lines = strip({
      assignments: states.map((state, index) => [state, ahmet.id, index]),
      board: states.map((state) => boardOrder(state, state)),
    })
    expect(lines).toHaveLength(1)
    expect(lines[0]?.paymentKeys).toEqual(['queued', 'sending', 'retrying', 'handed-over', 'unconfirmed'])
    expect(lines[0]?.packages).toBe(5)
  })

  it('reads the amount and method from the board, and from the ledger’s note once the order left it', () => {
    const [line] = strip({
      assignments: [
        ['on-board', ahmet.id, 1],
        ['left', ahmet.id, 2],
        ['amount-noted', ahmet.id, 3],
        ['card', ahmet.id, 4],
        ['unknown-method', ahmet.id, 5],
        ['unknown-amount', ahmet.id, 6],
      ],
      board: [
        boardOrder('on-board', 'sending', { paymentMethod: 'CASH', amountKurus: 39990 }),
        boardOrder('amount-noted', 'sending', { paymentMethod: 'cash' }),
        boardOrder('card', 'handed-over', { paymentMethod: 'CREDIT_CARD', amountKurus: 12000 }),
        boardOrder('unknown-amount', 'queued', { paymentMethod: 'CASH' }),
      ],
      orders: [
        ['on-board', { paymentMethod: 'CREDIT_CARD', amountKurus: 1 }],
        ['left', { paymentMethod: 'CASH', amountKurus: 15000 }],
        ['amount-noted', { amountKurus: 500 }],
        ['unknown-method', { amountKurus: 700 }],
      ],
    })
    expect(line).toEqual({
      courierId: ahmet.id,
      name: 'Ahmet',
      packages: 6,
      cashToCollectKurus: 39990 + 15000 + 500,
      amountUnknown: 1,
      paymentKeys: ['on-board', 'left', 'amount-noted', 'card', 'unknown-method', 'unknown-amount'],
    })
  })

  it('collects what Settings name at the door, and nothing when they name nothing', () => {
    const input = {
      assignments: [['k1', ahmet.id, 1] as [string, string, number]],
      orders: [['k1', { paymentMethod: 'MEAL_CARD', amountKurus: 2500 }] as [string, OrderFacts]],
    }
    expect(strip({ ...input, collectedAtDoor: ['CASH', 'MEAL_CARD'] })[0]?.cashToCollectKurus).toBe(2500)
    expect(strip({ ...input, collectedAtDoor: [] })[0]).toMatchObject({ packages: 1, cashToCollectKurus: 0 })
  })

  it('settles what a courier carried before their last return today; what they took after is out', () => {
    const lines = strip({
      assignments: [
        ['before', ahmet.id, 1],
        ['after', ahmet.id, 5],
        ['between', ahmet.id, 3],
      ],
      // Two returns, the later one first: the later one settles.
      cash: [
        [ahmet.id, 4],
        [ahmet.id, 2],
      ],
    })
    expect(lines[0]?.paymentKeys).toEqual(['after'])
    // A return of another courier settles nothing of Ahmet's.
    expect(strip({ assignments: [['k1', ahmet.id, 1]], cash: [[cem.id, 2]] })[0]?.paymentKeys).toEqual(['k1'])
  })

  it('lists a courier’s packages in the order they were taken, the first record of the day too', () => {
    const lines = strip({
      assignments: [
        ['third', ahmet.id, 7],
        ['first', ahmet.id, 0],
        ['second', ahmet.id, 3],
      ],
    })
    expect(lines[0]?.paymentKeys).toEqual(['first', 'second', 'third'])
  })

  it('counts what went out today only: a package taken yesterday is not out, one after midnight is', () => {
    const lines = strip({
      assignments: [
        ['yesterday', ahmet.id, 1, LATE_YESTERDAY],
        ['today', ahmet.id, 2, JUST_AFTER_MIDNIGHT],
      ],
    })
    expect(lines[0]?.paymentKeys).toEqual(['today'])
  })

  it('lists working couriers with a package out, by name in Turkish order', () => {
    const lines = strip({
      couriers: [veli, cagla, cem, ahmet],
      assignments: [
        ['k1', cagla.id, 1],
        ['k2', cem.id, 2],
        ['k3', veli.id, 3],
        ['k4', null, 4],
        ['k5', 'c-gone', 5],
      ],
    })
    expect(lines.map((line) => line.name)).toEqual(['Cem', 'Çağla'])
  })
})
