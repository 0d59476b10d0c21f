// The Journal port over one JSON-lines file, written with plain node:fs so that the same code runs under Node
// (web mode, tests) and in Electron's main process, with no native module to build.
//
// Why a journal file and not SQLite: `node:sqlite` works in Node 22 without a flag but is still experimental
// (it prints an ExperimentalWarning on every start), its presence in Electron's Node build cannot be checked on
// machines without the Electron binary, and native SQLite modules cannot be built for Electron here. The outbox
// needs little: append a record durably, read them all back at start, and rewrite the file now and then. An
// fsync'd append does the first; a cut-short last line (a crash mid-append) is recognised and dropped; an
// atomic rename does the last. The file stays readable by a support engineer with any text editor.
import { closeSync, fstatSync, fsyncSync, ftruncateSync, openSync, readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { silentLogger, type Logger } from '../ports.ts'
import {
  isErrorWithCode,
  prepareFolderFor,
  replaceFileDurably,
  syncDirectory,
  writeAll,
} from './durable-files.ts'
import type { Journal } from './journal.ts'

const NEWLINE = 0x0a

/** The hand-over outbox's journal, in the data folder of either shell. */
export const HANDOVER_JOURNAL_FILE = 'handover-journal.jsonl'

export class FileJournal implements Journal {
  readonly #file: string
  readonly #log: Logger
  #fd: number
  /** Bytes of complete records: where a failed append is cut back to. */
  #size: number

  constructor(file: string, log: Logger = silentLogger) {
    this.#file = file
    this.#log = log
    prepareFolderFor(file)
    // Read once here only to cut off a record a crash cut short; records are never held in memory (a till runs
    // for months), read() goes back to the disk.
    this.#load()
    // 0600: the journal names the restaurant's orders; nobody else on the machine needs to read it.
    this.#fd = openSync(file, 'a', 0o600)
    this.#size = fstatSync(this.#fd).size
    fsyncSync(this.#fd)
    syncDirectory(dirname(file))
  }

  read(): unknown[] {
    return this.#load()
  }

  bytes(): number {
    return this.#size
  }

  append(record: unknown): void {
    this.appendMany([record])
  }

  /** Appends records with one write and one flush: durable together when this returns. */
  appendMany(records: readonly unknown[]): void {
    const bytes = Buffer.from(records.map((record) => `${JSON.stringify(record)}\n`).join(''))
    try {
      writeAll(this.#fd, bytes)
      fsyncSync(this.#fd)
    } catch (error) {
      // A full disk can take half a line: cut it off, or the next record would be glued to it.
      try {
        ftruncateSync(this.#fd, this.#size)
      } catch {
        // Nothing more to do here; the next start drops a line that does not parse.
      }
      throw error
    }
    this.#size += bytes.length
  }

  replace(records: readonly unknown[]): void {
    const text = records.map((record) => `${JSON.stringify(record)}\n`).join('')
    // Closed while it is replaced (Windows cannot rename over an open file), and open again either way.
    closeSync(this.#fd)
    try {
      replaceFileDurably(this.#file, Buffer.from(text))
    } finally {
      this.#fd = openSync(this.#file, 'a', 0o600)
    }
    this.#size = Buffer.byteLength(text)
  }

  /** Closes the file; for tests that reopen the same journal as a restarted app would. */
  close(): void {
    closeSync(this.#fd)
  }

  /**
   * Every complete line, parsed. A last line without its newline is a write a crash cut short: it was never
   * acknowledged, so it is cut off the file before anything is appended after it. A complete line that does
   * not parse (a damaged disk) is skipped and logged, never allowed to stop the app from starting.
   */
  #load(): unknown[] {
    let bytes: Buffer
    try {
      bytes = readFileSync(this.#file)
    } catch (error) {
      if (isErrorWithCode(error, 'ENOENT')) return []
      throw error
    }
    const end = bytes.lastIndexOf(NEWLINE) + 1
    if (end < bytes.length) {
      this.#log.warn('journal: dropped a record cut short by a crash', { bytes: bytes.length - end })
      const fd = openSync(this.#file, 'r+')
      try {
        ftruncateSync(fd, end)
        fsyncSync(fd)
      } finally {
        closeSync(fd)
      }
    }
    const records: unknown[] = []
    let damaged = 0
    for (const line of bytes.subarray(0, end).toString('utf8').split('\n')) {
      if (line.trim() === '') continue
      try {
        records.push(JSON.parse(line) as unknown)
      } catch {
        damaged += 1
      }
    }
    if (damaged > 0) this.#log.warn('journal: skipped lines that do not parse', { damaged })
    return records
  }
}
