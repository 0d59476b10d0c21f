import type { Clock } from '../ports.ts'
import { wallClockAt } from './wall-clock.ts'

/** The calendar day `YYYY-MM-DD` at `instant` in `timeZone`: what "today" means for the board and History. */
export function dayOf(instant: number, timeZone: string): string {
  const wall = wallClockAt(instant, timeZone)
  const two = (value: number) => String(value).padStart(2, '0')
  return `${String(wall.year)}-${two(wall.month)}-${two(wall.day)}`
}

/**
 * Milliseconds from `instant` to the next midnight in `timeZone`, read off the wall clock. On a day a DST change
 * shortens or lengthens, this is off by the change; whoever waits on it checks `dayOf` again when it fires.
 */
function msUntilNextDay(instant: number, timeZone: string): number {
  return Math.max(1000, 24 * 60 * 60 * 1000 - msSinceDayStart(instant, timeZone))
}

/**
 * Calls `onTurn` at each midnight in the platform's time zone (read again at each turn, as Settings may change it)
 * until the returned function cancels it: the journals' daily compaction.
 */
export function onEachDayTurn(clock: Clock, timeZone: () => string, onTurn: () => void): () => void {
  let cancel = () => {}
  let stopped = false
  const schedule = () => {
    cancel = clock.setTimer(msUntilNextDay(clock.now(), timeZone()), () => {
      if (stopped) return
      onTurn()
      schedule()
    })
  }
  schedule()
  return () => {
    stopped = true
    cancel()
  }
}

/** Milliseconds from the last midnight in `timeZone` to `instant`, read off the wall clock. */
export function msSinceDayStart(instant: number, timeZone: string): number {
  const wall = wallClockAt(instant, timeZone)
  return ((wall.hour * 60 + wall.minute) * 60 + wall.second) * 1000 + (instant % 1000)
}

/** The day `days` days before `day` (both `YYYY-MM-DD`), for a retention in whole days. */
export function dayBefore(day: string, days: number): string {
  const at = Date.parse(`${day}T12:00:00Z`) - days * 24 * 60 * 60 * 1000
  return new Date(at).toISOString().slice(0, 10)
}

/**
 * Whether `text` is a calendar day written `YYYY-MM-DD` (2026-02-30 and 2026-13-01 are not): what a caller's
 * day is checked with before it names a file or a settlement.
 */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
  const noon = Date.parse(`${text}T12:00:00Z`)
  return Number.isFinite(noon) && new Date(noon).toISOString().startsWith(text)
}
