import { z } from 'zod'

/**
 * The rush board's settings (docs/decisions.md D40, D43): how long `Kuryeye Verildi` can be taken back before
 * anything is sent, and the comfort choices of the till (text size, theme, short sounds).
 */
export const RushSettings = z.object({
  /** Seconds between the press and the first send, during which `Geri al` takes it back; 0 sends at once. */
  undoWindowSeconds: z.int().min(0).max(10),
  textSize: z.enum(['normal', 'large']),
  theme: z.enum(['light', 'dark']),
  /** Short beeps on a read scan, on a failure and on a hand-over. */
  sounds: z.boolean(),
})
export type RushSettings = z.infer<typeof RushSettings>

export const DEFAULT_RUSH_SETTINGS: RushSettings = {
  undoWindowSeconds: 5,
  textSize: 'normal',
  theme: 'light',
  sounds: false,
}

/** The rush fields a settings update sets (the others are left as they are). */
export function rushUpdate(update: {
  [K in keyof RushSettings]?: RushSettings[K] | undefined
}): Partial<RushSettings> {
  const changed: Partial<RushSettings> = {}
  if (update.undoWindowSeconds !== undefined) changed.undoWindowSeconds = update.undoWindowSeconds
  if (update.textSize !== undefined) changed.textSize = update.textSize
  if (update.theme !== undefined) changed.theme = update.theme
  if (update.sounds !== undefined) changed.sounds = update.sounds
  return changed
}
