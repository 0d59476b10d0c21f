import { z } from 'zod'

/** Receipt paper widths the courier slip is laid out for (mm). */
export const SlipPaperWidth = z.union([z.literal(80), z.literal(58)])
export type SlipPaperWidth = z.infer<typeof SlipPaperWidth>

/**
 * The all-day companion and the courier slip (docs/decisions.md D50–D54). The printer and "print without
 * asking" only mean something in the desktop app; web mode prints through the browser's own dialog.
 */
export const AllDaySettings = z.object({
  /** The OS's notifications (web mode: the browser's, if allowed) for hand-overs that need staff. */
  notifications: z.boolean(),
  /** Start with the computer, hidden in the tray (desktop app; per user, no administrator rights). */
  startWithComputer: z.boolean(),
  /** The printer's name as the OS lists it; null: the system's default printer. */
  slipPrinter: z.string().max(256).nullable(),
  slipPaperWidth: SlipPaperWidth,
  /** Print straight to the chosen printer, without the print dialog's preview (desktop app). */
  printWithoutAsking: z.boolean(),
  /** Print the slip by itself right after a successful hand-over. */
  printAfterHandover: z.boolean(),
})
export type AllDaySettings = z.infer<typeof AllDaySettings>

export const DEFAULT_ALL_DAY_SETTINGS: AllDaySettings = {
  notifications: true,
  startWithComputer: false,
  slipPrinter: null,
  slipPaperWidth: 80,
  printWithoutAsking: false,
  printAfterHandover: false,
}

/** The all-day fields an update carries (checked already by the contract), for the settings store to apply. */
export function allDayUpdate(update: {
  [K in keyof AllDaySettings]?: AllDaySettings[K] | undefined
}): Partial<AllDaySettings> {
  const picked: Partial<AllDaySettings> = {}
  for (const key of Object.keys(AllDaySettings.shape) as (keyof AllDaySettings)[]) {
    if (update[key] !== undefined) Object.assign(picked, { [key]: update[key] })
  }
  return picked
}
