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
  doorTenderOf,
  paymentMethodKey,
} from '../../../src-shared/courier-rules.ts'
import type {
  AccountClosing,
  AccountLine,
  Bag,
  BranchLine,
  CashLine,
  CashRecord,
  CashTally,
  Courier,
  CourierDayEnd,
  DayEnd,
  Debt,
  MovementKind,
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
  /** The batch scan-out it went in. */
  batchId?: string | undefined
}

/** What an order brings to the settlement: from the POS or the platform, kept by the ledger. */
export interface OrderFacts {
  paymentMethod?: string | undefined
  amountKurus?: number | undefined
  branch?: string | undefined
  label?: string | undefined
  /** When it was pressed to go with its courier. */
  leftAt?: string | undefined
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
  /** The cash movements (kind left out: handed in). */
  cash: readonly LedgerCash[]
  /** The method recorded at the door, per package (the latest record; a reset removes it). */
  tenders?: ReadonlyMap<string, string>
  /** Every closing ("Hesabı kapat"), by seq: their locks and the debts they carry. */
  closings?: readonly (AccountClosing & { seq: number })[]
  /** Pay per package records, by seq. */
  payRates?: readonly PayRate[]
}

/** A cash movement as the settlement reads it: written before movements existed, it has no kind (handed in). */
export type LedgerCash = Omit<CashRecord, 'kind'> & { kind?: MovementKind | undefined }

/**
 * A pay per package record: from `day` on, for every courier (null) or one. A null rate for all is off; for one
 * courier it removes their own rate (the rate for all again).
 */
export interface PayRate {
  courierId: string | null
  rateKurus: number | null
  day: string
  seq: number
}

/** One attempt's result, as History holds it (HistoryEntry). */
export type HandoverResult = Pick<HistoryEntry, 'seq' | 'paymentKey' | 'at' | 'result'> &
  Partial<Pick<HistoryEntry, 'account'>>

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
  /** Today's settlement: which bags each courier still carries (a past day's are all back). */
  live?: boolean
}

const CONFIRMED: ReadonlySet<AttemptResult> = new Set(['handed-over', 'checked-handed-over'])
const REFUSED: ReadonlySet<AttemptResult> = new Set(['refused', 'checked-not-handed-over'])

/** What became of an order on the day: `at` its deciding result, `firstAt` its first (when it left). */
interface Outcome {
  kind: 'package' | keyof NotConfirmed
  at: string
  firstAt: string
  /** The account its hand-over went with (issue 29). */
  account?: string | undefined
}

/** The settlement of one day. Pure: the same inputs give the same answer. */
export function settleDay(input: DayEndInput): DayEnd {
  const collectedAtDoor = [
    ...new Set((input.collectedAtDoor ?? DEFAULT_COLLECTED_AT_DOOR).map(paymentMethodKey)),
  ]
  const carrier = latestAssignments(input.assignments)
  const closings = bySeq(input.closings ?? [])
  const settledBags = new Map<string, string>()
  const settledMovements = new Map<string, string>()
  for (const closing of closings) {
    for (const key of closing.paymentKeys) settledBags.set(key, closing.id)
    for (const id of closing.movementIds) settledMovements.set(id, closing.id)
  }
  const buckets = new Map<string | null, Bucket>()
  const bucketOf = (courierId: string | null): Bucket => {
    let bucket = buckets.get(courierId)
    if (!bucket) buckets.set(courierId, (bucket = newBucket()))
    return bucket
  }
  for (const [paymentKey, outcome] of outcomesOf(input)) {
    const assignment = carrier.get(paymentKey)
    const bucket = bucketOf(assignment?.courierId ?? null)
    if (outcome.kind !== 'package') bucket.notConfirmed[outcome.kind] += 1
    const facts = input.orders.get(paymentKey)
    const line = packageLine(paymentKey, outcome.at, facts, input.tenders?.get(paymentKey), collectedAtDoor)
    if (outcome.account !== undefined) line.account = outcome.account
    const bag: Bag = {
      ...line,
      state: STATE_OF[outcome.kind],
      refused: outcome.kind === 'refused',
      leftAt: facts?.leftAt ?? outcome.firstAt,
      carried: false,
    }
    if (assignment?.batchId !== undefined) bag.batchId = assignment.batchId
    const settledBy = settledBags.get(paymentKey)
    if (settledBy !== undefined) bag.settledBy = settledBy
    bucket.bags.push(bag)
    if (outcome.kind === 'package') bucket.lines.push(line)
  }
  const everyMovement = movementsOf(input.cash, settledMovements)
  for (const movement of everyMovement) {
    if (movement.day === input.day) bucketOf(movement.courierId).cash.push(movement.line)
  }
  for (const bucket of buckets.values()) {
    bucket.bags.sort((a, b) => a.leftAt.localeCompare(b.leftAt) || a.paymentKey.localeCompare(b.paymentKey))
  }
  if (input.live) markCarried(buckets, input.cash)
  // A courier who carries a debt or a credit that day has a line, though nothing else was recorded for them:
  // the debt is shown on every later account until repaid (issue 28).
  const closingsOf = (courierId: string) => closings.filter((closing) => closing.courierId === courierId)
  // Stryker disable next-line MethodExpression,ConditionalExpression: only a shortcut, a courier with neither a closing nor a repayment carries no debt or credit
  const repayments = everyMovement.filter((movement) => movement.line.kind === 'debt-repaid')
  const mayCarry = new Set([
    ...closings.map((closing) => closing.courierId),
    ...repayments.map((movement) => movement.courierId),
  ])
  for (const courierId of mayCarry) {
    // Stryker disable next-line ConditionalExpression: equivalent, bucketOf keeps a bucket there is; this spares the debt look-up
    if (buckets.has(courierId)) continue
    const { debts, creditKurus } = debtsAtEndOf(input.day, closingsOf(courierId), everyMovement, courierId)
    if (debts.length > 0 || creditKurus > 0) bucketOf(courierId)
  }

  const couriers = new Map(input.couriers.map((courier) => [courier.id, courier]))
  const namedThen = namesAtEndOf(input.day, input.timeZone, input.names ?? [])
  const lines: CourierDayEnd[] = []
  for (const [courierId, bucket] of buckets) {
    if (courierId === null) continue
    const courier = couriers.get(courierId)
    const packageTally = tally(bucket, input.branches)
    const cash = cashTally(bucket, packageTally.cashToCollectKurus)
    const ofCourier = closingsOf(courierId)
    const { debts, creditKurus } = debtsAtEndOf(input.day, ofCourier, everyMovement, courierId)
    // Stryker disable next-line ArrayDeclaration: a stray rate has no day nor courier, so it is no one's rate
    const payRateKurus = payRateOf(input.payRates ?? [], courierId, input.day)
    const open = bucket.bags.some((bag) => countsInAccount(bag) && bag.settledBy === undefined)
    const openCash = bucket.cash.some((line) => line.countedKurus !== 0 && line.settledBy === undefined)
    lines.push({
      courierId,
      name: namedThen.get(courierId) ?? courier?.name ?? '?',
      retired: courier?.retired ?? false,
      ...packageTally,
      ...cash,
      packageLines: bucket.lines,
      bags: bucket.bags,
      cash: bucket.cash,
      out: cash.balance === 'out',
      // A line that only carries a debt has nothing to close.
      closed:
        (ofCourier.some((closing) => closing.day === input.day) ||
          (bucket.bags.length === 0 && bucket.cash.length === 0)) &&
        !open &&
        // A courier out ('out') is open: a carried bag is one no closing settled.
        !openCash,
      closings: ofCourier.filter((closing) => closing.day === input.day).map(withoutSeq),
      debts,
      debtCarriedKurus: debts.reduce((sum, debt) => plus(sum, debt.amountKurus), 0),
      creditKurus,
      payRateKurus,
      payKurus: payRateKurus === null ? null : packageTally.packages * payRateKurus - cash.advancesKurus,
    })
  }
  lines.sort((a, b) => a.name.localeCompare(b.name, 'tr') || a.courierId.localeCompare(b.courierId))
  const unassignedBucket = buckets.get(null) ?? newBucket()
  // The couriers' total leaves the unassigned packages out: their cash is owed by nobody named, and counted in
  // the total it would show as a shortfall no courier's return can settle.
  const couriersBucket = mergeBuckets([...buckets].filter(([id]) => id !== null).map(([, bucket]) => bucket))
  const couriersTally = tally(couriersBucket, input.branches)
  const pays = lines.map((line) => line.payKurus).filter((pay): pay is number => pay !== null)
  return {
    day: input.day,
    collectedAtDoor,
    couriers: lines,
    unassigned: { ...tally(unassignedBucket, input.branches), packageLines: unassignedBucket.lines },
    totals: {
      ...couriersTally,
      ...cashTally(couriersBucket, couriersTally.cashToCollectKurus),
      debtCarriedKurus: lines.reduce((sum, line) => plus(sum, line.debtCarriedKurus), 0),
      payKurus: pays.length === 0 ? null : pays.reduce(plus, 0),
      closed: lines.every((line) => line.closed),
    },
    allOrders: tally(mergeBuckets([...buckets.values()]), input.branches),
  }
}

const STATE_OF: Record<Outcome['kind'], Bag['state']> = {
  package: 'handed-over',
  owed: 'sending',
  unconfirmed: 'unconfirmed',
  refused: 'refused',
}

/** A bag that is, or may still be, the courier's to account for: not refused by the platform. */
function countsInAccount(bag: Bag): boolean {
  return !bag.refused
}

export function withoutSeq(closing: AccountClosing & { seq: number }): AccountClosing {
  const rest: Partial<AccountClosing & { seq: number }> = { ...closing }
  delete rest.seq
  return rest as AccountClosing
}

/**
 * Today's bags each courier still carries: not refused, not settled by a closing, and gone after their last cash
 * handed in (by time: a bag assigned before a return and pressed after it is carried).
 */
function markCarried(buckets: ReadonlyMap<string | null, Bucket>, cash: readonly LedgerCash[]): void {
  const lastHandIn = new Map<string, string>()
  for (const record of cash) {
    if ((record.kind ?? 'handed-in') !== 'handed-in') continue
    const last = lastHandIn.get(record.courierId)
    if (
      last === undefined ||
      // Stryker disable next-line EqualityOperator: equivalent, an equal time sets the same `last`
      record.at > last
    )
      lastHandIn.set(record.courierId, record.at)
  }
  for (const [courierId, bucket] of buckets) {
    // Stryker disable next-line ConditionalExpression: equivalent, the unassigned bags are shown in no bag list nor cash balance
    if (courierId === null) continue
    const since = lastHandIn.get(courierId)
    for (const bag of bucket.bags) {
      bag.carried = !bag.refused && bag.settledBy === undefined && (since === undefined || bag.leftAt > since)
    }
  }
}

/**
 * The debts a courier owes at the end of `day`: those the latest closing of that day or before left, less the
 * debts repaid that day that no closing settled yet (oldest first); the credit left over.
 */
function debtsAtEndOf(
  day: string,
  closings: readonly (AccountClosing & { seq: number })[],
  movements: readonly Movement[],
  courierId: string,
): { debts: Debt[]; creditKurus: number } {
  const latest = closings.filter((closing) => closing.day <= day).at(-1)
  const { kurus } = openRepayments(movements, courierId, day, latest)
  return payDebts(latest?.debtsAfter ?? [], (latest?.creditAfterKurus ?? 0) + kurus)
}

/**
 * The debts a courier repaid after `closing` (the latest one), on `day` or before, that no closing settled yet:
 * they pay the debts it left, oldest first, whatever day they were paid on; the next closing settles them.
 */
export function openRepayments(
  movements: readonly Movement[],
  courierId: string,
  day: string,
  closing: { seq: number } | undefined,
): { ids: string[]; kurus: number } {
  const repaid = movements.filter(
    (movement) =>
      movement.courierId === courierId &&
      movement.line.kind === 'debt-repaid' &&
      movement.line.counts &&
      movement.line.settledBy === undefined &&
      movement.day <= day &&
      (closing === undefined ||
        // Stryker disable next-line EqualityOperator: equivalent, each ledger record has its own seq
        movement.seq > closing.seq),
  )
  const kurus = repaid.reduce((sum, movement) => plus(sum, movement.line.countedKurus), 0)
  return { ids: repaid.map((movement) => movement.line.id), kurus: Math.max(0, kurus) }
}

/** Pays `debts` oldest first with `kurus`; what is left over is credit. */
export function payDebts(debts: readonly Debt[], kurus: number): { debts: Debt[]; creditKurus: number } {
  let left = kurus
  const owed: Debt[] = []
  for (const debt of [...debts].sort((a, b) => a.since.localeCompare(b.since))) {
    const paid = Math.min(left, debt.amountKurus)
    left -= paid
    if (debt.amountKurus > paid) owed.push({ ...debt, amountKurus: debt.amountKurus - paid })
  }
  return { debts: owed, creditKurus: left }
}

/** The pay per package on `day`: the courier's own rate, else the rate for all; null when off. */
function payRateOf(rates: readonly PayRate[], courierId: string, day: string): number | null {
  let own: PayRate | undefined
  let all: PayRate | undefined
  for (const rate of bySeq(rates)) {
    if (rate.day > day) continue
    // A courier's rate removed (null) goes back to the rate for all.
    if (rate.courierId === courierId) own = rate.rateKurus === null ? undefined : rate
    else if (rate.courierId === null) all = rate
  }
  return (own ?? all)?.rateKurus ?? null
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
  /** The confirmed packages. */
  lines: PackageLine[]
  bags: Bag[]
  notConfirmed: NotConfirmed
  cash: CashLine[]
}

function newBucket(): Bucket {
  return { lines: [], bags: [], notConfirmed: { owed: 0, unconfirmed: 0, refused: 0 }, cash: [] }
}

function mergeBuckets(buckets: readonly Bucket[]): Bucket {
  const merged = newBucket()
  for (const bucket of buckets) {
    merged.lines.push(...bucket.lines)
    merged.bags.push(...bucket.bags)
    merged.cash.push(...bucket.cash)
    for (const kind of ['owed', 'unconfirmed', 'refused'] as const) {
      merged.notConfirmed[kind] += bucket.notConfirmed[kind]
    }
  }
  return merged
}

/** Each package's latest assignment (the highest seq), whenever it was made. */
function latestAssignments(assignments: readonly LedgerAssignment[]): Map<string, LedgerAssignment> {
  const latest = new Map<string, LedgerAssignment>()
  for (const assignment of bySeq(assignments)) latest.set(assignment.paymentKey, assignment)
  return latest
}

function bySeq<T extends { seq: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.seq - b.seq)
}

/** What became of each order that had a result on the day (and of those owed now). */
function outcomesOf(input: DayEndInput): Map<string, Outcome> {
  const dayOfAt = dayReader(input.timeZone)
  const ofDay = bySeq(input.history).filter((entry) => dayOfAt(entry.at) === input.day)
  const outcomes = new Map<string, Outcome>()
  for (const entry of ofDay) {
    const known = outcomes.get(entry.paymentKey)
    if (known?.kind === 'package') continue
    const firstAt = known?.firstAt ?? entry.at
    const kind: Outcome['kind'] = CONFIRMED.has(entry.result)
      ? 'package'
      : REFUSED.has(entry.result)
        ? 'refused'
        : entry.result === 'unconfirmed'
          ? 'unconfirmed'
          : 'owed'
    outcomes.set(entry.paymentKey, {
      kind,
      at: entry.at,
      firstAt,
      account: entry.account,
    })
  }
  for (const paymentKey of input.owedNow ?? []) {
    const known = outcomes.get(paymentKey)
    if (known?.kind === 'package') continue
    const at = known?.at ?? input.orders.get(paymentKey)?.leftAt ?? `${input.day}T00:00:00.000Z`
    outcomes.set(paymentKey, { kind: 'owed', at, firstAt: known?.firstAt ?? at })
  }
  return outcomes
}

function packageLine(
  paymentKey: string,
  at: string,
  facts: OrderFacts | undefined,
  doorMethod: string | undefined,
  collectedAtDoor: readonly string[],
): PackageLine {
  const { paymentMethod, amountKurus, branch, label } = facts ?? {}
  const tender = doorTenderOf(paymentMethod, doorMethod, collectedAtDoor)
  const line: PackageLine = { paymentKey, at, collect: tender === 'cash', tender }
  if (doorMethod !== undefined) line.doorMethod = doorMethod
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
    if (line.tender === 'unknown') methodUnknown += 1
    if (!line.collect) continue
    if (line.amountKurus === undefined) {
      amountUnknown += 1
      split.amountUnknown += 1
    } else {
      cashToCollectKurus = plus(cashToCollectKurus, line.amountKurus)
      split.cashToCollectKurus = plus(split.cashToCollectKurus, line.amountKurus)
    }
  }
  const accounts = accountLines(bucket.lines)
  return {
    packages: bucket.lines.length,
    cashToCollectKurus,
    amountUnknown,
    methodUnknown,
    notConfirmed: { ...bucket.notConfirmed },
    branches: orderedBranches(byBranch, branches),
    ...(accounts === undefined ? {} : { accounts }),
  }
}

/**
 * The packages and cash to collect split by restaurant account (issue 29), in the order first met; undefined
 * when no package names an account (a day from before accounts), so such a day's tally is as it was.
 */
function accountLines(lines: readonly PackageLine[]): AccountLine[] | undefined {
  if (!lines.some((line) => line.account !== undefined)) return undefined
  const byAccount = new Map<string | null, AccountLine>()
  for (const line of lines) {
    const account = line.account ?? null
    const split = byAccount.get(account) ?? { account, packages: 0, cashToCollectKurus: 0 }
    byAccount.set(account, split)
    split.packages += 1
    if (line.collect && line.amountKurus !== undefined) {
      split.cashToCollectKurus = plus(split.cashToCollectKurus, line.amountKurus)
    }
  }
  return [...byAccount.values()]
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

/** The cash figures of a bucket: its movements by kind, the card at the door, expected and the difference. */
function cashTally(bucket: Bucket, cashToCollectKurus: number): CashTally {
  const byKind: Record<MovementKind, number> = {
    float: 0,
    expense: 0,
    'handed-in': 0,
    advance: 0,
    'debt-repaid': 0,
  }
  for (const line of bucket.cash) byKind[line.kind] = plus(byKind[line.kind], line.countedKurus)
  let cardAtDoorKurus = 0
  let unknownCount = 0
  for (const bag of bucket.bags) {
    if (bag.refused) continue
    if (bag.tender === 'unknown' || (bag.tender === 'cash' && bag.amountKurus === undefined))
      unknownCount += 1
    else if (bag.tender === 'door-other') {
      if (bag.amountKurus === undefined) unknownCount += 1
      else cardAtDoorKurus = plus(cardAtDoorKurus, bag.amountKurus)
    }
  }
  const expectedCashKurus = byKind.float + cashToCollectKurus - byKind.expense
  const differenceKurus = byKind['handed-in'] - expectedCashKurus
  const carried = bucket.bags.some((bag) => bag.carried)
  return {
    cashHandedInKurus: byKind['handed-in'],
    floatKurus: byKind.float,
    expensesKurus: byKind.expense,
    expectedCashKurus,
    differenceKurus,
    balance: carried
      ? 'out'
      : unknownCount > 0
        ? 'unknown'
        : differenceKurus < 0
          ? 'short'
          : differenceKurus > 0
            ? 'over'
            : 'even',
    cardAtDoorKurus,
    advancesKurus: byKind.advance,
    debtRepaidKurus: byKind['debt-repaid'],
    unknownCount,
  }
}

/** A cash movement as the settlement reads it: its line, whose it is, its day and its place in the ledger. */
export interface Movement {
  courierId: string
  day: string
  seq: number
  line: CashLine
}

/**
 * The cash movements of every day, each marked whether it counts and what it adds. A correction stands in place
 * of the record it corrects; of a record corrected twice (two tills at once), the latest correction counts. A
 * record a closing settled keeps counting in its closed account; a later correction of it is booked in the open
 * account as the change (new − what the closing settled).
 */
export function movementsOf(
  records: readonly LedgerCash[],
  settled: ReadonlyMap<string, string>,
): Movement[] {
  const byId = new Map(records.map((record) => [record.id, record]))
  const rootOf = (record: LedgerCash): string => {
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
  const chains = new Map<string, LedgerCash[]>()
  const correctedBy = new Map<string | undefined, LedgerCash>()
  for (const record of ordered) {
    const root = rootOf(record)
    const chain = chains.get(root)
    if (chain) chain.push(record)
    else chains.set(root, [record])
    correctedBy.set(record.corrects, record)
  }
  // What each record adds: a settled one what it added when settled; the latest unsettled one the rest.
  const counted = new Map<string, number>()
  for (const chain of chains.values()) {
    let booked = 0
    for (const record of chain) {
      if (!settled.has(record.id)) continue
      counted.set(record.id, record.amountKurus - booked)
      booked = record.amountKurus
    }
    const latest = chain.at(-1) as LedgerCash
    if (!settled.has(latest.id)) counted.set(latest.id, latest.amountKurus - booked)
  }
  return ordered
    .filter((record) => isKurus(record.amountKurus) && record.amountKurus >= 0)
    .map((record) => {
      const countedKurus = counted.get(record.id)
      const line: CashLine = {
        id: record.id,
        at: record.at,
        kind: record.kind ?? 'handed-in',
        amountKurus: record.amountKurus,
        counts: countedKurus !== undefined,
        countedKurus: countedKurus ?? 0,
      }
      if (record.note !== undefined) line.note = record.note
      if (record.corrects !== undefined) line.corrects = record.corrects
      const by = correctedBy.get(record.id)
      if (by !== undefined) line.correctedBy = by.id
      const settledBy = settled.get(record.id)
      if (settledBy !== undefined) line.settledBy = settledBy
      return { courierId: record.courierId, day: record.day, seq: record.seq, line }
    })
}

/**
 * `dayOf` for many instants at once (a busy day's 2,000 results): every zone's offset is a whole number of
 * quarter hours, so a midnight falls on a quarter hour and every instant of one quarter hour has one day. One
 * Intl lookup per quarter hour instead of one per result.
 */
function dayReader(timeZone: string): (at: string) => string {
  const QUARTER_HOUR = 15 * 60_000
  const days = new Map<number, string>()
  return (at) => {
    const quarter = Math.floor(Date.parse(at) / QUARTER_HOUR)
    let day = days.get(quarter)
    if (day === undefined) days.set(quarter, (day = dayOf(quarter * QUARTER_HOUR, timeZone)))
    return day
  }
}

/** Adds kuruş, refusing to let a sum leave the range where it stays exact. */
function plus(a: number, b: number): number {
  const sum = a + b
  if (!Number.isSafeInteger(sum)) throw new RangeError('day-end: a sum too large to stay exact')
  return sum
}
