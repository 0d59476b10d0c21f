/**
 * The intake API's refusals (D45): one JSON shape, `{ error: { code, message_tr, message_en } }`, with a
 * code integrators can rely on (it never changes once published) and words for the staff in both languages at
 * once, from the catalogue (src-shared/texts). The words never echo what the caller sent (a mistyped key is most
 * of the real one).
 */
import { texts, type Texts } from '../../../src-shared/texts/index.ts'

export type IntakeErrorCode = keyof Texts['intakeApi']

/** Each refusal's HTTP status. */
const INTAKE_ERROR_STATUS = {
  'host-not-allowed': 403,
  unauthorized: 401,
  'request-expired': 401,
  'request-replayed': 401,
  'not-found': 404,
  'order-not-found': 404,
  'method-not-allowed': 405,
  'unsupported-media-type': 415,
  'body-too-large': 413,
  'malformed-json': 400,
  'no-order-id': 422,
  'several-order-ids': 422,
  'invalid-shipping-method': 422,
  'invalid-payment-method': 422,
  'invalid-courier-type': 422,
  'invalid-label': 422,
  'invalid-amount': 422,
  'invalid-courier': 422,
  'unknown-courier': 422,
  'courier-required': 422,
  'invalid-branch': 422,
  'unknown-branch': 422,
  'unknown-account': 422,
  'order-other-account': 409,
  'invalid-request-id': 422,
  'invalid-kind': 422,
  'invalid-cash-amount': 422,
  'invalid-note': 422,
  'request-id-reused': 409,
  'unknown-payment-method': 422,
  'day-full': 507,
  'invalid-date': 422,
  'unknown-field': 422,
  'not-eligible': 409,
  'handover-disabled': 403,
  'rate-limited': 429,
  internal: 500,
} as const satisfies Record<IntakeErrorCode, number>

/**
 * Refusals decided by the signed request alone (its method, path, body and fields), and the rate: given before
 * anything was done and the same whenever the request comes, so its nonce is given back and the POS may send it
 * again as it was (issue 27.4). A refusal that hangs on the app's state (an order not found or not eligible,
 * hand-overs off, a courier or branch not known) keeps its nonce spent: that request must not succeed later unasked.
 */
const REFUSED_BEFORE_ACTING: ReadonlySet<IntakeErrorCode> = new Set<IntakeErrorCode>([
  'rate-limited',
  'not-found',
  'method-not-allowed',
  'unsupported-media-type',
  'body-too-large',
  'malformed-json',
  'no-order-id',
  'several-order-ids',
  'invalid-shipping-method',
  'invalid-payment-method',
  'invalid-courier-type',
  'invalid-label',
  'invalid-amount',
  'invalid-courier',
  'invalid-branch',
  'invalid-date',
  'unknown-field',
  'invalid-request-id',
  'invalid-kind',
  'invalid-cash-amount',
  'invalid-note',
])

export function givesNonceBack(code: IntakeErrorCode): boolean {
  return REFUSED_BEFORE_ACTING.has(code)
}

export interface IntakeErrorBody {
  error: { code: IntakeErrorCode; message_tr: string; message_en: string }
}

export function intakeErrorBody(code: IntakeErrorCode): IntakeErrorBody {
  return { error: { code, message_tr: texts.tr.intakeApi[code], message_en: texts.en.intakeApi[code] } }
}

/** A refusal on its way to the caller: thrown anywhere in the request's handling, answered in one place. */
export class IntakeRefusal extends Error {
  readonly code: IntakeErrorCode
  /** Seconds, for `Retry-After` (429). */
  readonly retryAfterSeconds: number | undefined

  constructor(code: IntakeErrorCode, retryAfterSeconds?: number) {
    super(code)
    this.name = 'IntakeRefusal'
    this.code = code
    this.retryAfterSeconds = retryAfterSeconds
  }

  get status(): number {
    return INTAKE_ERROR_STATUS[this.code]
  }
}
