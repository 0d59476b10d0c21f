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

/**
 * The courier's cash movements ("kurye kasası", issue 28): change money given at the start ("bozuk para",
 * float), an expense paid from the bag (fuel, parking), cash handed in (a mid-shift drop or the final hand-in),
 * an advance against pay, a debt repaid. Each is a ledger record, written before it is shown.
 */
export const MovementKind = z.enum(['float', 'expense', 'handed-in', 'advance', 'debt-repaid'])
export type MovementKind = z.infer<typeof MovementKind>

/** A cash movement as the ledger wrote it. A correction names the record it corrects (`corrects`). */
export const CashRecord = z.object({
  id: z.string(),
  seq: Count,
  at: Iso,
  courierId: CourierId,
  /** Records written before movements existed are cash handed in. */
  kind: MovementKind,
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

/**
 * What the customer paid at the door, by the one rule (courier-rules.ts `doorTenderOf`): `cash` collected by
 * the courier; `door-other` paid at the door another way (a card on the courier's reader, a meal card);
 * `paid` before (online); `unknown` when no method is known: never read as zero.
 */
export const DoorTender = z.enum(['cash', 'door-other', 'paid', 'unknown'])
export type DoorTender = z.infer<typeof DoorTender>

export const PackageLine = z.object({
  paymentKey: z.string(),
  /** When the platform confirmed the hand-over. */
  at: Iso,
  label: z.string().optional(),
  paymentMethod: z.string().optional(),
  amountKurus: Kurus.optional(),
  branch: z.string().optional(),
  /** The restaurant account (brand) it was handed over with (issue 29); absent in History from before accounts. */
  account: z.string().optional(),
  /** Its amount is collected at the door as cash (`tender === 'cash'`). */
  collect: z.boolean(),
  /** The method staff recorded at the door (setDoorTender), when it differs from the order's. */
  doorMethod: z.string().optional(),
  tender: DoorTender,
})
export type PackageLine = z.infer<typeof PackageLine>

/**
 * One bag a courier took, whatever became of it: the batch bar, the manifest, the return dialog and Gün sonu
 * list these. `refused` bags ("GÖNDERİLEMEDİ") are shown marked and left out of every total.
 */
export const Bag = PackageLine.extend({
  /** `at` above is when the platform confirmed, or (not confirmed) its last word. */
  state: z.enum(['sending', 'handed-over', 'unconfirmed', 'refused']),
  refused: z.boolean(),
  /** When it left with the courier (the press): a bag counts from here, whenever it was assigned. */
  leftAt: Iso,
  /** Still with the courier: it left after their last cash handed in and no closing settled it. */
  carried: z.boolean(),
  /** The batch scan-out it went in (a ledger fact: a reload, a second window, a restart show it). */
  batchId: z.string().optional(),
  /** The closing that settled it. */
  settledBy: z.string().optional(),
})
export type Bag = z.infer<typeof Bag>

export const BranchLine = z.object({
  /** null: orders that carry no branch. */
  branch: z.string().nullable(),
  branchName: z.string().optional(),
  packages: Count,
  cashToCollectKurus: z.int().nonnegative(),
  amountUnknown: Count,
})
export type BranchLine = z.infer<typeof BranchLine>

/** One restaurant account's share of a tally (issue 29): a courier carries several brands' bags. */
export const AccountLine = z.object({
  /** The account's id; null: packages handed over before accounts existed. */
  account: z.string().nullable(),
  packages: Count,
  cashToCollectKurus: z.int().nonnegative(),
})
export type AccountLine = z.infer<typeof AccountLine>

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
  /** Split by restaurant account (issue 29), in the order first met; left out when no package names one. */
  accounts: z.array(AccountLine).optional(),
})
export type PackageTally = z.infer<typeof PackageTally>

/**
 * kasa tam / açık var / fazla; `out`: the courier still carries bags, so a shortfall is not one yet;
 * `unknown`: a bag's method or amount is not known ("?", "kontrol edin"), never read as even.
 */
const Balance = z.enum(['even', 'short', 'over', 'out', 'unknown'])
type Balance = z.infer<typeof Balance>

/** One cash record of the day as the settlement shows it; a corrected record stays, and does not count. */
export const CashLine = z.object({
  id: z.string(),
  at: Iso,
  kind: MovementKind,
  amountKurus: Kurus,
  note: z.string().optional(),
  corrects: z.string().optional(),
  /** The latest record that corrects this one. */
  correctedBy: z.string().optional(),
  counts: z.boolean(),
  /**
   * What it adds to its kind's sum: its amount when it counts, 0 when not; for a correction of a record a
   * closed account settled, the change (new − old, may be below zero), booked in the open account.
   */
  countedKurus: SignedKurus,
  /** The closing ("Hesabı kapat") that settled it: locked, never counted again. */
  settledBy: z.string().optional(),
})
export type CashLine = z.infer<typeof CashLine>

export const CashTally = z.object({
  /** Cash handed in (drops and the final hand-in). Below 0 only through a correction of a settled record. */
  cashHandedInKurus: SignedKurus,
  /** Change money given ("bozuk para"). */
  floatKurus: SignedKurus,
  /** Paid from the bag (fuel, parking). */
  expensesKurus: SignedKurus,
  /** Float + cash collected at the door − expenses: what the courier should hand in. */
  expectedCashKurus: SignedKurus,
  /** Handed in minus expected: 0 even, below 0 short, above 0 over. */
  differenceKurus: SignedKurus,
  balance: Balance,
  /** Paid at the door by card (or a meal card, any method not collected as cash): the card reader's total. */
  cardAtDoorKurus: z.int().nonnegative(),
  /** Advances against pay. */
  advancesKurus: SignedKurus,
  /** Debts repaid. */
  debtRepaidKurus: SignedKurus,
  /** Bags whose cash cannot be known (method or amount unknown): expected shows "?", "kontrol edin". */
  unknownCount: Count,
})
export type CashTally = z.infer<typeof CashTally>

/** A shortfall carried on the courier from a closing, until repaid (oldest first). */
export const Debt = z.object({
  /** The day of the closing that booked it. */
  since: Day,
  closingId: z.string(),
  amountKurus: z.int().positive(),
})
export type Debt = z.infer<typeof Debt>

/** "Hesabı kapat": an account closed, what it settled and how its difference was booked. */
export const AccountClosing = z.object({
  id: z.string(),
  at: Iso,
  courierId: CourierId,
  /** The day it settles. */
  day: Day,
  /** The bags and movements it settled: locked, never counted again. */
  paymentKeys: z.array(z.string()),
  movementIds: z.array(z.string()),
  expectedCashKurus: SignedKurus,
  cashHandedInKurus: SignedKurus,
  differenceKurus: SignedKurus,
  /** A shortfall is a dated debt; an overage a tip (bahşiş) or a credit, as staff chose; even is nothing. */
  booked: z.enum(['even', 'debt', 'tip', 'credit']),
  /** The courier's debts after it (oldest first), and the credit left after paying them. */
  debtsAfter: z.array(Debt),
  creditAfterKurus: z.int().nonnegative(),
  /** Bags the courier still carried when staff confirmed the closing. */
  carried: z.array(z.string()),
})
export type AccountClosing = z.infer<typeof AccountClosing>

export const CourierDayEnd = z.object({
  ...PackageTally.shape,
  ...CashTally.shape,
  courierId: CourierId,
  /** As the courier was named at the end of the day (D75): a past day keeps the name of its day. */
  name: z.string(),
  retired: z.boolean(),
  /** The packages the platform confirmed (the day's count). */
  packageLines: z.array(PackageLine),
  /** Every bag of the day, refused ones too (marked), oldest first. */
  bags: z.array(Bag),
  /** The day's cash movements, corrected ones too (the history keeps both), oldest first. */
  cash: z.array(CashLine),
  /** Still carrying bags: shown as out, never as short. */
  out: z.boolean(),
  /** Every bag and movement of the day is settled by a closing, and none is carried. */
  closed: z.boolean(),
  closings: z.array(AccountClosing),
  /** Debts still owed at the end of the day, oldest first; their sum. */
  debts: z.array(Debt),
  debtCarriedKurus: z.int().nonnegative(),
  /** Credit left to the courier at the end of the day. */
  creditKurus: z.int().nonnegative(),
  /** The pay per package on that day (null: pay is off), and packages × rate − advances (null when off). */
  payRateKurus: Kurus.nullable(),
  payKurus: SignedKurus.nullable(),
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
  totals: PackageTally.extend(CashTally.shape).extend({
    debtCarriedKurus: z.int().nonnegative(),
    /** null when pay is off for every courier of the day. */
    payKurus: SignedKurus.nullable(),
    /** Every courier of the day is closed. */
    closed: z.boolean(),
  }),
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
  /** Bags whose cash cannot be known (method or amount): "?", never zero. */
  unknownCount: Count,
  /** Float + cash collected at the door of the bags carried − expenses, since the last hand-in. */
  floatKurus: SignedKurus,
})
export type CourierOut = z.infer<typeof CourierOut>

/** How long a batch scan-out stays open after its last scan (D77's 15 minutes, now a ledger fact). */
const BATCH_IDLE_MS = 15 * 60_000

/**
 * A batch scan-out as the ledger holds it: started by a badge, each bag's assignment carries its id, ended by
 * `Bitir`. Its bags and totals come from the one settlement (the manifest prints them), refused ones marked.
 */
export const CourierBatch = z.object({
  batchId: z.string(),
  courierId: CourierId,
  name: z.string(),
  startedAt: Iso,
  /** The last scan (or the start): open for BATCH_IDLE_MS after it unless ended. */
  lastTouchedAt: Iso,
  endedAt: Iso.optional(),
  bags: z.array(Bag),
  /** Cash to collect of its bags that are not refused; unknown ones counted apart. */
  cashToCollectKurus: z.int().nonnegative(),
  amountUnknown: Count,
  unknownCount: Count,
  refused: Count,
})
export type CourierBatch = z.infer<typeof CourierBatch>

/** Whether a batch is still open at `nowMs` (ended, or idle too long either way of the clock, is not). */
export function batchIsOpen(batch: Pick<CourierBatch, 'endedAt' | 'lastTouchedAt'>, nowMs: number): boolean {
  if (batch.endedAt !== undefined) return false
  return Math.abs(nowMs - Date.parse(batch.lastTouchedAt)) < BATCH_IDLE_MS
}

/**
 * Today's settlement as the core keeps it, pushed by the one event `courierDayChanged` after the records that move
 * it (a rush's in one push, courier-day.ts PUSH_EVERY_MS):
 * the strip (`out`), the batch bar and its manifest (`batches`), the return dialog and Gün sonu read it.
 */
export const CourierToday = DayEnd.extend({
  today: Day,
  out: z.array(CourierOut),
  /** Today's batches, newest first; open ones by `batchIsOpen`. */
  batches: z.array(CourierBatch),
})
export type CourierToday = z.infer<typeof CourierToday>

/** Pay per package (off by default): a rate for every courier, and per courier; kept as it was on each day. */
export const CourierPay = z.object({
  /** The rate for every courier; null: off. */
  allRateKurus: Kurus.nullable(),
  /** Per courier, over the rate for all; a courier not listed has the rate for all (setPay's null removes). */
  byCourier: z.record(CourierId, Kurus),
})
export type CourierPay = z.infer<typeof CourierPay>

/** One day of a courier's weekly statement. */
export const StatementDay = CourierDayEnd.pick({
  packages: true,
  cashToCollectKurus: true,
  floatKurus: true,
  expensesKurus: true,
  expectedCashKurus: true,
  cashHandedInKurus: true,
  differenceKurus: true,
  cardAtDoorKurus: true,
  advancesKurus: true,
  debtRepaidKurus: true,
  payKurus: true,
  closed: true,
  unknownCount: true,
}).extend({ day: Day })
export type StatementDay = z.infer<typeof StatementDay>

/** A courier's week (screen, 80 mm, CSV): seven days from `from`, their sums, and the debts at its end. */
export const CourierStatement = z.object({
  courierId: CourierId,
  name: z.string(),
  from: Day,
  to: Day,
  days: z.array(StatementDay),
  totals: StatementDay.omit({ day: true, closed: true }),
  debts: z.array(Debt),
  debtCarriedKurus: z.int().nonnegative(),
  creditKurus: z.int().nonnegative(),
})
export type CourierStatement = z.infer<typeof CourierStatement>

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

/**
 * A cash movement ("kurye kasası"). `corrects` names the record it stands in place of; a correction of a record
 * a closing settled is booked in the open account as the change. `day`: an earlier day it settles, as for cash.
 */
export const RecordMovementInput = z
  .object({
    requestId: RequestId,
    courierId: CourierId,
    kind: MovementKind,
    /** Checked by the ledger (whole kuruş, 0 to 10,000,000 ₺), which says `amount-invalid`. */
    amountKurus: z.number(),
    /** One line, at most 200 characters (yakıt, otopark…). */
    note: z.string().max(1000).optional(),
    corrects: z.string().min(1).max(100).optional(),
    day: Day.optional(),
  })
  .strict()
/** What the customer paid at the door: a method the platform lists (null: back to the order's own method). */
export const SetDoorTenderInput = z
  .object({
    requestId: RequestId,
    paymentKey: z.string().min(1).max(100),
    method: z.string().max(64).nullable(),
  })
  .strict()
export const DoorTenderRecord = z.object({
  paymentKey: z.string(),
  /** null: the order's own method again. */
  method: z.string().nullable(),
  at: Iso,
})
export type DoorTenderRecord = z.infer<typeof DoorTenderRecord>
/**
 * "Hesabı kapat". A courier still carrying bags is refused (`courier-out`) unless `carryingConfirmed` (staff saw
 * the list, the settlement's carried bags); an overage needs `overage` (`overage-choice`).
 */
export const CloseAccountInput = z
  .object({
    requestId: RequestId,
    courierId: CourierId,
    overage: z.enum(['tip', 'credit']).optional(),
    carryingConfirmed: z.boolean().optional(),
    /** The day it closes (today when left out; an earlier kept day for a courier back after midnight). */
    day: Day.optional(),
  })
  .strict()
/** Sets the pay per package: for every courier (courierId null) or one; rate null turns it off. */
export const SetCourierPayInput = z
  .object({ requestId: RequestId, courierId: CourierId.nullable(), rateKurus: z.number().nullable() })
  .strict()
export const StartBatchInput = z.object({ requestId: RequestId, courierId: CourierId }).strict()
export const EndBatchInput = z.object({ requestId: RequestId, batchId: z.string().min(1).max(100) }).strict()
/** A courier's week: seven days from `from` (the week of today's Monday when left out). */
export const StatementQuery = z.object({ courierId: CourierId, from: Day.optional() }).strict()
