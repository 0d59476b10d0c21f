// The board's courier strip ("Ahmet · 3 paket · 399,90 ₺ nakit") and the batch bar, read off today's one
// settlement (issue 28): no second rule for who carries what. A bag is carried when it left with its courier
// (its press) after their last cash handed in, is not refused and no closing settled it (day-end.ts); a bag that
// left before midnight is carried past it, so the strip reads yesterday's settlement too.
import type { Bag, CashLine, CourierBatch, CourierOut, DayEnd } from '../../../src-shared/couriers.ts'
import type { LedgerBatch } from './courier-ledger.ts'
import type { LedgerCourier } from './day-end.ts'

/**
 * One line per working courier carrying bags, by name, over the settlements given (yesterday's and today's: a
 * courier who left before midnight is still out after it).
 */
export function couriersOut(
  dayEnds: readonly DayEnd[],
  couriers: ReadonlyMap<string, LedgerCourier>,
): CourierOut[] {
  const byCourier = new Map<string, { bags: Bag[]; cash: CashLine[] }>()
  for (const dayEnd of dayEnds) {
    for (const line of dayEnd.couriers) {
      // Stryker disable next-line ArrayDeclaration: a stray element is neither a carried bag nor a float/return line
      const held = byCourier.get(line.courierId) ?? { bags: [], cash: [] }
      held.bags.push(...line.bags)
      held.cash.push(...line.cash)
      byCourier.set(line.courierId, held)
    }
  }
  const lines: CourierOut[] = []
  for (const [courierId, { bags, cash }] of byCourier) {
    const courier = couriers.get(courierId)
    if (!courier || courier.retired) continue
    const carried = bags.filter((bag) => bag.carried)
    if (carried.length === 0) continue
    const { cashToCollectKurus, amountUnknown, unknownCount } = sums(carried)
    const lastHandIn = cash
      .filter((line) => line.kind === 'handed-in' && line.counts)
      .reduce<string | undefined>(
        (last, line) =>
          last === undefined ||
          // Stryker disable next-line EqualityOperator: equivalent, an equal time gives the same `last`
          line.at > last
            ? line.at
            : last,
        undefined,
      )
    const floatKurus = cash
      .filter((line) => line.kind === 'float' && (lastHandIn === undefined || line.at > lastHandIn))
      .reduce((sum, line) => sum + line.countedKurus, 0)
    lines.push({
      courierId,
      name: courier.name,
      packages: carried.length,
      cashToCollectKurus,
      amountUnknown,
      paymentKeys: carried.map((bag) => bag.paymentKey),
      unknownCount,
      floatKurus,
    })
  }
  return lines.sort((a, b) => a.name.localeCompare(b.name, 'tr'))
}

/** Each batch with its bags as the settlement has them (refused ones marked, left out of its sums). */
export function batchesOf(
  dayEnd: DayEnd,
  batches: readonly LedgerBatch[],
  couriers: ReadonlyMap<string, LedgerCourier>,
): CourierBatch[] {
  const bagsOf = new Map<string, Bag[]>()
  for (const line of dayEnd.couriers) {
    for (const bag of line.bags) {
      // Stryker disable next-line ConditionalExpression: equivalent, no batch is asked for under an undefined id
      if (bag.batchId !== undefined) bagsOf.set(bag.batchId, [...(bagsOf.get(bag.batchId) ?? []), bag])
    }
  }
  return batches.map((batch) => {
    const bags = (bagsOf.get(batch.batchId) ?? []).sort((a, b) => a.leftAt.localeCompare(b.leftAt))
    // Stryker disable next-line EqualityOperator: equivalent, an equal time gives the same `last`
    const lastTouchedAt = bags.reduce((last, bag) => (bag.leftAt > last ? bag.leftAt : last), batch.startedAt)
    const view: CourierBatch = {
      batchId: batch.batchId,
      courierId: batch.courierId,
      name: couriers.get(batch.courierId)?.name ?? '?',
      startedAt: batch.startedAt,
      lastTouchedAt,
      bags,
      ...sums(bags),
      refused: bags.filter((bag) => bag.refused).length,
    }
    if (batch.endedAt !== undefined) view.endedAt = batch.endedAt
    return view
  })
}

/** Cash to collect of bags not refused; those whose cash cannot be known counted apart. */
function sums(bags: readonly Bag[]): {
  cashToCollectKurus: number
  amountUnknown: number
  unknownCount: number
} {
  let cashToCollectKurus = 0
  let amountUnknown = 0
  let unknownCount = 0
  for (const bag of bags) {
    if (bag.refused) continue
    if (bag.tender === 'unknown') unknownCount += 1
    if (!bag.collect) continue
    if (bag.amountKurus === undefined) {
      amountUnknown += 1
      unknownCount += 1
    } else cashToCollectKurus += bag.amountKurus
  }
  return { cashToCollectKurus, amountUnknown, unknownCount }
}
