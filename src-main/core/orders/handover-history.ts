import type { HistoryQuery } from '../../../src-shared/contract.ts'
import type { HistoryEntry, HistoryPage } from '../../../src-shared/domain.ts'

/** The history is kept this long; older entries go when the journal is compacted at start. */
export const HISTORY_RETENTION_MS = 180 * 24 * 60 * 60 * 1000

/** Every attempt's result, oldest first in memory, read newest first a page at a time (D22). */
export class HandoverHistory {
  readonly #entries: HistoryEntry[] = []

  add(...entries: HistoryEntry[]): void {
    this.#entries.push(...entries)
  }

  page(query: HistoryQuery): HistoryPage {
    const before = query.beforeSeq
    const older = before === undefined ? this.#entries : this.#entries.filter((entry) => entry.seq < before)
    const page = older.slice(Math.max(0, older.length - query.limit)).reverse()
    const oldest = page.at(-1)
    return {
      entries: page,
      nextBeforeSeq: oldest !== undefined && older.length > page.length ? oldest.seq : null,
      total: this.#entries.length,
    }
  }

  /** Every entry, newest first. */
  newestFirst(): HistoryEntry[] {
    return [...this.#entries].reverse()
  }
}
