import type { Attempt, CoreHandlers } from '../core-handlers.ts'
import { ok } from '../core-handlers.ts'
import { changeSettings, type SettingsChangeParts } from './settings-change.ts'

/** Reading and changing the settings; what a change implies lives in settings-change.ts. */
export function settingsHandlers(
  parts: SettingsChangeParts & { attempt: Attempt },
): Pick<CoreHandlers, 'getSettings' | 'updateSettings'> {
  return {
    getSettings: () => ok(parts.settings.get()),
    updateSettings: (update) => parts.attempt(() => changeSettings(parts, update)),
  }
}
