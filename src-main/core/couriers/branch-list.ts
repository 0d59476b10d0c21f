// The branches each account's keys list, as the courier's day needs them: to check an order's `branch` (the POS's
// and staff's) against its own account's list (issue 29), and to name the day-end's branch split. Kept from the
// last answer for a few minutes so an order burst does not ask the platform once per order; an account's list is
// forgotten at its sign-out (other keys, other branches).
import type { Branch } from '../../../src-shared/domain.ts'
import { describeThrown } from '../app-failure.ts'
import type { Clock, Logger } from '../ports.ts'
import { CourierRefusal } from './courier-refusal.ts'

/** How long an answer is trusted before the next check asks again. */
const BRANCH_LIST_MAX_AGE_MS = 10 * 60 * 1000

/** After a failed read, the next one waits this long. */
const RETRY_AFTER_FAILURE_MS = 60 * 1000

interface Kept {
  known: { branches: Branch[]; at: number } | undefined
  failedAt: number
}

export class BranchList {
  readonly #fetch: (account: string) => Promise<Branch[]>
  readonly #clock: Clock
  readonly #log: Logger
  /** Where an order without an account goes (the default account); one account alone: any name. */
  readonly #defaultAccount: () => string
  readonly #kept = new Map<string, Kept>()

  constructor(
    fetch: (account: string) => Promise<Branch[]>,
    clock: Clock,
    log: Logger,
    // Stryker disable next-line StringLiteral,ArrowFunction: equivalent, one account alone may go by any name, its list's key and its fetch's alike
    defaultAccount: () => string = () => '',
  ) {
    this.#fetch = fetch
    this.#clock = clock
    this.#log = log
    this.#defaultAccount = defaultAccount
  }

  /** What the platform answered for an account (undefined: the default's); Settings' branch list asks too. */
  remember(branches: readonly Branch[], account?: string): void {
    this.#of(account).known = { branches: [...branches], at: this.#clock.now() }
  }

  /** An account's list (undefined: every account's) is asked again at the next check. */
  forget(account?: string): void {
    if (account === undefined) this.#kept.clear()
    else this.#kept.delete(account)
  }

  /** Every account's branches last known, for names (each id once); empty when none is. */
  known(): Branch[] {
    const byId = new Map<string, Branch>()
    for (const { known } of this.#kept.values()) {
      for (const branch of known?.branches ?? []) if (!byId.has(branch.id)) byId.set(branch.id, branch)
    }
    return [...byId.values()]
  }

  /**
   * Refuses (`unknown-branch`) a branch the order's account's keys do not list (undefined: the default account).
   * When no list can be had (signed out, the platform unreachable) the branch is taken as it came: an order must
   * not be lost because the network is.
   */
  async check(branch: string, account?: string): Promise<void> {
    const id = account ?? this.#defaultAccount()
    const kept = this.#of(id)
    const now = this.#clock.now()
    const stale = kept.known === undefined || now - kept.known.at > BRANCH_LIST_MAX_AGE_MS
    // After a failed read, a burst of orders does not wait on the platform once per order.
    if (stale && now - kept.failedAt > RETRY_AFTER_FAILURE_MS) {
      try {
        this.remember(await this.#fetch(id), id)
      } catch (error) {
        this.#of(id).failedAt = now
        this.#log.info('couriers: the branch list could not be read; an order branch was not checked', {
          error: describeThrown(error),
        })
      }
    }
    // Read again: a sign-out during the fetch may have forgotten `kept`.
    const branches = this.#of(id).known?.branches
    if (branches !== undefined && !branches.some((candidate) => candidate.id === branch)) {
      throw new CourierRefusal('unknown-branch')
    }
  }

  #of(account: string | undefined): Kept {
    const id = account ?? this.#defaultAccount()
    let kept = this.#kept.get(id)
    if (!kept) {
      kept = { known: undefined, failedAt: Number.NEGATIVE_INFINITY }
      this.#kept.set(id, kept)
    }
    return kept
  }
}
