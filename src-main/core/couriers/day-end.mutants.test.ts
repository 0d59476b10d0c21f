// settleDay beyond day-end.test.ts: closings ("Hesabı kapat") and what they lock, debts carried and repaid, pay
// per package, what a courier still carries today, the brand account split, cash at the door by card, and the
// edges of the day's outcomes — each a figure a manager reads on the screen, the slip or the CSV.
import { describe, expect, it, vi } from 'vitest'
import type { AccountClosing, Debt } from '../../../src-shared/couriers.ts'
import type { AttemptResult } from '../../../src-shared/domain.ts'
import {
  movementsOf,
  openRepayments,
  settleDay,
  type DayEndInput,
  type HandoverResult,
  type LedgerAssignment,
  type LedgerCash,
  type LedgerCourier,
  type OrderFacts,
  type PayRate,
} from './day-end.ts'

const ZONE = 'Europe/Istanbul'
const DAY = '2026-11-24'
/** `HH:MM` in Istanbul (UTC+3) on `day`. */
const at = (time: string, day = DAY) => {
  const [h, m] = time.split(':').map(Number) as [number, number]
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, mo - 1, d, h - 3, m)).toISOString()
}

const ahmet: LedgerCourier = { id: 'c-ahmet', name: 'Ahmet', retired: false, addedAt: at('08:00') }
const mehmet: LedgerCourier = { id: 'c-mehmet', name: 'Mehmet', retired: false, addedAt: at('08:00') }

type Closing = AccountClosing & { seq: number }

/** A day the tests add to, each record with a rising seq. */
class Day {
  history: HandoverResult[] = []
  assignments: LedgerAssignment[] = []
  orders = new Map<string, OrderFacts>()
  cash: LedgerCash[] = []
  closings: Closing[] = []
  payRates: PayRate[] = []
  seq = 0

  result(paymentKey: string, result: AttemptResult, when: string, account?: string): this {
    this.history.push({ seq: this.seq++, paymentKey, at: when, result, ...(account ? { account } : {}) })
    return this
  }

  /** A package of `courierId`'s that left at `left` and had `result` a minute later (default handed over). */
  bag(
    paymentKey: string,
    courierId: string | null,
    facts: OrderFacts,
    left = '12:00',
    result: AttemptResult = 'handed-over',
  ): this {
    this.assignments.push({ paymentKey, courierId, seq: this.seq++, at: at(left) })
    this.orders.set(paymentKey, { leftAt: at(left), ...facts })
    const [h, m] = left.split(':').map(Number) as [number, number]
    return this.result(paymentKey, result, at(`${String(h)}:${String(m + 1)}`))
  }

  move(
    id: string,
    courierId: string,
    kind: LedgerCash['kind'],
    amountKurus: number,
    extra: Partial<LedgerCash> = {},
  ): this {
    this.cash.push({ id, seq: this.seq++, at: at('18:00'), courierId, kind, amountKurus, day: DAY, ...extra })
    return this
  }

  close(closing: Partial<Closing> & { id: string; courierId: string }): this {
    this.closings.push({
      seq: this.seq++,
      at: at('19:00'),
      day: DAY,
      paymentKeys: [],
      movementIds: [],
      expectedCashKurus: 0,
      cashHandedInKurus: 0,
      differenceKurus: 0,
      booked: 'even',
      debtsAfter: [],
      creditAfterKurus: 0,
      carried: [],
      ...closing,
    })
    return this
  }

  settle(extra: Partial<DayEndInput> = {}) {
    return settleDay({
      day: DAY,
      timeZone: ZONE,
      couriers: [ahmet, mehmet],
      history: this.history,
      assignments: this.assignments,
      orders: this.orders,
      cash: this.cash,
      closings: this.closings,
      payRates: this.payRates,
      ...extra,
    })
  }
}

const CASH = (amountKurus?: number): OrderFacts => ({
  paymentMethod: 'CASH',
  ...(amountKurus === undefined ? {} : { amountKurus }),
})
const debt = (since: string, amountKurus: number): Debt => ({
  since,
  closingId: `close-${since}`,
  amountKurus,
})
const lineOf = (dayEnd: ReturnType<Day['settle']>, courierId: string) =>
  dayEnd.couriers.find((line) => line.courierId === courierId)

describe('a closed account', () => {
  it('locks the bags and cash a closing settled, lists the closing without its seq, and reads closed', () => {
    const day = new Day()
      .bag('k1', ahmet.id, CASH(1_000))
      .move('h1', ahmet.id, 'handed-in', 1_000)
      .close({ id: 'x1', courierId: ahmet.id, paymentKeys: ['k1'], movementIds: ['h1'] })
    const line = lineOf(day.settle(), ahmet.id)
    expect(line?.bags.map((bag) => [bag.paymentKey, bag.settledBy])).toEqual([['k1', 'x1']])
    expect(line?.cash.map((cash) => [cash.id, cash.settledBy])).toEqual([['h1', 'x1']])
    expect(line?.closings).toStrictEqual([
      {
        id: 'x1',
        at: at('19:00'),
        courierId: ahmet.id,
        day: DAY,
        paymentKeys: ['k1'],
        movementIds: ['h1'],
        expectedCashKurus: 0,
        cashHandedInKurus: 0,
        differenceKurus: 0,
        booked: 'even',
        debtsAfter: [],
        creditAfterKurus: 0,
        carried: [],
      },
    ])
    expect(line?.closed).toBe(true)
    expect(day.settle().totals.closed).toBe(true)
  })

  it('is open again when a bag or cash came after the closing; a refused bag or a void opens nothing', () => {
    const base = () =>
      new Day()
        .bag('k1', ahmet.id, CASH(1_000))
        .move('h1', ahmet.id, 'handed-in', 1_000)
        .close({ id: 'x1', courierId: ahmet.id, paymentKeys: ['k1'], movementIds: ['h1'] })
    const laterBag = base().bag('k2', ahmet.id, { paymentMethod: 'CREDIT_CARD', amountKurus: 500 }, '20:00')
    expect(lineOf(laterBag.settle(), ahmet.id)?.closed).toBe(false)
    const laterCash = base().move('f1', ahmet.id, 'float', 300, { at: at('20:00') })
    expect(lineOf(laterCash.settle(), ahmet.id)?.closed).toBe(false)
    // A bag the platform refused after the closing is no bag of the account; a cash record voided to 0 adds nothing.
    const refused = base()
      .bag('k3', ahmet.id, CASH(700), '20:00', 'refused')
      .move('f2', ahmet.id, 'float', 300, { at: at('20:00') })
      .move('f2-void', ahmet.id, 'float', 0, { at: at('20:05'), corrects: 'f2' })
    const line = lineOf(refused.settle(), ahmet.id)
    expect(line?.cash.map((cash) => [cash.id, cash.counts, cash.countedKurus])).toContainEqual([
      'f2-void',
      true,
      0,
    ])
    expect(line?.closed).toBe(true)
    // The total is closed only when every courier's account is.
    const twoCouriers = base().bag('m1', mehmet.id, { paymentMethod: 'CREDIT_CARD', amountKurus: 500 })
    expect(twoCouriers.settle().couriers.map((one) => [one.name, one.closed])).toEqual([
      ['Ahmet', true],
      ['Mehmet', false],
    ])
    expect(twoCouriers.settle().totals.closed).toBe(false)
  })

  it('is not closed by a closing of another day, nor while the courier still carries a bag', () => {
    const otherDay = new Day().bag('k1', ahmet.id, { paymentMethod: 'CREDIT_CARD', amountKurus: 500 }).close({
      id: 'x0',
      courierId: ahmet.id,
      day: '2026-11-23',
      at: at('19:00', '2026-11-23'),
      paymentKeys: ['k1'],
    })
    const line = lineOf(otherDay.settle(), ahmet.id)
    expect(line?.closings).toEqual([])
    expect(line?.closed).toBe(false)
    // Settled by no closing and carried (today, no cash handed in since it left): out, not closed.
    const carrying = new Day()
      .bag('k1', ahmet.id, { paymentMethod: 'CREDIT_CARD', amountKurus: 500 })
      .bag('k2', ahmet.id, { paymentMethod: 'CREDIT_CARD', amountKurus: 500 }, '20:00')
      .move('h1', ahmet.id, 'handed-in', 0, { at: at('19:30') })
      .close({ id: 'x1', courierId: ahmet.id, paymentKeys: ['k1'], movementIds: ['h1'], at: at('19:30') })
    const live = lineOf(carrying.settle({ live: true }), ahmet.id)
    expect(live).toMatchObject({ balance: 'out', out: true, closed: false })
    expect(live?.bags.map((bag) => [bag.paymentKey, bag.carried])).toEqual([
      ['k1', false],
      ['k2', true],
    ])
  })

  it('reads closed with an earlier day’s closing too; a courier with only a voided record is still to close', () => {
    const day = new Day()
      .close({ id: 'x0', courierId: ahmet.id, day: '2026-11-23', at: at('19:00', '2026-11-23') })
      .bag('k1', ahmet.id, CASH(1_000))
      .move('h1', ahmet.id, 'handed-in', 1_000)
      .close({ id: 'x1', courierId: ahmet.id, paymentKeys: ['k1'], movementIds: ['h1'] })
      .move('m1', mehmet.id, 'handed-in', 700)
      .move('m1-void', mehmet.id, 'handed-in', 0, { corrects: 'm1' })
    expect(
      day.settle().couriers.map((line) => [line.name, line.closed, line.closings.map((c) => c.id)]),
    ).toEqual([
      ['Ahmet', true, ['x1']],
      ['Mehmet', false, []],
    ])
  })

  it('no longer counts a bag a closing settled as carried, though no cash was handed in after it left', () => {
    const day = new Day()
      .bag('card', ahmet.id, { paymentMethod: 'CREDIT_CARD', amountKurus: 500 }, '12:00')
      .close({ id: 'x1', courierId: ahmet.id, paymentKeys: ['card'] })
    const line = lineOf(day.settle({ live: true }), ahmet.id)
    expect(line?.bags.map((bag) => [bag.paymentKey, bag.carried])).toEqual([['card', false]])
    expect(line).toMatchObject({ balance: 'even', out: false, closed: true })
  })

  it('books a correction of a settled record in the open account as the change', () => {
    const day = new Day()
      .bag('k1', ahmet.id, CASH(1_000))
      .move('h1', ahmet.id, 'handed-in', 1_000)
      .close({ id: 'x1', courierId: ahmet.id, paymentKeys: ['k1'], movementIds: ['h1'] })
      .move('h1-fix', ahmet.id, 'handed-in', 800, { corrects: 'h1', at: at('20:00') })
    const line = lineOf(day.settle(), ahmet.id)
    expect(line?.cash.map((cash) => [cash.id, cash.counts, cash.countedKurus])).toEqual([
      ['h1', true, 1_000],
      ['h1-fix', true, -200],
    ])
    expect(line).toMatchObject({
      cashHandedInKurus: 800,
      differenceKurus: -200,
      balance: 'short',
      closed: false,
    })
  })

  it('counts a record corrected twice, the first correction settled, as the change from the settled one', () => {
    const day = new Day()
      .move('a', ahmet.id, 'handed-in', 1_000)
      .move('b', ahmet.id, 'handed-in', 1_500, { corrects: 'a' })
      .close({ id: 'x1', courierId: ahmet.id, movementIds: ['b'] })
      .move('c', ahmet.id, 'handed-in', 1_200, { corrects: 'b', at: at('20:00') })
    const line = lineOf(day.settle(), ahmet.id)
    expect(line?.cash.map((cash) => [cash.id, cash.counts, cash.countedKurus])).toEqual([
      ['a', false, 0],
      ['b', true, 1_500],
      ['c', true, -300],
    ])
    expect(line?.cashHandedInKurus).toBe(1_200)
  })
})

describe('a record corrected across closings', () => {
  it('books each settled correction as the change from the one settled before it', () => {
    const day = new Day()
      .move('a', ahmet.id, 'handed-in', 1_000)
      .close({ id: 'x1', courierId: ahmet.id, movementIds: ['a'] })
      .move('b', ahmet.id, 'handed-in', 1_500, { corrects: 'a', at: at('20:00') })
      .close({ id: 'x2', courierId: ahmet.id, movementIds: ['b'], at: at('20:30') })
      .move('c', ahmet.id, 'handed-in', 1_200, { corrects: 'b', at: at('21:00') })
    const line = lineOf(day.settle(), ahmet.id)
    expect(line?.cash.map((cash) => [cash.id, cash.settledBy, cash.countedKurus])).toEqual([
      ['a', 'x1', 1_000],
      ['b', 'x2', 500],
      ['c', undefined, -300],
    ])
    expect(line?.cashHandedInKurus).toBe(1_200)
  })
})

describe('debts carried', () => {
  const shortClosing = (debts: Debt[], extra: Partial<Closing> = {}) => ({
    id: 'x-old',
    courierId: ahmet.id,
    day: '2026-11-20',
    at: at('19:00', '2026-11-20'),
    booked: 'debt' as const,
    debtsAfter: debts,
    ...extra,
  })

  it('shows a courier with nothing on the day but a debt, closed, and adds the debts up', () => {
    const day = new Day().close(shortClosing([debt('2026-11-20', 4_000), debt('2026-11-18', 1_000)]))
    const settled = day.settle()
    expect(settled.couriers).toHaveLength(1)
    expect(settled.couriers[0]).toMatchObject({
      name: 'Ahmet',
      packages: 0,
      debtCarriedKurus: 5_000,
      creditKurus: 0,
      closed: true,
      closings: [],
    })
    expect(settled.totals.debtCarriedKurus).toBe(5_000)
  })

  it('pays the oldest debt first with what was repaid that day; what is left over is credit', () => {
    const day = new Day()
      .close(shortClosing([debt('2026-11-20', 4_000), debt('2026-11-18', 1_000)]))
      .move('r1', ahmet.id, 'debt-repaid', 1_500)
    expect(lineOf(day.settle(), ahmet.id)).toMatchObject({
      debts: [debt('2026-11-20', 3_500)],
      debtCarriedKurus: 3_500,
      creditKurus: 0,
      debtRepaidKurus: 1_500,
    })
    const over = new Day()
      .close(shortClosing([debt('2026-11-20', 1_000)]))
      .move('r1', ahmet.id, 'debt-repaid', 1_200)
    expect(lineOf(over.settle(), ahmet.id)).toMatchObject({
      debts: [],
      debtCarriedKurus: 0,
      creditKurus: 200,
    })
  })

  it('shows a courier with only a credit left by a closing; one whose debt is paid off and no credit, not', () => {
    const credit = new Day().close(shortClosing([], { booked: 'credit', creditAfterKurus: 700 }))
    expect(credit.settle().couriers).toMatchObject([{ name: 'Ahmet', creditKurus: 700, debts: [] }])
    const none = new Day().close(shortClosing([]))
    expect(none.settle().couriers).toEqual([])
    // Repaid on an earlier day and settled by nothing: still paid.
    const repaid = new Day()
      .close(shortClosing([debt('2026-11-20', 1_000)]))
      .move('r1', ahmet.id, 'debt-repaid', 1_000, { day: '2026-11-22', at: at('12:00', '2026-11-22') })
    expect(repaid.settle().couriers).toEqual([])
  })

  it('reads the latest closing of the day or before, never a later day’s', () => {
    const day = new Day().close(shortClosing([debt('2026-11-20', 4_000)])).close(
      shortClosing([debt('2026-11-25', 9_000)], {
        id: 'x-next',
        day: '2026-11-25',
        at: at('19:00', '2026-11-25'),
      }),
    )
    expect(lineOf(day.settle(), ahmet.id)?.debts).toEqual([debt('2026-11-20', 4_000)])
    const sameDay = new Day()
      .close(shortClosing([debt('2026-11-20', 4_000)]))
      .close({ id: 'x-today', courierId: ahmet.id, booked: 'debt', debtsAfter: [debt(DAY, 6_000)] })
    expect(lineOf(sameDay.settle(), ahmet.id)?.debts).toEqual([debt(DAY, 6_000)])
  })

  it('counts only repayments the latest closing did not settle, of this courier, that count, up to the day', () => {
    const day = new Day()
      // Repaid before the closing (its seq lower): the closing's debts already say it.
      .move('before', ahmet.id, 'debt-repaid', 300, { day: '2026-11-20' })
      .close(shortClosing([debt('2026-11-20', 4_000)]))
      .move('settled', ahmet.id, 'debt-repaid', 400, { day: '2026-11-21' })
      .close({ id: 'x-lock', courierId: mehmet.id, day: '2026-11-21', movementIds: ['settled'] })
      .move('mehmet', mehmet.id, 'debt-repaid', 500)
      .move('wrong', ahmet.id, 'debt-repaid', 600)
      .move('wrong-fix', ahmet.id, 'debt-repaid', 100, { corrects: 'wrong' })
      .move('tomorrow', ahmet.id, 'debt-repaid', 700, { day: '2026-11-25' })
      .move('fuel', ahmet.id, 'expense', 800)
    expect(lineOf(day.settle(), ahmet.id)?.debts).toEqual([debt('2026-11-20', 3_900)])
  })

  it('never lets a correction that lowers a settled repayment raise the debt', () => {
    const day = new Day()
      .close(shortClosing([debt('2026-11-20', 4_000)]))
      .move('r1', ahmet.id, 'debt-repaid', 1_000)
      .close({
        id: 'x-today',
        courierId: ahmet.id,
        movementIds: ['r1'],
        booked: 'debt',
        debtsAfter: [debt('2026-11-20', 3_000)],
      })
      .move('r1-fix', ahmet.id, 'debt-repaid', 400, { corrects: 'r1', at: at('20:00') })
    const line = lineOf(day.settle(), ahmet.id)
    expect(line?.cash.find((cash) => cash.id === 'r1-fix')?.countedKurus).toBe(-600)
    expect(line).toMatchObject({ debts: [debt('2026-11-20', 3_000)], creditKurus: 0 })
  })
})

describe('repayments', () => {
  it('keeps a repayment no debt asked for as credit, shown on the days after', () => {
    const day = new Day().move('r1', ahmet.id, 'debt-repaid', 500, {
      day: '2026-11-22',
      at: at('12:00', '2026-11-22'),
    })
    expect(day.settle().couriers).toMatchObject([
      { name: 'Ahmet', creditKurus: 500, debts: [], packages: 0, closed: true },
    ])
  })

  it('gives the next closing only the repayments that count: a corrected one is not settled again', () => {
    const day = new Day()
      .move('wrong', ahmet.id, 'debt-repaid', 600)
      .move('right', ahmet.id, 'debt-repaid', 100, { corrects: 'wrong' })
      .move('other', mehmet.id, 'debt-repaid', 50)
    const repaid = openRepayments(movementsOf(day.cash, new Map()), ahmet.id, DAY, undefined)
    expect(repaid).toEqual({ ids: ['right'], kurus: 100 })
  })
})

describe('pay per package', () => {
  it('pays the courier’s own rate, else the rate for all, less the advances; the total adds the pays up', () => {
    const day = new Day()
      .bag('k1', ahmet.id, CASH(1_000))
      .bag('k2', ahmet.id, CASH(1_000))
      .bag('k3', ahmet.id, CASH(1_000), '12:00', 'refused')
      .bag('m1', mehmet.id, CASH(1_000))
      .move('adv', ahmet.id, 'advance', 500)
    day.payRates.push(
      { courierId: null, rateKurus: 1_000, day: '2026-11-01', seq: 1 },
      { courierId: ahmet.id, rateKurus: 1_500, day: '2026-11-10', seq: 2 },
      // Set on a later day: not this day's rate.
      { courierId: mehmet.id, rateKurus: 9_999, day: '2026-11-25', seq: 3 },
    )
    const settled = day.settle()
    expect(settled.couriers.map((line) => [line.name, line.payRateKurus, line.payKurus])).toEqual([
      ['Ahmet', 1_500, 2 * 1_500 - 500],
      ['Mehmet', 1_000, 1_000],
    ])
    expect(settled.totals.payKurus).toBe(3_500)
  })

  it('goes back to the rate for all when a courier’s own is removed; pays nothing when the rate is off', () => {
    const day = new Day().bag('k1', ahmet.id, CASH(1_000))
    day.payRates.push(
      { courierId: null, rateKurus: 1_000, day: '2026-11-01', seq: 1 },
      { courierId: ahmet.id, rateKurus: 1_500, day: '2026-11-02', seq: 2 },
      { courierId: ahmet.id, rateKurus: null, day: '2026-11-03', seq: 3 },
    )
    // The records read in seq order, whatever order they come in.
    const removed = day.settle({ payRates: [...day.payRates].reverse() })
    expect(lineOf(removed, ahmet.id)).toMatchObject({ payRateKurus: 1_000, payKurus: 1_000 })
    day.payRates.push({ courierId: null, rateKurus: null, day: '2026-11-04', seq: 4 })
    const off = day.settle()
    expect(lineOf(off, ahmet.id)).toMatchObject({ payRateKurus: null, payKurus: null })
    expect(off.totals.payKurus).toBeNull()
    // Set on the day itself: it counts.
    const today = new Day().bag('k1', ahmet.id, CASH(1_000))
    today.payRates.push({ courierId: ahmet.id, rateKurus: 2_000, day: DAY, seq: 1 })
    expect(lineOf(today.settle(), ahmet.id)?.payKurus).toBe(2_000)
  })
})

describe('what a courier carries today', () => {
  it('carries what left after their last cash handed in, whatever order the returns were written in', () => {
    const day = new Day()
      .bag('before', ahmet.id, CASH(1_000), '12:00')
      .bag('at-return', ahmet.id, CASH(1_000), '14:00')
      .bag('after', ahmet.id, CASH(1_000), '15:00')
      .move('late', ahmet.id, 'handed-in', 2_000, { at: at('14:00') })
      .move('early', ahmet.id, 'handed-in', 1_000, { at: at('13:00') })
      // Money out of the bag and a float are no return.
      .move('fuel', ahmet.id, 'expense', 100, { at: at('16:00') })
      .move('change', ahmet.id, 'float', 100, { at: at('16:00') })
    const line = lineOf(day.settle({ live: true }), ahmet.id)
    expect(line?.bags.map((bag) => [bag.paymentKey, bag.carried])).toEqual([
      ['before', false],
      ['at-return', false],
      ['after', true],
    ])
    expect(line?.balance).toBe('out')
    day.cash.reverse()
    expect(
      lineOf(day.settle({ live: true }), ahmet.id)?.bags.map((bag) => [bag.paymentKey, bag.carried]),
    ).toEqual(line?.bags.map((bag) => [bag.paymentKey, bag.carried]))
    // A past day's bags are all back.
    expect(lineOf(day.settle(), ahmet.id)?.bags.every((bag) => !bag.carried)).toBe(true)
  })

  it('reads a record written before movements existed (no kind) as cash handed in', () => {
    const day = new Day().bag('k1', ahmet.id, CASH(1_000), '12:00')
    day.cash.push({
      id: 'old',
      seq: day.seq++,
      at: at('13:00'),
      courierId: ahmet.id,
      amountKurus: 1_000,
      day: DAY,
    })
    const line = lineOf(day.settle({ live: true }), ahmet.id)
    expect(line?.bags[0]?.carried).toBe(false)
    expect(line).toMatchObject({ cashHandedInKurus: 1_000, balance: 'even' })
    expect(line?.cash[0]?.kind).toBe('handed-in')
  })

  it('carries every bag not refused while the courier has handed in nothing; another courier’s return is not theirs', () => {
    const day = new Day()
      .bag('sent', ahmet.id, CASH(1_000), '12:00')
      .bag('refused', ahmet.id, CASH(1_000), '12:05', 'refused')
      .bag('nobody', null, CASH(1_000), '12:10')
      .move('mehmet', mehmet.id, 'handed-in', 500, { at: at('13:00') })
    const settled = day.settle({ live: true })
    expect(lineOf(settled, ahmet.id)?.bags.map((bag) => [bag.paymentKey, bag.carried])).toEqual([
      ['sent', true],
      ['refused', false],
    ])
    expect(settled.totals.balance).toBe('out')
  })
})

describe('the day’s outcomes', () => {
  it('keeps each bag’s state, batch and press time; orders the bags by when they left', () => {
    const day = new Day()
      .bag('b', ahmet.id, CASH(1_000), '12:10')
      .bag('a', ahmet.id, CASH(1_000), '12:10', 'unconfirmed')
      .bag('c', ahmet.id, CASH(1_000), '12:05', 'refused')
      .bag('d', ahmet.id, CASH(1_000), '12:20', 'will-retry')
    day.assignments.push({
      paymentKey: 'b',
      courierId: ahmet.id,
      seq: day.seq++,
      at: at('12:11'),
      batchId: 'batch-1',
    })
    const bags = lineOf(day.settle(), ahmet.id)?.bags
    expect(bags?.map((bag) => [bag.paymentKey, bag.state, bag.refused, bag.leftAt, bag.batchId])).toEqual([
      ['c', 'refused', true, at('12:05'), undefined],
      ['a', 'unconfirmed', false, at('12:10'), undefined],
      ['b', 'handed-over', false, at('12:10'), 'batch-1'],
      ['d', 'sending', false, at('12:20'), undefined],
    ])
    expect(
      bags?.every((bag) => !('settledBy' in bag) && !('batchId' in bag) === (bag.paymentKey !== 'b')),
    ).toBe(true)
  })

  it('reads the time zone once per quarter hour of results, not once per result (a busy day stays quick)', () => {
    const day = new Day()
    // 300 results a few seconds apart, from 12:00 to 12:24 Istanbul time: two quarter hours.
    for (let index = 0; index < 300; index += 1) {
      day.result(
        `k${String(index)}`,
        'handed-over',
        new Date(Date.parse(at('12:00')) + index * 5_000).toISOString(),
      )
    }
    const lookups = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts')
    try {
      expect(day.settle().allOrders.packages).toBe(300)
      expect(lookups).toHaveBeenCalledTimes(2)
    } finally {
      lookups.mockRestore()
    }
  })

  it('dates a bag from its first result when the POS did not say when it left', () => {
    const day = new Day()
    day.assignments.push({ paymentKey: 'k1', courierId: ahmet.id, seq: day.seq++, at: at('11:00') })
    day.orders.set('k1', CASH(1_000))
    day.result('k1', 'will-retry', at('12:00')).result('k1', 'handed-over', at('12:30'))
    expect(lineOf(day.settle(), ahmet.id)?.bags[0]).toMatchObject({ leftAt: at('12:00'), at: at('12:30') })
  })

  it('dates an order owed now from its last result, else its press, else the day’s start', () => {
    const day = new Day()
    day.orders.set('pressed', { ...CASH(1_000), leftAt: at('13:00') })
    day.orders.set('no-facts', CASH(1_000))
    day.result('retried', 'will-retry', at('12:00')).result('retried', 'will-retry', at('12:30'))
    for (const key of ['pressed', 'no-facts', 'retried']) {
      day.assignments.push({ paymentKey: key, courierId: ahmet.id, seq: day.seq++, at: at('11:00') })
    }
    const bags = lineOf(day.settle({ owedNow: ['pressed', 'no-facts', 'retried'] }), ahmet.id)?.bags
    expect(bags?.map((bag) => [bag.paymentKey, bag.state, bag.at, bag.leftAt])).toEqual([
      ['no-facts', 'sending', '2026-11-24T00:00:00.000Z', '2026-11-24T00:00:00.000Z'],
      ['retried', 'sending', at('12:30'), at('12:00')],
      ['pressed', 'sending', at('13:00'), at('13:00')],
    ])
    expect(
      lineOf(day.settle({ owedNow: ['pressed', 'no-facts', 'retried'] }), ahmet.id)?.notConfirmed,
    ).toEqual({
      owed: 3,
      unconfirmed: 0,
      refused: 0,
    })
  })

  it('counts an order owed now that the platform confirmed earlier that day as a package, once', () => {
    const day = new Day().bag('k1', ahmet.id, CASH(1_000))
    const line = lineOf(day.settle({ owedNow: ['k1'] }), ahmet.id)
    expect(line).toMatchObject({ packages: 1, notConfirmed: { owed: 0, unconfirmed: 0, refused: 0 } })
    expect(line?.bags.map((bag) => bag.state)).toEqual(['handed-over'])
  })
})

describe('cash at the door', () => {
  it('totals cards paid at the door; a card whose amount is not known, or cash whose is not, is unknown', () => {
    const day = new Day()
      .bag('card', ahmet.id, { paymentMethod: 'CASH', amountKurus: 2_500 })
      .bag('meal', ahmet.id, { paymentMethod: 'CASH' })
      .bag('cash', ahmet.id, CASH(1_000))
      .bag('refused-card', ahmet.id, { paymentMethod: 'CASH', amountKurus: 9_000 }, '12:00', 'refused')
      .move('h1', ahmet.id, 'handed-in', 1_000)
    const tenders = new Map([
      ['card', 'CREDIT_CARD'],
      ['meal', 'SODEXO'],
      ['refused-card', 'CREDIT_CARD'],
    ])
    const line = lineOf(day.settle({ tenders }), ahmet.id)
    expect(line).toMatchObject({
      cashToCollectKurus: 1_000,
      cardAtDoorKurus: 2_500,
      unknownCount: 1,
      amountUnknown: 0,
      methodUnknown: 0,
      differenceKurus: 0,
      balance: 'unknown',
    })
    expect(line?.packageLines.map((p) => [p.paymentKey, p.tender, p.doorMethod, p.collect])).toEqual([
      ['card', 'door-other', 'CREDIT_CARD', false],
      ['meal', 'door-other', 'SODEXO', false],
      ['cash', 'cash', undefined, true],
    ])
    // Every card's amount known: the balance reads even.
    const settledDay = new Day()
      .bag('card', ahmet.id, { paymentMethod: 'CASH', amountKurus: 2_500 })
      .move('h1', ahmet.id, 'handed-in', 0)
    expect(
      lineOf(settledDay.settle({ tenders: new Map([['card', 'CREDIT_CARD']]) }), ahmet.id),
    ).toMatchObject({
      cardAtDoorKurus: 2_500,
      unknownCount: 0,
      balance: 'even',
    })
  })

  it('expects the float plus the cash to collect less the expenses, against what was handed in', () => {
    const day = new Day()
      .bag('k1', ahmet.id, CASH(10_000))
      .move('f1', ahmet.id, 'float', 2_000)
      .move('e1', ahmet.id, 'expense', 500)
      .move('h1', ahmet.id, 'handed-in', 11_000)
      .move('a1', ahmet.id, 'advance', 300)
    expect(lineOf(day.settle(), ahmet.id)).toMatchObject({
      floatKurus: 2_000,
      expensesKurus: 500,
      expectedCashKurus: 11_500,
      cashHandedInKurus: 11_000,
      differenceKurus: -500,
      advancesKurus: 300,
      balance: 'short',
    })
  })

  it('counts a package whose method is unknown, and a cash one with no amount, as unknown cash', () => {
    const day = new Day().bag('no-method', ahmet.id, {}).bag('no-amount', ahmet.id, CASH())
    expect(lineOf(day.settle(), ahmet.id)).toMatchObject({ unknownCount: 2, balance: 'unknown' })
    // Paid online, its amount is no cash of the courier's, known or not.
    const online = new Day().bag('paid', ahmet.id, { paymentMethod: 'ONLINE' })
    expect(lineOf(online.settle(), ahmet.id)).toMatchObject({ unknownCount: 0, balance: 'even' })
    const one = new Day().bag('no-amount', ahmet.id, CASH())
    expect(lineOf(one.settle(), ahmet.id)).toMatchObject({ unknownCount: 1, amountUnknown: 1 })
  })
})

describe('the brand account split', () => {
  it('splits packages and cash to collect by account in the order first met; older packages under none', () => {
    const day = new Day()
      .bag('p1', ahmet.id, CASH(1_000))
      .bag('b1', ahmet.id, CASH(2_000))
      .bag('b2', ahmet.id, { paymentMethod: 'CREDIT_CARD', amountKurus: 4_000 })
      .bag('b3', ahmet.id, CASH())
      .bag('old', ahmet.id, CASH(8_000))
    // The results name their accounts: the day's packages were handed over with them.
    day.history = day.history.map((entry) =>
      entry.paymentKey === 'old'
        ? entry
        : { ...entry, account: entry.paymentKey.startsWith('p') ? 'acc-pizza' : 'acc-burger' },
    )
    const line = lineOf(day.settle(), ahmet.id)
    expect(line?.accounts).toStrictEqual([
      { account: 'acc-pizza', packages: 1, cashToCollectKurus: 1_000 },
      { account: 'acc-burger', packages: 3, cashToCollectKurus: 2_000 },
      { account: null, packages: 1, cashToCollectKurus: 8_000 },
    ])
    expect(line?.packageLines.find((p) => p.paymentKey === 'b1')?.account).toBe('acc-burger')
    expect(day.settle().allOrders.accounts).toHaveLength(3)
  })

  it('leaves the split out of a day whose packages name no account', () => {
    const line = lineOf(new Day().bag('k1', ahmet.id, CASH(1_000)).settle(), ahmet.id)
    expect(line).not.toHaveProperty('accounts')
    expect(line?.packageLines[0]).not.toHaveProperty('account')
  })
})

describe('the split by branch', () => {
  it('counts each branch’s packages, cash and unknown amounts, and names the branches the session lists', () => {
    const day = new Day()
      .bag('k1', ahmet.id, { ...CASH(1_000), branch: 'moda' })
      .bag('k2', ahmet.id, { ...CASH(2_000), branch: 'moda' })
      .bag('k3', ahmet.id, { ...CASH(), branch: 'moda' })
      .bag('k4', ahmet.id, { paymentMethod: 'CREDIT_CARD', amountKurus: 4_000, branch: 'kadikoy' })
    const line = lineOf(day.settle({ branches: [{ id: 'moda', name: 'Moda' }] }), ahmet.id)
    expect(line?.branches).toStrictEqual([
      { branch: 'moda', branchName: 'Moda', packages: 3, cashToCollectKurus: 3_000, amountUnknown: 1 },
      { branch: 'kadikoy', packages: 1, cashToCollectKurus: 0, amountUnknown: 0 },
    ])
    expect(line).toMatchObject({ packages: 4, cashToCollectKurus: 3_000, amountUnknown: 1, methodUnknown: 0 })
  })

  it('lists no branch named by the session after those it names, and without a list, by id', () => {
    const day = new Day()
      .bag('k1', ahmet.id, { ...CASH(1_000), branch: 'b' })
      .bag('k2', ahmet.id, { ...CASH(1_000), branch: 'a' })
      .bag('k3', ahmet.id, CASH(1_000))
      .bag('k4', ahmet.id, { ...CASH(1_000), branch: 'c' })
    const named = day.settle({
      branches: [
        { id: 'c', name: 'Cadde' },
        { id: 'b', name: 'Bağdat' },
      ],
    })
    expect(named.totals.branches.map((line) => line.branch)).toEqual(['c', 'b', 'a', null])
    expect(day.settle().totals.branches.map((line) => [line.branch, line.branchName])).toEqual([
      ['a', undefined],
      ['b', undefined],
      ['c', undefined],
      [null, undefined],
    ])
  })
})

describe('the totals', () => {
  it('adds every courier’s figures up and leaves the unassigned out; every order counts them all', () => {
    const day = new Day()
      .bag('a1', ahmet.id, CASH(1_000))
      .bag('a2', ahmet.id, CASH(1_000), '12:00', 'unconfirmed')
      .bag('m1', mehmet.id, CASH(2_000))
      .bag('m2', mehmet.id, CASH(2_000), '12:00', 'refused')
      .bag('n1', null, CASH(4_000))
      .bag('n2', null, CASH(4_000), '12:00', 'refused')
      .move('h1', ahmet.id, 'handed-in', 1_000)
      .move('h2', mehmet.id, 'handed-in', 2_500)
    const settled = day.settle()
    expect(settled.totals).toMatchObject({
      packages: 2,
      cashToCollectKurus: 3_000,
      cashHandedInKurus: 3_500,
      differenceKurus: 500,
      balance: 'over',
      notConfirmed: { owed: 0, unconfirmed: 1, refused: 1 },
    })
    expect(settled.unassigned).toMatchObject({
      packages: 1,
      cashToCollectKurus: 4_000,
      notConfirmed: { owed: 0, unconfirmed: 0, refused: 1 },
    })
    expect(settled.unassigned.packageLines.map((p) => p.paymentKey)).toEqual(['n1'])
    expect(settled.allOrders).toMatchObject({
      packages: 3,
      cashToCollectKurus: 7_000,
      notConfirmed: { owed: 0, unconfirmed: 1, refused: 2 },
    })
    // No package without a courier: the unassigned line is empty, not missing.
    const none = new Day().bag('a1', ahmet.id, CASH(1_000)).settle()
    expect(none.unassigned).toStrictEqual({
      packages: 0,
      cashToCollectKurus: 0,
      amountUnknown: 0,
      methodUnknown: 0,
      notConfirmed: { owed: 0, unconfirmed: 0, refused: 0 },
      branches: [],
      packageLines: [],
    })
  })

  it('refuses debts or pays too large to add up exactly', () => {
    const big = Number.MAX_SAFE_INTEGER - 1
    const debts = new Day().close({
      id: 'x',
      courierId: ahmet.id,
      day: '2026-11-20',
      booked: 'debt',
      debtsAfter: [debt('2026-11-19', big), debt('2026-11-20', big)],
    })
    expect(() => debts.settle()).toThrow(RangeError)
  })
})
