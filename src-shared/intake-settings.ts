import { z } from 'zod'
import { ORDER_SOURCES } from './intake-view.ts'

/**
 * The POS intake's settings (docs/decisions.md D45): the local API's port, whether the API may ask for a
 * hand-over, and the optional drop folder. Saved like the other plain settings; the intake key is a secret
 * and never passes through here.
 */
export const IntakePort = z.int().min(1024).max(65535)

export const IntakeSettings = z.object({
  /** The loopback port the intake API listens on (web mode's `--intake-port` wins for one run). */
  intakePort: IntakePort,
  /** May `POST /v1/orders/{payment_key}/handover` ask for "Kuryeye Verildi"? */
  intakeHandover: z.boolean(),
  /** The folder the POS writes one file per order into; null when there is none. */
  dropFolder: z.string().max(4096).nullable(),
})
export type IntakeSettings = z.infer<typeof IntakeSettings>

export const DEFAULT_INTAKE_PORT = 47810

export const DEFAULT_INTAKE_SETTINGS: IntakeSettings = {
  intakePort: DEFAULT_INTAKE_PORT,
  // The key exists from the first start (made and stored by the app), so the switch starts on (D46).
  intakeHandover: true,
  dropFolder: null,
}

export const OrderSourceSchema = z.enum(ORDER_SOURCES)

/** What Settings shows of the intake: the key (to copy), where the API listens, and what went wrong. */
export const IntakeInfo = z.object({
  key: z.string(),
  /** `http://127.0.0.1:PORT` while the API serves; null otherwise. */
  url: z.string().nullable(),
  port: z.int().min(0).max(65535),
  status: z.enum(['serving', 'port-in-use', 'failed', 'off']),
  dropFolder: z.object({
    folder: z.string().nullable(),
    status: z.enum(['watching', 'failed', 'off']),
  }),
})
export type IntakeInfo = z.infer<typeof IntakeInfo>
