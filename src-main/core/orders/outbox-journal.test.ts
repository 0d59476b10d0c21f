import { describe, expect, it } from 'vitest'
import {
  handoverOf,
  historyEntryOf,
  replayJournal,
  resultRecordOf,
  ResultRecord,
  type ActionReplay,
} from './outbox-journal.ts'

const KEY = '0d3e1f00-5a1b-4c2d-8e3f-100000000001'
const T0 = Date.UTC(2026, 0, 1)
const at = (ms: number) => new Date(ms).toISOString()

const queued = (action: string, ms: number) => ({ type: 'queued', action, paymentKey: KEY, at: at(ms) })
const attempt = (action: string, n: number, ms: number) => ({
  type: 'attempt',
  action,
  attempt: n,
  at: at(ms),
})
const result = (action: string, n: number, ms: number, outcome: string, seq: number, extra = {}) => ({
  type: 'result',
  seq,
  action,
  paymentKey: KEY,
  attempt: n,
  at: at(ms),
  result: outcome,
  outcomeUnknown: false,
  ...extra,
})

describe('replayJournal', () => {
  it("derives an action's state from its records", () => {
    const replay = replayJournal([
      queued('a', T0),
      attempt('a', 1, T0),
      result('a', 1, T0, 'will-retry', 0, {
        outcomeUnknown: true,
        nextAttemptAt: at(T0 + 5000),
        error: { code: 'timeout', retryable: true },
      }),
      attempt('a', 2, T0 + 5000),
    ])
    const [action] = replay.actions
    expect(action).toMatchObject({ attempts: 2, openAttempt: 2, passingFailures: 1, outcomeUnknown: true })
    expect(replay.results).toHaveLength(1)
  })

  it('counts an attempt of an action it does not know as unreadable, and makes no action of it', () => {
    const replay = replayJournal([attempt('nobody', 1, T0)])
    expect(replay).toEqual({ actions: [], results: [], unreadable: 1 })
  })

  it('reads an attempt with no result as sending, since the press', () => {
    const [action] = replayJournal([queued('a', T0), attempt('a', 1, T0 + 5000)]).actions
    expect(action && handoverOf(action)).toEqual({ state: 'sending', since: at(T0) })
  })

  it('shows a refusal read back without its error as an internal error, not to be retried', () => {
    const [action] = replayJournal([queued('a', T0), result('a', 1, T0, 'refused', 0)]).actions
    expect(action && handoverOf(action)).toEqual({
      state: 'failed',
      at: at(T0),
      error: { code: 'internal', retryable: false },
    })
  })

  it('grows the backoff only for passing failures: a wait for sign-in is not one', () => {
    const [action] = replayJournal([
      queued('a', T0),
      result('a', 1, T0, 'waiting-for-sign-in', 0),
      result('a', 2, T0, 'interrupted', 1),
      result('a', 3, T0, 'will-retry', 2, { error: { code: 'timeout', retryable: true } }),
    ]).actions
    expect(action?.passingFailures).toBe(2)
  })

  it('reads an interrupted attempt as queued again, not as waiting for a sign-in', () => {
    const [action] = replayJournal([queued('a', T0), result('a', 1, T0 + 1, 'interrupted', 0)]).actions
    expect(action && handoverOf(action)).toEqual({
      state: 'queued',
      since: at(T0 + 1),
      waitingForSignIn: false,
    })
  })

  it('counts an attempt known only by its result (an adopted order has no attempt record) as started', () => {
    const [action] = replayJournal([queued('a', T0), result('a', 1, T0, 'interrupted', 0)]).actions
    expect(action?.attempts).toBe(1)
  })

  it('still reads an attempt as sending after a result of an earlier attempt', () => {
    const [action] = replayJournal([
      queued('a', T0),
      attempt('a', 1, T0),
      attempt('a', 2, T0 + 5000),
      result('a', 1, T0 + 6000, 'interrupted', 0),
    ]).actions
    expect(action && handoverOf(action)).toEqual({ state: 'sending', since: at(T0) })
  })

  it('reads a settled action from its results alone, and skips records it cannot read', () => {
    const replay = replayJournal([
      result('a', 3, T0, 'handed-over', 7, { httpStatus: 200 }),
      { type: 'from-the-future' },
      'garbage',
    ])
    expect(replay.unreadable).toBe(2)
    expect(replay.actions.map(handoverOf)).toEqual([{ state: 'handed-over', at: at(T0) }])
  })
})

describe('historyEntryOf', () => {
  it("carries a will-retry attempt's next try into the history, and no such field for a final answer", () => {
    const retry = ResultRecord.parse(
      result('a', 1, T0, 'will-retry', 4, {
        nextAttemptAt: at(T0 + 5000),
        error: { code: 'server-error', retryable: true, httpStatus: 503 },
      }),
    )
    expect(historyEntryOf(retry)).toStrictEqual({
      seq: 4,
      paymentKey: KEY,
      attempt: 1,
      at: at(T0),
      result: 'will-retry',
      httpStatus: 503,
      error: { code: 'server-error', retryable: true, httpStatus: 503 },
      nextAttemptAt: at(T0 + 5000),
    })
    const done = ResultRecord.parse(result('a', 2, T0 + 5000, 'handed-over', 5, { httpStatus: 200 }))
    expect(historyEntryOf(done)).toStrictEqual({
      seq: 5,
      paymentKey: KEY,
      attempt: 2,
      at: at(T0 + 5000),
      result: 'handed-over',
      httpStatus: 200,
    })
  })
  it('gives no http status for an attempt that got no answer', () => {
    const cut = ResultRecord.parse(result('a', 1, T0, 'interrupted', 6, { outcomeUnknown: true }))
    expect(historyEntryOf(cut)).toStrictEqual({
      seq: 6,
      paymentKey: KEY,
      attempt: 1,
      at: at(T0),
      result: 'interrupted',
    })
  })
})

describe('resultRecordOf', () => {
  it('writes no account or label for a press that has neither', () => {
    const [action] = replayJournal([queued('a', T0)]).actions as [ActionReplay]
    expect(
      resultRecordOf(
        action,
        { seq: 0, attempt: 1, at: at(T0) },
        { result: 'handed-over', outcomeUnknown: false },
      ),
    ).toStrictEqual({
      type: 'result',
      action: 'a',
      paymentKey: KEY,
      seq: 0,
      attempt: 1,
      at: at(T0),
      result: 'handed-over',
      outcomeUnknown: false,
    })
  })
})

describe('the journal and accounts (issue 29)', () => {
  const ACCOUNT = '00000000-0000-4000-8000-00000000000a'
  const queued = {
    type: 'queued',
    action: 'a1',
    paymentKey: '0d3e1f00-5a1b-4c2d-8e3f-100000000001',
    at: '2026-11-27T07:00:00.000Z',
  }
  const result = {
    ...queued,
    type: 'result',
    seq: 0,
    attempt: 1,
    result: 'handed-over',
    outcomeUnknown: false,
  }

  it('reads a press journalled before accounts as having none, and History shows it as the first account’s', () => {
    const replay = replayJournal([
      queued,
      { type: 'attempt', action: 'a1', attempt: 1, at: queued.at },
      result,
    ])
    expect(replay.unreadable).toBe(0)
    expect(replay.actions[0]?.account).toBeUndefined()
    const entry = historyEntryOf(replay.results[0] as ResultRecord, ACCOUNT)
    expect(entry.account).toBe(ACCOUNT)
  })

  it('keeps the account of a press on every result written for it', () => {
    const replay = replayJournal([{ ...queued, account: ACCOUNT }])
    const action = replay.actions[0] as ActionReplay
    expect(action.account).toBe(ACCOUNT)
    const written = resultRecordOf(
      action,
      { seq: 1, attempt: 1, at: queued.at },
      { result: 'handed-over', outcomeUnknown: false },
    )
    expect(written.account).toBe(ACCOUNT)
    // History shows the journalled account, never the fallback.
    expect(historyEntryOf(written, 'another').account).toBe(ACCOUNT)
  })
})
