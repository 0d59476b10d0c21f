// The branches the signed-in keys list, as the courier's day needs them: to check an order's `branch` (the POS's
// and staff's) and to name the day-end's branch split. Kept from the last answer for a few minutes so an order
// burst does not ask the platform once per order; forgotten at sign-out (other keys, other branches).
import type { Branch } from '../../../src-shared/domain.ts'
import { describeThrown } from '../app-failure.ts'
import type { Clock, Logger } from '../ports.ts'
import { CourierRefusal } from './courier-refusal.ts'

/** How long an answer is trusted before the next check asks again. */
const BRANCH_LIST_MAX_AGE_MS = 10 * 60 * 1000

/** After a failed read, the next one waits this long. */
const RETRY_AFTER_FAILURE_MS = 60 * 1000

export class BranchList {
  readonly #fetch: () => Promise<Branch[]>
  readonly #clock: Clock
  readonly #log: Logger
  #known: { branches: Branch[]; at: number } | undefined
  #failedAt = Number.NEGATIVE_INFINITY

  constructor(fetch: () => Promise<Branch[]>, clock: Clock, log: Logger) {
    this.#fetch = fetch
    this.#clock = clock
    this.#log = log
  }

  /** What the platform answered (Settings' branch list asks too). */
  remember(branches: readonly Branch[]): void {
    this.#known = { branches: [...branches], at: this.#clock.now() }
  }

  forget(): void {
    this.#known = undefined
    this.#failedAt = Number.NEGATIVE_INFINITY
  }

  /** The branches last known, for names; empty when none is. */
  known(): Branch[] {
    return [...(this.#known?.branches ?? [])]
  }

  /**
   * Refuses (`unknown-branch`) a branch the keys do not list. When no list can be had (signed out, the platform
   * unreachable) the branch is taken as it came: an order must not be lost because the network is.
   */
  async check(branch: string): Promise<void> {
    const known = this.#known
    const now = this.#clock.now()
    const stale = known === undefined || now - known.at > BRANCH_LIST_MAX_AGE_MS
    // After a failed read, a burst of orders does not wait on the platform once per order.
    if (stale && now - this.#failedAt > RETRY_AFTER_FAILURE_MS) {
      try {
        this.remember(await this.#fetch())
      } catch (error) {
        this.#failedAt = now
        this.#log.info('couriers: the branch list could not be read; an order branch was not checked', {
          error: describeThrown(error),
        })
      }
    }
    const branches = this.#known?.branches
    if (branches !== undefined && !branches.some((candidate) => candidate.id === branch)) {
      throw new CourierRefusal('unknown-branch')
    }
  }
}
