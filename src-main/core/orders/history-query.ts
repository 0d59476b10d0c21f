// History read from disk when asked, one day at a time (docs/decisions.md D55): the archive's file for that day
// plus the results the journal still holds, folded into one row per order. Nothing of it stays in memory.
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
    byDay.set(day, [...(byDay.get(day) ?? []), record])
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
  for (const entry of entries)
    byOrder.set(entry.paymentKey, [...(byOrder.get(entry.paymentKey) ?? []), entry])
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
