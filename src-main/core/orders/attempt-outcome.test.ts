// The outbox's judgement of one failed attempt, as pure functions. Written against Stryker's survivors (issue 23):
// each test fails on the mutants named beside it.
import { describe, expect, it } from 'vitest'
import type { AppError } from '../../../src-shared/errors.ts'
import { AppFailure } from '../app-failure.ts'
import {
  outcomeOfFailure,
  settledDetails,
  unwrittenAttemptOutcome,
  type FailureContext,
} from './attempt-outcome.ts'
import type { ResultRecord } from './outbox-journal.ts'

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0)
const context: FailureContext = {
  passingFailures: 0,
  outcomeUnknown: false,
  isSignedOut: false,
  now: NOW,
  random: () => 0.5,
  policy: { baseDelayMs: 2_000, maxDelayMs: 300_000, maxRetryAfterMs: 3_600_000 },
}
const fail = (error: AppError) => new AppFailure(error)
const REFUSED: AppError = { code: 'platform-refused', httpStatus: 409, retryable: false }
const TOKEN_REFUSED: AppError = { code: 'signed-out', httpStatus: 401, retryable: false }

describe('outcomeOfFailure', () => {
  // The refusal's `outcomeUnknown: false` made `true`: a settled action would still look possibly sent.
  it('settles a refusal as no longer unknown, unconfirmed only after an attempt that may have arrived', () => {
    expect(outcomeOfFailure(fail(REFUSED), context)).toEqual({
      result: 'refused',
      error: REFUSED,
      outcomeUnknown: false,
    })
    expect(outcomeOfFailure(fail(REFUSED), { ...context, outcomeUnknown: true })).toEqual({
      result: 'unconfirmed',
      error: REFUSED,
      outcomeUnknown: false,
    })
  })

  // The signed-out test made `true`, or its `outcomeUnknown: false` made `true`.
  it('waits for a sign-in only while signed out; signed in again meanwhile, it retries', () => {
    expect(outcomeOfFailure(fail(TOKEN_REFUSED), { ...context, isSignedOut: true })).toEqual({
      result: 'waiting-for-sign-in',
      error: TOKEN_REFUSED,
      outcomeUnknown: false,
    })
    expect(outcomeOfFailure(fail(TOKEN_REFUSED), context)).toEqual({
      result: 'will-retry',
      error: TOKEN_REFUSED,
      // Half of the first ceiling (2 s), by the stand-in random source.
      nextAttemptAt: new Date(NOW + 1_000).toISOString(),
      // A 401 is answered before the platform reads the order.
      outcomeUnknown: false,
    })
  })
})

describe('unwrittenAttemptOutcome', () => {
  // `retryable: true` made `false`: what staff are shown of a disk that could not write would say "no retry".
  it('retries an attempt that could not be written, as retryable, and as one that cannot have been sent', () => {
    const outcome = unwrittenAttemptOutcome(new Error('ENOSPC'), context)
    expect(outcome).toEqual({
      result: 'will-retry',
      error: { code: 'internal', retryable: true },
      nextAttemptAt: new Date(NOW + 1_000).toISOString(),
      outcomeUnknown: false,
    })
  })
})

describe('settledDetails', () => {
  const record: ResultRecord = {
    type: 'result',
    seq: 3,
    action: 'a-1',
    paymentKey: '0d3e1f00-5a1b-4c2d-8e3f-100000000001',
    attempt: 2,
    at: new Date(NOW).toISOString(),
    result: 'refused',
    httpStatus: 409,
    error: { ...REFUSED, platformError: 'sipariş durumu uygun değil' },
    outcomeUnknown: false,
  }

  // The whole object emptied, the code or the status dropped, the status test inverted or forced.
  it("keeps the result, the attempt, the code and the status, never the platform's words", () => {
    expect(settledDetails(record)).toEqual({
      result: 'refused',
      attempt: 2,
      code: 'platform-refused',
      httpStatus: 409,
    })
    const bare: ResultRecord = { ...record, result: 'handed-over' }
    delete bare.httpStatus
    delete bare.error
    expect(settledDetails(bare)).toStrictEqual({
      result: 'handed-over',
      attempt: 2,
    })
  })
})
