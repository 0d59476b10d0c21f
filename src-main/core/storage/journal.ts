/**
 * The port of an append-only log of JSON records that survives a crash at any moment. The hand-over outbox
 * keeps its intents, attempts and their results in one (src-main/core/orders). Both shells use the file
 * adapter (file-journal.ts) in their data folder; tests may use it in a temporary folder or the memory one.
 */
export interface Journal {
  /** Every record appended so far, oldest first. A record cut short by a crash is not among them. */
  read(): unknown[]
  /** Appends one record and returns only once it is durable: a crash after this keeps it. */
  append(record: unknown): void
  /** Replaces the whole journal with these records, atomically: a crash leaves the old one or the new one. */
  replace(records: readonly unknown[]): void
  /** The journal's size on disk in bytes: what decides when the outbox compacts it while running. */
  bytes(): number
}
