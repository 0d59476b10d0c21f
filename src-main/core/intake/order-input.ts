/**
 * An order as a POS sends it (D45): the JSON body of `POST /v1/orders`, and the content of a JSON file
 * in the drop folder. Parsed into what the board takes: one payment_key and the optional details.
 *
 * Unknown fields are refused, not ignored. A misspelt field (`courier` for `courier_type`) that was silently
 * dropped would leave the order's courier unknown, and D5 then offers "Kuryeye Verildi" on a platform-courier
 * order; refusing it shows the integrator the mistake on the first try. New fields come with a new version.
 */
import { z } from 'zod'
import type { OrderDetails } from '../../../src-shared/domain.ts'
import { checkCourierName } from '../../../src-shared/courier-rules.ts'
import { MAX_KURUS } from '../../../src-shared/money.ts'
import { OrderLabel } from '../../../src-shared/order-label.ts'
import { isVisibleId } from '../../../src-shared/order-rules.ts'
import { AppFailure } from '../app-failure.ts'
import { extractOrderId } from '../orders/order-id.ts'
import type { IntakeErrorCode } from './intake-errors.ts'

/** What the intake hands the board: the payment_key (lower-case) and what the POS knows of the order. */
export interface IntakeOrder {
  paymentKey: string
  details: OrderDetails
  /** The POS says it is ready for the courier (`"ready": true`): the waiting limit counts from now (D70). */
  ready?: boolean
  /** The courier who takes it, by name (a working courier's, letter case aside; D65). */
  courier?: string
  /** The account it belongs to, by short name (any letter case, Turkish rules; issue 29); left out: the default. */
  account?: string
}

/** A payment_key field or path segment longer than this is refused before any search. */
const MAX_PAYMENT_KEY_TEXT = 200

const PosOrderBody = z
  .object({
    payment_key: z.string().max(MAX_PAYMENT_KEY_TEXT),
    shipping_method: z.enum(['delivery', 'pickup']).optional(),
    // A method key as the platform lists them (CASH, CREDIT_CARD…); unknown keys are allowed (D6).
    payment_method: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/)
      .optional(),
    courier_type: z.enum(['restaurant', 'platform']).optional(),
    label: OrderLabel.optional(),
    ready: z.boolean().optional(),
    // The courier's day (D65): what the order costs the customer, who takes it, which branch.
    amount_kurus: z.int().nonnegative().max(MAX_KURUS).optional(),
    courier: z
      .string()
      .max(400)
      .refine((name) => checkCourierName(name).ok)
      .optional(),
    branch: z.string().trim().refine(isVisibleId).optional(),
    // An account's short name (issue 29); which one is known only to the app: a name it has none of is refused
    // there (`unknown-account`), as is what is no name at all.
    account: z.string().max(200).optional(),
  })
  .strict()

const FIELD_ERRORS: Record<string, IntakeErrorCode> = {
  payment_key: 'no-order-id',
  shipping_method: 'invalid-shipping-method',
  payment_method: 'invalid-payment-method',
  courier_type: 'invalid-courier-type',
  label: 'invalid-label',
  amount_kurus: 'invalid-amount',
  courier: 'invalid-courier',
  branch: 'invalid-branch',
  account: 'unknown-account',
}

export type IntakeParse<T> = { ok: true; value: T } | { ok: false; code: IntakeErrorCode }

/** The one payment_key in a field or path segment: exactly one id, as the board's own intake finds it (D7). */
export function parsePaymentKey(text: string): IntakeParse<string> {
  if (text.length > MAX_PAYMENT_KEY_TEXT) return { ok: false, code: 'no-order-id' }
  try {
    return { ok: true, value: extractOrderId(text) }
  } catch (error) {
    if (error instanceof AppFailure && error.appError.problem === 'several-order-ids') {
      return { ok: false, code: 'several-order-ids' }
    }
    return { ok: false, code: 'no-order-id' }
  }
}

/** A POS order from parsed JSON; the first problem found decides the code (unknown fields first). */
export function parsePosOrder(json: unknown): IntakeParse<IntakeOrder> {
  // What is not an object fails the schema at its root, which names no field: malformed-json.
  const parsed = PosOrderBody.safeParse(json)
  if (!parsed.success) return { ok: false, code: codeOfIssues(parsed.error.issues) }
  const body = parsed.data
  const key = parsePaymentKey(body.payment_key)
  if (!key.ok) return key
  const details: OrderDetails = {}
  if (body.shipping_method !== undefined) details.shippingMethod = body.shipping_method
  if (body.payment_method !== undefined) details.paymentMethod = body.payment_method
  if (body.courier_type !== undefined) details.courierType = body.courier_type
  if (body.label !== undefined) details.label = body.label
  if (body.amount_kurus !== undefined) details.amountKurus = body.amount_kurus
  if (body.branch !== undefined) details.branch = body.branch
  // `false` changes nothing: an order is not made un-ready.
  const order: IntakeOrder = {
    paymentKey: key.value,
    details,
    ...(body.ready === true ? { ready: true } : {}),
  }
  if (body.courier !== undefined) order.courier = body.courier
  if (body.account !== undefined) order.account = body.account
  return { ok: true, value: order }
}

function codeOfIssues(issues: z.core.$ZodIssue[]): IntakeErrorCode {
  if (issues.some((issue) => issue.code === 'unrecognized_keys')) return 'unknown-field'
  for (const issue of issues) {
    const field = String(issue.path[0])
    if (Object.hasOwn(FIELD_ERRORS, field)) return FIELD_ERRORS[field] as IntakeErrorCode
  }
  return 'malformed-json'
}
