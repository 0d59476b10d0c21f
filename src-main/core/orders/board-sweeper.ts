// Handed-over orders leave the board by themselves (docs/decisions.md D57), so a till that runs for months
// never shows, holds or rewrites months of orders; they stay in History.
import type { HandedOverStay } from '../../../src-shared/domain.ts'
import type { Clock } from '../ports.ts'
import { msSinceDayStart } from '../time/platform-day.ts'
import type { OrderBoard } from './order-board.ts'

/** How often the board is checked: a minute late is soon enough for an order that is already done. */
export const SWEEP_EVERY_MS = 60_000

export interface SweepDeps {
  board: Pick<OrderBoard, 'removeHandedOver'>
  clock: Clock
  timeZone: () => string
  stay: () => HandedOverStay
}

/**
 * The moment before which a hand-over has stayed long enough at `now`: the last midnight in the platform's time
 * zone, or `stay` minutes ago. One wall-clock reading per sweep, however many orders the board holds.
 */
function leaveBefore(now: number, stay: HandedOverStay, timeZone: string): number {
  if (stay === 'day-turn') return now - msSinceDayStart(now, timeZone)
  return now - stay * 60_000 + 1
}

/** Whether an order handed over at `handedOverAt` has stayed long enough at `now`. */
export function hasStayedLongEnough(
  handedOverAt: number,
  now: number,
  stay: HandedOverStay,
  timeZone: string,
): boolean {
  return handedOverAt < leaveBefore(now, stay, timeZone)
}

/** Sweeps once now and then every SWEEP_EVERY_MS; returns the function that stops it. */
export function sweepHandedOver({ board, clock, timeZone, stay }: SweepDeps): () => void {
  let cancel: () => void = () => undefined
  let stopped = false
  const sweep = () => {
    if (stopped) return
    const cutoff = leaveBefore(clock.now(), stay(), timeZone())
    board.removeHandedOver((at) => at < cutoff)
    cancel = clock.setTimer(SWEEP_EVERY_MS, sweep)
  }
  sweep()
  return () => {
    stopped = true
    cancel()
  }
}
