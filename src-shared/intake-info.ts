import { z } from 'zod'

/**
 * Why a drop folder is not watched (D69, issue 27): the app's data folder or one inside or above it; a system or
 * profile folder (a drive root, home, Desktop, Downloads, the shared temp folder); one other accounts can
 * write, until staff confirm it; one whose parent they can write, unless the app created it; a path that is not
 * a folder; and, once watched, a folder that is no longer the one checked (swapped for a link or another
 * folder): nothing more is taken from it.
 */
const DROP_FOLDER_REFUSALS = [
  'data-folder',
  'system-folder',
  'shared',
  'shared-parent',
  'not-a-folder',
  'changed',
] as const
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
