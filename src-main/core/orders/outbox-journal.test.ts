import { describe, expect, it } from 'vitest'
import { handoverOf, replayJournal } from './outbox-journal.ts'

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
