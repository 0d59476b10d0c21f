import type { Clock } from '../ports.ts'

/** At most one timer per key (an action's next attempt): setting one replaces the last. */
export class KeyedTimers {
  readonly #clock: Clock
  readonly #cancels = new Map<string, () => void>()

  constructor(clock: Clock) {
    this.#clock = clock
  }

  /** Runs `callback` at `at` (epoch ms; at once if that has passed), replacing the key's earlier timer. */
  at(key: string, at: number, callback: () => void): void {
    this.cancel(key)
    const delay = Math.max(0, at - this.#clock.now())
    this.#cancels.set(
      key,
      this.#clock.setTimer(delay, () => {
        this.#cancels.delete(key)
        callback()
      }),
    )
  }

  cancel(key: string): void {
    this.#cancels.get(key)?.()
    this.#cancels.delete(key)
  }

  cancelAll(): void {
    for (const cancel of this.#cancels.values()) cancel()
    this.#cancels.clear()
  }
}
