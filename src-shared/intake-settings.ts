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
  /**
   * Staff confirmed that other accounts may write the drop folder (D69): without it such a folder is refused.
   * Saving another folder clears it unless the same update sets it again.
   */
  dropFolderSharedConfirmed: z.boolean(),
})
export type IntakeSettings = z.infer<typeof IntakeSettings>

export const DEFAULT_INTAKE_PORT = 47810

export const DEFAULT_INTAKE_SETTINGS: IntakeSettings = {
  intakePort: DEFAULT_INTAKE_PORT,
  // The key exists from the first start (made and stored by the app), so the switch starts on (D46).
  intakeHandover: true,
  dropFolder: null,
  dropFolderSharedConfirmed: false,
}

/**
 * Why a drop folder is not watched (D69): the app's data folder or one inside or above it; a system or
 * profile folder (a drive root, home, Desktop, Downloads, the shared temp folder); one other accounts can
 * write, until staff confirm it; a path that is not a folder.
 */
export const DROP_FOLDER_REFUSALS = ['data-folder', 'system-folder', 'shared', 'not-a-folder'] as const
export type DropFolderRefusal = (typeof DROP_FOLDER_REFUSALS)[number]

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
    status: z.enum(['watching', 'refused', 'failed', 'off']),
    /** Why, when `refused`. */
    refusal: z.enum(DROP_FOLDER_REFUSALS).optional(),
  }),
})
export type IntakeInfo = z.infer<typeof IntakeInfo>
