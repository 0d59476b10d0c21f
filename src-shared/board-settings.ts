import { z } from 'zod'

/**
 * How long a handed-over order stays on the board before it leaves by itself (it stays in History): until the
 * day's turn in the platform's time zone, or this many minutes after its hand-over (docs/decisions.md D57).
 */
export const HandedOverStay = z.union([z.literal('day-turn'), z.int().min(5).max(720)])
export type HandedOverStay = z.infer<typeof HandedOverStay>

export const BoardSettings = z.object({ handedOverStay: HandedOverStay })
export type BoardSettings = z.infer<typeof BoardSettings>

export const DEFAULT_BOARD_SETTINGS: BoardSettings = { handedOverStay: 'day-turn' }

/** The choices the Settings screen offers (minutes), besides the day's turn. */
export const HANDED_OVER_STAY_MINUTES = [30, 60, 120, 240] as const
