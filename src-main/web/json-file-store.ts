import { readFileSync, renameSync } from 'node:fs'
import { basename } from 'node:path'
import { silentLogger, type KeyValueStore, type Logger } from '../core/ports.ts'
import { isErrorWithCode, prepareFolderFor, replaceFileDurably } from '../core/storage/durable-files.ts'

/**
 * Web mode's KeyValueStore: one JSON file, read once, rewritten whole on every change. Each write goes to a
 * temporary file that is flushed to disk and then renamed over the real one, so a crash or a power cut leaves
 * either the old file or the new one, never half of each: settings, the board and the methods cache live
 * here (hand-overs have their own journal, see core/storage/file-journal.ts).
 */
export class JsonFileStore implements KeyValueStore {
  readonly #file: string
  readonly #log: Logger
  // A Map, not an object: keys such as `__proto__` from a damaged or hostile file stay plain data.
  readonly #values: Map<string, unknown>

  constructor(file: string, log: Logger = silentLogger) {
    this.#file = file
    this.#log = log
    prepareFolderFor(file)
    this.#values = this.#load()
  }

  get(key: string): unknown {
    // A copy, as electron-store gives: a caller that mutates what it read must not change the store unseen.
    return structuredClone(this.#values.get(key))
  }

  set(key: string, value: unknown): void {
    if (value === undefined) {
      this.delete(key)
      return
    }
    // Round-trip through JSON now, so what the store holds is exactly what the next launch will read.
    this.#values.set(key, JSON.parse(JSON.stringify(value)) as unknown)
    this.#save()
  }

  delete(key: string): void {
    if (!this.#values.delete(key)) return
    this.#save()
  }

  #load(): Map<string, unknown> {
    let text: string
    try {
      text = readFileSync(this.#file, 'utf8')
    } catch (error) {
      if (isErrorWithCode(error, 'ENOENT')) return new Map()
      // Unreadable (permissions, I/O): refuse to start rather than overwrite data we could not see.
      throw error
    }
    try {
      const parsed: unknown = JSON.parse(text)
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new Error('not an object')
      return new Map(Object.entries(parsed))
    } catch {
      // Start empty but keep the damaged file beside it, so nothing is destroyed that someone could recover.
      const aside = `${this.#file}.corrupt-${String(Date.now())}`
      renameSync(this.#file, aside)
      this.#log.warn('store: the settings file could not be read; starting empty, the old file was kept', {
        keptAs: basename(aside),
      })
      return new Map()
    }
  }

  #save(): void {
    // 0600 (replaceFileDurably): the file holds the encrypted secrets blob and the staff's orders.
    replaceFileDurably(
      this.#file,
      Buffer.from(JSON.stringify(Object.fromEntries(this.#values), null, 2), 'utf8'),
    )
  }
}
