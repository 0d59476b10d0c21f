// Property tests for the day-end settlement: over any mix of packages, couriers, branches, assignments and cash
// records, the couriers add up to their total and, with the unassigned, to every order of the day exactly
// (checked again with BigInt), the cash to collect is the sum of
// the right packages, and the order in which the records arrive changes nothing.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_KURUS } from '../../../src-shared/money.ts'
import { FUZZ_RUNS } from '../../../test-support/core/fuzz.ts'
import {
  settleDay,
  type LedgerCash,
  type DayEnd,
  type DayEndInput,
  type HandoverResult,
  type LedgerAssignment,
  type OrderFacts,
  type PackageTally,
} from './day-end.ts'

const ZONE = 'Europe/Istanbul'
const DAY = '2026-11-24'
/** 2026-11-24 00:00 in Istanbul, and a spread from the day before to the day after. */
const DAY_START = Date.UTC(2026, 10, 23, 21, 0, 0)
const HOUR = 60 * 60 * 1000
const COURIERS = ['c0', 'c1', 'c2', 'c3']
const RESULTS = ['handed-over', 'checked-handed-over', 'will-retry', 'unconfirmed', 'refused'] as const

const order = fc.record({
  /** Hours from the day's start: some the day before, some the day after. */
  hour: fc.integer({ min: -30, max: 50 }).map((h) => h * HOUR - 1000),
  result: fc.constantFrom(...RESULTS),
  courier: fc.option(fc.constantFrom(...COURIERS), { nil: null }),
  reassignedTo: fc.option(fc.option(fc.constantFrom(...COURIERS), { nil: null }), { nil: undefined }),
  method: fc.option(fc.constantFrom('CASH', 'cash', 'CREDIT_CARD', 'MEAL_CARD'), { nil: undefined }),
  amount: fc.option(fc.integer({ min: 0, max: MAX_KURUS }), { nil: undefined }),
  branch: fc.option(fc.constantFrom('kadikoy', 'moda'), { nil: undefined }),
})

const cashIn = fc.record({
  courier: fc.constantFrom(...COURIERS),
  amount: fc.integer({ min: 0, max: MAX_KURUS }),
  otherDay: fc.boolean(),
  /** Corrects the record this many places before it, when there is one. */
  corrects: fc.option(fc.nat({ max: 5 }), { nil: undefined }),
})

const world = fc.record({
  orders: fc.array(order, { maxLength: 40 }),
  cash: fc.array(cashIn, { maxLength: 15 }),
  collectedAtDoor: fc.constantFrom(['CASH'], ['CASH', 'MEAL_CARD'], [] as string[]),
})

type World = typeof world extends fc.Arbitrary<infer W> ? W : never

function inputOf(generated: World): DayEndInput {
  const history: HandoverResult[] = []
  const assignments: LedgerAssignment[] = []
  const orders = new Map<string, OrderFacts>()
  let seq = 0
  generated.orders.forEach((spec, index) => {
    const paymentKey = `k${String(index)}`
    const at = new Date(DAY_START + spec.hour).toISOString()
    if (spec.courier !== null) assignments.push({ paymentKey, courierId: spec.courier, seq: seq++, at })
    history.push({ paymentKey, at, result: spec.result, seq: seq++ })
    if (spec.reassignedTo !== undefined) {
      assignments.push({ paymentKey, courierId: spec.reassignedTo, seq: seq++, at })
    }
    const facts: OrderFacts = {}
    if (spec.method !== undefined) facts.paymentMethod = spec.method
    if (spec.amount !== undefined) facts.amountKurus = spec.amount
    if (spec.branch !== undefined) facts.branch = spec.branch
    orders.set(paymentKey, facts)
  })
  const cash: LedgerCash[] = []
  generated.cash.forEach((spec, index) => {
    const record: LedgerCash = {
      id: `h${String(index)}`,
      seq: seq++,
      at: new Date(DAY_START + 18 * HOUR).toISOString(),
      courierId: spec.courier,
      amountKurus: spec.amount,
      day: spec.otherDay ? '2026-11-25' : DAY,
    }
    const corrected = spec.corrects === undefined ? undefined : cash[index - 1 - spec.corrects]
    if (corrected) {
      record.corrects = corrected.id
      record.day = corrected.day
    }
    cash.push(record)
  })
  return {
    day: DAY,
    timeZone: ZONE,
    couriers: COURIERS.map((id) => ({
      id,
      name: id,
      retired: false,
      addedAt: new Date(DAY_START).toISOString(),
    })),
    history,
    assignments,
    orders,
    cash,
    collectedAtDoor: generated.collectedAtDoor,
  }
}

const big = (values: readonly number[]) => values.reduce((sum, value) => sum + BigInt(value), 0n)

/** Each sum and the parts it is made of: the couriers' total, and every order of the day. */
function sums(settled: DayEnd): [PackageTally, PackageTally[]][] {
  return [
    [settled.totals, settled.couriers],
    [settled.allOrders, [...settled.couriers, settled.unassigned]],
  ]
}

/** A copy of the array in another order, chosen by the seed. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items]
  let state = seed || 1
  for (let i = copy.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2 ** 31
    const j = state % (i + 1)
    ;[copy[i], copy[j]] = [copy[j] as T, copy[i] as T]
  }
  return copy
}

describe('settleDay, fuzzed', () => {
  it('adds the couriers up to their total, and with the unassigned up to every order, exactly', () => {
    fc.assert(
      fc.property(world, (generated) => {
        const settled = settleDay(inputOf(generated))
        const { totals } = settled
        for (const [sum, parts] of sums(settled)) {
          for (const field of ['packages', 'cashToCollectKurus', 'amountUnknown', 'methodUnknown'] as const) {
            expect(big(parts.map((part) => part[field]))).toBe(BigInt(sum[field]))
          }
          for (const kind of ['owed', 'unconfirmed', 'refused'] as const) {
            expect(big(parts.map((part) => part.notConfirmed[kind]))).toBe(BigInt(sum.notConfirmed[kind]))
          }
        }
        expect(big(settled.couriers.map((c) => c.cashHandedInKurus))).toBe(BigInt(totals.cashHandedInKurus))
        for (const line of [...settled.couriers, totals]) {
          expect(Number.isSafeInteger(line.differenceKurus)).toBe(true)
          expect(BigInt(line.differenceKurus)).toBe(
            BigInt(line.cashHandedInKurus) - BigInt(line.expectedCashKurus),
          )
          // A bag whose cash cannot be known makes the balance unknown ("kontrol edin"), never even.
          const byDifference =
            line.differenceKurus === 0 ? 'even' : line.differenceKurus < 0 ? 'short' : 'over'
          expect(line.balance).toBe(line.unknownCount > 0 ? 'unknown' : byDifference)
        }
        for (const part of [...settled.couriers, settled.unassigned, totals, settled.allOrders]) {
          expect(big(part.branches.map((b) => b.packages))).toBe(BigInt(part.packages))
          expect(big(part.branches.map((b) => b.cashToCollectKurus))).toBe(BigInt(part.cashToCollectKurus))
        }
      }),
      FUZZ_RUNS,
    )
  })

  it('collects exactly the amounts of the day’s confirmed packages paid by a method collected at the door', () => {
    fc.assert(
      fc.property(world, (generated) => {
        const input = inputOf(generated)
        const collect = new Set(generated.collectedAtDoor)
        let expected = 0n
        let packages = 0
        generated.orders.forEach((spec) => {
          const onDay = DAY_START + spec.hour >= DAY_START && DAY_START + spec.hour < DAY_START + 24 * HOUR
          if (!onDay || (spec.result !== 'handed-over' && spec.result !== 'checked-handed-over')) return
          packages += 1
          if (
            spec.method !== undefined &&
            collect.has(spec.method.toUpperCase()) &&
            spec.amount !== undefined
          ) {
            expected += BigInt(spec.amount)
          }
        })
        const settled = settleDay(input)
        expect(settled.allOrders.packages).toBe(packages)
        expect(BigInt(settled.allOrders.cashToCollectKurus)).toBe(expected)
      }),
      FUZZ_RUNS,
    )
  })

  it('answers the same whatever order the records come in', () => {
    fc.assert(
      fc.property(world, fc.nat(), (generated, seed) => {
        const input = inputOf(generated)
        const reordered: DayEndInput = {
          ...input,
          history: shuffled(input.history, seed),
          assignments: shuffled(input.assignments, seed + 1),
          cash: shuffled(input.cash, seed + 2),
        }
        expect(settleDay(reordered)).toEqual(settleDay(input))
      }),
      FUZZ_RUNS,
    )
  })
})
