// The records the hand-over outbox writes to its journal, and how they are read back after a start. The
// journal is the outbox's only truth: what an order's hand-over is, and the history of every attempt, are
// both derived from it, so they can never disagree after a crash.
import { z } from 'zod'
import { AttemptResult, type Handover, type HistoryEntry } from '../../../src-shared/domain.ts'
import { AppError } from '../../../src-shared/errors.ts'

const Iso = z.iso.datetime()
const ActionId = z.string().min(1).max(100)
/** The account the hand-over goes with (issue 29); a record written before accounts reads as the first account. */
const Account = z.string().min(1).max(100).optional()

/** Staff pressed "Kuryeye Verildi": the intent, written before anything is sent. One press, one action. */
export const QueuedRecord = z.object({
  type: z.literal('queued'),
  action: ActionId,
  paymentKey: z.string().min(1),
  account: Account,
  at: Iso,
  label: z.string().optional(),
  /** The undo window: nothing is sent before this time; a press whose window ran out while stopped stands (D40). */
  sendAfter: Iso.optional(),
})
export type QueuedRecord = z.infer<typeof QueuedRecord>

/** Attempt `attempt` is about to be sent. With no result after it, the app stopped mid-send. */
export const AttemptRecord = z.object({
  type: z.literal('attempt'),
  action: ActionId,
  attempt: z.int().positive(),
  at: Iso,
})
export type AttemptRecord = z.infer<typeof AttemptRecord>

/** What an attempt came to. Each one is an entry of the history. */
export const ResultRecord = z.object({
  type: z.literal('result'),
  seq: z.int().nonnegative(),
  action: ActionId,
  paymentKey: z.string().min(1),
  account: Account,
  label: z.string().optional(),
  attempt: z.int().positive(),
  at: Iso,
  result: AttemptResult,
  httpStatus: z.int().optional(),
  error: AppError.optional(),
  nextAttemptAt: Iso.optional(),
  /** The platform may have acted on this attempt without telling us (see retry-policy.ts). */
  outcomeUnknown: z.boolean(),
})
export type ResultRecord = z.infer<typeof ResultRecord>

/** Staff pressed `Geri al` inside the undo window, before any attempt: the press is taken back (D40). */
const WithdrawnRecord = z.object({ type: z.literal('withdrawn'), action: ActionId, at: Iso })
type WithdrawnRecord = z.infer<typeof WithdrawnRecord>

export const JournalRecord = z.discriminatedUnion('type', [
  QueuedRecord,
  AttemptRecord,
  ResultRecord,
  WithdrawnRecord,
])
export type JournalRecord = z.infer<typeof JournalRecord>

/** One press of "Kuryeye Verildi" and everything that has happened to it, as read back from the journal. */
export interface ActionReplay {
  id: string
  paymentKey: string
  /** Its account, as journalled; undefined for a press journalled before accounts (the first account's). */
  account: string | undefined
  label: string | undefined
  queuedAt: string
  /** The end of the undo window, when the press had one. */
  sendAfter: string | undefined
  /** Attempts started so far. */
  attempts: number
  /** Passing failures so far (retries and interruptions): the backoff's exponent. */
  passingFailures: number
  /** Some attempt may have reached the platform without an answer reaching us. */
  outcomeUnknown: boolean
  /** An attempt that was started and has no result: in flight, or cut off by a crash. */
  openAttempt: number | undefined
  last: ResultRecord | undefined
}

/** An action as its first record tells it, before any attempt is read. */
export function freshAction(record: QueuedRecord | ResultRecord): ActionReplay {
  return {
    id: record.action,
    paymentKey: record.paymentKey,
    account: record.account,
    label: record.label,
    queuedAt: record.at,
    // Stryker disable next-line ConditionalExpression: equivalent, a parsed result record has no `sendAfter`
    sendAfter: record.type === 'queued' ? record.sendAfter : undefined,
    attempts: 0,
    passingFailures: 0,
    outcomeUnknown: false,
    openAttempt: undefined,
    last: undefined,
  }
}

export interface JournalReplay {
  /** Every action, in the order they were pressed. */
  actions: ActionReplay[]
  /** Every result, oldest first. */
  results: ResultRecord[]
  /** Records that did not parse (a newer app's, or damage); they are kept out of everything else. */
  unreadable: number
}

// `unconfirmed` is not among them: nothing more is sent for it, but it waits for the staff's panel check (D42),
// which must still find it after a restart that compacted the journal.
const TERMINAL_RESULTS: ReadonlySet<AttemptResult> = new Set([
  'handed-over',
  'refused',
  'checked-handed-over',
  'checked-not-handed-over',
])

/** The last word on this action has been said (the platform's, or the staff's): nothing more will come of it. */
export function isSettled(action: ActionReplay): boolean {
  return action.last !== undefined && TERMINAL_RESULTS.has(action.last.result)
}

export function replayJournal(raw: readonly unknown[]): JournalReplay {
  const byId = new Map<string, ActionReplay>()
  const results: ResultRecord[] = []
  let unreadable = 0
  for (const item of raw) {
    const parsed = JournalRecord.safeParse(item)
    if (!parsed.success) {
      unreadable += 1
      continue
    }
    const record = parsed.data
    if (record.type === 'queued') {
      byId.set(record.action, freshAction(record))
      continue
    }
    if (record.type === 'withdrawn') {
      // Taken back before anything was sent: as if never pressed (and compaction drops its records).
      byId.delete(record.action)
      continue
    }
    if (record.type === 'attempt') {
      const action = byId.get(record.action)
      if (!action) {
        unreadable += 1
        continue
      }
      action.attempts = Math.max(action.attempts, record.attempt)
      action.openAttempt = record.attempt
      continue
    }
    // A settled action's early records may have been compacted away: its results alone tell its story.
    let action = byId.get(record.action)
    if (!action) {
      action = freshAction(record)
      byId.set(record.action, action)
    }
    action.attempts = Math.max(action.attempts, record.attempt)
    applyResult(action, record)
    results.push(record)
  }
  return { actions: [...byId.values()], results, unreadable }
}

/** The record of an attempt's outcome, the history's entry for it. */
export function resultRecordOf(
  action: ActionReplay,
  at: { seq: number; attempt: number; at: string },
  outcome: Pick<ResultRecord, 'result' | 'httpStatus' | 'error' | 'nextAttemptAt' | 'outcomeUnknown'>,
): ResultRecord {
  const record: ResultRecord = {
    type: 'result',
    action: action.id,
    paymentKey: action.paymentKey,
    ...at,
    ...outcome,
  }
  if (action.account !== undefined) record.account = action.account
  if (action.label !== undefined) record.label = action.label
  return record
}

/** What a result changes in its action's story: the same whether read back at start or settled while running. */
export function applyResult(action: ActionReplay, record: ResultRecord): void {
  if (action.openAttempt === record.attempt) action.openAttempt = undefined
  if (record.result === 'will-retry' || record.result === 'interrupted') action.passingFailures += 1
  action.outcomeUnknown ||= record.outcomeUnknown
  action.last = record
}

/** Where an action stands, for the board. `openAttempt` reads as sending. */
export function handoverOf(action: ActionReplay): Handover {
  if (action.openAttempt !== undefined) return { state: 'sending', since: action.queuedAt }
  const last = action.last
  if (!last) {
    const queued: Handover = { state: 'queued', since: action.queuedAt, waitingForSignIn: false }
    // Stryker disable next-line ConditionalExpression: equivalent, `sendAt: undefined` is no window either
    return action.sendAfter === undefined ? queued : { ...queued, sendAt: action.sendAfter }
  }
  const error = last.error ?? { code: 'internal', retryable: false }
  switch (last.result) {
    case 'handed-over':
    case 'checked-handed-over':
      return { state: 'handed-over', at: last.at }
    case 'checked-not-handed-over':
      return { state: 'none' }
    case 'refused':
      return { state: 'failed', at: last.at, error }
    case 'unconfirmed':
      return { state: 'unconfirmed', at: last.at, error }
    case 'will-retry':
      return {
        state: 'retrying',
        nextAttemptAt: last.nextAttemptAt ?? last.at,
        attempts: last.attempt,
        error,
      }
    case 'waiting-for-sign-in':
      return { state: 'queued', since: last.at, waitingForSignIn: true }
    case 'interrupted':
      return { state: 'queued', since: last.at, waitingForSignIn: false }
  }
}

/** A result as History shows it; `firstAccount` is whose a result journalled before accounts is. */
export function historyEntryOf(record: ResultRecord, firstAccount?: string): HistoryEntry {
  const entry: HistoryEntry = {
    seq: record.seq,
    paymentKey: record.paymentKey,
    attempt: record.attempt,
    at: record.at,
    result: record.result,
  }
  const account = record.account ?? firstAccount
  if (account !== undefined) entry.account = account
  if (record.label !== undefined) entry.label = record.label
  const httpStatus = record.httpStatus ?? record.error?.httpStatus
  if (httpStatus !== undefined) entry.httpStatus = httpStatus
  if (record.error !== undefined) entry.error = record.error
  if (record.nextAttemptAt !== undefined) entry.nextAttemptAt = record.nextAttemptAt
  return entry
}
