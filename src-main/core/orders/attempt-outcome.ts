import type { AppError } from '../../../src-shared/errors.ts'
import { toAppError } from '../app-failure.ts'
import { PlatformCallError } from '../platform/platform-error.ts'
import type { ResultRecord } from './outbox-journal.ts'
import { kindOfFailure, mayHaveReachedPlatform, retryDelayMs, type RetryPolicy } from './retry-policy.ts'

/** What one attempt came to, as its result record keeps it. */
export type Outcome = Pick<
  ResultRecord,
  'result' | 'httpStatus' | 'error' | 'nextAttemptAt' | 'outcomeUnknown'
>

/** What judging a failed attempt needs to know of its action and of the moment. */
export interface FailureContext {
  /** Passing failures of this action so far: the backoff's exponent. */
  passingFailures: number
  /** Some earlier attempt may have reached the platform without an answer reaching us. */
  outcomeUnknown: boolean
  isSignedOut: boolean
  now: number
  random: () => number
  policy: RetryPolicy
}

/** A failed attempt's outcome: refused for good (D20's `unconfirmed` included), waiting for sign-in, or retried. */
export function outcomeOfFailure(thrown: unknown, context: FailureContext): Outcome {
  const error = toAppError(thrown)
  switch (kindOfFailure(error)) {
    case 'refused':
      return {
        result: context.outcomeUnknown && error.code === 'platform-refused' ? 'unconfirmed' : 'refused',
        error,
        outcomeUnknown: false,
      }
    case 'needs-sign-in':
      // Signed in again meanwhile (the staff were quick): no sign-in event is coming, so retry instead.
      if (context.isSignedOut) return { result: 'waiting-for-sign-in', error, outcomeUnknown: false }
      return passingOutcome(error, undefined, context)
    case 'passing':
      return passingOutcome(
        error,
        thrown instanceof PlatformCallError ? thrown.retryAfterMs : undefined,
        context,
      )
  }
}

/**
 * An attempt that could not be written down is not sent (it could not be recognised after a crash): it is
 * retried like a passing failure, and it cannot have reached the platform.
 */
export function unwrittenAttemptOutcome(
  thrown: unknown,
  context: Omit<FailureContext, 'isSignedOut'>,
): Outcome {
  return {
    ...passingOutcome({ ...toAppError(thrown), retryable: true }, undefined, context),
    outcomeUnknown: false,
  }
}

/** What the log keeps of a settled attempt: never the platform's words. */
export function settledDetails(record: ResultRecord): Record<string, unknown> {
  return {
    result: record.result,
    attempt: record.attempt,
    ...(record.error ? { code: record.error.code } : {}),
    ...(record.httpStatus !== undefined ? { httpStatus: record.httpStatus } : {}),
  }
}

/** A failure that may pass: tried again after the backoff (or the platform's Retry-After) (D19). */
function passingOutcome(
  error: AppError,
  retryAfterMs: number | undefined,
  context: Pick<FailureContext, 'passingFailures' | 'now' | 'random' | 'policy'>,
): Outcome {
  const delay = retryDelayMs(context.passingFailures + 1, context.random, retryAfterMs, context.policy)
  return {
    result: 'will-retry',
    error,
    nextAttemptAt: new Date(context.now + delay).toISOString(),
    outcomeUnknown: mayHaveReachedPlatform(error),
  }
}
