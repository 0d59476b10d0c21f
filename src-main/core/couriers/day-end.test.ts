import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AttemptResult } from '../../../src-shared/domain.ts'
import { ManualClock } from '../../../test-support/core/manual-clock.ts'
import { silentLogger } from '../ports.ts'
import { FileJournal } from '../storage/file-journal.ts'
import { FileHistoryArchive } from '../storage/history-archive.ts'
import { CourierLedger } from './courier-ledger.ts'
import {
  settleDay,
  type CashRecord,
  type LedgerCash,
  type DayEndInput,
  type HandoverResult,
  type LedgerAssignment,
  type LedgerCourier,
  type OrderFacts,
} from './day-end.ts'

const ZONE = 'Europe/Istanbul'
const DAY = '2026-11-24'
/** Istanbul is UTC+3 all year: 12:00 local is 09:00Z. */
const at = (localTime: string, day = DAY) => {
  const [h, m, s] = localTime.split(':').map(Number) as [number, number, number]
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, mo - 1, d, h - 3, m, s)).toISOString()
}

const ahmet: LedgerCourier = { id: 'c-ahmet', name: 'Ahmet', retired: false, addedAt: at('08:00:00') }
const mehmet: LedgerCourier = { id: 'c-mehmet', name: 'Mehmet', retired: false, addedAt: at('08:00:00') }
const ozge: LedgerCourier = { id: 'c-ozge', name: 'Özge', retired: true, addedAt: at('08:00:00') }

/** A small world the tests add to: results, assignments, facts and cash, each with a rising seq. */
class World {
  history: HandoverResult[] = []
  assignments: LedgerAssignment[] = []
  orders = new Map<string, OrderFacts>()
  cash: LedgerCash[] = []
  #seq = 0

  result(paymentKey: string, result: AttemptResult, when: string): this {
    this.history.push({ seq: this.#seq++, paymentKey, at: when, result })
    return this
  }

  /** An order of the day, handed over at `when` with `courierId`, paid by `method`, costing `amount`. */
  delivered(paymentKey: string, courierId: string | null, facts: OrderFacts, when = at('12:00:00')): this {
    if (courierId !== null) this.assign(paymentKey, courierId, when)
    this.orders.set(paymentKey, facts)
    return this.result(paymentKey, 'handed-over', when)
  }

  assign(paymentKey: string, courierId: string | null, when = at('12:00:00')): this {
    this.assignments.push({ paymentKey, courierId, seq: this.#seq++, at: when })
    return this
  }

  handIn(id: string, courierId: string, amountKurus: number, extra: Partial<CashRecord> = {}): this {
    this.cash.push({ id, seq: this.#seq++, at: at('18:00:00'), courierId, amountKurus, day: DAY, ...extra })
    return this
  }

  settle(extra: Partial<DayEndInput> = {}) {
    return settleDay({
      day: DAY,
      timeZone: ZONE,
      couriers: [ahmet, mehmet, ozge],
      history: this.history,
      assignments: this.assignments,
      orders: this.orders,
      cash: this.cash,
      ...extra,
    })
  }
}

const CASH = (amountKurus: number, branch?: string): OrderFacts => ({
  paymentMethod: 'CASH',
  amountKurus,
  ...(branch ? { branch } : {}),
})
const CARD = (amountKurus: number): OrderFacts => ({ paymentMethod: 'CREDIT_CARD', amountKurus })

describe('settleDay', () => {
  it('counts a courier’s packages, the cash to collect for those paid at the door, and the difference', () => {
    const world = new World()
      .delivered('k1', ahmet.id, CASH(39990))
      .delivered('k2', ahmet.id, CASH(15000))
      .delivered('k3', ahmet.id, CARD(25000))
      .handIn('h1', ahmet.id, 54990)
    const [line] = world.settle().couriers
    expect(line).toMatchObject({
      courierId: ahmet.id,
      name: 'Ahmet',
      packages: 3,
      cashToCollectKurus: 54990,
      cashHandedInKurus: 54990,
      differenceKurus: 0,
      balance: 'even',
    })
    expect(line?.packageLines.map((p) => [p.paymentKey, p.collect])).toEqual([
      ['k1', true],
      ['k2', true],
      ['k3', false],
    ])
  })

  it('says açık var (short) and fazla (over) with the exact kuruş', () => {
    const short = new World().delivered('k1', ahmet.id, CASH(39990)).handIn('h1', ahmet.id, 39900).settle()
    expect(short.couriers[0]).toMatchObject({ differenceKurus: -90, balance: 'short' })
    const over = new World().delivered('k1', ahmet.id, CASH(39990)).handIn('h1', ahmet.id, 40000).settle()
    expect(over.couriers[0]).toMatchObject({ differenceKurus: 10, balance: 'over' })
    // Nothing handed in yet: the whole amount is short.
    const none = new World().delivered('k1', ahmet.id, CASH(39990)).settle()
    expect(none.couriers[0]).toMatchObject({
      cashHandedInKurus: 0,
      differenceKurus: -39990,
      balance: 'short',
    })
  })

  it('counts a batch handed to one courier package by package, each once', () => {
    const world = new World()
    for (const key of ['k1', 'k2', 'k3']) world.assign(key, mehmet.id)
    for (const key of ['k1', 'k2', 'k3']) world.delivered(key, null, CASH(10000))
    // A second confirmation of the same order (staff's panel check after a lost answer) is not a second package.
    world.result('k1', 'checked-handed-over', at('12:05:00'))
    const settled = world.settle()
    expect(settled.couriers).toHaveLength(1)
    expect(settled.couriers[0]).toMatchObject({ name: 'Mehmet', packages: 3, cashToCollectKurus: 30000 })
  })

  it('follows the latest assignment of a package, even one made after the day; a cleared one is unassigned', () => {
    const world = new World()
      .delivered('k1', ahmet.id, CASH(100))
      .delivered('k2', ahmet.id, CASH(200))
      .assign('k1', mehmet.id, at('09:00:00', '2026-11-25'))
      .assign('k2', null)
      .delivered('k3', null, CASH(400))
    const settled = world.settle()
    expect(settled.couriers.map((c) => [c.name, c.packages, c.cashToCollectKurus])).toEqual([
      ['Mehmet', 1, 100],
    ])
    expect(settled.unassigned).toMatchObject({ packages: 2, cashToCollectKurus: 600 })
    expect(settled.unassigned.packageLines.map((p) => p.paymentKey)).toEqual(['k2', 'k3'])
    expect(settled.totals).toMatchObject({ packages: 1, cashToCollectKurus: 100 })
    expect(settled.allOrders).toMatchObject({ packages: 3, cashToCollectKurus: 700 })
  })

  it('counts only what the platform confirmed; the rest is said apart, by why', () => {
    const world = new World()
      .delivered('ok', ahmet.id, CASH(100))
      .assign('retrying', ahmet.id)
      .result('retrying', 'will-retry', at('12:00:00'))
      .assign('lost', ahmet.id)
      .result('lost', 'unconfirmed', at('12:00:00'))
      .assign('no', ahmet.id)
      .result('no', 'refused', at('12:00:00'))
      .assign('checked-no', mehmet.id)
      .result('checked-no', 'unconfirmed', at('12:00:00'))
      .result('checked-no', 'checked-not-handed-over', at('12:10:00'))
      .assign('late-ok', mehmet.id)
      .result('late-ok', 'will-retry', at('12:00:00'))
      .result('late-ok', 'handed-over', at('12:01:00'))
    world.orders.set('retrying', CASH(5000))
    const settled = world.settle({ owedNow: ['queued', 'late-ok'] })
    expect(settled.couriers.map((c) => [c.name, c.packages, c.cashToCollectKurus, c.notConfirmed])).toEqual([
      ['Ahmet', 1, 100, { owed: 1, unconfirmed: 1, refused: 1 }],
      ['Mehmet', 1, 0, { owed: 0, unconfirmed: 0, refused: 1 }],
    ])
    // Pressed but not answered yet, with no courier: owed, unassigned.
    expect(settled.unassigned.notConfirmed).toEqual({ owed: 1, unconfirmed: 0, refused: 0 })
    expect(settled.totals).toMatchObject({
      packages: 2,
      notConfirmed: { owed: 1, unconfirmed: 1, refused: 2 },
    })
    // The day's notes count every order, with a courier or not.
    expect(settled.allOrders).toMatchObject({
      packages: 2,
      notConfirmed: { owed: 2, unconfirmed: 1, refused: 2 },
    })
  })

  it('puts a package confirmed at 23:59:59 Istanbul time on that day and one at 00:00:00 on the next', () => {
    const world = new World()
      .delivered('late', ahmet.id, CASH(100), at('23:59:59'))
      .delivered('next', ahmet.id, CASH(200), at('00:00:00', '2026-11-25'))
    // 23:59:59 in Istanbul is 20:59:59Z: the same UTC day as the next one's 21:00:00Z.
    expect(at('23:59:59')).toBe('2026-11-24T20:59:59.000Z')
    expect(at('00:00:00', '2026-11-25')).toBe('2026-11-24T21:00:00.000Z')
    expect(world.settle().couriers[0]?.packageLines.map((p) => p.paymentKey)).toEqual(['late'])
    expect(world.settle({ day: '2026-11-25' }).couriers[0]?.packageLines.map((p) => p.paymentKey)).toEqual([
      'next',
    ])
    // The same results read in UTC fall on one day.
    expect(world.settle({ timeZone: 'UTC' }).totals.packages).toBe(2)
  })

  it('puts a package on the day of its confirmation, not of its press', () => {
    const world = new World()
      .assign('k1', ahmet.id, at('23:58:00'))
      .result('k1', 'will-retry', at('23:58:01'))
      .result('k1', 'handed-over', at('00:02:00', '2026-11-25'))
    world.orders.set('k1', CASH(100))
    expect(world.settle().totals).toMatchObject({ packages: 0, notConfirmed: { owed: 1 } })
    expect(world.settle({ day: '2026-11-25' }).totals).toMatchObject({
      packages: 1,
      cashToCollectKurus: 100,
      notConfirmed: { owed: 0 },
    })
  })

  it('splits by branch where orders carry one: the session’s order and names, then others, none last', () => {
    const world = new World()
      .delivered('k1', ahmet.id, CASH(100, 'moda'))
      .delivered('k2', ahmet.id, CASH(200, 'kadikoy'))
      .delivered('k3', ahmet.id, CASH(400))
      .delivered('k4', ahmet.id, { paymentMethod: 'CASH', branch: 'zz-unlisted' })
      .delivered('k5', mehmet.id, CASH(800, 'kadikoy'))
    const settled = world.settle({
      branches: [
        { id: 'kadikoy', name: 'Kadıköy' },
        { id: 'moda', name: 'Moda' },
      ],
    })
    expect(settled.couriers[0]?.branches).toStrictEqual([
      { branch: 'kadikoy', branchName: 'Kadıköy', packages: 1, cashToCollectKurus: 200, amountUnknown: 0 },
      { branch: 'moda', branchName: 'Moda', packages: 1, cashToCollectKurus: 100, amountUnknown: 0 },
      { branch: 'zz-unlisted', packages: 1, cashToCollectKurus: 0, amountUnknown: 1 },
      { branch: null, packages: 1, cashToCollectKurus: 400, amountUnknown: 0 },
    ])
    expect(settled.totals.branches[0]).toMatchObject({
      branch: 'kadikoy',
      packages: 2,
      cashToCollectKurus: 1000,
    })
  })

  it('collects at the door what Settings says, by method name in any letter case; unknowns are counted', () => {
    const world = new World()
      .delivered('k1', ahmet.id, CASH(100))
      .delivered('k2', ahmet.id, { paymentMethod: 'meal_card', amountKurus: 200 })
      .delivered('k3', ahmet.id, { amountKurus: 400 })
      .delivered('k4', ahmet.id, { paymentMethod: 'cash' })
      .delivered('k5', ahmet.id, { paymentMethod: 'CASH', amountKurus: 0.5 })
    expect(world.settle().couriers[0]).toMatchObject({
      cashToCollectKurus: 100,
      amountUnknown: 2,
      methodUnknown: 1,
    })
    const withMealCards = world.settle({ collectedAtDoor: ['CASH', ' Meal_Card '] })
    expect(withMealCards.collectedAtDoor).toEqual(['CASH', 'MEAL_CARD'])
    expect(withMealCards.couriers[0]?.cashToCollectKurus).toBe(300)
    expect(world.settle({ collectedAtDoor: [] }).couriers[0]?.cashToCollectKurus).toBe(0)
  })

  describe('cash handed in', () => {
    it('counts a correction in place of the record it corrects, and keeps both in the lines', () => {
      const world = new World()
        .delivered('k1', ahmet.id, CASH(39990))
        .handIn('wrong', ahmet.id, 40000)
        .handIn('right', ahmet.id, 39990, { corrects: 'wrong', note: 'yanlış yazılmış' })
      const [line] = world.settle().couriers
      expect(line).toMatchObject({ cashHandedInKurus: 39990, differenceKurus: 0, balance: 'even' })
      expect(line?.cash).toStrictEqual([
        {
          id: 'wrong',
          at: at('18:00:00'),
          kind: 'handed-in',
          amountKurus: 40000,
          correctedBy: 'right',
          counts: false,
          countedKurus: 0,
        },
        {
          id: 'right',
          at: at('18:00:00'),
          kind: 'handed-in',
          amountKurus: 39990,
          corrects: 'wrong',
          note: 'yanlış yazılmış',
          counts: true,
          countedKurus: 39990,
        },
      ])
    })

    it('follows a chain of corrections, and of two corrections of one record counts the latest', () => {
      const chain = new World()
        .handIn('a', ahmet.id, 100)
        .handIn('b', ahmet.id, 200, { corrects: 'a' })
        .handIn('c', ahmet.id, 300, { corrects: 'b' })
        .settle()
      expect(chain.couriers[0]?.cashHandedInKurus).toBe(300)
      const twice = new World()
        .handIn('a', ahmet.id, 100)
        .handIn('b', ahmet.id, 200, { corrects: 'a' })
        .handIn('c', ahmet.id, 300, { corrects: 'a' })
        .settle()
      expect(twice.couriers[0]?.cashHandedInKurus).toBe(300)
      expect(twice.couriers[0]?.cash.map((c) => [c.id, c.counts, c.correctedBy])).toEqual([
        ['a', false, 'c'],
        ['b', false, undefined],
        ['c', true, undefined],
      ])
    })

    it('moves cash to the courier a correction names, and a correction to zero voids it', () => {
      const settled = new World()
        .delivered('k1', mehmet.id, CASH(500))
        .handIn('a', ahmet.id, 500)
        .handIn('b', mehmet.id, 500, { corrects: 'a' })
        .handIn('c', ahmet.id, 700)
        .handIn('d', ahmet.id, 0, { corrects: 'c' })
        .settle()
      expect(settled.couriers.map((c) => [c.name, c.cashHandedInKurus, c.balance])).toEqual([
        ['Ahmet', 0, 'even'],
        ['Mehmet', 500, 'even'],
      ])
      expect(settled.totals).toMatchObject({ cashHandedInKurus: 500, differenceKurus: 0 })
    })

    it('counts cash on the day it settles: one handed in after midnight for the day before counts there', () => {
      const world = new World()
        .delivered('k1', ahmet.id, CASH(39990))
        .handIn('after-midnight', ahmet.id, 39990, { at: at('00:30:00', '2026-11-25'), day: DAY })
        .handIn('tomorrow', ahmet.id, 100, { day: '2026-11-25' })
      expect(world.settle().couriers[0]).toMatchObject({ cashHandedInKurus: 39990, balance: 'even' })
      expect(world.settle({ day: '2026-11-25' }).couriers[0]).toMatchObject({
        packages: 0,
        cashHandedInKurus: 100,
        balance: 'over',
      })
    })

    it('lists a zero correction (a void) and counts it; ignores a damaged amount', () => {
      const settled = new World()
        .handIn('c', ahmet.id, 700)
        .handIn('d', ahmet.id, 0, { corrects: 'c' })
        .handIn('fraction', ahmet.id, 12.5)
        .handIn('negative', ahmet.id, -100)
        .settle()
      expect(settled.couriers[0]?.cash).toStrictEqual([
        {
          id: 'c',
          at: at('18:00:00'),
          kind: 'handed-in',
          amountKurus: 700,
          correctedBy: 'd',
          counts: false,
          countedKurus: 0,
        },
        {
          id: 'd',
          at: at('18:00:00'),
          kind: 'handed-in',
          amountKurus: 0,
          corrects: 'c',
          counts: true,
          countedKurus: 0,
        },
      ])
      expect(settled.couriers[0]).toMatchObject({ cashHandedInKurus: 0, balance: 'even' })
    })

    it('counts the latest of two corrections of a record it does not hold (another day’s)', () => {
      const settled = new World()
        .handIn('b', ahmet.id, 200, { corrects: 'gone' })
        .handIn('c', ahmet.id, 300, { corrects: 'gone' })
        .settle()
      expect(settled.couriers[0]?.cash.map((c) => [c.id, c.counts])).toEqual([
        ['b', false],
        ['c', true],
      ])
      expect(settled.couriers[0]?.cashHandedInKurus).toBe(300)
    })

    it('reads cash records in seq order, whatever order they come in', () => {
      const world = new World()
        .handIn('a', ahmet.id, 100)
        .handIn('b', ahmet.id, 200, { corrects: 'a' })
        .handIn('c', ahmet.id, 50)
      const settled = world.settle({ cash: [...world.cash].reverse() })
      expect(settled.couriers[0]?.cash.map((c) => [c.id, c.counts])).toEqual([
        ['a', false],
        ['b', true],
        ['c', true],
      ])
      expect(settled.couriers[0]?.cashHandedInKurus).toBe(250)
    })

    it('settles a damaged file whose corrections loop, without hanging', () => {
      const settled = new World()
        .handIn('a', ahmet.id, 100, { corrects: 'b' })
        .handIn('b', ahmet.id, 200, { corrects: 'a' })
        .settle()
      expect(settled.couriers[0]?.cash.map((c) => c.id)).toEqual(['a', 'b'])
    })

    it('lists a courier who only handed in cash, a retired one by name, an unknown one as ?', () => {
      const settled = new World().handIn('a', ozge.id, 100).handIn('b', 'c-gone', 5).settle()
      expect(settled.couriers.map((c) => [c.name, c.retired, c.cashHandedInKurus, c.balance])).toEqual([
        ['?', false, 5, 'over'],
        ['Özge', true, 100, 'over'],
      ])
    })
  })

  it('totals the couriers against all cash handed in; cash with no courier is its own line, in no difference', () => {
    const settled = new World()
      .delivered('k1', ahmet.id, CASH(1000))
      .delivered('k2', mehmet.id, CASH(2000))
      .delivered('k3', null, CASH(4000, 'moda'))
      .handIn('a', ahmet.id, 1000)
      .handIn('b', mehmet.id, 1500)
      .settle()
    // Only Mehmet's 5,00 ₺ is short: the 40,00 ₺ nobody carried is not a courier's shortfall.
    expect(settled.totals).toMatchObject({
      packages: 2,
      cashToCollectKurus: 3000,
      cashHandedInKurus: 2500,
      differenceKurus: -500,
      balance: 'short',
    })
    // Not lost: the unassigned line says it, and every order of the day counts it.
    expect(settled.unassigned).toMatchObject({ packages: 1, cashToCollectKurus: 4000 })
    expect(settled.allOrders).toMatchObject({ packages: 3, cashToCollectKurus: 7000 })
    expect(settled.allOrders.branches).toStrictEqual([
      { branch: 'moda', packages: 1, cashToCollectKurus: 4000, amountUnknown: 0 },
      { branch: null, packages: 2, cashToCollectKurus: 3000, amountUnknown: 0 },
    ])
    // Every courier settled, one cash package with no courier: the couriers' total is even.
    const even = new World()
      .delivered('k1', ahmet.id, CASH(1000))
      .delivered('k2', null, CASH(4000))
      .handIn('a', ahmet.id, 1000)
      .settle()
    expect(even.totals).toMatchObject({ cashToCollectKurus: 1000, differenceKurus: 0, balance: 'even' })
    expect(even.unassigned.cashToCollectKurus).toBe(4000)
  })

  it('names a courier as they were named at the end of the day, whatever they are called now', () => {
    const world = new World().delivered('k1', ahmet.id, CASH(100)).handIn('a', mehmet.id, 50)
    const names = [
      { courierId: ahmet.id, name: 'Ahmet', seq: 1, at: at('08:00:00', '2026-11-01') },
      // Renamed twice on the day: the day's last name stands.
      { courierId: ahmet.id, name: 'Ahmet Y.', seq: 2, at: at('10:00:00') },
      { courierId: ahmet.id, name: 'Ahmet Yılmaz', seq: 3, at: at('23:59:59') },
      // Renamed the next day (00:00:00 Istanbul time): not on this day.
      { courierId: ahmet.id, name: 'Ahmet Kaya', seq: 4, at: at('00:00:00', '2026-11-25') },
      // Mehmet was named only after the day (his cash recorded for it later): he keeps the roster's name.
      { courierId: mehmet.id, name: 'Mehmet D.', seq: 5, at: at('09:00:00', '2026-11-25') },
    ]
    const settled = world.settle({ names: [...names].reverse() })
    expect(settled.couriers.map((c) => [c.courierId, c.name])).toEqual([
      [ahmet.id, 'Ahmet Yılmaz'],
      [mehmet.id, 'Mehmet'],
    ])
    // Without the names, every courier as they are now.
    expect(world.settle().couriers.map((c) => c.name)).toEqual(['Ahmet', 'Mehmet'])
  })

  it('keeps a confirmed package at the time it was confirmed, whatever the day’s later results say', () => {
    const world = new World()
      .delivered('k1', ahmet.id, CASH(100), at('12:00:00'))
      .result('k1', 'checked-not-handed-over', at('12:05:00'))
      .result('k1', 'checked-handed-over', at('12:10:00'))
    const settled = world.settle()
    expect(settled.couriers[0]?.packageLines).toStrictEqual([
      {
        paymentKey: 'k1',
        at: at('12:00:00'),
        collect: true,
        tender: 'cash',
        paymentMethod: 'CASH',
        amountKurus: 100,
      },
    ])
    expect(settled.totals.notConfirmed).toEqual({ owed: 0, unconfirmed: 0, refused: 0 })
    // The results read in the ledger's order (seq), whatever order they come in.
    expect(world.settle({ history: [...world.history].reverse() })).toEqual(settled)
  })

  it('counts a package staff confirmed on the platform’s panel after its answer was lost', () => {
    const world = new World()
      .assign('k1', ahmet.id)
      .result('k1', 'unconfirmed', at('12:00:00'))
      .result('k1', 'checked-handed-over', at('12:30:00'))
    world.orders.set('k1', CASH(100))
    expect(world.settle().couriers[0]).toMatchObject({
      packages: 1,
      cashToCollectKurus: 100,
      notConfirmed: { owed: 0, unconfirmed: 0, refused: 0 },
    })
  })

  it('reads the latest assignment by seq, whatever order the assignments come in', () => {
    const world = new World()
      .delivered('k1', ahmet.id, CASH(100))
      .assign('k1', mehmet.id, at('13:00:00'))
      .assign('k1', ahmet.id, at('14:00:00'))
    const reversed = world.settle({ assignments: [...world.assignments].reverse() })
    expect(reversed.couriers.map((c) => [c.name, c.packages])).toEqual([['Ahmet', 1]])
    const cleared = world.assign('k1', null).settle({ assignments: [...world.assignments].reverse() })
    expect(cleared.couriers).toEqual([])
    expect(cleared.unassigned.packages).toBe(1)
  })

  it('collects 0 ₺ for a free order; an amount that is negative or not whole kuruş is unknown', () => {
    const settled = new World()
      .delivered('free', ahmet.id, CASH(0))
      .delivered('negative', ahmet.id, CASH(-100))
      .delivered('fraction', ahmet.id, CASH(12.5))
      .settle()
    expect(settled.couriers[0]).toMatchObject({ packages: 3, cashToCollectKurus: 0, amountUnknown: 2 })
    expect(settled.couriers[0]?.packageLines.map((p) => p.amountKurus)).toEqual([0, undefined, undefined])
  })

  it('carries a line’s label, method, amount and branch only when they are known', () => {
    const settled = new World()
      .delivered('bare', ahmet.id, {})
      .delivered('full', ahmet.id, { paymentMethod: 'CASH', amountKurus: 500, branch: 'moda', label: 'A1B2' })
      .settle()
    expect(settled.couriers[0]?.packageLines).toStrictEqual([
      { paymentKey: 'bare', at: at('12:00:00'), collect: false, tender: 'unknown' },
      {
        paymentKey: 'full',
        at: at('12:00:00'),
        collect: true,
        tender: 'cash',
        label: 'A1B2',
        paymentMethod: 'CASH',
        amountKurus: 500,
        branch: 'moda',
      },
    ])
    expect(settled.couriers[0]).toMatchObject({ methodUnknown: 1, amountUnknown: 0 })
  })

  it('orders couriers of the same name by id, and branches no session lists by their id', () => {
    const twin: LedgerCourier = { id: 'c-a', name: 'Ahmet', retired: true, addedAt: at('07:00:00') }
    const world = new World()
      .delivered('k1', ahmet.id, CASH(100, 'zz'))
      .delivered('k2', twin.id, CASH(200, 'aa'))
      .delivered('k3', ahmet.id, CASH(300))
      .delivered('k4', ahmet.id, CASH(400, 'moda'))
    const settled = world.settle({ couriers: [ahmet, twin], branches: [{ id: 'moda', name: 'Moda' }] })
    expect(settled.couriers.map((c) => c.courierId)).toEqual(['c-a', 'c-ahmet'])
    expect(settled.totals.branches.map((b) => [b.branch, b.branchName])).toEqual([
      ['moda', 'Moda'],
      ['aa', undefined],
      ['zz', undefined],
      [null, undefined],
    ])
  })

  it('names each method collected at the door once, however Settings spell it', () => {
    const settled = new World()
      .delivered('k1', ahmet.id, CASH(100))
      .settle({ collectedAtDoor: ['cash', 'CASH', ' Cash '] })
    expect(settled.collectedAtDoor).toEqual(['CASH'])
    expect(settled.couriers[0]?.cashToCollectKurus).toBe(100)
  })

  it('refuses a sum too large to stay exact rather than round it', () => {
    const big = Number.MAX_SAFE_INTEGER - 1
    const packages = new World().delivered('k1', ahmet.id, CASH(big)).delivered('k2', ahmet.id, CASH(big))
    expect(() => packages.settle()).toThrow(new RangeError('day-end: a sum too large to stay exact'))
    const cash = new World().handIn('a', ahmet.id, big).handIn('b', ahmet.id, big)
    expect(() => cash.settle()).toThrow(RangeError)
    // Each alone is exact.
    expect(new World().handIn('a', ahmet.id, big).settle().totals.cashHandedInKurus).toBe(big)
  })

  it('changes none of its inputs and answers the same each time', () => {
    const world = new World().delivered('k1', ahmet.id, CASH(100)).handIn('a', ahmet.id, 100)
    const frozen = structuredClone({ h: world.history, a: world.assignments, c: world.cash })
    const first = world.settle()
    expect(world.settle()).toEqual(first)
    expect({ h: world.history, a: world.assignments, c: world.cash }).toEqual(frozen)
  })
})

describe('settleDay over the courier ledger', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'day-end-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  const journalFile = () => join(dir, 'courier-ledger.jsonl')
  function open(clock: ManualClock) {
    const journal = new FileJournal(journalFile())
    const archive = new FileHistoryArchive(join(dir, 'courier-days'))
    const ledger = new CourierLedger({ journal, archive, clock, log: silentLogger, timeZone: () => ZONE })
    return { journal, ledger }
  }
  const history: HandoverResult[] = [
    { seq: 0, paymentKey: 'k1', at: at('12:00:00'), result: 'handed-over' },
    { seq: 1, paymentKey: 'k2', at: at('12:10:00'), result: 'handed-over' },
    { seq: 2, paymentKey: 'k3', at: at('12:20:00'), result: 'unconfirmed' },
  ]
  const settle = (ledger: CourierLedger) =>
    settleDay({ day: DAY, timeZone: ZONE, history, ...ledger.day(DAY) })

  it('gives the same settlement after a restart, a torn last line, a copied record, and days later', async () => {
    const clock = new ManualClock(Date.parse(at('19:00:00')))
    const first = open(clock)
    const courier = first.ledger.addCourier({ name: 'Ahmet' })
    for (const key of ['k1', 'k2', 'k3']) {
      first.ledger.assign({ paymentKey: key, courierId: courier.id })
      first.ledger.noteOrder({ paymentKey: key, paymentMethod: 'CASH', amountKurus: 12345 })
    }
    const wrong = first.ledger.recordCash({ courierId: courier.id, amountKurus: 20000 })
    first.ledger.correctCash({ corrects: wrong.id, amountKurus: 24690 })
    const before = settle(first.ledger)
    expect(before.couriers[0]).toMatchObject({
      packages: 2,
      cashToCollectKurus: 24690,
      cashHandedInKurus: 24690,
      balance: 'even',
      notConfirmed: { owed: 0, unconfirmed: 1, refused: 0 },
    })
    first.ledger.dispose()
    first.journal.close()

    // A copy of the last record (the same id written twice) and half a record a crash cut short.
    const lines = readFileSync(journalFile(), 'utf8').trim().split('\n')
    appendFileSync(journalFile(), `${lines.at(-1) ?? ''}\n{"type":"cash","id":"x","seq":99,"amou`)
    const second = open(clock)
    expect(settle(second.ledger)).toEqual(before)

    // Days later the records are in the day files, and the day reads the same.
    await clock.advance(5 * 24 * 60 * 60 * 1000)
    expect(settle(second.ledger)).toEqual(before)
    second.ledger.dispose()
    second.journal.close()
    const third = open(clock)
    expect(settle(third.ledger)).toEqual(before)
    third.ledger.dispose()
    third.journal.close()
  })

  it('names a courier renamed the next day by their old name on the past day, after a restart and days later', async () => {
    const clock = new ManualClock(Date.parse(at('19:00:00')))
    const first = open(clock)
    const courier = first.ledger.addCourier({ name: 'Ahmet' })
    first.ledger.assign({ paymentKey: 'k1', courierId: courier.id })
    await clock.advance(24 * 60 * 60 * 1000)
    first.ledger.renameCourier({ courierId: courier.id, name: 'Ahmet Yılmaz' })
    const nextDay = '2026-11-25'
    const today = (ledger: CourierLedger) =>
      settleDay({ day: nextDay, timeZone: ZONE, history: [], ...ledger.day(nextDay) })
    first.ledger.recordCash({ courierId: courier.id, amountKurus: 100 })
    expect(settle(first.ledger).couriers.map((c) => c.name)).toEqual(['Ahmet'])
    expect(today(first.ledger).couriers.map((c) => c.name)).toEqual(['Ahmet Yılmaz'])
    first.ledger.dispose()
    first.journal.close()

    // Read from disk after a restart, once the day's records moved to their day file: the roster stays.
    await clock.advance(5 * 24 * 60 * 60 * 1000)
    const second = open(clock)
    expect(settle(second.ledger).couriers.map((c) => c.name)).toEqual(['Ahmet'])
    expect(today(second.ledger).couriers.map((c) => c.name)).toEqual(['Ahmet Yılmaz'])
    second.ledger.dispose()
    second.journal.close()
  })
})
