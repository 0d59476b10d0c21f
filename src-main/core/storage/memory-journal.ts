import type { Journal } from './journal.ts'

/**
 * A Journal in memory: for tests (reopening the same records is how a test restarts the app) and benchmarks.
 * It survives nothing; the shells give the core a FileJournal.
 */
export class MemoryJournal implements Journal {
  records: unknown[]

  constructor(records: readonly unknown[] = []) {
    this.records = structuredClone([...records])
  }

  read(): unknown[] {
    return structuredClone(this.records)
  }

  append(record: unknown): void {
    this.records.push(JSON.parse(JSON.stringify(record)) as unknown)
  }

  replace(records: readonly unknown[]): void {
    this.records = JSON.parse(JSON.stringify(records)) as unknown[]
  }

  // The outbox asks after every settled attempt: counting only the records added since the last call keeps that
  // O(1) like FileJournal's, so the benchmarks on this journal time the core, not this count. A test may push
  // to or replace `records` directly; a new or shorter array is counted afresh.
  #counted: unknown[] | undefined
  #countedLength = 0
  #countedBytes = 0

  bytes(): number {
    if (this.#counted !== this.records || this.records.length < this.#countedLength) {
      this.#counted = this.records
      this.#countedLength = 0
      this.#countedBytes = 0
    }
    for (; this.#countedLength < this.records.length; this.#countedLength++) {
      this.#countedBytes += JSON.stringify(this.records[this.#countedLength]).length + 1
    }
    return this.#countedBytes
  }

  /** What a restarted app would find: everything appended so far, nothing held in memory. */
  reopen(): MemoryJournal {
    return new MemoryJournal(this.records)
  }
}
