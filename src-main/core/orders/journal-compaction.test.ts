import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { silentLogger } from '../ports.ts'
import { recordingLogger } from '../../../test-support/core/memory-adapters.ts'
import { FileJournal } from '../storage/file-journal.ts'
import { FileHistoryArchive, MemoryHistoryArchive } from '../storage/history-archive.ts'
import { MemoryJournal } from '../storage/memory-journal.ts'
import { allHistoryNewestFirst, historyPage } from './history-query.ts'
import { compactIntoArchive, HISTORY_RETENTION_DAYS, openCompacted } from './journal-compaction.ts'
import type { JournalRecord } from './outbox-journal.ts'
import type { Moment } from '../../../test-support/core/orders/compaction-child.ts'

const ZONE = 'Europe/Istanbul'
const DAY_MS = 24 * 60 * 60 * 1000
// 2026-11-21 23:30 in Istanbul (20:30 UTC), and the next day.
const LATE = Date.UTC(2026, 10, 21, 20, 30)
const NEXT = LATE + DAY_MS / 24
const NOW = NEXT + DAY_MS / 24
const iso = (ms: number) => new Date(ms).toISOString()

/** A, handed over late on the 21st (Istanbul); B, refused on the 22nd; C, still owed: retrying. */
function records(): JournalRecord[] {
  const result = (
    seq: number,
    action: string,
    key: string,
    at: number,
    result: 'handed-over' | 'refused' | 'will-retry',
  ) =>
    ({
      type: 'result',
      seq,
      action,
      paymentKey: key,
      attempt: 1,
      at: iso(at),
      result,
      outcomeUnknown: false,
    }) as const
  return [
    { type: 'queued', action: 'a', paymentKey: 'key-a', at: iso(LATE) },
    { type: 'attempt', action: 'a', attempt: 1, at: iso(LATE) },
    result(0, 'a', 'key-a', LATE, 'handed-over'),
    { type: 'queued', action: 'c', paymentKey: 'key-c', at: iso(LATE) },
    { type: 'attempt', action: 'c', attempt: 1, at: iso(LATE) },
    { ...result(1, 'c', 'key-c', LATE, 'will-retry'), nextAttemptAt: iso(NOW + 60_000) },
    { type: 'queued', action: 'b', paymentKey: 'key-b', at: iso(NEXT) },
    { type: 'attempt', action: 'b', attempt: 1, at: iso(NEXT) },
    { ...result(2, 'b', 'key-b', NEXT, 'refused'), error: { code: 'order-not-found', retryable: false } },
  ]
}

describe('compactIntoArchive', () => {
  it("moves settled results to their day's file (the platform's time zone) and keeps only what is owed", () => {
    const journal = new MemoryJournal(records())
    const archive = new MemoryHistoryArchive()
    compactIntoArchive({ journal, archive, timeZone: ZONE, now: NOW })
    expect(archive.days()).toEqual(['2026-11-22', '2026-11-21'])
    expect(archive.read('2026-11-21')).toMatchObject([{ seq: 0, paymentKey: 'key-a' }])
    expect(archive.read('2026-11-22')).toMatchObject([{ seq: 2, paymentKey: 'key-b' }])
    expect(journal.records.map((r) => (r as JournalRecord).action)).toEqual(['c', 'c', 'c'])
    const source = { journal, archive, timeZone: () => ZONE }
    expect(allHistoryNewestFirst(source).map((entry) => entry.seq)).toEqual([2, 1, 0])
    expect(historyPage(source, { limit: 10, day: '2026-11-21' }).orders.map((row) => row.paymentKey)).toEqual(
      ['key-c', 'key-a'],
    )
    const inProgress = historyPage(source, { limit: 10, day: '2026-11-21', state: 'in-progress' })
    expect(inProgress.orders.map((row) => row.paymentKey)).toEqual(['key-c'])
    const refused = historyPage(source, { limit: 10, day: '2026-11-22', state: 'refused' })
    expect(refused.orders.map((row) => row.paymentKey)).toEqual(['key-b'])
  })

  it('forgets days older than the retention, and the seq goes on after what the archive holds', () => {
    const journal = new MemoryJournal(records())
    const archive = new MemoryHistoryArchive()
    archive.add('2026-05-01', [{ seq: 99 }])
    const later = NOW + (HISTORY_RETENTION_DAYS - 1) * DAY_MS
    const { nextSeq } = openCompacted({ journal, archive, timeZone: ZONE, now: later }, silentLogger)
    expect(archive.days()).toEqual(['2026-11-22', '2026-11-21'])
    expect(nextSeq).toBe(3)
    compactIntoArchive({ journal, archive, timeZone: ZONE, now: later + 2 * DAY_MS })
    expect(archive.days()).toEqual([])
  })

  it('keeps an unconfirmed action for its panel check, unless the order was pressed again since', () => {
    const unconfirmed = (seq: number, action: string) => ({
      type: 'result' as const,
      seq,
      action,
      paymentKey: 'key-d',
      attempt: 2,
      at: iso(NEXT),
      result: 'unconfirmed' as const,
      error: { code: 'platform-refused' as const, retryable: false },
      outcomeUnknown: false,
    })
    const journal = new MemoryJournal([
      { type: 'queued', action: 'd1', paymentKey: 'key-d', at: iso(LATE) },
      unconfirmed(3, 'd1'),
    ])
    const archive = new MemoryHistoryArchive()
    compactIntoArchive({ journal, archive, timeZone: ZONE, now: NOW })
    expect(journal.records.map((r) => (r as JournalRecord).action)).toEqual(['d1', 'd1'])
    expect(archive.days()).toEqual([])
    // Pressed again: the new action is the order's; the old one is only history now.
    journal.append({ type: 'queued', action: 'd2', paymentKey: 'key-d', at: iso(NOW) })
    compactIntoArchive({ journal, archive, timeZone: ZONE, now: NOW })
    expect(journal.records.map((r) => (r as JournalRecord).action)).toEqual(['d2'])
    expect(archive.read('2026-11-22')).toMatchObject([{ seq: 3, action: 'd1', result: 'unconfirmed' }])
  })

  it('goes on after the seq the archive holds when the journal holds none', () => {
    const archive = new MemoryHistoryArchive()
    // Only results count: not a record a newer version wrote, nor one that is not a result.
    const future = { type: 'from-the-future', seq: 99 }
    archive.add('2026-11-21', [{ ...records()[0], seq: 98 }, { ...records()[2], seq: 5 }, future])
    const { nextSeq } = openCompacted(
      { journal: new MemoryJournal(), archive, timeZone: ZONE, now: NOW },
      silentLogger,
    )
    expect(nextSeq).toBe(6)
  })

  it('starts the seq at 0 when the newest day the archive holds has no result it can read', () => {
    const archive = new MemoryHistoryArchive()
    const future = { type: 'from-the-future', seq: 7 }
    archive.add('2026-11-21', [future])
    const { nextSeq } = openCompacted(
      { journal: new MemoryJournal(), archive, timeZone: ZONE, now: NOW },
      silentLogger,
    )
    expect(nextSeq).toBe(0)
  })

  it('opens a journal it cannot compact as it is, and says so; and says how many records it cannot read', () => {
    const journal = new MemoryJournal([...records(), { type: 'from-the-future' }, 'garbage'])
    journal.replace = () => {
      throw new Error('ENOSPC: no space left on device')
    }
    const log = recordingLogger()
    const { replay, nextSeq } = openCompacted(
      { journal, archive: new MemoryHistoryArchive(), timeZone: ZONE, now: NOW },
      log,
    )
    expect(replay.actions.map((action) => action.id)).toEqual(['a', 'c', 'b'])
    expect(nextSeq).toBe(3)
    expect(log.lines).toEqual([
      'warn outbox: could not compact the journal {"error":"Error: ENOSPC: no space left on device"}',
      'warn outbox: journal records it cannot read were left alone {"count":2}',
    ])
  })

  it('adds nothing twice when it runs again over results the archive already holds', () => {
    const journal = new MemoryJournal(records())
    const archive = new MemoryHistoryArchive()
    const copy = new MemoryJournal(records())
    compactIntoArchive({ journal, archive, timeZone: ZONE, now: NOW })
    compactIntoArchive({ journal: copy, archive, timeZone: ZONE, now: NOW })
    expect(archive.read('2026-11-21')).toHaveLength(1)
  })
})

describe('compaction killed midway (SIGKILL)', () => {
  let folder: string
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'compaction-crash-'))
  })
  afterEach(() => rmSync(folder, { recursive: true, force: true }))

  function runChildUntil(moment: Moment): Promise<string> {
    const child = spawn(
      process.execPath,
      [
        join(import.meta.dirname, '../../../test-support/core/orders/compaction-child.ts'),
        folder,
        moment,
        String(NOW),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    return new Promise((resolve, reject) => {
      let said = ''
      child.stdout.on('data', (chunk: Buffer) => {
        said += chunk.toString()
        if (said.includes('STOPPED')) child.kill('SIGKILL')
      })
      child.on('error', reject)
      child.on('exit', (_code, signal) => resolve(`${said.trim()} ${String(signal)}`))
    })
  }

  it.each<Moment>(['mid-archive-append', 'after-first-day', 'before-rename', 'after-rename'])(
    'loses nothing and repeats nothing when killed %s',
    async (moment) => {
      const journal = new FileJournal(join(folder, 'journal.jsonl'))
      for (const record of records()) journal.append(record)
      journal.close()

      expect(await runChildUntil(moment)).toBe('STOPPED SIGKILL')

      // The next start: the journal and archive as the dead process left them, compacted again.
      const reopened = new FileJournal(join(folder, 'journal.jsonl'))
      const archive = new FileHistoryArchive(join(folder, 'history'))
      const { replay } = openCompacted({ journal: reopened, archive, timeZone: ZONE, now: NOW }, silentLogger)
      const source = { journal: reopened, archive, timeZone: () => ZONE }
      expect(allHistoryNewestFirst(source).map((entry) => [entry.seq, entry.result])).toEqual([
        [2, 'refused'],
        [1, 'will-retry'],
        [0, 'handed-over'],
      ])
      // What is still owed is still owed, with its story whole.
      expect(replay.actions.find((action) => action.id === 'c')).toMatchObject({
        attempts: 1,
        passingFailures: 1,
      })
      expect(reopened.read().map((r) => (r as JournalRecord).action)).toEqual(['c', 'c', 'c'])
      expect(archive.read('2026-11-21')).toHaveLength(1)
      // Nothing half-written is left lying around.
      expect(readdirSync(folder).filter((name) => name.endsWith('.tmp'))).toEqual([])
      reopened.close()
    },
  )
})
