// Keeping the outbox's journal small on a till that runs for months (docs/decisions.md D55). The results of
// settled actions move to the history archive, one file per day in the platform's time zone; the journal keeps
// only what is still owed. Crash-safe in this order: the archive's append is flushed first, then the journal is
// rewritten (write-new + fsync + rename). A crash between the two leaves the results in both, and the archive
// skips a result it already holds (the same seq) when the compaction runs again; a crash in either write leaves
// that file as it was.
import { describeThrown } from '../app-failure.ts'
import type { Logger } from '../ports.ts'
import type { HistoryArchive } from '../storage/history-archive.ts'
import type { Journal } from '../storage/journal.ts'
import { dayBefore, dayOf } from '../time/platform-day.ts'
import {
  isSettled,
  JournalRecord,
  replayJournal,
  type JournalReplay,
  type ResultRecord,
} from './outbox-journal.ts'

/** History is kept this many days (the archive's older days are removed when the journal is compacted). */
export const HISTORY_RETENTION_DAYS = 180

/** The journal is compacted while running once it holds this many bytes, and at every day's turn. */
export const COMPACT_AT_BYTES = 512 * 1024

export interface CompactionDeps {
  journal: Journal
  archive: HistoryArchive
  timeZone: string
  now: number
}

/** Moves settled actions' results to the archive and rewrites the journal without them. Throws if a write fails. */
export function compactIntoArchive({ journal, archive, timeZone, now }: CompactionDeps): JournalReplay {
  const raw = journal.read()
  const replay = replayJournal(raw)
  // An order's latest action only: an `unconfirmed` one pressed again over is no longer waiting for a check.
  const latest = new Map(replay.actions.map((action) => [action.paymentKey, action]))
  const live = new Set([...latest.values()].filter((action) => !isSettled(action)).map((action) => action.id))
  const byDay = new Map<string, ResultRecord[]>()
  for (const record of replay.results) {
    if (live.has(record.action)) continue
    const day = dayOf(Date.parse(record.at), timeZone)
    byDay.set(day, [...(byDay.get(day) ?? []), record])
  }
  const oldest = dayBefore(dayOf(now, timeZone), HISTORY_RETENTION_DAYS)
  // Stryker disable next-line ConditionalExpression: equivalent, removeBefore(oldest) below drops such a day at once
  for (const [day, records] of byDay) if (day >= oldest) archive.add(day, records)
  const kept = raw.filter((item) => {
    const parsed = JournalRecord.safeParse(item)
    // Kept as they are: a newer version of the app may know what they mean.
    return !parsed.success || live.has(parsed.data.action)
  })
  if (kept.length < raw.length) journal.replace(kept)
  archive.removeBefore(oldest)
  return replay
}

/**
 * The journal as the outbox opens it: compacted first (a failure to compact costs nothing, the journal as it
 * was is still whole), replayed from what was read, and the next history seq after everything either holds.
 */
export function openCompacted(deps: CompactionDeps, log: Logger): { replay: JournalReplay; nextSeq: number } {
  let replay: JournalReplay
  try {
    replay = compactIntoArchive(deps)
  } catch (error) {
    log.warn('outbox: could not compact the journal', { error: describeThrown(error) })
    replay = replayJournal(deps.journal.read())
  }
  if (replay.unreadable > 0) {
    log.warn('outbox: journal records it cannot read were left alone', { count: replay.unreadable })
  }
  const archivedSeq = newestArchivedSeq(deps.archive)
  const journalSeq = replay.results.reduce((max, record) => Math.max(max, record.seq), -1)
  return { replay, nextSeq: Math.max(archivedSeq, journalSeq) + 1 }
}

/** Seqs only grow: the newest day's highest is the highest the archive holds. */
function newestArchivedSeq(archive: HistoryArchive): number {
  const newest = archive.days()[0]
  // Stryker disable next-line ConditionalExpression: equivalent, an archive reads no records for a day it lacks
  if (newest === undefined) return -1
  let max = -1
  for (const item of archive.read(newest)) {
    const parsed = JournalRecord.safeParse(item)
    if (parsed.success && parsed.data.type === 'result') max = Math.max(max, parsed.data.seq)
  }
  return max
}
