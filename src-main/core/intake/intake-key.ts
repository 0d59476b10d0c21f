/**
 * The intake key (D46): the secret the POS signs every API call with (it is never sent: D68). Random, shown and copied
 * in Settings, rotated with one click, stored like the other secrets (the shells back `IntakeKeyStorage` by
 * the secrets vault), and never logged: every key this class holds is registered with the log's redactor the
 * moment it exists, the old one too after a rotation (it may still sit in a POS's config or a pasted line).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IntakeKeyCheck } from './intake-port.ts'

/** 32 random bytes: as strong as the platform's own secrets, beyond guessing at 50 tries a second. */
const INTAKE_KEY_BYTES = 32

/**
 * The log's redactor, as much of it as the key needs (SecretRegistry in ports.ts). `pin`, where the redactor
 * has it, keeps the current key from ever being forgotten among the run's other secrets.
 */
export interface IntakeKeyRedaction {
  register(value: string): void
  pin?(slot: string, values: readonly string[]): void
}

/** The redactor slot the current intake key is pinned under. */
const INTAKE_KEY_SLOT = 'intake-key'

/** Where the key lives between runs; the lead backs it by the secrets vault (encrypted at rest). */
export interface IntakeKeyStorage {
  load(): Promise<string | undefined>
  save(key: string): Promise<void>
}

/** What the intake server needs of the key: the current one, read on every request (a rotation applies at once). */
export interface IntakeKeyHolder {
  readonly current: string
}

export function generateIntakeKey(): string {
  return randomBytes(INTAKE_KEY_BYTES).toString('base64url')
}

/** What a stored key must look like to be used; anything else (damaged, hand-edited) is replaced. */
export function isIntakeKey(text: string): boolean {
  return /^[A-Za-z0-9_-]{43,512}$/.test(text)
}

export class IntakeKeyring implements IntakeKeyCheck {
  readonly #storage: IntakeKeyStorage
  readonly #secrets: IntakeKeyRedaction
  #key: string
  #digest: Buffer

  private constructor(storage: IntakeKeyStorage, secrets: IntakeKeyRedaction, key: string) {
    this.#storage = storage
    this.#secrets = secrets
    this.#key = key
    this.#digest = digest(key)
  }

  /** The stored key, or a new one (saved before it is used) when none is stored or the stored one is unusable. */
  static async open(storage: IntakeKeyStorage, secrets: IntakeKeyRedaction): Promise<IntakeKeyring> {
    const stored = await storage.load()
    if (stored !== undefined) {
      // Even a damaged key is redacted: it may still be most of the real one.
      secrets.register(stored)
      if (isIntakeKey(stored)) {
        protect(secrets, stored)
        return new IntakeKeyring(storage, secrets, stored)
      }
    }
    const fresh = generateIntakeKey()
    protect(secrets, fresh)
    await storage.save(fresh)
    return new IntakeKeyring(storage, secrets, fresh)
  }

  /** For Settings to show and copy; never for a log line. */
  get current(): string {
    return this.#key
  }

  /** Constant time: digests of equal length, so neither the length nor a matching prefix shows in the timing. */
  matches(candidate: string): boolean {
    return timingSafeEqual(digest(candidate), this.#digest)
  }

  /**
   * A new key, saved before it takes effect: if saving fails, this throws and the old key stays valid (the POS
   * keeps working). Once it resolves, the old key is refused.
   */
  async rotate(): Promise<string> {
    const fresh = generateIntakeKey()
    protect(this.#secrets, fresh)
    await this.#storage.save(fresh)
    this.#key = fresh
    this.#digest = digest(fresh)
    return fresh
  }
}

/** Registered (so it is redacted from now on, even once replaced) and, where the redactor can, pinned. */
function protect(secrets: IntakeKeyRedaction, key: string): void {
  secrets.register(key)
  secrets.pin?.(INTAKE_KEY_SLOT, [key])
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest()
}
