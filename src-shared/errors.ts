import { z } from 'zod'

/**
 * Every failure that crosses the bridge is one of these codes. The renderer turns a code into words in the
 * staff's language; it never shows a stack trace or a raw error object.
 */
export const APP_ERROR_CODES = [
  'invalid-input', // the caller sent something the contract refuses (bad address, empty key, wrong type)
  'insecure-address', // the platform address is not https:// (D8)
  'wrong-credentials', // 401 on login (D3): never retried
  'missing-credentials', // 422 `eksik alan` on login, or no credentials stored
  'signed-out', // a second 401 after a fresh login, or no session (D3)
  'unreachable', // DNS, refused connection, dropped connection
  'app-unreachable', // web mode: the page lost the app itself (its process stopped); never the platform's fault
  'untrusted-certificate', // TLS verification failed (D8)
  'timeout', // no answer within the request timeout (D9)
  'rate-limited', // 429 after retries (D9)
  'server-error', // 5xx after retries (D9)
  'unexpected-answer', // not JSON, wrong shape, too large (D6, D9)
  'order-not-found', // `sipariş bulunamadı` (D4)
  'malformed-url', // `URL hatalı` on the on-the-way call: the order id in its path (D4)
  'wrong-address', // `URL hatalı` on any other call: the platform address (its API path) is wrong
  'platform-refused', // any other platform error string, shown as it came (D4)
  'disk-full', // the disk or the user's quota is full (ENOSPC, EDQUOT): the action was not recorded, so not sent
  'internal', // a bug on our side; logged, shown as a generic apology
] as const

export const AppErrorCode = z.enum(APP_ERROR_CODES)
export type AppErrorCode = z.infer<typeof AppErrorCode>

/**
 * Why the courier's day refused a write (docs/decisions.md D65): the ledger's refusals, and the hand-over's and
 * the intake's own checks of a courier, an amount and a branch. Nothing was recorded, nothing was sent.
 */
const COURIER_PROBLEMS = [
  'name-empty',
  'name-too-long', // a courier's name is at most 60 characters
  'name-not-one-line',
  'name-bad-characters', // control and format characters (bidi overrides, zero-width)
  'name-taken', // another courier still working here has this name (letter case aside)
  'badge-invalid', // badge codes are ASCII letters, digits and hyphens, at most 32
  'badge-taken', // another courier still working here has this badge
  'unknown-courier',
  'courier-retired', // packages go only with a courier who still works here
  'courier-required', // Settings say every hand-over names its courier
  'amount-invalid', // not a whole number of kuruş from 0 to 10,000,000 ₺
  'note-invalid',
  'day-invalid', // not YYYY-MM-DD, in the future, or older than the days kept
  'unknown-cash-record', // a correction names a record the ledger does not hold (for that day)
  'order-invalid', // a payment key, payment method, branch or label out of shape
  'unknown-branch', // not one of the branches the signed-in keys list
  'id-invalid', // a request id that is empty or over 100 characters
  'id-reused', // a request id already used for a record of another kind
  'courier-out', // closing the account of a courier still carrying bags: staff confirm, seeing the list
  'overage-choice', // closing with an overage: staff choose a tip or a credit
  'later-day-closed', // closing a day before one already closed for that courier: closings go in day order
  'day-full', // the ledger holds its limit of records for that day (LEDGER_RECORDS_PER_DAY)
  'method-not-listed', // a payment method at the door the platform does not list
  'unknown-batch', // a batch scan-out the ledger does not hold
] as const
export type CourierProblem = (typeof COURIER_PROBLEMS)[number]

/** Why an account call (issue 29) refused: nothing was changed, nothing was sent. */
const ACCOUNT_PROBLEMS = [
  'account-name-empty',
  'account-name-too-long', // a short name is at most 30 characters
  'account-name-not-one-line',
  'account-name-bad-characters', // control, bidi and other format or default-ignorable characters
  'account-name-taken', // another account has this short name (letter case aside, Turkish rules)
  'unknown-account', // no account has this id (or, from the POS, this short name)
  'too-many-accounts', // at most 8
  'account-owes-handovers', // removing an account that still owes hand-overs: `count` says how many
  'account-has-orders', // removing an account whose orders wait on the board, not handed over: `count` says how many
  'order-other-account', // the payment key is on the board under another account: never both
  'account-keys-in-use', // another account already signs in with these keys at this address
] as const

/** Why an input was refused, so the UI can say exactly what to fix. */
export const INPUT_PROBLEMS = [
  'not-https', // the platform address is not an https:// URL (D8)
  'not-a-url',
  'empty-key', // app_secret_key or rest_secret_key is empty after trimming
  'no-order-id', // the text holds no UUID
  'several-order-ids', // the text holds more than one distinct UUID
  'unknown-order', // the order is not on the board
  'invalid-time-zone',
  'ca-file-unreadable',
  'ca-file-not-pem',
  'ca-file-not-local', // a device, FIFO, folder, network path, or over 64 KiB: not a small local file
  'ca-file-has-key', // the file holds a private key, which must never be handed around as a CA file
  'ca-file-not-ca', // a certificate in the file is not a CA (basicConstraints CA:TRUE)
  'already-sending', // one hand-over in flight per order
  'not-eligible', // the order is known to be pickup or platform-courier (D5)
  'malformed', // the payload does not parse
  'undo-window-over', // `Geri al` after the undo window ran out: the hand-over is already being sent (D40)
  'not-waiting', // `Şimdi dene` on an order that is not waiting for a try
  'not-unconfirmed', // a panel check recorded for an order that is not `unconfirmed` (D42)
  ...COURIER_PROBLEMS,
  ...ACCOUNT_PROBLEMS,
] as const
export const InputProblem = z.enum(INPUT_PROBLEMS)
export type InputProblem = z.infer<typeof InputProblem>

export const AppError = z.object({
  code: AppErrorCode,
  /** With `invalid-input`: what exactly was wrong. */
  problem: InputProblem.optional(),
  /** The platform's `error` string, as it came, when the platform answered with an envelope. */
  platformError: z.string().max(500).optional(),
  /** The platform's `message`, as it came. */
  platformMessage: z.string().max(2000).optional(),
  httpStatus: z.number().int().optional(),
  /** With `account-owes-handovers` / `account-has-orders`: how many hand-overs, or orders on the board. */
  count: z.number().int().nonnegative().optional(),
  /** True when trying again later may succeed (network, 5xx, 429, timeout). */
  retryable: z.boolean(),
})
export type AppError = z.infer<typeof AppError>

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError }

export function resultSchema<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), error: AppError }),
  ])
}
