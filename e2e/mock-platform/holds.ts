// Holding platform requests: a test parks the next request(s) of a route at arrival and lets them go when it
// chooses, so a scenario waits on a signal ("the PUT is held") instead of a latency and a sleep (D38).
import type { MockHolds, MockRoute } from './contract.ts'

/** A held request's handler ended because the holds were dropped (a reset); the request gets no answer. */
export class HoldDroppedError extends Error {
  constructor() {
    super('the mock was reset while this request was held')
    this.name = 'HoldDroppedError'
  }
}

/** One held request, as its handler sees it. */
export interface HeldRequest {
  /** Resolves when the test releases it; rejects when the holds are dropped or the server closes. */
  released(signal: AbortSignal): Promise<void>
  /** The handler calls this when it has answered, so that a release can wait for what it let through. */
  done(): void
}

interface Waiting {
  route: MockRoute
  release: () => void
  drop: (error: Error) => void
  finished: Promise<void>
}

const perRoute = (): Record<MockRoute, number> => ({ login: 0, branches: 0, variables: 0, ontheway: 0 })

export class RequestHolds {
  #armed = perRoute()
  #waiting: Waiting[] = []

  /** The next `times` requests of the route will be held (added to any still armed). */
  hold(route: MockRoute, times: number): MockHolds {
    this.#armed[route] += times
    return this.status()
  }

  /** At a request's arrival: a held request when a hold is armed for its route, else undefined. */
  take(route: MockRoute): HeldRequest | undefined {
    if (this.#armed[route] === 0) return undefined
    this.#armed[route] -= 1
    let release = () => {}
    let drop: (error: Error) => void = () => {}
    const gate = new Promise<void>((resolve, reject) => {
      release = resolve
      drop = reject
    })
    let done = () => {}
    const finished = new Promise<void>((resolve) => (done = resolve))
    this.#waiting.push({ route, release, drop, finished })
    return {
      released: (signal) => {
        if (signal.aborted) return Promise.reject(signal.reason as Error)
        const onAbort = () => drop(signal.reason as Error)
        signal.addEventListener('abort', onAbort, { once: true })
        return gate.finally(() => signal.removeEventListener('abort', onAbort))
      },
      done,
    }
  }

  /**
   * Lets every held request of the route (or of every route) go on, disarms the route's remaining holds,
   * and resolves once those requests have been answered: the caller may read the outcome right away.
   */
  async release(route?: MockRoute): Promise<number> {
    const released = this.#waiting.filter((held) => route === undefined || held.route === route)
    this.#waiting = this.#waiting.filter((held) => !released.includes(held))
    for (const key of route === undefined ? (Object.keys(this.#armed) as MockRoute[]) : [route]) {
      this.#armed[key] = 0
    }
    for (const held of released) held.release()
    await Promise.all(released.map((held) => held.finished))
    return released.length
  }

  /** Disarms everything and ends every held request unanswered (a reset must not let a stale request act). */
  dropAll(): void {
    const dropped = this.#waiting
    this.#waiting = []
    this.#armed = perRoute()
    for (const held of dropped) held.drop(new HoldDroppedError())
  }

  status(): MockHolds {
    const waiting = perRoute()
    for (const held of this.#waiting) waiting[held.route] += 1
    return { armed: { ...this.#armed }, waiting }
  }
}
