import { z } from 'zod'
import type { Settings } from './domain.ts'

/**
 * What needs staff, as the core computes it once and pushes it (`attentionChanged`, docs/decisions.md D70): the
 * board's alarm style and counts, the tray, the badge, the title, the notifications and the alarm sound all
 * read this one value.
 */

/** Why an order needs a hand. */
export const AttentionReason = z.enum(['failed', 'unconfirmed', 'retrying-too-long', 'waiting-too-long'])
export type AttentionReason = z.infer<typeof AttentionReason>

/**
 * Whether the alarm sounds for an order: `ringing` until someone acts; `silenced` by **Sessize al**; `quiet` when
 * it needs staff but does not ring (it was so when the app started, sending is paused, or its reason does not
 * ring: retrying by itself, unconfirmed for less than a few minutes).
 */
export const AlarmState = z.enum(['ringing', 'silenced', 'quiet'])
export type AlarmState = z.infer<typeof AlarmState>

export const AttentionOrder = z.object({
  paymentKey: z.string(),
  reason: AttentionReason,
  /** When this crossing began (the limit passed, the hand-over failed…): one crossing, one notification. */
  since: z.iso.datetime(),
  alarm: AlarmState,
  /** It needed staff already when the app started: summed up in one line, never rung or notified. */
  atStart: z.boolean(),
  /** Its account's short name, with two accounts or more (issue 29): the notification says whose it is. */
  account: z.string().optional(),
})
export type AttentionOrder = z.infer<typeof AttentionOrder>

export const Attention = z.object({
  /** The orders that need staff, in the board's order. */
  orders: z.array(AttentionOrder),
  /** A live session ended by the platform's refusal: owed hand-overs cannot be sent until staff sign in. */
  sessionLost: z.boolean(),
  /**
   * With two accounts or more (issue 29): the short names of the accounts whose sessions the platform ended, each
   * counted; their orders wait. Absent with one account, or when none is lost.
   */
  lostAccounts: z.array(z.string()).optional(),
  /** Another program holds the POS intake's port: the POS cannot reach the app. */
  intakePortTaken: z.boolean(),
  /** The drop folder was swapped after it was checked: nothing more is taken from it (issue 27). Absent: no. */
  dropFolderChanged: z.boolean().optional(),
  /** Sending is paused with **Duraklat**: nothing rings meanwhile. */
  paused: z.boolean(),
  /** Orders that crossed their waiting limit while the app was closed and still wait (one summary line). */
  crossedWhileClosed: z.int().nonnegative(),
  /** How many things need staff: the orders, a lost session, a taken port (the title's and the badge's number). */
  count: z.int().nonnegative(),
  /** The alarm sound plays now: some order rings and the setting allows the sound. */
  sound: z.boolean(),
  /** Goes up by one at each ring (the first, and every ALARM_REPEAT_MS while it lasts): play once per value. */
  ring: z.int().nonnegative(),
})
export type Attention = z.infer<typeof Attention>

export const NO_ATTENTION: Attention = {
  orders: [],
  sessionLost: false,
  intakePortTaken: false,
  dropFolderChanged: false,
  paused: false,
  crossedWhileClosed: 0,
  count: 0,
  sound: false,
  ring: 0,
}

/** The waiting limits and the alarm (Settings → "Bekleyen siparişler"; the schema is Settings'). */
export type AttentionSettings = Pick<Settings, 'waitingLimitMinutes' | 'readyLimitMinutes' | 'alarmSound'>
