import { z } from 'zod'

/**
 * Why a drop folder is not watched (D69): the app's data folder or one inside or above it; a system or
 * profile folder (a drive root, home, Desktop, Downloads, the shared temp folder); one other accounts can
 * write, until staff confirm it; a path that is not a folder.
 */
const DROP_FOLDER_REFUSALS = ['data-folder', 'system-folder', 'shared', 'not-a-folder'] as const
export type DropFolderRefusal = (typeof DROP_FOLDER_REFUSALS)[number]

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
