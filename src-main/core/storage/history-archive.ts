// Where settled hand-over results go when the outbox compacts its journal: one JSON-lines file per day (the
// platform's time zone), so the journal stays small, nothing of the history is held in memory, and the History
// screen reads one day from disk when asked (docs/decisions.md D55).
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { FileJournal } from './file-journal.ts'
import { isErrorWithCode } from './durable-files.ts'
import type { Logger } from '../ports.ts'
import { silentLogger } from '../ports.ts'

/** A day as `YYYY-MM-DD`. */
const DAY = /^\d{4}-\d{2}-\d{2}$/

/** A record the archive can tell apart from its copies: the outbox's results carry a unique `seq`. */
export interface ArchivedRecord {
  seq: number
}

export interface HistoryArchive {
  /**
   * Adds records to a day, durably when this returns. Records the day already holds (the same `seq`) are not
   * added again: a compaction a crash cut off between the archive and the journal's rewrite is simply redone.
   */
  add(day: string, records: readonly ArchivedRecord[]): void
  /** A day's records, in the order they were added; none for a day it does not hold. */
  read(day: string): unknown[]
  /** The days it holds, newest first. */
  days(): string[]
  /** Forgets the days before `day` (the retention). */
  removeBefore(day: string): void
}

function seqOf(record: unknown): number | undefined {
  if (typeof record !== 'object' || record === null || !('seq' in record)) return undefined
  return typeof record.seq === 'number' ? record.seq : undefined
}

function newOnly(existing: readonly unknown[], records: readonly ArchivedRecord[]): ArchivedRecord[] {
  const known = new Set(existing.map(seqOf))
  return records.filter((record) => !known.has(record.seq))
}

/** The archive as files `history/YYYY-MM-DD.jsonl` in the data folder, each written like the journal. */
export class FileHistoryArchive implements HistoryArchive {
  readonly #folder: string
  readonly #log: Logger

  constructor(folder: string, log: Logger = silentLogger) {
    this.#folder = folder
    this.#log = log
  }

  add(day: string, records: readonly ArchivedRecord[]): void {
    const journal = this.#open(day)
    try {
      journal.appendMany(newOnly(journal.read(), records))
    } finally {
      journal.close()
    }
  }

  read(day: string): unknown[] {
    // Checked first: opening a day's file would create it.
    if (!DAY.test(day) || !existsSync(this.#fileOf(day))) return []
    const journal = this.#open(day)
    try {
      return journal.read()
    } finally {
      journal.close()
    }
  }

  days(): string[] {
    let names: string[]
    try {
      names = readdirSync(this.#folder)
    } catch (error) {
      if (isErrorWithCode(error, 'ENOENT')) return []
      throw error
    }
    return names
      .filter((name) => name.endsWith('.jsonl') && DAY.test(name.slice(0, -6)))
      .map((name) => name.slice(0, -6))
      .sort()
      .reverse()
  }

  removeBefore(day: string): void {
    for (const old of this.days().filter((held) => held < day)) {
      rmSync(this.#fileOf(old), { force: true })
    }
  }

  #open(day: string): FileJournal {
    if (!DAY.test(day)) throw new Error(`history archive: not a day: ${day}`)
    return new FileJournal(this.#fileOf(day), this.#log)
  }

  #fileOf(day: string): string {
    return join(this.#folder, `${day}.jsonl`)
  }
}

/** The archive in memory, for tests and benchmarks. */
export class MemoryHistoryArchive implements HistoryArchive {
  readonly byDay = new Map<string, unknown[]>()

  add(day: string, records: readonly ArchivedRecord[]): void {
    const existing = this.byDay.get(day) ?? []
    const added = newOnly(existing, records).map((record) => JSON.parse(JSON.stringify(record)) as unknown)
    if (added.length > 0 || existing.length > 0) this.byDay.set(day, [...existing, ...added])
  }

  read(day: string): unknown[] {
    return structuredClone(this.byDay.get(day) ?? [])
  }

  days(): string[] {
    return [...this.byDay.keys()].sort().reverse()
  }

  removeBefore(day: string): void {
    for (const held of this.byDay.keys()) if (held < day) this.byDay.delete(held)
  }
}
