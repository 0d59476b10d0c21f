// Handed-over orders leave the board by themselves (docs/decisions.md D57), so a till that runs for months
// never shows, holds or rewrites months of orders; they stay in History.
import type { HandedOverStay } from '../../../src-shared/board-settings.ts'
import type { Clock } from '../ports.ts'
import { dayOf } from '../time/platform-day.ts'
import type { OrderBoard } from './order-board.ts'

/** How often the board is checked: a minute late is soon enough for an order that is already done. */
export const SWEEP_EVERY_MS = 60_000

export interface SweepParts {
  board: Pick<OrderBoard, 'removeHandedOver'>
  clock: Clock
  timeZone: () => string
  stay: () => HandedOverStay
}

/** Whether an order handed over at `handedOverAt` has stayed long enough at `now`. */
export function hasStayedLongEnough(
  handedOverAt: number,
  now: number,
  stay: HandedOverStay,
  timeZone: string,
): boolean {
  if (stay === 'day-turn') return dayOf(handedOverAt, timeZone) < dayOf(now, timeZone)
  return now - handedOverAt >= stay * 60_000
}

/** Sweeps once now and then every SWEEP_EVERY_MS; returns the function that stops it. */
export function sweepHandedOver({ board, clock, timeZone, stay }: SweepParts): () => void {
  let cancel: () => void = () => undefined
  let stopped = false
  const sweep = () => {
    if (stopped) return
    const now = clock.now()
    const zone = timeZone()
    const rule = stay()
    board.removeHandedOver((at) => hasStayedLongEnough(at, now, rule, zone))
    cancel = clock.setTimer(SWEEP_EVERY_MS, sweep)
  }
  sweep()
  return () => {
    stopped = true
    cancel()
  }
}
