import type { Clock } from '../../src-main/core/ports.ts'

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

  /** Moves time forward, firing each due timer and letting the promises it starts settle. */
  async advance(ms: number): Promise<void> {
    const target = this.#now + ms
    for (;;) {
      const due = this.#timers.filter((timer) => timer.at <= target).sort((a, b) => a.at - b.at)[0]
      if (!due) break
      this.#timers = this.#timers.filter((timer) => timer.id !== due.id)
      this.#now = due.at
      due.callback()
      await new Promise((resolve) => setImmediate(resolve))
    }
    this.#now = target
  }
}
