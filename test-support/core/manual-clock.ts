import type { Clock } from '../../src-main/core/ports.ts'

/** Far more than any test's advance fires (a day of 1 s timers is 86,400). */
const MAX_FIRED_PER_ADVANCE = 100_000

/** A clock tests move by hand: timers fire, in order, only when `advance` passes their time. */
export class ManualClock implements Clock {
  #now: number
  #timers: { at: number; callback: () => void; id: number }[] = []
  #nextId = 0

  constructor(start = Date.UTC(2026, 10, 21, 12, 0, 0)) {
    this.#now = start
  }

  now(): number {
    return this.#now
  }

  setTimer(delayMs: number, callback: () => void): () => void {
    const id = this.#nextId++
    this.#timers.push({ at: this.#now + delayMs, callback, id })
    return () => {
      this.#timers = this.#timers.filter((timer) => timer.id !== id)
    }
  }

  get pendingTimers(): number {
    return this.#timers.length
  }

  /**
   * Moves time forward, firing each due timer and letting the promises it starts settle. A timer that keeps
   * setting itself again for no later time (a bug, or a mutant of one) fails the advance at once, rather than
   * spinning until the test's timeout.
   */
  async advance(ms: number): Promise<void> {
    const target = this.#now + ms
    for (let fired = 0; ; fired++) {
      const due = this.#timers.filter((timer) => timer.at <= target).sort((a, b) => a.at - b.at)[0]
      if (!due) break
      if (fired >= MAX_FIRED_PER_ADVANCE)
        throw new Error(
          `over ${String(MAX_FIRED_PER_ADVANCE)} timers fired in one advance of ${String(ms)} ms`,
        )
      this.#timers = this.#timers.filter((timer) => timer.id !== due.id)
      this.#now = due.at
      due.callback()
      await new Promise((resolve) => setImmediate(resolve))
    }
    this.#now = target
  }
}
