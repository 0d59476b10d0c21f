// Where the courier ledger's records live (docs/decisions.md D65). The journal (`courier-ledger.jsonl`) holds the
// couriers themselves and the last two days' records; at each day's turn older records move to day files
// (`courier-days/YYYY-MM-DD.jsonl`), the same HistoryArchive the outbox's History uses, so a past day's
// settlement is read from disk when asked and nothing of the months stays in memory. Crash-safe the way the
// outbox's compaction is (D55): the day files are appended and flushed first (a seq they already hold is not
// added again), then the journal is replaced atomically.
import type { HistoryArchive } from '../storage/history-archive.ts'
import type { Journal } from '../storage/journal.ts'
import { HISTORY_RETENTION_DAYS } from '../orders/journal-compaction.ts'
import { dayBefore, dayOf } from '../time/platform-day.ts'
import { dayOfRecord, highestSeq, LedgerRecord, SeqMark } from './courier-records.ts'

/** The journal keeps today's and yesterday's records: the board's orders and the cash of a shift past midnight. */
const LIVE_DAYS = 2

/**
 * Who carried a package is read from this many days before the package's day (a hand-over the platform
 * confirmed only after a long outage) and, after it, for corrections staff make the next days.
 */
const ASSIGNMENT_DAYS_BEFORE = 7
const ASSIGNMENT_DAYS_AFTER = 2

/** Day files are kept long enough that the oldest day History keeps can still be settled. */
export const LEDGER_RETENTION_DAYS = HISTORY_RETENTION_DAYS + ASSIGNMENT_DAYS_BEFORE

export interface LedgerFiles {
  journal: Journal
  archive: HistoryArchive
}

/**
 * Moves the records of days before yesterday to their day files, and rewrites the journal with the roster,
 * the last two days and a seq mark. Throws if a write fails; the journal as it was is then still whole.
 */
export function compactLedger(files: LedgerFiles, timeZone: string, now: number): void {
  const { journal, archive } = files
  const raw = journal.read()
  const firstLive = dayBefore(dayOf(now, timeZone), LIVE_DAYS - 1)
  const oldestKept = dayBefore(dayOf(now, timeZone), LEDGER_RETENTION_DAYS)
  const byDay = new Map<string, LedgerRecord[]>()
  const kept: unknown[] = []
  const seen = new Set<string>()
  for (const item of raw) {
    if (SeqMark.safeParse(item).success) continue
    const parsed = LedgerRecord.safeParse(item)
    // A record written twice under one id is one record (the first stands, as the ledger reads it).
    if (parsed.success && seen.has(parsed.data.id)) continue
    if (parsed.success) seen.add(parsed.data.id)
    // A record this version cannot read stays as it is: a newer version of the app may know what it means.
    const day = parsed.success ? dayOfRecord(parsed.data, timeZone) : undefined
    if (!parsed.success || day === undefined || day >= firstLive) kept.push(item)
    else byDay.set(day, [...(byDay.get(day) ?? []), parsed.data])
  }
  if (byDay.size > 0) {
    // A day already past the retention (the app was not run for months) is forgotten just below.
    for (const [day, records] of byDay) archive.add(day, records)
    journal.replace([{ type: 'seq-mark', seq: highestSeq(raw) }, ...kept])
  }
  archive.removeBefore(oldestKept)
}

/**
 * Every record that can bear on `day`'s settlement, read from disk now: the day files from a week before to
 * two days after, and the journal. Copies (a compaction a crash cut short) are read once by their id.
 */
export function rawRecordsAround(files: LedgerFiles, day: string): unknown[] {
  return [...daysAround(day).flatMap((held) => files.archive.read(held)), ...files.journal.read()]
}

/** The days whose files can bear on `day`'s settlement: a week before to two days after. */
export function daysAround(day: string): string[] {
  return Array.from({ length: ASSIGNMENT_DAYS_BEFORE + 1 + ASSIGNMENT_DAYS_AFTER }, (_, index) =>
    dayBefore(day, ASSIGNMENT_DAYS_BEFORE - index),
  )
}
