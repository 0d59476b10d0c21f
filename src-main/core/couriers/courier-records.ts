// The records the courier ledger writes to its journal (docs/decisions.md D65). Every record has an `id` (the
// caller's request id: a second write under the same id is a no-op), a `seq` (the ledger's order, and what the
// day files tell copies apart by, as History's do) and an `at`. Nothing is ever overwritten: a rename, a
// reassignment or a corrected amount is a new record, and the history keeps both.
import { z } from 'zod'
import { MovementKind } from '../../../src-shared/couriers.ts'
import { MAX_KURUS } from '../../../src-shared/money.ts'
import { AccountId } from '../../../src-shared/domain.ts'
import { dayOf } from '../time/platform-day.ts'

const RecordId = z.string().min(1).max(100)
const Iso = z.iso.datetime()
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)
/** An amount in kuruş: a whole number, never below zero, at most 10,000,000 ₺ (money.ts). */
export const Kurus = z.int().nonnegative().max(MAX_KURUS)
const Text = (max: number) => z.string().min(1).max(max)

const base = { id: RecordId, seq: z.int().nonnegative(), at: Iso }

const CourierAdded = z.object({
  type: z.literal('courier-added'),
  ...base,
  courierId: RecordId,
  name: Text(200),
  badge: Text(64).optional(),
})
const CourierRenamed = z.object({
  type: z.literal('courier-renamed'),
  ...base,
  courierId: RecordId,
  name: Text(200),
})
/** A badge given, changed, or taken away (null). */
const CourierBadgeSet = z.object({
  type: z.literal('courier-badge'),
  ...base,
  courierId: RecordId,
  badge: Text(64).nullable(),
})
/** The courier no longer works here: not offered any more, still named in past days. */
const CourierRetired = z.object({ type: z.literal('courier-retired'), ...base, courierId: RecordId })

/** This package went with this courier (null: with nobody named). The latest record for a package wins. */
export const Assigned = z.object({
  type: z.literal('assigned'),
  ...base,
  paymentKey: Text(100),
  courierId: RecordId.nullable(),
  /** The batch scan-out it went in (batch-started's id). */
  batchId: RecordId.optional(),
})
export type Assigned = z.infer<typeof Assigned>

/**
 * What the settlement needs to know of an order, kept here because the order leaves the board (D57) long
 * before its day stops being settled: how it is paid, what it costs, which branch. A later note for the same
 * order adds to an earlier one, field by field.
 */
export const OrderNoted = z.object({
  type: z.literal('order-noted'),
  ...base,
  paymentKey: Text(100),
  /** The order's account (issue 29); a note written before accounts leaves it out: the first account's. */
  account: AccountId.optional(),
  paymentMethod: Text(64).optional(),
  amountKurus: Kurus.optional(),
  branch: Text(64).optional(),
  label: Text(120).optional(),
  /** When it was pressed to go with its courier: a bag counts from here, whenever it was assigned. */
  leftAt: Iso.optional(),
  /** The facts this note changes from what an earlier one said: a correction (the POS's API or staff). */
  corrected: z
    .array(z.enum(['paymentMethod', 'amountKurus', 'branch', 'label']))
    .min(1)
    .optional(),
})
export type OrderNoted = z.infer<typeof OrderNoted>

/**
 * Cash a courier handed in. `day` is the day it settles (the platform's time zone): the day it was handed in
 * unless staff said it is for an earlier day (a courier back after midnight). A correction names the record it
 * corrects and stands in its place, with the corrected record's day; the corrected record stays in the history.
 */
export const CashHandedIn = z.object({
  type: z.literal('cash'),
  ...base,
  courierId: RecordId,
  /** The movement (issue 28); records written before movements existed are cash handed in. */
  kind: MovementKind.optional(),
  amountKurus: Kurus,
  day: Day,
  note: Text(400).optional(),
  corrects: RecordId.optional(),
})
export type CashHandedIn = z.infer<typeof CashHandedIn>

/** What the customer paid at the door (null: the order's own method again). The latest record wins. */
const DoorTenderSet = z.object({
  type: z.literal('door-tender'),
  ...base,
  paymentKey: Text(100),
  method: Text(64).nullable(),
})

/** A batch scan-out started (its id is the record's id) and ended (`Bitir`). */
const BatchStarted = z.object({ type: z.literal('batch-started'), ...base, courierId: RecordId })
const BatchEnded = z.object({ type: z.literal('batch-ended'), ...base, batchId: RecordId })

/**
 * "Hesabı kapat": what it settled and how its difference was booked, with the courier's debts after it. Like the
 * roster, it never leaves the journal: the debts it carries are read by every later account.
 */
export const AccountClosed = z.object({
  type: z.literal('account-closed'),
  ...base,
  courierId: RecordId,
  day: Day,
  paymentKeys: z.array(Text(100)),
  movementIds: z.array(RecordId),
  expectedCashKurus: z.int(),
  cashHandedInKurus: z.int(),
  differenceKurus: z.int(),
  booked: z.enum(['even', 'debt', 'tip', 'credit']),
  debtsAfter: z.array(
    z.object({
      since: Day,
      closingId: RecordId,
      amountKurus: z.int().positive().max(Number.MAX_SAFE_INTEGER),
    }),
  ),
  creditAfterKurus: z.int().nonnegative(),
  carried: z.array(Text(100)),
})
export type AccountClosed = z.infer<typeof AccountClosed>

/** Pay per package from `day` on: for every courier (null) or one; a null rate is off. Stays in the journal. */
const PayRateSet = z.object({
  type: z.literal('pay-rate'),
  ...base,
  courierId: RecordId.nullable(),
  rateKurus: Kurus.nullable(),
  day: Day,
})

/**
 * The highest seq a compaction moved out of the journal, written at the head of the rewritten journal: seqs
 * only grow, so a day file never gets two records with the same seq.
 */
export const SeqMark = z.object({ type: z.literal('seq-mark'), seq: z.int().nonnegative() })

export const LedgerRecord = z.discriminatedUnion('type', [
  CourierAdded,
  CourierRenamed,
  CourierBadgeSet,
  CourierRetired,
  Assigned,
  OrderNoted,
  CashHandedIn,
  DoorTenderSet,
  BatchStarted,
  BatchEnded,
  AccountClosed,
  PayRateSet,
])
export type LedgerRecord = z.infer<typeof LedgerRecord>

/** The day a record is filed under once it leaves the journal; undefined for the roster, which never leaves. */
export function dayOfRecord(record: LedgerRecord, timeZone: string): string | undefined {
  // A debt repaid stays in the journal with the closings: the debts it pays are read on any later day (D82).
  if (record.type === 'cash') return record.kind === 'debt-repaid' ? undefined : record.day
  if (
    record.type === 'assigned' ||
    record.type === 'order-noted' ||
    record.type === 'door-tender' ||
    record.type === 'batch-started' ||
    record.type === 'batch-ended'
  )
    return dayOf(Date.parse(record.at), timeZone)
  // The roster, the closings (their debts), the debts repaid and the pay rates stay in the journal.
  return undefined
}

/** The records among `raw` the ledger can read, each id once (the first write under an id stands), by seq. */
export function readableRecords(raw: readonly unknown[]): { records: LedgerRecord[]; unreadable: number } {
  const byId = new Map<string, LedgerRecord>()
  let unreadable = 0
  for (const item of raw) {
    if (SeqMark.safeParse(item).success) continue
    const parsed = LedgerRecord.safeParse(item)
    if (!parsed.success) unreadable += 1
    else if (!byId.has(parsed.data.id)) byId.set(parsed.data.id, parsed.data)
  }
  return { records: [...byId.values()].sort((a, b) => a.seq - b.seq), unreadable }
}

/** The highest seq among `raw` (records and seq marks), -1 when none. */
export function highestSeq(raw: readonly unknown[]): number {
  let max = -1
  for (const item of raw) {
    const seq = (item as { seq?: unknown } | null)?.seq
    if (Number.isSafeInteger(seq)) max = Math.max(max, seq as number)
  }
  return max
}
