import { systemClock, type Clock, type Logger } from '../core/ports.ts'

/** One line per minute at most: enough to see that something knocks, too little to push useful lines out. */
export const REFUSAL_LOG_INTERVAL_MS = 60_000

/**
 * Writes refusals (wrong Host, Origin or token; a connection over the cap) to the log without letting a flood
 * of them rotate the useful lines out: the first refusal of an interval is written, the rest are counted and
 * the count rides on the next line written.
 */
export class RefusalLog {
  readonly #log: Logger
  readonly #clock: Pick<Clock, 'now'>
  readonly #intervalMs: number
  #lastWrittenAt = Number.NEGATIVE_INFINITY
  #unwritten = 0

  constructor(log: Logger, clock: Pick<Clock, 'now'> = systemClock, intervalMs = REFUSAL_LOG_INTERVAL_MS) {
    this.#log = log
    this.#clock = clock
    this.#intervalMs = intervalMs
  }

  refused(message: string, details: Record<string, unknown>): void {
    const now = this.#clock.now()
    if (now - this.#lastWrittenAt < this.#intervalMs) {
      this.#unwritten += 1
      return
    }
    this.#lastWrittenAt = now
    const unwritten = this.#unwritten
    this.#unwritten = 0
    this.#log.warn(message, unwritten > 0 ? { ...details, refusedSinceLastLine: unwritten } : details)
  }
}
