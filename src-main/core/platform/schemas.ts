// The platform's answers, on the fields the app uses (D6). `z.object` drops unknown fields, so a platform that
// adds fields keeps working; a platform that changes or loses one we use is an "unexpected answer", never a crash.
import { z } from 'zod'

/**
 * Identifiers, names and tokens must be present and not blank. We do not insist on the UUID format the spec gives
 * branch ids: the app only shows and compares them, so a platform that moves to another id format should not take
 * the branch list down with it. A blank id or name, though, is unusable and is refused.
 */
const text = z.string().regex(/\S/, 'must not be blank')

export const loginAnswerSchema = z.object({
  status: z.literal(true),
  data: z.object({
    access_token: text,
    // Kept as written: the session layer parses `YYYY-MM-DD HH:MM:SS` in the platform's time zone and falls back
    // to received-at + 24 h when it cannot (D2), so a format drift must not make login fail here.
    expiration_date: text,
  }),
})

const branchSchema = z.object({ id: text, name: text })
export type Branch = z.infer<typeof branchSchema>

export const branchesAnswerSchema = z.object({
  status: z.literal(true),
  data: z.array(branchSchema),
})

/** Payment and shipping methods share this shape. Keys beyond the spec's list are allowed (D6). */
const methodSchema = z.object({ key: text, name: text })
export type Method = z.infer<typeof methodSchema>

export const variablesAnswerSchema = z.object({
  status: z.literal(true),
  data: z.object({
    paymentMethod: z.array(methodSchema),
    shippingMethod: z.array(methodSchema),
  }),
})

/** Only `status: true` with `data: "OK"` means the order was handed over (D5). */
export const onTheWayAnswerSchema = z.object({
  status: z.literal(true),
  data: z.literal('OK'),
})

export const errorEnvelopeSchema = z.object({
  status: z.literal(false),
  error: text,
  // The message is a courtesy: a non-string one is dropped rather than costing us the error code beside it.
  message: z.string().optional().catch(undefined),
})
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>
