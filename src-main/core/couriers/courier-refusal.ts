import type { CourierNameProblem } from '../../../src-shared/courier-rules.ts'
import { AppFailure } from '../app-failure.ts'

/** Why the courier ledger refused a write, so the screen can say exactly what to fix. */
export type CourierProblem =
  | CourierNameProblem
  | 'name-taken' // another courier still working here has this name (letter case aside)
  | 'badge-invalid'
  | 'badge-taken' // another courier still working here has this badge
  | 'unknown-courier'
  | 'courier-retired' // packages go only with a courier who still works here
  | 'amount-invalid' // not a whole number of kuruş from 0 to 10,000,000 ₺
  | 'note-invalid'
  | 'day-invalid' // not YYYY-MM-DD, in the future, or older than the days kept
  | 'unknown-cash-record' // a correction names a record the ledger does not hold (for that day)
  | 'order-invalid' // a payment key, payment method, branch or label out of shape
  | 'id-invalid' // a request id that is empty or over 100 characters
  | 'id-reused' // a request id already used for a record of another kind

/**
 * A write the ledger refused; nothing was recorded. It crosses the bridge as `invalid-input` today; the wiring
 * step adds `problem` to the contract's input problems so staff read which one.
 */
export class CourierRefusal extends AppFailure {
  readonly problem: CourierProblem

  constructor(problem: CourierProblem) {
    super({ code: 'invalid-input', problem: 'malformed', retryable: false })
    this.name = 'CourierRefusal'
    this.message = `courier ledger refused: ${problem}`
    this.problem = problem
  }
}
