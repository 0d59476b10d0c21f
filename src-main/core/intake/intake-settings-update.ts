/**
 * What an update of the intake's settings means once the contract's schema has passed it (port range, types):
 * the drop folder is trimmed, an empty one means "none", and a relative path is refused, as it would depend on
 * where the app happened to start (refused as `malformed`; Settings says a full path is needed). Which folders
 * may be watched is the drop folder's own check (drop-folder.ts, D69), made where it is watched.
 */
import { isAbsolute } from 'node:path'
import type { SettingsUpdate } from '../../../src-shared/contract.ts'
import type { IntakeSettings } from '../../../src-shared/intake-settings.ts'
import { invalidInput } from '../app-failure.ts'

export function intakeUpdate(update: SettingsUpdate): Partial<IntakeSettings> {
  const next: Partial<IntakeSettings> = {}
  if (update.intakePort !== undefined) next.intakePort = update.intakePort
  if (update.intakeHandover !== undefined) next.intakeHandover = update.intakeHandover
  if (update.dropFolder !== undefined) {
    const folder = update.dropFolder?.trim() ?? ''
    if (folder !== '' && !isAbsolute(folder)) throw invalidInput('malformed')
    next.dropFolder = folder === '' ? null : folder
  }
  // Staff's "other accounts may write it" holds for the folder it was given with (D69): naming a folder again
  // without it takes it back.
  if (update.dropFolder !== undefined || update.dropFolderSharedConfirmed !== undefined)
    next.dropFolderSharedConfirmed = update.dropFolderSharedConfirmed ?? false
  return next
}
