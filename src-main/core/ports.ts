/**
 * The small ports through which the core reaches the outside world. Electron's adapters live in
 * src-main/electron, Node's in src-main/web; tests give their own. The core never imports 'electron'.
 */

/**
 * Encrypts secrets at rest. `strong` means the OS keychain (or, in web mode, a key kept apart). Asynchronous
 * because Electron's keychain calls are (the synchronous ones are deprecated).
 */
export interface SecretCipher {
  readonly strength: 'strong' | 'weak' | 'none'
  encrypt(plainText: string): Promise<string>
  decrypt(cipherText: string): Promise<string>
  /**
   * Like decrypt, and says whether the blob should be written again because the keychain's key changed
   * (Electron's `safeStorage.decryptStringAsync` hint). Ciphers without such a hint leave it out.
   */
  decryptWithHint?(cipherText: string): Promise<{ plainText: string; shouldReEncrypt: boolean }>
}

/** A persistent key-value store of JSON values (electron-store in the app, a JSON file in web mode). */
export interface KeyValueStore {
  get(key: string): unknown
  set(key: string, value: unknown): void
  delete(key: string): void
}

export interface Clock {
  now(): number
  /** Returns a function that cancels the timer. Timers must not keep a process alive on their own. */
  setTimer(delayMs: number, callback: () => void): () => void
}

export interface Logger {
  info(message: string, details?: Record<string, unknown>): void
  warn(message: string, details?: Record<string, unknown>): void
  error(message: string, details?: Record<string, unknown>): void
}

/**
 * Learns the values that must never reach a log or a support bundle (D11): the keys as typed, every access
 * token, web mode's launch token. The logging adapters redact them wherever they appear.
 */
export interface SecretRegistry {
  register(value: string): void
  /**
   * Holds `values` under `slot` (the vault's current keys and token, web mode's launch token): they are never
   * forgotten while they stay there. Pinning new values releases the old ones to the ordinary register.
   */
  pin(slot: string, values: readonly string[]): void
}

/** The registry together with the redaction itself, for what the core hands out for people to read. */
export interface SecretRedaction extends SecretRegistry {
  /** A copy of `value` with every registered or secret-shaped value replaced; same shape otherwise. */
  redactValue(value: unknown): unknown
}

/** Builds the fetch the platform client uses, trusting the extra CA when one is configured (D8). */
export type FetchFactory = (extraCaPem: string | undefined) => typeof globalThis.fetch

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(delayMs, callback) {
    const timer = setTimeout(callback, delayMs)
    timer.unref()
    return () => clearTimeout(timer)
  },
}

export const noSecretRedaction: SecretRedaction = {
  register: () => undefined,
  pin: () => undefined,
  redactValue: (value) => value,
}

export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined }
