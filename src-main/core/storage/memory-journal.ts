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

  bytes(): number {
    return this.records.reduce<number>((sum, record) => sum + JSON.stringify(record).length + 1, 0)
  }

  /** What a restarted app would find: everything appended so far, nothing held in memory. */
  reopen(): MemoryJournal {
    return new MemoryJournal(this.records)
  }
}
