import { describe, expect, it } from 'vitest'
import { MemoryHistoryArchive } from '../storage/history-archive.ts'
import { MemoryJournal } from '../storage/memory-journal.ts'
import { compactLedger, LEDGER_RETENTION_DAYS, rawRecordsAround } from './ledger-files.ts'

const ZONE = 'Europe/Istanbul'
/** 12:00 in Istanbul (UTC+3) on 2026-11-24. */
const NOW = Date.UTC(2026, 10, 24, 9, 0, 0)

const added = {
  type: 'courier-added',
  id: 'add',
  seq: 0,
  at: '2026-11-10T09:00:00.000Z',
  courierId: 'c1',
  name: 'Ahmet',
}
/** 00:30 in Istanbul on the 23rd (yesterday), though still the 22nd in UTC. */
const yesterday = {
  type: 'assigned',
  id: 'a1',
  seq: 1,
  at: '2026-11-22T21:30:00.000Z',
  paymentKey: 'k1',
  courierId: 'c1',
}
/** 23:30 in Istanbul on the 22nd. */
const twoDaysAgo = {
  type: 'assigned',
  id: 'a2',
  seq: 2,
  at: '2026-11-22T20:30:00.000Z',
  paymentKey: 'k2',
  courierId: 'c1',
}
/** Handed in today for the 21st: filed under the day it names. */
const cashFor21st = {
  type: 'cash',
  id: 'h1',
  seq: 3,
  at: '2026-11-24T08:00:00.000Z',
  courierId: 'c1',
  amountKurus: 500,
  day: '2026-11-21',
}
const noted = {
  type: 'order-noted',
  id: 'n1',
  seq: 4,
  at: '2026-11-20T09:00:00.000Z',
  paymentKey: 'k3',
  amountKurus: 100,
}
/** A record a newer version wrote. */
const unknown = { type: 'courier-photo', id: 'p1', seq: 5, at: '2026-11-01T09:00:00.000Z' }
const longAgo = {
  type: 'assigned',
  id: 'a0',
  seq: 6,
  at: '2026-01-01T09:00:00.000Z',
  paymentKey: 'k0',
  courierId: null,
}

/** 187 days before today: the oldest day still kept. */
const lastDayKept = { ...longAgo, id: 'a00', seq: 7, at: '2026-05-21T09:00:00.000Z' }

describe('compactLedger', () => {
  it('moves the records of days before yesterday (the platform’s days) to day files, keeps the rest', () => {
    const journal = new MemoryJournal([
      { type: 'seq-mark', seq: 0 },
      added,
      yesterday,
      twoDaysAgo,
      cashFor21st,
      noted,
      unknown,
      // A copy a crash left: one record.
      twoDaysAgo,
      longAgo,
      lastDayKept,
    ])
    const archive = new MemoryHistoryArchive()
    compactLedger({ journal, archive }, ZONE, NOW)
    expect(journal.records).toEqual([{ type: 'seq-mark', seq: 7 }, added, yesterday, unknown])
    expect(archive.days()).toEqual(['2026-11-22', '2026-11-21', '2026-11-20', '2026-05-21'])
    expect(archive.read('2026-11-22')).toEqual([twoDaysAgo])
    expect(archive.read('2026-11-21')).toEqual([cashFor21st])
    expect(archive.read('2026-11-20')).toEqual([noted])
  })

  it('rewrites nothing when nothing is old enough to move, and forgets day files past the retention', () => {
    const journal = new MemoryJournal([added, yesterday])
    const archive = new MemoryHistoryArchive()
    const oldestKept = '2026-05-21'
    archive.add('2026-05-20', [{ ...twoDaysAgo, seq: 10 }])
    archive.add(oldestKept, [{ ...twoDaysAgo, seq: 11 }])
    compactLedger({ journal, archive }, ZONE, NOW)
    expect(journal.records).toEqual([added, yesterday])
    expect(archive.days()).toEqual([oldestKept])
    expect(LEDGER_RETENTION_DAYS).toBe(187)
  })

  it('keeps yesterday by the platform’s zone: in UTC the same record is two days old', () => {
    const journal = new MemoryJournal([added, yesterday])
    const archive = new MemoryHistoryArchive()
    compactLedger({ journal, archive }, 'UTC', NOW)
    expect(archive.days()).toEqual(['2026-11-22'])
  })
})

describe('rawRecordsAround', () => {
  it('reads the day files from a week before the day to two days after it, then the journal', () => {
    const archive = new MemoryHistoryArchive()
    const days = ['2026-11-16', '2026-11-17', '2026-11-20', '2026-11-24', '2026-11-26', '2026-11-27']
    days.forEach((day, seq) => {
      const record: { seq: number; day: string } = { seq, day }
      archive.add(day, [record])
    })
    const journal = new MemoryJournal([{ journal: true }])
    expect(rawRecordsAround({ journal, archive }, '2026-11-24')).toEqual([
      { day: '2026-11-17', seq: 1 },
      { day: '2026-11-20', seq: 2 },
      { day: '2026-11-24', seq: 3 },
      { day: '2026-11-26', seq: 4 },
      { journal: true },
    ])
  })
})
