// The courier's day across the bridge (issue 21, docs/decisions.md D65): the couriers, the cash they hand in, the
// board's courier strip and the day-end settlement. One source: the core's types (src-main/core/couriers) are
// z.infer of these, so the settlement the core computes is the one the contract checks and the renderer reads.
import { z } from 'zod'
import { MAX_KURUS } from './money.ts'

/** A calendar day in the platform's time zone. */
export const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)
/** An amount in kuruş: a whole number from 0 to 10,000,000 ₺ (money.ts). Never a float. */
export const Kurus = z.int().nonnegative().max(MAX_KURUS)
/** A difference (handed in minus to collect) may be below zero; still whole kuruş. */
const SignedKurus = z.int()
const Count = z.int().nonnegative()
const Iso = z.iso.datetime()
/** A courier's id: a UUID the ledger made, never changed. */
export const CourierId = z.string().min(1).max(100)
/**
 * The caller's id for one write (the renderer makes a UUID per press): the same id again is a no-op that answers
 * the first record, so a call retried after a lost answer never doubles a courier or a cash record.
 */
export const RequestId = z.string().min(1).max(100)

export const Courier = z.object({
  id: CourierId,
  name: z.string(),
  /** The code on the courier's badge (ASCII letters, digits, hyphens; upper case), scanned or typed. */
  badge: z.string().optional(),
  /** No longer works here: not offered, still named in past days. */
  retired: z.boolean(),
  addedAt: Iso,
})
export type Courier = z.infer<typeof Courier>

/** A courier as the picker lists them: with when they last took a package (today or yesterday), if they did. */
export const CourierListed = Courier.extend({ lastUsedAt: Iso.optional() })
export type CourierListed = z.infer<typeof CourierListed>

/** A cash record as the ledger wrote it. A correction names the record it corrects (`corrects`). */
export const CashRecord = z.object({
  id: z.string(),
  seq: Count,
  at: Iso,
  courierId: CourierId,
  amountKurus: Kurus,
  /** The day it settles. */
  day: Day,
  note: z.string().optional(),
  corrects: z.string().optional(),
})
export type CashRecord = z.infer<typeof CashRecord>

/** Who carries a package now (null: taken off any courier). */
export const CourierAssignment = z.object({
  paymentKey: z.string(),
  courierId: CourierId.nullable(),
  at: Iso,
})
export type CourierAssignment = z.infer<typeof CourierAssignment>

/** Orders of the day that are not delivered packages, by why. */
export const NotConfirmed = z.object({
  /** Still being sent, or waiting for a sign-in or a retry. */
  owed: Count,
  /** The platform's answer was lost and it then refused: staff must check its panel (D20). */
  unconfirmed: Count,
  /** The platform refused, or staff found it not handed over. */
  refused: Count,
})
export type NotConfirmed = z.infer<typeof NotConfirmed>

export const PackageLine = z.object({
  paymentKey: z.string(),
  /** When the platform confirmed the hand-over. */
  at: Iso,
  label: z.string().optional(),
  paymentMethod: z.string().optional(),
  amountKurus: Kurus.optional(),
  branch: z.string().optional(),
  /** Its amount is collected at the door. */
  collect: z.boolean(),
})
export type PackageLine = z.infer<typeof PackageLine>

export const BranchLine = z.object({
  /** null: orders that carry no branch. */
  branch: z.string().nullable(),
  branchName: z.string().optional(),
  packages: Count,
  cashToCollectKurus: z.int().nonnegative(),
  amountUnknown: Count,
})
export type BranchLine = z.infer<typeof BranchLine>

/** What a courier (or nobody) carried that day. */
export const PackageTally = z.object({
  packages: Count,
  /** The sum of the amounts of packages collected at the door (a sum may pass one order's maximum). */
  cashToCollectKurus: z.int().nonnegative(),
  /** Packages collected at the door whose amount is not known: cash to collect leaves them out. */
  amountUnknown: Count,
  /** Packages whose payment method is not known: not counted as collected at the door. */
  methodUnknown: Count,
  notConfirmed: NotConfirmed,
  branches: z.array(BranchLine),
})
export type PackageTally = z.infer<typeof PackageTally>

/** kasa tam / açık var / fazla. */
const Balance = z.enum(['even', 'short', 'over'])
type Balance = z.infer<typeof Balance>

/** One cash record of the day as the settlement shows it; a corrected record stays, and does not count. */
export const CashLine = z.object({
  id: z.string(),
  at: Iso,
  amountKurus: Kurus,
  note: z.string().optional(),
  corrects: z.string().optional(),
  /** The latest record that corrects this one. */
  correctedBy: z.string().optional(),
  counts: z.boolean(),
})
export type CashLine = z.infer<typeof CashLine>

export const CashTally = z.object({
  cashHandedInKurus: z.int().nonnegative(),
  /** Handed in minus to collect: 0 even, below 0 short. */
  differenceKurus: SignedKurus,
  balance: Balance,
})
export type CashTally = z.infer<typeof CashTally>

export const CourierDayEnd = z.object({
  ...PackageTally.shape,
  ...CashTally.shape,
  courierId: CourierId,
  /** As the courier was named at the end of the day (D75): a past day keeps the name of its day. */
  name: z.string(),
  retired: z.boolean(),
  packageLines: z.array(PackageLine),
  /** The day's cash records, corrected ones too (the history keeps both), oldest first. */
  cash: z.array(CashLine),
})
export type CourierDayEnd = z.infer<typeof CourierDayEnd>

/** The settlement of one day ("kurye gün sonu"): the screen, the slip, the CSV and GET /v1/day-end read it. */
export const DayEnd = z.object({
  day: Day,
  /** The payment methods collected at the door it was settled with (Settings), upper case. */
  collectedAtDoor: z.array(z.string()),
  /** Every courier with a package, an order not confirmed, or cash that day, by name. */
  couriers: z.array(CourierDayEnd),
  /**
   * Packages no courier was named for ("Kuryesi belirsiz"): their cash to collect is shown on its own line and
   * owed by no courier, so it is neither lost nor counted as a shortfall nobody can settle (D76).
   */
  unassigned: PackageTally.extend({ packageLines: z.array(PackageLine) }),
  /** The couriers together: what their lines add up to, against all cash handed in. Not the unassigned. */
  totals: PackageTally.extend(CashTally.shape),
  /**
   * Every order of the day, the couriers' and the unassigned: what the platform has not confirmed, the amounts
   * and methods not known, and the split by branch.
   */
  allOrders: PackageTally,
})
export type DayEnd = z.infer<typeof DayEnd>

/** What the day-end screen gets: the settlement and the days it can pick (newest first, today included). */
export const DayEndView = DayEnd.extend({ days: z.array(Day), today: Day })
export type DayEndView = z.infer<typeof DayEndView>

/**
 * One line of the board's courier strip: a working courier with packages out now, those handed to them today
 * since their last cash record ("Ahmet · 3 paket · 399,90 ₺ nakit").
 */
export const CourierOut = z.object({
  courierId: CourierId,
  name: z.string(),
  packages: Count,
  /** Of those, what they collect at the door (Settings' payment methods), in kuruş. */
  cashToCollectKurus: z.int().nonnegative(),
  /** Packages collected at the door whose amount is not known (left out of the sum, shown as "+ ?"). */
  amountUnknown: Count,
  /** The packages, oldest first. */
  paymentKeys: z.array(z.string()),
})
export type CourierOut = z.infer<typeof CourierOut>

// The calls' inputs. Every write names its request id.
export const AddCourierInput = z
  .object({ requestId: RequestId, name: z.string().max(400), badge: z.string().max(64).optional() })
  .strict()
export const RenameCourierInput = z
  .object({ requestId: RequestId, courierId: CourierId, name: z.string().max(400) })
  .strict()
/** A badge given, changed, or (null) taken away. */
export const SetCourierBadgeInput = z
  .object({ requestId: RequestId, courierId: CourierId, badge: z.string().max(64).nullable() })
  .strict()
export const RetireCourierInput = z.object({ requestId: RequestId, courierId: CourierId }).strict()
export const RecordCashInput = z
  .object({
    requestId: RequestId,
    courierId: CourierId,
    /** Checked by the ledger (a whole number of kuruş, 0 to 10,000,000 ₺), which says `amount-invalid`. */
    amountKurus: z.number(),
    note: z.string().max(1000).optional(),
    /** The day it settles when not today (a courier back after midnight): an earlier day, never a later one. */
    day: Day.optional(),
  })
  .strict()
export const CorrectCashInput = z
  .object({
    requestId: RequestId,
    /** The cash record this one stands in place of. */
    corrects: z.string().min(1).max(100),
    amountKurus: z.number(),
    /** Another courier than the corrected record's. */
    courierId: CourierId.optional(),
    note: z.string().max(1000).optional(),
    /** The corrected record's day, needed when it is older than yesterday. */
    day: Day.optional(),
  })
  .strict()
export const DayEndQuery = z.object({ day: Day.optional() }).strict()
