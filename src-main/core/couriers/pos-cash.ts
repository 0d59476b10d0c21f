// `POST /v1/couriers/cash` (issue 28, docs/intake-api.md): the POS owns the cash drawer, so it records a
// courier's cash movements too. Checked here, field by field, so each refusal names its field; recorded by the
// ledger under the POS's request id, so the same request again answers the first record and writes nothing.
import { z } from 'zod'
import { checkCashNote, checkCourierName } from '../../../src-shared/courier-rules.ts'
import { MovementKind } from '../../../src-shared/couriers.ts'
import { MAX_KURUS } from '../../../src-shared/money.ts'

/** The POS's request id: 16 to 64 of A–Z a–z 0–9 _ -. */
const POS_REQUEST_ID = /^[A-Za-z0-9_-]{16,64}$/

/** The ledger keeps the POS's ids apart from the app's own (UUIDs made per press): no collision across them. */
export function posRecordId(requestId: string): string {
  return `pos:${requestId}`
}

export interface PosCash {
  requestId: string
  courier: string
  kind: MovementKind
  amountKurus: number
  note?: string | undefined
}

export type PosCashProblem =
  | 'unknown-field'
  | 'invalid-request-id'
  | 'invalid-courier'
  | 'invalid-kind'
  | 'invalid-cash-amount'
  | 'invalid-note'

const Body = z
  .object({
    request_id: z.unknown(),
    courier: z.unknown(),
    kind: z.unknown(),
    amount_kurus: z.unknown(),
    note: z.unknown().optional(),
  })
  .strict()

/** The body checked, or the first field that is wrong (an unknown field first: nothing else is read then). */
export function parsePosCash(
  body: unknown,
): { ok: true; value: PosCash } | { ok: false; problem: PosCashProblem } {
  const parsed = Body.safeParse(body)
  if (!parsed.success) {
    const unknown = parsed.error.issues.some((issue) => issue.code === 'unrecognized_keys')
    if (unknown) return { ok: false, problem: 'unknown-field' }
  }
  const fields = (body ?? {}) as Record<string, unknown>
  const { request_id: requestId, courier, kind, amount_kurus: amountKurus, note } = fields
  if (typeof requestId !== 'string' || !POS_REQUEST_ID.test(requestId)) {
    return { ok: false, problem: 'invalid-request-id' }
  }
  if (typeof courier !== 'string' || !checkCourierName(courier).ok)
    return { ok: false, problem: 'invalid-courier' }
  const movement = MovementKind.safeParse(kind)
  if (!movement.success) return { ok: false, problem: 'invalid-kind' }
  if (
    typeof amountKurus !== 'number' ||
    !Number.isSafeInteger(amountKurus) ||
    amountKurus < 1 ||
    amountKurus > MAX_KURUS
  ) {
    return { ok: false, problem: 'invalid-cash-amount' }
  }
  let checkedNote: string | undefined
  if (note !== undefined) {
    const line = typeof note === 'string' ? checkCashNote(note) : undefined
    if (!line?.ok) return { ok: false, problem: 'invalid-note' }
    checkedNote = line.note
  }
  return { ok: true, value: { requestId, courier, kind: movement.data, amountKurus, note: checkedNote } }
}

/** The record as the API answers it: snake_case, kuruş. */
export interface PublicCashRecord {
  request_id: string
  courier: string
  kind: MovementKind
  amount_kurus: number
  note?: string
  day: string
  at: string
}
