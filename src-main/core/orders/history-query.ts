// History read from disk when asked, one day at a time (docs/decisions.md D55): the archive's file for that day
// plus the results the journal still holds, folded into one row per order. Only the day the courier's day-end
// settles after each result stays in memory (KeptDayHistory); the screens' pages are read from disk.
import type { HistoryQuery } from '../../../src-shared/contract.ts'
import type {
  AttemptResult,
  HistoryEntry,
  HistoryPage,
  HistoryStateFilter,
  OrderHistory,
} from '../../../src-shared/domain.ts'
import type { HistoryArchive } from '../storage/history-archive.ts'
import type { Journal } from '../storage/journal.ts'
import { dayOf } from '../time/platform-day.ts'
import { historyEntryOf, ResultRecord } from './outbox-journal.ts'

export interface HistorySource {
  journal: Journal
  archive: HistoryArchive
  timeZone: () => string
  /** Whose the results journalled before accounts are (issue 29). */
  firstAccount?: string | undefined
}

/** Results after which the outbox still acts by itself; every other result is a final word. */
const IN_PROGRESS: ReadonlySet<AttemptResult> = new Set(['will-retry', 'waiting-for-sign-in', 'interrupted'])

function matches(result: AttemptResult, filter: HistoryStateFilter | undefined): boolean {
  if (filter === undefined) return true
  return filter === 'in-progress' ? IN_PROGRESS.has(result) : result === filter
}

function resultsIn(raw: readonly unknown[]): ResultRecord[] {
  const results: ResultRecord[] = []
  for (const item of raw) {
    const parsed = ResultRecord.safeParse(item)
    if (parsed.success) results.push(parsed.data)
  }
  return results
}

/** The journal's results by day: the part of the history not archived yet. */
function journalResultsByDay(source: HistorySource): Map<string, ResultRecord[]> {
  const byDay = new Map<string, ResultRecord[]>()
  const zone = source.timeZone()
  for (const record of resultsIn(source.journal.read())) {
    const day = dayOf(Date.parse(record.at), zone)
    const results = byDay.get(day)
    if (results) results.push(record)
    else byDay.set(day, [record])
  }
  return byDay
}

/** A day's entries, oldest first, each once (a crash mid-compaction can leave a result in both places). */
function entriesOf(source: HistorySource, day: string, fromJournal: ResultRecord[]): HistoryEntry[] {
  const bySeq = new Map<number, ResultRecord>()
  for (const record of [...resultsIn(source.archive.read(day)), ...fromJournal]) bySeq.set(record.seq, record)
  return [...bySeq.values()]
    .sort((a, b) => a.seq - b.seq)
    .map((record) => historyEntryOf(record, source.firstAccount))
}

/** One row per order: its attempts of the day folded inside, the latest order first. */
function foldByOrder(entries: readonly HistoryEntry[]): OrderHistory[] {
  const byOrder = new Map<string, HistoryEntry[]>()
  for (const entry of entries) {
    const attempts = byOrder.get(entry.paymentKey)
    if (attempts) attempts.push(entry)
    else byOrder.set(entry.paymentKey, [entry])
  }
  const rows = [...byOrder.entries()].map(([paymentKey, attempts]): OrderHistory => {
    const last = attempts[attempts.length - 1] as HistoryEntry
    const label = attempts.findLast((entry) => entry.label !== undefined)?.label
    return {
      paymentKey,
      ...(last.account === undefined ? {} : { account: last.account }),
      result: last.result,
      at: last.at,
      attempts,
      ...(label === undefined ? {} : { label }),
    }
  })
  return rows.sort((a, b) => (a.attempts.at(-1)?.seq ?? 0) - (b.attempts.at(-1)?.seq ?? 0)).reverse()
}

/** One page of one day's history, read from disk now. */
export function historyPage(source: HistorySource, query: HistoryQuery): HistoryPage {
  const fromJournal = journalResultsByDay(source)
  const days = daysOf(source, fromJournal)
  const day = query.day ?? days[0] ?? null
  if (day === null) return { day, days, orders: [], nextOffset: null, total: 0 }
  const rows = foldByOrder(entriesOf(source, day, fromJournal.get(day) ?? [])).filter(
    (row) =>
      matches(row.result, query.state) && (query.account === undefined || row.account === query.account),
  )
  const offset = query.offset ?? 0
  const orders = rows.slice(offset, offset + query.limit)
  const next = offset + orders.length
  return { day, days, orders, nextOffset: next < rows.length ? next : null, total: rows.length }
}

/**
 * One day's results, oldest first, and every day with history, newest first: what the courier day-end settles
 * (D65). Read from disk now, the journal once: this runs after each hand-over's result.
 */
export function dayHistory(source: HistorySource, day: string): { entries: HistoryEntry[]; days: string[] } {
  const fromJournal = journalResultsByDay(source)
  return { entries: entriesOf(source, day, fromJournal.get(day) ?? []), days: daysOf(source, fromJournal) }
}

/**
 * The day History was last asked for, read from disk once and then followed by each result as the outbox writes
 * it: the courier's day-end settles today after every hand-over's result, and reading a busy day's journal again
 * each time made a rush cost the square of its size (bench 7). What it answers is what `dayHistory` would read.
 */
export class KeptDayHistory {
  #kept:
    | { day: string; zone: string; firstAccount: string | undefined; entries: HistoryEntry[]; days: string[] }
    | undefined

  read(source: HistorySource, day: string): { entries: HistoryEntry[]; days: string[] } {
    const zone = source.timeZone()
    let kept = this.#kept
    if (!kept || kept.day !== day || kept.zone !== zone || kept.firstAccount !== source.firstAccount) {
      kept = { day, zone, firstAccount: source.firstAccount, ...dayHistory(source, day) }
      this.#kept = kept
    }
    // Copies: the kept lists grow with each result, and what a caller holds is the day as it was asked.
    return { entries: [...kept.entries], days: [...kept.days] }
  }

  /** A result the journal took. */
  follow(record: ResultRecord): void {
    const kept = this.#kept
    if (!kept) return
    const day = dayOf(Date.parse(record.at), kept.zone)
    if (!kept.days.includes(day)) kept.days = [...kept.days, day].sort().reverse()
    if (day === kept.day) kept.entries.push(historyEntryOf(record, kept.firstAccount))
  }

  /** What is on disk may differ from what was followed (a write that failed, a compaction's pruning). */
  forget(): void {
    this.#kept = undefined
  }
}

/** Every attempt of every day kept, newest first: for the CSV, read from disk now. */
export function allHistoryNewestFirst(source: HistorySource): HistoryEntry[] {
  const fromJournal = journalResultsByDay(source)
  return daysOf(source, fromJournal).flatMap((day) =>
    entriesOf(source, day, fromJournal.get(day) ?? []).reverse(),
  )
}

/** Every day with history (the archive's and the journal's not yet archived), newest first. */
function daysOf(source: HistorySource, fromJournal: ReadonlyMap<string, unknown>): string[] {
  return [...new Set([...source.archive.days(), ...fromJournal.keys()])].sort().reverse()
}
