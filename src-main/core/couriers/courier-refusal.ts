import type { CourierProblem } from '../../../src-shared/errors.ts'
import { AppFailure } from '../app-failure.ts'

export type { CourierProblem } from '../../../src-shared/errors.ts'

/**
 * A write the courier's day refused; nothing was recorded (and nothing sent). It crosses the bridge as
 * `invalid-input` with its problem (src-shared/errors.ts COURIER_PROBLEMS), so staff read what to fix.
 */
export class CourierRefusal extends AppFailure {
  readonly problem: CourierProblem

  constructor(problem: CourierProblem) {
    super({ code: 'invalid-input', problem, retryable: false })
    this.name = 'CourierRefusal'
    this.message = `courier ledger refused: ${problem}`
    this.problem = problem
  }
}
