// The day-end settlement ("kurye gün sonu", docs/decisions.md D65) as one pure function: the screen, the
// printed slip, the CSV and `GET /v1/day-end` all read this one answer. Its inputs are one day's hand-over
// history and what the courier ledger holds; it reads no clock and no file, so the same inputs give the same
// settlement, before and after a restart.
//
// Which day a package belongs to: the day (the platform's time zone) of the result that confirmed its
// hand-over, `handed-over` or staff's `checked-handed-over` — what History shows on that day. An order still
// owed, refused, or unconfirmed is not a delivered package; it is counted apart, on the day of its last result.
// Which day cash belongs to: the `day` on its record (the day it was handed in, or the earlier day staff named).
// Who carried a package: its latest assignment, whenever made (a reassignment the next morning corrects the day).
// A courier is named as they were at the end of the day (D75): a rename later does not rewrite a past day.
// Cash to collect from packages no courier was named for is shown apart, in no courier's difference (D76).
import type { AttemptResult, HistoryEntry } from '../../../src-shared/domain.ts'
import {
  DEFAULT_COLLECTED_AT_DOOR,
  isCollectedAtDoor,
  paymentMethodKey,
} from '../../../src-shared/courier-rules.ts'
import type {
  BranchLine,
  CashLine,
  CashRecord,
  CashTally,
  Courier,
  CourierDayEnd,
  DayEnd,
  NotConfirmed,
  PackageLine,
  PackageTally,
} from '../../../src-shared/couriers.ts'
import { isKurus } from '../../../src-shared/money.ts'
import { dayOf } from '../time/platform-day.ts'

// The settlement's shapes are the contract's (src-shared/couriers.ts): one source for the core and the screens.
export type { CashRecord, DayEnd, PackageTally } from '../../../src-shared/couriers.ts'

/** A courier as the ledger holds it (the contract's Courier). */
export type LedgerCourier = Courier

export interface LedgerAssignment {
  paymentKey: string
  /** null: the package was taken off any courier. */
  courierId: string | null
  seq: number
  at: string
}

/** What an order brings to the settlement: from the POS or the platform, kept by the ledger. */
export interface OrderFacts {
  paymentMethod?: string | undefined
  amountKurus?: number | undefined
  branch?: string | undefined
  label?: string | undefined
}

/** A name a courier was given (added or renamed), and when: the ledger's roster records. */
export interface CourierNaming {
  courierId: string
  name: string
  seq: number
  at: string
}

/** What the ledger holds that bears on one day (CourierLedger.day). */
export interface LedgerDay {
  couriers: readonly LedgerCourier[]
  /** Every name each courier was given, with when. Left out: every courier is named as they are now. */
  names?: readonly CourierNaming[]
  assignments: readonly LedgerAssignment[]
  orders: ReadonlyMap<string, OrderFacts>
  cash: readonly CashRecord[]
}

/** One attempt's result, as History holds it (HistoryEntry). */
export type HandoverResult = Pick<HistoryEntry, 'seq' | 'paymentKey' | 'at' | 'result'>

export interface DayEndInput extends LedgerDay {
  /** `YYYY-MM-DD` in `timeZone`. */
  day: string
  /** The platform's time zone. */
  timeZone: string
  /** The hand-over results; those of other days are passed over, so the whole history may be given. */
  history: readonly HandoverResult[]
  /** Payment methods the courier collects at the door (Settings); DEFAULT_COLLECTED_AT_DOOR when left out. */
  collectedAtDoor?: readonly string[]
  /** The session's branches, to name and order the branch split. */
  branches?: readonly { id: string; name: string }[]
  /** Orders the outbox still owes now (pressed, no answer yet): only for today's settlement. */
  owedNow?: readonly string[]
}

const CONFIRMED: ReadonlySet<AttemptResult> = new Set(['handed-over', 'checked-handed-over'])
const REFUSED: ReadonlySet<AttemptResult> = new Set(['refused', 'checked-not-handed-over'])

type Outcome = { kind: 'package'; at: string } | { kind: keyof NotConfirmed }

/** The settlement of one day. Pure: the same inputs give the same answer. */
export function settleDay(input: DayEndInput): DayEnd {
  const collectedAtDoor = [
    ...new Set((input.collectedAtDoor ?? DEFAULT_COLLECTED_AT_DOOR).map(paymentMethodKey)),
  ]
  const carrier = latestAssignments(input.assignments)
  const buckets = new Map<string | null, Bucket>()
  const bucketOf = (courierId: string | null): Bucket => {
    let bucket = buckets.get(courierId)
    if (!bucket) buckets.set(courierId, (bucket = newBucket()))
    return bucket
  }
  for (const [paymentKey, outcome] of outcomesOf(input)) {
    const bucket = bucketOf(carrier.get(paymentKey) ?? null)
    if (outcome.kind !== 'package') {
      bucket.notConfirmed[outcome.kind] += 1
      continue
    }
    bucket.lines.push(packageLine(paymentKey, outcome.at, input.orders.get(paymentKey), collectedAtDoor))
  }
  for (const { courierId, line } of cashOfDay(input.cash, input.day)) bucketOf(courierId).cash.push(line)

  const couriers = new Map(input.couriers.map((courier) => [courier.id, courier]))
  const namedThen = namesAtEndOf(input.day, input.timeZone, input.names ?? [])
  const lines: CourierDayEnd[] = []
  for (const [courierId, bucket] of buckets) {
    if (courierId === null) continue
    const courier = couriers.get(courierId)
    const packageTally = tally(bucket, input.branches)
    lines.push({
      courierId,
      name: namedThen.get(courierId) ?? courier?.name ?? '?',
      retired: courier?.retired ?? false,
      ...packageTally,
      ...cashTally(bucket.cash, packageTally.cashToCollectKurus),
      packageLines: bucket.lines,
      cash: bucket.cash,
    })
  }
  lines.sort((a, b) => a.name.localeCompare(b.name, 'tr') || a.courierId.localeCompare(b.courierId))
  const unassignedBucket = buckets.get(null) ?? newBucket()
  // The couriers' total leaves the unassigned packages out: their cash is owed by nobody named, and counted in
  // the total it would show as a shortfall no courier's return can settle.
  const couriersBucket = mergeBuckets([...buckets].filter(([id]) => id !== null).map(([, bucket]) => bucket))
  const couriersTally = tally(couriersBucket, input.branches)
  return {
    day: input.day,
    collectedAtDoor,
    couriers: lines,
    unassigned: { ...tally(unassignedBucket, input.branches), packageLines: unassignedBucket.lines },
    totals: { ...couriersTally, ...cashTally(couriersBucket.cash, couriersTally.cashToCollectKurus) },
    allOrders: tally(mergeBuckets([...buckets.values()]), input.branches),
  }
}

/**
 * Each courier's name at the end of `day`: the latest name given on that day or before. A courier named only
 * after it (cash recorded for an earlier day) has none here, and is named as they are now.
 */
function namesAtEndOf(day: string, timeZone: string, names: readonly CourierNaming[]): Map<string, string> {
  const named = new Map<string, string>()
  for (const naming of bySeq(names)) {
    if (dayOf(Date.parse(naming.at), timeZone) <= day) named.set(naming.courierId, naming.name)
  }
  return named
}

interface Bucket {
  lines: PackageLine[]
  notConfirmed: NotConfirmed
  cash: CashLine[]
}

function newBucket(): Bucket {
  return { lines: [], notConfirmed: { owed: 0, unconfirmed: 0, refused: 0 }, cash: [] }
}

function mergeBuckets(buckets: readonly Bucket[]): Bucket {
  const merged = newBucket()
  for (const bucket of buckets) {
    merged.lines.push(...bucket.lines)
    merged.cash.push(...bucket.cash)
    for (const kind of ['owed', 'unconfirmed', 'refused'] as const) {
      merged.notConfirmed[kind] += bucket.notConfirmed[kind]
    }
  }
  return merged
}

/** Each package's latest assignment (the highest seq), whenever it was made. */
function latestAssignments(assignments: readonly LedgerAssignment[]): Map<string, string | null> {
  const latest = new Map<string, string | null>()
  for (const assignment of bySeq(assignments)) latest.set(assignment.paymentKey, assignment.courierId)
  return latest
}

function bySeq<T extends { seq: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.seq - b.seq)
}

/** What became of each order that had a result on the day (and of those owed now). */
function outcomesOf(input: DayEndInput): Map<string, Outcome> {
  const ofDay = bySeq(input.history).filter(
    (entry) => dayOf(Date.parse(entry.at), input.timeZone) === input.day,
  )
  const outcomes = new Map<string, Outcome>()
  for (const entry of ofDay) {
    if (outcomes.get(entry.paymentKey)?.kind === 'package') continue
    if (CONFIRMED.has(entry.result)) outcomes.set(entry.paymentKey, { kind: 'package', at: entry.at })
    else if (REFUSED.has(entry.result)) outcomes.set(entry.paymentKey, { kind: 'refused' })
    else if (entry.result === 'unconfirmed') outcomes.set(entry.paymentKey, { kind: 'unconfirmed' })
    else outcomes.set(entry.paymentKey, { kind: 'owed' })
  }
  for (const paymentKey of input.owedNow ?? []) {
    if (outcomes.get(paymentKey)?.kind !== 'package') outcomes.set(paymentKey, { kind: 'owed' })
  }
  return outcomes
}

function packageLine(
  paymentKey: string,
  at: string,
  facts: OrderFacts | undefined,
  collectedAtDoor: readonly string[],
): PackageLine {
  const { paymentMethod, amountKurus, branch, label } = facts ?? {}
  const line: PackageLine = {
    paymentKey,
    at,
    collect: isCollectedAtDoor(paymentMethod, collectedAtDoor),
  }
  if (label !== undefined) line.label = label
  if (paymentMethod !== undefined) line.paymentMethod = paymentMethod
  // An amount that is not a whole number of kuruş is no amount: it would make every sum inexact.
  if (isKurus(amountKurus) && amountKurus >= 0) line.amountKurus = amountKurus
  if (branch !== undefined) line.branch = branch
  return line
}

function tally(bucket: Bucket, branches: DayEndInput['branches']): PackageTally {
  const byBranch = new Map<string | null, BranchLine>()
  let cashToCollectKurus = 0
  let amountUnknown = 0
  let methodUnknown = 0
  for (const line of bucket.lines) {
    const branch = line.branch ?? null
    const split = byBranch.get(branch) ?? {
      branch,
      packages: 0,
      cashToCollectKurus: 0,
      amountUnknown: 0,
    }
    byBranch.set(branch, split)
    split.packages += 1
    if (line.paymentMethod === undefined) methodUnknown += 1
    if (!line.collect) continue
    if (line.amountKurus === undefined) {
      amountUnknown += 1
      split.amountUnknown += 1
    } else {
      cashToCollectKurus = plus(cashToCollectKurus, line.amountKurus)
      split.cashToCollectKurus = plus(split.cashToCollectKurus, line.amountKurus)
    }
  }
  return {
    packages: bucket.lines.length,
    cashToCollectKurus,
    amountUnknown,
    methodUnknown,
    notConfirmed: { ...bucket.notConfirmed },
    branches: orderedBranches(byBranch, branches),
  }
}

/** The session's branches in its order, named; then branches it does not list; orders with none last. */
function orderedBranches(
  byBranch: ReadonlyMap<string | null, BranchLine>,
  known: DayEndInput['branches'],
): BranchLine[] {
  const rank = new Map<string | null, number>(known?.map((branch, index) => [branch.id, index]))
  const names = new Map<string | null, string>(known?.map((branch) => [branch.id, branch.name]))
  // Listed branches by their place, then the others, then orders with none.
  const position = (branch: string | null) =>
    branch === null ? Infinity : (rank.get(branch) ?? Number.MAX_SAFE_INTEGER)
  return [...byBranch.values()]
    .sort(
      (a, b) => position(a.branch) - position(b.branch) || String(a.branch).localeCompare(String(b.branch)),
    )
    .map((line) => {
      const name = names.get(line.branch)
      return name === undefined ? line : { ...line, branchName: name }
    })
}

function cashTally(cash: readonly CashLine[], toCollect: number): CashTally {
  let handedIn = 0
  for (const line of cash) if (line.counts) handedIn = plus(handedIn, line.amountKurus)
  const difference = handedIn - toCollect
  return {
    cashHandedInKurus: handedIn,
    differenceKurus: difference,
    balance: difference < 0 ? 'short' : difference > 0 ? 'over' : 'even',
  }
}

/**
 * The day's cash records, each marked whether it counts. A correction stands in place of the record it
 * corrects; of a record corrected twice (two tills at once), the latest correction counts. What counts is the
 * latest record of each chain, on the day it names, for the courier it names.
 */
function cashOfDay(records: readonly CashRecord[], day: string): { courierId: string; line: CashLine }[] {
  const byId = new Map(records.map((record) => [record.id, record]))
  const rootOf = (record: CashRecord): string => {
    const seen = new Set<string>()
    let current = record
    while (current.corrects !== undefined && !seen.has(current.id)) {
      seen.add(current.id)
      const corrected = byId.get(current.corrects)
      if (!corrected) return current.corrects
      current = corrected
    }
    return current.id
  }
  const ordered = bySeq([...byId.values()])
  // The latest record of each chain, and of the records correcting each record, is the one read last.
  const latestOfRoot = new Map<string, CashRecord>()
  const correctedBy = new Map<string | undefined, CashRecord>()
  for (const record of ordered) {
    latestOfRoot.set(rootOf(record), record)
    correctedBy.set(record.corrects, record)
  }
  const counting = new Set([...latestOfRoot.values()].map((record) => record.id))
  return ordered
    .filter((record) => record.day === day && isKurus(record.amountKurus) && record.amountKurus >= 0)
    .map((record) => {
      const line: CashLine = {
        id: record.id,
        at: record.at,
        amountKurus: record.amountKurus,
        counts: counting.has(record.id),
      }
      if (record.note !== undefined) line.note = record.note
      if (record.corrects !== undefined) line.corrects = record.corrects
      const by = correctedBy.get(record.id)
      if (by !== undefined) line.correctedBy = by.id
      return { courierId: record.courierId, line }
    })
}

/** Adds kuruş, refusing to let a sum leave the range where it stays exact. */
function plus(a: number, b: number): number {
  const sum = a + b
  if (!Number.isSafeInteger(sum)) throw new RangeError('day-end: a sum too large to stay exact')
  return sum
}
