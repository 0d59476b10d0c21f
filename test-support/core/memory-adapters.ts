import { MemoryHistoryArchive, type HistoryArchive } from '../../src-main/core/storage/history-archive.ts'
import type { Journal } from '../../src-main/core/storage/journal.ts'
import { MemoryJournal } from '../../src-main/core/storage/memory-journal.ts'
import {
  noSecretRedaction,
  silentLogger,
  type KeyValueStore,
  type Logger,
  type SecretCipher,
  type SecretRedaction,
} from '../../src-main/core/ports.ts'

/**
 * The parts every core must be given, kept in memory for tests and benchmarks: a journal that survives
 * nothing, a silent log, no redaction. Production wiring has no such defaults: the shells pass their own.
 */
export function inMemoryCoreParts(): {
  journal: Journal
  boardLog: Journal
  historyArchive: HistoryArchive
  courierJournal: Journal
  courierArchive: HistoryArchive
  log: Logger
  secrets: SecretRedaction
} {
  return {
    journal: new MemoryJournal(),
    boardLog: new MemoryJournal(),
    historyArchive: new MemoryHistoryArchive(),
    courierJournal: new MemoryJournal(),
    courierArchive: new MemoryHistoryArchive(),
    log: silentLogger,
    secrets: noSecretRedaction,
  }
}

/** A KeyValueStore in memory that also shows what would reach the disk, as JSON text. */
export class MemoryStore implements KeyValueStore {
  readonly values = new Map<string, unknown>()

  get(key: string): unknown {
    return structuredClone(this.values.get(key))
  }

  set(key: string, value: unknown): void {
    this.values.set(key, structuredClone(value))
  }

  delete(key: string): void {
    this.values.delete(key)
  }

  asText(): string {
    return JSON.stringify(Object.fromEntries(this.values))
  }
}

/** A reversible stand-in cipher whose output never contains the plain text, of the given strength. */
export function fakeCipher(strength: SecretCipher['strength']): SecretCipher {
  return {
    strength,
    encrypt: (plainText) =>
      Promise.resolve(
        `enc:${Buffer.from(plainText, 'utf8').toString('base64').split('').reverse().join('')}`,
      ),
    decrypt: (cipherText) => {
      if (!cipherText.startsWith('enc:')) return Promise.reject(new Error('not ours'))
      return Promise.resolve(
        Buffer.from(cipherText.slice(4).split('').reverse().join(''), 'base64').toString('utf8'),
      )
    },
  }
}

export function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = []
  const record = (level: string) => (message: string, details?: Record<string, unknown>) =>
    lines.push(`${level} ${message} ${details ? JSON.stringify(details) : ''}`)
  return { lines, info: record('info'), warn: record('warn'), error: record('error') }
}
