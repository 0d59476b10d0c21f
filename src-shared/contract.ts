import { z } from 'zod'
import { Account, AccountRef, AddAccountInput, SignInAccountInput, UpdateAccountInput } from './accounts.ts'
import { Attention } from './attention.ts'
import {
  AddCourierInput,
  CashRecord,
  CorrectCashInput,
  Courier,
  CourierAssignment,
  CourierId,
  CourierListed,
  CourierOut,
  AccountClosing,
  CloseAccountInput,
  CourierBatch,
  CourierPay,
  CourierStatement,
  CourierToday,
  DoorTenderRecord,
  EndBatchInput,
  RecordMovementInput,
  SetCourierPayInput,
  SetDoorTenderInput,
  StartBatchInput,
  StatementQuery,
  Day,
  DayEndQuery,
  DayEndView,
  RecordCashInput,
  RenameCourierInput,
  RequestId,
  RetireCourierInput,
  SetCourierBadgeInput,
} from './couriers.ts'
import { IntakeInfo } from './intake-info.ts'
import type { EventName } from './channels.ts'
import {
  AccountId,
  BoardOrder,
  Branch,
  HistoryPage,
  HistoryStateFilter,
  Methods,
  OrderDetails,
  PaymentKey,
  SessionStatus,
  Settings,
} from './domain.ts'
import type { Result } from './errors.ts'

/**
 * The one list of what the renderer may ask of the main process. Each call is declared once, with a zod
 * schema for its input and its output; the `Api` type the renderer calls is derived from it, and both
 * bridges (the Electron preload and the web-mode preload) must `satisfies Api`.
 */
export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  /** Where the core runs: inside Electron, or under Node in web mode. */
  shell: z.enum(['electron', 'web']),
})
export type AppInfo = z.infer<typeof AppInfo>

/**
 * The `Tanılama` support bundle: what a support engineer needs to see, and nothing secret. The core builds it
 * from settings (which hold no secret), the session status (which holds no token), counts from the board, and
 * the log's recent lines; all of it has passed the log's redaction before it leaves the main process.
 */
export const Diagnostics = z.object({
  generatedAt: z.iso.datetime(),
  app: AppInfo,
  runtime: z.object({
    node: z.string(),
    v8: z.string(),
    /** Only inside Electron. */
    electron: z.string().optional(),
    chrome: z.string().optional(),
  }),
  os: z.object({ platform: z.string(), release: z.string(), arch: z.string(), timeZone: z.string() }),
  uptimeSeconds: z.number().int().nonnegative(),
  settings: Settings,
  session: SessionStatus,
  /** Every account's id, short name, colour and sign-in state (issue 29): nothing secret. */
  accounts: z.array(Account).optional(),
  orders: z.object({
    total: z.number().int().nonnegative(),
    /** How many orders are in each hand-over state (`none`, `sending`, `handed-over`, `failed`, …). */
    byHandoverState: z.record(z.string(), z.number().int().nonnegative()),
  }),
  /** The log's last lines, oldest first, redacted. */
  recentLogLines: z.array(z.string()),
})
export type Diagnostics = z.infer<typeof Diagnostics>

/** Secrets are bounded: a real key is short, and an unbounded string is a way to exhaust memory. */
const SecretKey = z.string().max(512)
const Text = (max: number) => z.string().max(max)

export const SignInInput = z.object({
  platformAddress: Text(2048),
  appSecretKey: SecretKey,
  restSecretKey: SecretKey,
})
export type SignInInput = z.infer<typeof SignInInput>

/** Any part of the settings; the core checks what the schema cannot (a time zone, a file, a full path). */
export const SettingsUpdate = Settings.partial().strict()
export type SettingsUpdate = z.infer<typeof SettingsUpdate>

export const AddOrderInput = OrderDetails.extend({
  /** Typed, pasted or scanned text that holds exactly one payment_key (D7). */
  text: Text(4096),
  /** The account it belongs to (issue 29); left out: the default account. */
  account: AccountId.optional(),
}).strict()
export type AddOrderInput = z.input<typeof AddOrderInput>

const OrderRef = z.object({ paymentKey: PaymentKey }).strict()
type OrderRef = z.input<typeof OrderRef>

/**
 * "Kuryeye Verildi", naming the courier who takes it (or not: optional unless Settings require one). The
 * courier is written to the ledger before anything is sent (D65); a retried press names the same courier.
 */
export const HandOverInput = OrderRef.extend({
  courierId: CourierId.optional(),
  /** The batch scan-out it goes in (startCourierBatch): its assignment carries the batch. */
  batchId: z.string().min(1).max(100).optional(),
}).strict()
export type HandOverInput = z.input<typeof HandOverInput>

/** This package goes with this courier (null: with nobody named); also for a package that left the board. */
const AssignCourierInput = z
  .object({ requestId: RequestId, paymentKey: PaymentKey, courierId: CourierId.nullable() })
  .strict()

/** One page of one day's hand-over history, one row per order (the newest day with history when `day` is left out). */
export const HistoryQuery = z
  .object({
    day: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
    state: HistoryStateFilter.optional(),
    /** Only this account's orders (issue 29); left out: every account's. */
    account: AccountId.optional(),
    offset: z.int().nonnegative().optional(),
    limit: z.int().min(1).max(500),
  })
  .strict()
export type HistoryQuery = z.infer<typeof HistoryQuery>

/** Every bridge call with its input and output schemas: the one declaration both bridges derive from. */
export const calls = {
  getAppInfo: { input: z.undefined(), output: AppInfo },

  // The sign-in screen's calls act on the default account (issue 29): the first sign-in makes the first account.
  getSession: { input: z.undefined(), output: SessionStatus },
  signIn: { input: SignInInput.strict(), output: SessionStatus },
  signInWithStoredCredentials: { input: z.undefined(), output: SessionStatus },
  signOut: { input: z.object({ forgetCredentials: z.boolean() }).strict(), output: SessionStatus },

  // Several restaurant accounts (issue 29): no current account; every call names its own. Listed in the order made.
  listAccounts: { input: z.undefined(), output: z.array(Account) },
  /** "Hesap ekle": signs it in; made only when the platform accepts its keys (at most 8, short names unique). */
  addAccount: { input: AddAccountInput, output: Account },
  /** Rename or recolour. */
  updateAccount: { input: UpdateAccountInput, output: Account },
  /** "Tekrar giriş yap": this account only; with the stored keys, or new ones. */
  signInAccount: { input: SignInAccountInput, output: Account },
  /** Signs this account out (its keys stay stored); its orders wait for it, saying why. */
  signOutAccount: { input: AccountRef, output: Account },
  /** Refused (`account-owes-handovers`, with `count`) while it still owes hand-overs; forgets its keys. */
  removeAccount: { input: AccountRef, output: z.array(Account) },
  /** Where typed and scanned orders without an account go. */
  setDefaultAccount: { input: AccountRef, output: z.array(Account) },
  /** An order goes to another account, with one press, while nothing has been sent for it. */
  setOrderAccount: {
    input: z.object({ paymentKey: PaymentKey, account: AccountId }).strict(),
    output: BoardOrder,
  },

  /** One account's branches and methods ("Şubeler ve yöntemler" grouped by account), with its own token. */
  listAccountBranches: { input: AccountRef, output: z.array(Branch) },
  getAccountMethods: {
    input: AccountRef.extend({ forceRefresh: z.boolean() }).strict(),
    output: Methods,
  },

  listBranches: { input: z.undefined(), output: z.array(Branch) },
  getMethods: { input: z.object({ forceRefresh: z.boolean() }).strict(), output: Methods },

  getSettings: { input: z.undefined(), output: Settings },
  updateSettings: { input: SettingsUpdate, output: Settings },

  listOrders: { input: z.undefined(), output: z.array(BoardOrder) },
  addOrder: { input: AddOrderInput, output: BoardOrder },
  removeOrder: { input: OrderRef, output: z.null() },
  /** `Geri al` after `Kaldır`: puts the order back as it was, within a few seconds of its removal (D41). */
  restoreOrder: { input: OrderRef, output: BoardOrder },
  /** Staff pressed "Kuryeye Verildi": the core hands the order over to the courier (the platform's on-the-way). */
  handOverOrder: { input: HandOverInput, output: BoardOrder },
  listHistory: { input: HistoryQuery, output: HistoryPage },
  /** Every attempt in the history as CSV for Excel in Turkey (UTF-8 with BOM, `;`, CRLF). */
  exportHistoryCsv: { input: z.undefined(), output: z.string() },

  getDiagnostics: { input: z.undefined(), output: Diagnostics },

  // POS intake (docs/decisions.md D45): Settings shows and copies the key, sees where the API listens, rotates.
  getIntakeInfo: { input: z.undefined(), output: IntakeInfo },
  rotateIntakeKey: { input: z.undefined(), output: IntakeInfo },
  /** "POS klasörünü oluştur": the app's own drop folder in the staff user's home, then watched (issue 27). */
  createPosFolder: { input: z.undefined(), output: IntakeInfo },

  // The rush board (docs/decisions.md D40–D42): the undo window's `Geri al`, `Şimdi dene`, and the panel check.
  withdrawHandover: { input: OrderRef, output: BoardOrder },
  retryHandoverNow: { input: OrderRef, output: BoardOrder },
  recordPanelCheck: {
    input: z.object({ paymentKey: PaymentKey, handedOver: z.boolean() }).strict(),
    output: BoardOrder,
  },

  // What needs staff (docs/decisions.md D70): the one value, the alarm's Sessize al, and the ready mark.
  getAttention: { input: z.undefined(), output: Attention },
  /** **Sessize al**: this order's alarm stops for its current crossing; `false` when it was not ringing. */
  silenceAlarm: { input: OrderRef, output: z.boolean() },
  /** The order is ready for the courier (staff's "Hazır"; the POS's `ready`): the ready limit counts from now. */
  markOrderReady: { input: OrderRef, output: BoardOrder },

  // The courier's day (docs/decisions.md D65): every write names its request id (a retry is a no-op).
  /** Every courier, retired ones too (past days name them), by name; `lastUsedAt` orders a picker. */
  listCouriers: { input: z.undefined(), output: z.array(CourierListed) },
  addCourier: { input: AddCourierInput, output: Courier },
  renameCourier: { input: RenameCourierInput, output: Courier },
  setCourierBadge: { input: SetCourierBadgeInput, output: Courier },
  retireCourier: { input: RetireCourierInput, output: Courier },
  assignCourier: { input: AssignCourierInput, output: CourierAssignment },
  /** The board's strip: per working courier, the packages out now and the cash they collect. */
  listCouriersOut: { input: z.undefined(), output: z.array(CourierOut) },
  /** The courier's return: cash handed in ("Dönüş"). */
  recordCash: { input: RecordCashInput, output: CashRecord },
  /** A cash record was wrong: a new record stands in its place; the wrong one stays in the history. */
  correctCash: { input: CorrectCashInput, output: CashRecord },
  /** "Gün sonu": the settlement of a day (today in the platform's time zone when left out). */
  getDayEnd: { input: DayEndQuery, output: DayEndView },
  /** The settlement as CSV for Excel in Turkey (UTF-8 with BOM, `;`, CRLF), like History's. */
  exportDayEndCsv: { input: z.object({ day: Day }).strict(), output: z.string() },
  // The courier's whole cash (issue 28): one settlement in the core, kept for today and pushed by
  // courierDayChanged; every figure on every surface is read from it.
  /** Today's settlement as the core keeps it: the strip, the batches, the return dialog, Gün sonu. */
  getCourierToday: { input: z.undefined(), output: CourierToday },
  /** A float, an expense, cash handed in, an advance or a debt repaid; or a correction of one. */
  recordCourierMovement: { input: RecordMovementInput, output: CashRecord },
  /** What the customer paid at the door, in the return dialog's one press. */
  setDoorTender: { input: SetDoorTenderInput, output: DoorTenderRecord },
  /** "Hesabı kapat": settles the courier's open account once; refuses `courier-out` unless confirmed. */
  closeCourierAccount: { input: CloseAccountInput, output: AccountClosing },
  getCourierPay: { input: z.undefined(), output: CourierPay },
  setCourierPay: { input: SetCourierPayInput, output: CourierPay },
  /** A badge scanned outside the picker starts a batch scan-out; `Bitir` ends it. Both ledger facts. */
  startCourierBatch: { input: StartBatchInput, output: CourierBatch },
  endCourierBatch: { input: EndBatchInput, output: CourierBatch },
  /** A courier's week (screen, 80 mm) and its CSV. */
  getCourierStatement: { input: StatementQuery, output: CourierStatement },
  exportCourierStatementCsv: { input: StatementQuery, output: z.string() },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

/** What the core pushes to the renderer; the renderer never polls the core in a loop. */
export const events = {
  sessionChanged: SessionStatus,
  /** Every account, after any change of one (added, renamed, recoloured, signed in or out, removed, default). */
  accountsChanged: z.array(Account),
  /** One order changed; `order: null` means it left the board. */
  orderChanged: z.object({ paymentKey: z.string(), order: BoardOrder.nullable() }),
  /**
   * The settings now in effect (the command line's one-run overrides applied), after every saved change and
   * once everything that follows it has followed (the intake's port and folder, the session).
   */
  settingsChanged: Settings,
  // The all-day shell (docs/decisions.md D50): a click on a notification opens the app at that order.
  focusOrder: z.object({ paymentKey: z.string() }),
  /** What needs staff changed, or the alarm rings again (docs/decisions.md D70). */
  attentionChanged: Attention,
  /**
   * The courier ledger wrote a record (on disk already): the renderer refetches the couriers, the strip and the
   * day-end. The board's cards follow through orderChanged.
   */
  couriersChanged: z.object({ kind: z.enum(['couriers', 'assignment', 'order', 'cash']) }),
  /**
   * Today's settlement, after the records that move it (a rush's in one push): the one event every courier
   * surface follows.
   */
  courierDayChanged: CourierToday,
} as const satisfies Record<EventName, z.ZodType>

export type CallInput<C extends CallName> = z.input<(typeof calls)[C]['input']>
export type ParsedInput<C extends CallName> = z.output<(typeof calls)[C]['input']>
export type CallOutput<C extends CallName> = z.output<(typeof calls)[C]['output']>
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>
export type CallName = keyof typeof calls

export function isCallName(name: unknown): name is CallName {
  return typeof name === 'string' && Object.hasOwn(calls, name)
}

export type Unsubscribe = () => void

export type Api = {
  [C in CallName]: CallInput<C> extends undefined
    ? () => Promise<Result<CallOutput<C>>>
    : (input: CallInput<C>) => Promise<Result<CallOutput<C>>>
} & {
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): Unsubscribe
}
