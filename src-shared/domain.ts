import { z } from 'zod'
import { DEFAULT_COLLECTED_AT_DOOR } from './courier-rules.ts'
import { CourierId, Kurus } from './couriers.ts'
import { ORDER_SOURCES } from './intake-view.ts'
import { OrderLabel } from './order-label.ts'
import { AppError } from './errors.ts'

/** The platform's identifiers are UUIDs; we keep them lower-case so one order is one key however typed. */
export const PaymentKey = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)
  .transform((value) => value.toLowerCase())
export type PaymentKey = z.output<typeof PaymentKey>

/**
 * A restaurant account's id (issue 29): random, made once when the account is made, never derived from its
 * address or keys. Every order, journal record, History entry, session and stored secret names one.
 */
export const AccountId = z.uuid()
export type AccountId = z.infer<typeof AccountId>

export const Branch = z.object({ id: z.string(), name: z.string() })
export type Branch = z.infer<typeof Branch>

/** A payment or shipping method as the platform lists it; unknown keys are shown by their name (D6). */
export const Method = z.object({ key: z.string(), name: z.string() })
export type Method = z.infer<typeof Method>

export const Methods = z.object({
  paymentMethods: z.array(Method),
  shippingMethods: z.array(Method),
  /** When these lists came from the platform (ISO time); they are cached for at most 24 h (D10). */
  fetchedAt: z.iso.datetime(),
})
export type Methods = z.infer<typeof Methods>

export const Language = z.enum(['tr', 'en'])
export type Language = z.infer<typeof Language>

export const SecretStorage = z.enum([
  'os-keychain', // encrypted with the OS keychain (safeStorage) or, in web mode, a key kept outside the settings
  'this-run-only', // the OS offers no real keychain: secrets are kept in memory until the app closes
  'plaintext-opt-in', // the staff chose to store them with the weak protection the OS offers
])
export type SecretStorage = z.infer<typeof SecretStorage>

/** How long a handed-over order stays on the board (it stays in History): the day's turn, or minutes (D57). */
export const HandedOverStay = z.union([z.literal('day-turn'), z.int().min(5).max(720)])
export type HandedOverStay = z.infer<typeof HandedOverStay>
/** The choices the Settings screen offers (minutes), besides the day's turn. */
export const HANDED_OVER_STAY_MINUTES = [30, 60, 120, 240] as const

/** Receipt paper widths the courier slip is laid out for (mm). */
export const SlipPaperWidth = z.union([z.literal(80), z.literal(58)])
export type SlipPaperWidth = z.infer<typeof SlipPaperWidth>

/**
 * Every setting, once (plain and non-secret: secrets never pass through here, D11). The bridge's
 * `updateSettings` takes any part of it (`SettingsUpdate` in contract.ts); `DEFAULT_SETTINGS` is what a new
 * installation starts with. What a change implies beyond saving it is the core's settings-change.ts.
 */
export const Settings = z.object({
  // The platform (D8, D31, D34).
  platformAddress: z.string().max(2048).nullable(),
  extraCaFile: z.string().max(4096).nullable(),
  platformTimeZone: z.string().max(64),
  language: Language,
  /** Store secrets even where the OS has no real keychain (only after the staff explicitly agree). */
  allowWeakSecretStorage: z.boolean(),
  /**
   * Whether the installed desktop app updates itself (off by default). Only on or off: where updates come from
   * is fixed when the app is built (electron-builder's publish configuration), never a setting.
   */
  autoUpdate: z.boolean(),

  // The board (D57).
  handedOverStay: HandedOverStay,

  // The rush board (D40, D43, D44).
  /** Seconds between the press and the first send, during which `Geri al` takes it back; 0 sends at once. */
  undoWindowSeconds: z.int().min(0).max(10),
  textSize: z.enum(['normal', 'large']),
  theme: z.enum(['light', 'dark']),
  /** Short beeps on a read scan, on a failure and on a hand-over. */
  sounds: z.boolean(),

  // Waiting orders (Settings → "Bekleyen siparişler", D70).
  /** Minutes an eligible order may wait on the board without a hand-over; null: no waiting limit. */
  waitingLimitMinutes: z.int().min(1).max(240).nullable(),
  /** Minutes after the POS or staff said it is ready; null: ready changes nothing. */
  readyLimitMinutes: z.int().min(1).max(120).nullable(),
  /** The alarm sound that repeats until someone acts (the short sounds are apart: `sounds`). */
  alarmSound: z.boolean(),

  // The all-day companion and the courier slip (D50–D54). The printer and "print without asking" only mean
  // something in the desktop app; web mode prints through the browser's own dialog.
  /** The OS's notifications (web mode: the browser's, if allowed) for hand-overs that need staff. */
  notifications: z.boolean(),
  /** Start with the computer, hidden in the tray (desktop app; per user, no administrator rights). */
  startWithComputer: z.boolean(),
  /** The printer's name as the OS lists it; null: the system's default printer. */
  slipPrinter: z.string().max(256).nullable(),
  slipPaperWidth: SlipPaperWidth,
  /** Print straight to the chosen printer, without the print dialog's preview (desktop app). */
  printWithoutAsking: z.boolean(),
  /** Print the slip by itself right after a successful hand-over. */
  printAfterHandover: z.boolean(),

  // The POS intake (D45, D46, D69); the intake key is a secret and never passes through here.
  /** The loopback port the intake API listens on (web mode's `--intake-port` wins for one run). */
  intakePort: z.int().min(1024).max(65535),
  /** May `POST /v1/orders/{payment_key}/handover` ask for "Kuryeye Verildi"? */
  intakeHandover: z.boolean(),
  /** The folder the POS writes one file per order into; null when there is none. */
  dropFolder: z.string().max(4096).nullable(),
  /**
   * Staff confirmed that other accounts may write the drop folder (D69): without it such a folder is refused.
   * Saving another folder clears it unless the same update sets it again.
   */
  dropFolderSharedConfirmed: z.boolean(),

  // The courier's day (D65): which payment methods the courier collects at the door (the slip, the manifest,
  // the strip and the day-end follow courier-rules' isCollectedAtDoor), and whether a hand-over names its courier.
  /** Payment method keys as the platform lists them (`CASH`, …), kept upper case; empty: nothing collected. */
  collectedAtDoor: z.array(z.string().trim().toUpperCase().min(1).max(64)).max(32),
  /** "Kurye seçmek zorunlu": a hand-over without a courier is refused (`courier-required`). */
  courierRequired: z.boolean(),
})
export type Settings = z.infer<typeof Settings>

export const DEFAULT_SETTINGS: Settings = {
  platformAddress: null,
  extraCaFile: null,
  platformTimeZone: 'Europe/Istanbul',
  language: 'tr',
  allowWeakSecretStorage: false,
  autoUpdate: false,
  handedOverStay: 'day-turn',
  undoWindowSeconds: 5,
  textSize: 'normal',
  theme: 'light',
  sounds: false,
  waitingLimitMinutes: 15,
  readyLimitMinutes: 5,
  alarmSound: true,
  notifications: true,
  startWithComputer: false,
  slipPrinter: null,
  slipPaperWidth: 80,
  printWithoutAsking: false,
  printAfterHandover: false,
  intakePort: 47810,
  // The key exists from the first start (made and stored by the app), so the switch starts on (D46).
  intakeHandover: true,
  dropFolder: null,
  dropFolderSharedConfirmed: false,
  collectedAtDoor: [...DEFAULT_COLLECTED_AT_DOOR],
  courierRequired: false,
}

export const SignedOutReason = z.enum([
  'never-signed-in',
  'signed-out-by-staff',
  'token-rejected', // a second 401 after a fresh login (D3)
  'wrong-credentials',
])
export type SignedOutReason = z.infer<typeof SignedOutReason>

export const AccessScope = z.enum(['vendor', 'branch'])
export type AccessScope = z.infer<typeof AccessScope>

export const SessionStatus = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('signed-out'),
    reason: SignedOutReason,
    /** The error behind the sign-out, when there was one (e.g. the platform's words on the last 401). */
    error: AppError.optional(),
    credentialsStored: z.boolean(),
    secretStorage: SecretStorage,
    platformAddress: z.string().nullable(),
  }),
  z.object({
    state: z.enum(['signing-in', 'signed-in', 'renewing']),
    platformAddress: z.string(),
    scope: AccessScope.optional(),
    /** The effective expiry of the current token (ISO), after the D2 clock-skew rule. */
    expiresAt: z.iso.datetime().optional(),
    credentialsStored: z.boolean(),
    secretStorage: SecretStorage,
  }),
])
export type SessionStatus = z.infer<typeof SessionStatus>

/**
 * Where an order's "Kuryeye Verildi" stands in the durable hand-over outbox (src-main/core/orders). Only
 * `handed-over` means the platform answered `status: true` (D5).
 */
export const Handover = z.discriminatedUnion('state', [
  z.object({ state: z.literal('none') }),
  /** Written down, about to be sent; or, with `waitingForSignIn`, held until the staff sign in again. */
  z.object({
    state: z.literal('queued'),
    since: z.iso.datetime(),
    waitingForSignIn: z.boolean(),
    /** Inside the undo window: nothing is sent before this time, and `Geri al` can still take it back (D40). */
    sendAt: z.iso.datetime().optional(),
  }),
  z.object({ state: z.literal('sending'), since: z.iso.datetime() }),
  /** A passing failure (network, timeout, 429, 5xx): sent again by itself at `nextAttemptAt` (D9). */
  z.object({
    state: z.literal('retrying'),
    nextAttemptAt: z.iso.datetime(),
    attempts: z.int().positive(),
    error: AppError,
  }),
  z.object({ state: z.literal('handed-over'), at: z.iso.datetime() }),
  /** The platform refused it: staff must look. */
  z.object({ state: z.literal('failed'), at: z.iso.datetime(), error: AppError }),
  /**
   * The platform refused a resend that followed an attempt whose answer never arrived (a timeout, a cut
   * connection, a crash): that attempt probably went through, but the platform never said so. Staff check.
   */
  z.object({ state: z.literal('unconfirmed'), at: z.iso.datetime(), error: AppError }),
])
export type Handover = z.infer<typeof Handover>

/** What one hand-over attempt came to, as the history lists it. */
export const AttemptResult = z.enum([
  'handed-over', // the platform answered `status: true`
  'refused', // the platform refused it: the order is `failed`
  'unconfirmed', // refused after an attempt whose answer was lost: see Handover `unconfirmed`
  'will-retry', // a passing failure: sent again at `nextAttemptAt`
  'waiting-for-sign-in', // no session: sent again once the staff sign in
  'interrupted', // the app stopped before the answer came: its outcome is unknown, so it is sent again
  'checked-handed-over', // unconfirmed, then staff checked the platform's panel: it was handed over (D42)
  'checked-not-handed-over', // unconfirmed, then staff checked the platform's panel: it was not (D42)
])
export type AttemptResult = z.infer<typeof AttemptResult>

/** One hand-over attempt in the history: every attempt is kept, durable like the outbox itself. */
export const HistoryEntry = z.object({
  /** Increases with every entry; the history's paging cursor. */
  seq: z.int().nonnegative(),
  paymentKey: z.string(),
  /** The account it was sent with; the core always sets it (history from before accounts: the first account). */
  account: AccountId.optional(),
  /** The order's label on the board when it was pressed, if it had one. */
  label: z.string().optional(),
  /** 1 for the first attempt of a press, 2 for its first retry… */
  attempt: z.int().positive(),
  /** When the result was known. */
  at: z.iso.datetime(),
  result: AttemptResult,
  /** The HTTP status of the platform's answer, when one came. */
  httpStatus: z.int().optional(),
  /** What went wrong, with the platform's own words when it answered (D4). */
  error: AppError.optional(),
  nextAttemptAt: z.iso.datetime().optional(),
})
export type HistoryEntry = z.infer<typeof HistoryEntry>

/** One order's day in the history: its attempts folded inside, oldest first; `result` and `at` are its last. */
export const OrderHistory = z.object({
  paymentKey: z.string(),
  /** The account of its latest attempt; the core always sets it. */
  account: AccountId.optional(),
  label: z.string().optional(),
  result: AttemptResult,
  at: z.iso.datetime(),
  attempts: z.array(HistoryEntry),
})
export type OrderHistory = z.infer<typeof OrderHistory>

/** The states History filters by: the three final words, and everything still on its way. */
export const HistoryStateFilter = z.enum(['handed-over', 'refused', 'unconfirmed', 'in-progress'])
export type HistoryStateFilter = z.infer<typeof HistoryStateFilter>

export const HistoryPage = z.object({
  /** The day shown (`YYYY-MM-DD`, the platform's time zone); null when there is no history at all. */
  day: z.string().nullable(),
  /** Every day with history, newest first. */
  days: z.array(z.string()),
  /** One row per order, the latest first. */
  orders: z.array(OrderHistory),
  /** Pass as `offset` for the next page; null when there is none. */
  nextOffset: z.int().nonnegative().nullable(),
  /** Orders that day that match the filter. */
  total: z.int().nonnegative(),
})
export type HistoryPage = z.infer<typeof HistoryPage>

/** Every way an order reaches the board (intake-view.ts lists them zod-free for the renderer). */
const OrderSourceSchema = z.enum(ORDER_SOURCES)

export const OrderDetails = z.object({
  shippingMethod: z.string().trim().min(1).max(64).optional(),
  paymentMethod: z.string().trim().min(1).max(64).optional(),
  courierType: z.string().trim().min(1).max(64).optional(),
  label: OrderLabel.optional(),
  /** What the order costs the customer, in kuruş (the POS's `amount_kurus`, or typed): the courier's cash. */
  amountKurus: Kurus.optional(),
  /** The branch id the order belongs to: one of those the session's keys list (checked by the core). */
  branch: z.string().trim().min(1).max(64).optional(),
})
export type OrderDetails = z.infer<typeof OrderDetails>

/**
 * A change of what was known that a link, the command line or the drop folder offered for an order already on
 * the board, and that was not made (docs/decisions.md D71): the card says so. Only the latest is kept.
 */
const RefusedChange = z.object({
  source: OrderSourceSchema,
  fields: z.array(OrderDetails.keyof()).min(1),
  at: z.iso.datetime(),
})

export const BoardOrder = OrderDetails.extend({
  // Read as stored: a label kept from before the rules of OrderLabel must not lose its order at start.
  label: z.string().optional(),
  paymentKey: z.string(),
  /**
   * The account the order belongs to, and the only one its hand-over goes with (issue 29). The core always sets
   * it on what it sends; an order kept from before accounts reads as the first account.
   */
  account: AccountId.optional(),
  addedAt: z.iso.datetime(),
  handover: Handover,
  /** Where the order first came from (its time is `addedAt`); absent on orders kept from before the intake. */
  source: OrderSourceSchema.optional(),
  refusedChange: RefusedChange.optional(),
  /** The latest change of what was known, by the POS's keyed API or staff (issue 27.3): the card says so. */
  corrected: RefusedChange.optional(),
  /** When the POS or staff said it is ready for the courier: the waiting limit counts from then (D70). */
  readyAt: z.iso.datetime().optional(),
  /** The courier who carries it now, from the courier ledger (D65); absent when none is named. */
  courier: z.object({ id: CourierId, name: z.string() }).optional(),
  /** What the customer paid at the door, when staff recorded it (the ledger's door tender, issue 28). */
  doorMethod: z.string().optional(),
})
export type BoardOrder = z.infer<typeof BoardOrder>

// The rules live apart from the schemas so the renderer can use them without bundling zod.
export { handoverEligibility, isOwed, shortCodeOf } from './order-rules.ts'
