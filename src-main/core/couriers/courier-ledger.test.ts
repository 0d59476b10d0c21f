import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ManualClock } from '../../../test-support/core/manual-clock.ts'
import { recordingLogger } from '../../../test-support/core/memory-adapters.ts'
import { toAppError } from '../app-failure.ts'
import { silentLogger } from '../ports.ts'
import { FileJournal } from '../storage/file-journal.ts'
import { FileHistoryArchive, MemoryHistoryArchive } from '../storage/history-archive.ts'
import { MemoryJournal } from '../storage/memory-journal.ts'
import { CourierLedger, type LedgerChange } from './courier-ledger.ts'
import { CourierRefusal, type CourierProblem } from './courier-refusal.ts'

const ZONE = 'Europe/Istanbul'
/** 12:00 in Istanbul (UTC+3) on 2026-11-24. */
const NOON = Date.UTC(2026, 10, 24, 9, 0, 0)
const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
const KEY_A = '3f1b6a9e-0c1d-4e2f-9a3b-5c6d7e8f9a0b'
const KEY_B = '4a2c7b0f-1d2e-4f30-8b4c-6d7e8f9a0b1c'

function refusal(write: () => unknown): CourierProblem | undefined {
  try {
    write()
  } catch (error) {
    expect(error).toBeInstanceOf(CourierRefusal)
    return (error as CourierRefusal).problem
  }
  return undefined
}

/** A journal on a disk that fills up once `full` is set: every append then fails the way node:fs does. */
class FillingJournal extends MemoryJournal {
  full = false
  override append(record: unknown): void {
    if (this.full) {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })
    }
    super.append(record)
  }
}

function memoryLedger(
  journal = new MemoryJournal(),
  archive = new MemoryHistoryArchive(),
  clock = new ManualClock(NOON),
) {
  const ledger = new CourierLedger({ journal, archive, clock, log: silentLogger, timeZone: () => ZONE })
  return { ledger, journal, archive, clock }
}

describe('the courier list', () => {
  it('adds, renames, badges and retires a courier, each as its own record', () => {
    const { ledger, journal } = memoryLedger()
    const ahmet = ledger.addCourier({ name: '  Ahmet   Yılmaz ', badge: 'k-01' })
    expect(ahmet).toMatchObject({ name: 'Ahmet Yılmaz', badge: 'K-01', retired: false })
    expect(ahmet.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(ledger.renameCourier({ courierId: ahmet.id, name: 'Ahmet Y.' }).name).toBe('Ahmet Y.')
    expect(ledger.setBadge({ courierId: ahmet.id, badge: null }).badge).toBeUndefined()
    expect(ledger.retireCourier({ courierId: ahmet.id }).retired).toBe(true)
    expect(journal.records.map((record) => (record as { type: string }).type)).toEqual([
      'courier-added',
      'courier-renamed',
      'courier-badge',
      'courier-retired',
    ])
    // The id stays the same through all of it: past days name the courier by it.
    expect(ledger.courier(ahmet.id)).toMatchObject({ id: ahmet.id, name: 'Ahmet Y.', retired: true })
    // What it answers is a copy: a caller cannot change the list without a record.
    const copy = ledger.couriers()[0] as { name: string }
    copy.name = 'changed'
    ;(ledger.courier(ahmet.id) as { name: string }).name = 'changed'
    expect(ledger.courier(ahmet.id)?.name).toBe('Ahmet Y.')
  })

  it('finds a working courier by badge (as scanned) and by name (letter case aside, Turkish rules)', () => {
    const { ledger } = memoryLedger()
    const ismail = ledger.addCourier({ name: 'İsmail', badge: 'K-7' })
    expect(ledger.courierByBadge(' k-7\r\n')?.id).toBe(ismail.id)
    expect(ledger.courierByName('ismail')?.id).toBe(ismail.id)
    expect(ledger.courierByName('ISMAIL')).toBeUndefined()
    ledger.retireCourier({ courierId: ismail.id })
    expect(ledger.courierByBadge('K-7')).toBeUndefined()
    expect(ledger.courierByName('İsmail')).toBeUndefined()
  })

  it('refuses a bad or taken name or badge, and writes nothing for it', () => {
    const { ledger, journal } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet', badge: 'A1' })
    const written = journal.records.length
    expect(refusal(() => ledger.addCourier({ name: 'AHMET' }))).toBe('name-taken')
    expect(refusal(() => ledger.addCourier({ name: 'Mehmet', badge: 'a1' }))).toBe('badge-taken')
    expect(refusal(() => ledger.addCourier({ name: 'Meh\nmet' }))).toBe('name-not-one-line')
    expect(refusal(() => ledger.addCourier({ name: 'Meh\u202emet' }))).toBe('name-bad-characters')
    expect(refusal(() => ledger.addCourier({ name: 'x'.repeat(61) }))).toBe('name-too-long')
    expect(refusal(() => ledger.addCourier({ name: ' ' }))).toBe('name-empty')
    expect(refusal(() => ledger.addCourier({ name: 'Mehmet', badge: 'K 1' }))).toBe('badge-invalid')
    expect(refusal(() => ledger.renameCourier({ courierId: 'nobody', name: 'X' }))).toBe('unknown-courier')
    expect(journal.records).toHaveLength(written)
    // A courier may keep their own name and badge; a retired courier's name and badge are free again.
    expect(ledger.renameCourier({ courierId: ahmet.id, name: 'ahmet' }).name).toBe('ahmet')
    ledger.retireCourier({ courierId: ahmet.id })
    expect(ledger.addCourier({ name: 'Ahmet', badge: 'A1' }).id).not.toBe(ahmet.id)
  })
})

describe('writes retried under the same id', () => {
  it('are no-ops that answer what was recorded the first time', () => {
    const { ledger, journal } = memoryLedger()
    const first = ledger.addCourier({ id: 'req-1', name: 'Ahmet' })
    expect(ledger.addCourier({ id: 'req-1', name: 'Ahmet' })).toEqual(first)
    const cash = ledger.recordCash({ id: 'req-2', courierId: first.id, amountKurus: 39990 })
    expect(ledger.recordCash({ id: 'req-2', courierId: first.id, amountKurus: 39990 })).toEqual(cash)
    ledger.assign({ id: 'req-3', paymentKey: KEY_A, courierId: first.id })
    ledger.assign({ id: 'req-3', paymentKey: KEY_A, courierId: first.id })
    ledger.noteOrder({ id: 'req-4', paymentKey: KEY_A, amountKurus: 100 })
    ledger.noteOrder({ id: 'req-4', paymentKey: KEY_A, amountKurus: 100 })
    expect(journal.records).toHaveLength(4)
    expect(ledger.couriers()).toHaveLength(1)
  })

  it('are no-ops after a restart too', () => {
    const { ledger, journal, archive, clock } = memoryLedger()
    const ahmet = ledger.addCourier({ id: 'req-1', name: 'Ahmet' })
    ledger.recordCash({ id: 'req-2', courierId: ahmet.id, amountKurus: 500 })
    ledger.dispose()
    const again = memoryLedger(journal.reopen(), archive, clock).ledger
    again.recordCash({ id: 'req-2', courierId: ahmet.id, amountKurus: 500 })
    expect(again.day('2026-11-24').cash).toHaveLength(1)
  })

  it('refuse an id used for another kind of record', () => {
    const { ledger } = memoryLedger()
    const ahmet = ledger.addCourier({ id: 'req-1', name: 'Ahmet' })
    expect(refusal(() => ledger.recordCash({ id: 'req-1', courierId: ahmet.id, amountKurus: 1 }))).toBe(
      'id-reused',
    )
    expect(refusal(() => ledger.recordCash({ id: '', courierId: ahmet.id, amountKurus: 1 }))).toBe(
      'id-invalid',
    )
  })
})

describe('assignments', () => {
  it('name the courier of a package; a reassignment and a clearing are new records', () => {
    const { ledger, journal } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    const mehmet = ledger.addCourier({ name: 'Mehmet' })
    expect(ledger.assignmentOf(KEY_A)).toBeUndefined()
    const first = ledger.assign({ paymentKey: KEY_A, courierId: ahmet.id })
    // The package scanned again for the same courier: nothing new to write.
    expect(ledger.assign({ paymentKey: KEY_A, courierId: ahmet.id })).toEqual(first)
    ledger.assign({ paymentKey: KEY_A, courierId: mehmet.id })
    expect(ledger.assignmentOf(KEY_A)).toBe(mehmet.id)
    ledger.assign({ paymentKey: KEY_A, courierId: null })
    expect(ledger.assignmentOf(KEY_A)).toBeNull()
    expect(ledger.day('2026-11-24').assignments.map((a) => a.courierId)).toEqual([ahmet.id, mehmet.id, null])
    expect(journal.records.filter((r) => (r as { type: string }).type === 'assigned')).toHaveLength(3)
  })

  it('refuse a retired or unknown courier', () => {
    const { ledger } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    ledger.retireCourier({ courierId: ahmet.id })
    expect(refusal(() => ledger.assign({ paymentKey: KEY_A, courierId: ahmet.id }))).toBe('courier-retired')
    expect(refusal(() => ledger.assign({ paymentKey: KEY_A, courierId: 'nobody' }))).toBe('unknown-courier')
    expect(refusal(() => ledger.assign({ paymentKey: ' ', courierId: null }))).toBe('order-invalid')
  })
})

describe('order notes', () => {
  it('keep what the settlement needs of an order, a later note adding to an earlier one', () => {
    const { ledger } = memoryLedger()
    ledger.noteOrder({ paymentKey: KEY_A, paymentMethod: 'CASH', label: 'A1B2', amountKurus: undefined })
    ledger.noteOrder({ paymentKey: KEY_A, amountKurus: 39990, branch: 'kadikoy' })
    expect(ledger.day('2026-11-24').orders.get(KEY_A)).toEqual({
      paymentMethod: 'CASH',
      label: 'A1B2',
      amountKurus: 39990,
      branch: 'kadikoy',
    })
  })

  it('carry the order’s account (issue 29); a note written before accounts reads as the first account’s', () => {
    const FIRST = '11111111-2222-4333-8444-555555555555'
    const BRAND = '99999999-8888-4777-8666-555555555555'
    const journal = new MemoryJournal()
    // A note from before accounts: no account in it.
    journal.append({
      type: 'order-noted',
      id: 'old',
      seq: 0,
      at: new Date(NOON).toISOString(),
      paymentKey: KEY_B,
    })
    const ledger = new CourierLedger({
      journal,
      archive: new MemoryHistoryArchive(),
      clock: new ManualClock(NOON),
      log: silentLogger,
      timeZone: () => ZONE,
      firstAccount: FIRST,
    })
    ledger.noteOrder({ paymentKey: KEY_A, amountKurus: 100, account: BRAND })
    expect(journal.records.at(-1)).toMatchObject({ type: 'order-noted', paymentKey: KEY_A, account: BRAND })
    expect(ledger.notedOf(KEY_A)).toMatchObject({ account: BRAND })
    expect(ledger.live().orders.get(KEY_A)).toMatchObject({ account: BRAND })
    expect(ledger.day('2026-11-24').orders.get(KEY_A)).toMatchObject({ account: BRAND })
    expect(ledger.notedOf(KEY_B)).toEqual({ account: FIRST })
    expect(ledger.day('2026-11-24').orders.get(KEY_B)).toEqual({ account: FIRST })
    // An account is an id, never a name or free text.
    expect(refusal(() => ledger.noteOrder({ paymentKey: KEY_A, account: 'Pide Evi' }))).toBe('order-invalid')
  })

  it('refuse an amount that is not whole kuruş in range, and fields out of shape', () => {
    const { ledger } = memoryLedger()
    expect(refusal(() => ledger.noteOrder({ paymentKey: KEY_A, amountKurus: 399.9 }))).toBe('amount-invalid')
    expect(refusal(() => ledger.noteOrder({ paymentKey: KEY_A, amountKurus: -1 }))).toBe('amount-invalid')
    expect(refusal(() => ledger.noteOrder({ paymentKey: KEY_A, amountKurus: 1_000_000_001 }))).toBe(
      'amount-invalid',
    )
    expect(refusal(() => ledger.noteOrder({ paymentKey: KEY_A, branch: 'x'.repeat(65) }))).toBe(
      'order-invalid',
    )
  })
})

describe('cash handed in', () => {
  it('settles today by default, or an earlier day staff name; never a later one', () => {
    const { ledger } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    expect(ledger.recordCash({ courierId: ahmet.id, amountKurus: 100 }).day).toBe('2026-11-24')
    expect(ledger.recordCash({ courierId: ahmet.id, amountKurus: 100, day: '2026-11-23' }).day).toBe(
      '2026-11-23',
    )
    for (const day of ['2026-11-25', '2026-02-30', '24.11.2026', '2025-01-01']) {
      expect(refusal(() => ledger.recordCash({ courierId: ahmet.id, amountKurus: 1, day }))).toBe(
        'day-invalid',
      )
    }
    expect(refusal(() => ledger.recordCash({ courierId: ahmet.id, amountKurus: 1.5 }))).toBe('amount-invalid')
    expect(refusal(() => ledger.recordCash({ courierId: ahmet.id, amountKurus: 1, note: 'a\nb' }))).toBe(
      'note-invalid',
    )
    expect(refusal(() => ledger.recordCash({ courierId: 'nobody', amountKurus: 1 }))).toBe('unknown-courier')
  })

  it('is corrected by a new record that keeps the corrected one in the history', () => {
    const { ledger } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    const wrong = ledger.recordCash({
      courierId: ahmet.id,
      amountKurus: 40000,
      day: '2026-11-23',
      note: 'yanlış',
    })
    const right = ledger.correctCash({ corrects: wrong.id, amountKurus: 39990, note: 'düzeltme' })
    expect(right).toMatchObject({
      corrects: wrong.id,
      day: '2026-11-23',
      courierId: ahmet.id,
      amountKurus: 39990,
    })
    expect(ledger.day('2026-11-23').cash.map((c) => c.amountKurus)).toEqual([40000, 39990])
    expect(refusal(() => ledger.correctCash({ corrects: 'nothing', amountKurus: 1 }))).toBe(
      'unknown-cash-record',
    )
  })

  it('can be corrected after it left the journal, when the day is named', async () => {
    const { ledger, clock } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    const wrong = ledger.recordCash({ courierId: ahmet.id, amountKurus: 40000 })
    await clock.advance(3 * DAY)
    expect(refusal(() => ledger.correctCash({ corrects: wrong.id, amountKurus: 1 }))).toBe(
      'unknown-cash-record',
    )
    const right = ledger.correctCash({ corrects: wrong.id, amountKurus: 39990, day: '2026-11-24' })
    expect(right.day).toBe('2026-11-24')
    expect(ledger.day('2026-11-24').cash.map((c) => c.id)).toEqual([wrong.id, right.id])
  })
})

describe('durability', () => {
  it('refuses a write the disk cannot take: disk-full, nothing held, nothing announced', () => {
    const journal = new FillingJournal()
    const { ledger } = memoryLedger(journal)
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    const changes: LedgerChange[] = []
    ledger.onChange((change) => changes.push(change))
    journal.full = true
    let thrown: unknown
    try {
      ledger.recordCash({ id: 'req-9', courierId: ahmet.id, amountKurus: 500 })
    } catch (error) {
      thrown = error
    }
    expect(toAppError(thrown)).toEqual({ code: 'disk-full', retryable: true })
    expect(() => ledger.addCourier({ name: 'Mehmet' })).toThrow(/ENOSPC/)
    expect(ledger.courierByName('Mehmet')).toBeUndefined()
    expect(changes).toEqual([])
    // Once there is room, the same request is written once.
    journal.full = false
    ledger.recordCash({ id: 'req-9', courierId: ahmet.id, amountKurus: 500 })
    ledger.recordCash({ id: 'req-9', courierId: ahmet.id, amountKurus: 500 })
    expect(ledger.day('2026-11-24').cash).toHaveLength(1)
    expect(changes).toEqual([{ kind: 'cash', courierId: ahmet.id, day: '2026-11-24' }])
  })

  it('announces a change only after it is on disk, and a failing listener does not undo the write', () => {
    const { ledger, journal } = memoryLedger()
    const seen: number[] = []
    ledger.onChange(() => seen.push(journal.records.length))
    ledger.onChange(() => {
      throw new Error('listener bug')
    })
    expect(ledger.addCourier({ name: 'Ahmet' }).name).toBe('Ahmet')
    expect(seen).toEqual([1])
  })

  describe('on files', () => {
    let dir: string
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'courier-ledger-'))
    })
    afterEach(() => rmSync(dir, { recursive: true, force: true }))

    function fileLedger(clock: ManualClock) {
      const journal = new FileJournal(join(dir, 'courier-ledger.jsonl'))
      const archive = new FileHistoryArchive(join(dir, 'courier-days'))
      return {
        journal,
        ledger: new CourierLedger({ journal, archive, clock, log: silentLogger, timeZone: () => ZONE }),
      }
    }

    it('reads back everything after a restart, and drops a last line a crash cut short', () => {
      const clock = new ManualClock(NOON)
      const first = fileLedger(clock)
      const ahmet = first.ledger.addCourier({ name: 'Ahmet', badge: 'A1' })
      first.ledger.assign({ paymentKey: KEY_A, courierId: ahmet.id })
      first.ledger.recordCash({ id: 'req-1', courierId: ahmet.id, amountKurus: 39990 })
      const before = first.ledger.day('2026-11-24')
      first.ledger.dispose()
      first.journal.close()
      // A crash in the middle of the next append: half a record, no newline.
      appendFileSync(join(dir, 'courier-ledger.jsonl'), '{"type":"cash","id":"req-2","seq":3,"at":"2026-')
      const second = fileLedger(clock)
      expect(second.ledger.day('2026-11-24')).toEqual(before)
      expect(second.ledger.courierByBadge('A1')?.id).toBe(ahmet.id)
      expect(second.ledger.assignmentOf(KEY_A)).toBe(ahmet.id)
      // The cut-off record was never acknowledged: written now, it is there once, after the others.
      second.ledger.recordCash({ id: 'req-2', courierId: ahmet.id, amountKurus: 10 })
      const lines = readFileSync(join(dir, 'courier-ledger.jsonl'), 'utf8').trim().split('\n')
      expect(lines.map((line) => (JSON.parse(line) as { seq: number }).seq)).toEqual([0, 1, 2, 3])
      second.journal.close()
    })

    it('moves days before yesterday to day files at the day turn; a past day reads the same', async () => {
      const clock = new ManualClock(NOON)
      const { ledger, journal } = fileLedger(clock)
      const ahmet = ledger.addCourier({ name: 'Ahmet' })
      ledger.assign({ paymentKey: KEY_A, courierId: ahmet.id })
      ledger.noteOrder({ paymentKey: KEY_A, paymentMethod: 'CASH', amountKurus: 39990 })
      ledger.recordCash({ courierId: ahmet.id, amountKurus: 39990 })
      const before = ledger.day('2026-11-24')
      await clock.advance(2 * DAY)
      expect(
        readFileSync(join(dir, 'courier-days', '2026-11-24.jsonl'), 'utf8')
          .trim()
          .split('\n'),
      ).toHaveLength(3)
      const kept = journal.read() as { type: string }[]
      expect(kept.map((record) => record.type)).toEqual(['seq-mark', 'courier-added'])
      expect(ledger.day('2026-11-24')).toEqual(before)
      // New records go on from the highest seq, though the journal no longer holds the records that had it.
      ledger.assign({ paymentKey: KEY_B, courierId: ahmet.id })
      expect(ledger.day('2026-11-26').assignments.find((a) => a.paymentKey === KEY_B)?.seq).toBe(4)
      ledger.dispose()
      journal.close()
    })
  })

  it('finds each record once after a crash between the day files and the journal rewrite', async () => {
    const journal = new MemoryJournal()
    const archive = new MemoryHistoryArchive()
    const clock = new ManualClock(NOON)
    const { ledger } = memoryLedger(journal, archive, clock)
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    ledger.assign({ paymentKey: KEY_A, courierId: ahmet.id })
    ledger.recordCash({ courierId: ahmet.id, amountKurus: 39990 })
    const before = ledger.day('2026-11-24')
    ledger.dispose()
    // The app is stopped for two days; at the next start the day files are written and then the app dies
    // before the journal is replaced.
    await clock.advance(2 * DAY)
    const crashing = journal.reopen()
    crashing.replace = () => {
      throw new Error('killed')
    }
    memoryLedger(crashing, archive, clock).ledger.dispose()
    expect(archive.read('2026-11-24')).toHaveLength(2)
    expect(crashing.records).toHaveLength(3)
    const restarted = memoryLedger(journal.reopen(), archive, clock)
    expect(restarted.ledger.day('2026-11-24')).toEqual(before)
    expect(archive.read('2026-11-24')).toHaveLength(2)
    expect(restarted.journal.records).toHaveLength(2)
  })

  it('forgets day files older than History keeps, plus the week assignments are read back', async () => {
    const { ledger, archive, clock } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    ledger.recordCash({ courierId: ahmet.id, amountKurus: 1 })
    await clock.advance(3 * DAY)
    expect(archive.days()).toEqual(['2026-11-24'])
    // 180 days of History and the 7 days before a package that its assignment is read from: kept to 2027-05-30.
    await clock.advance(184 * DAY)
    expect(archive.days()).toEqual(['2026-11-24'])
    await clock.advance(DAY)
    expect(archive.days()).toEqual([])
    expect(ledger.couriers().map((c) => c.name)).toEqual(['Ahmet'])
  })
})

describe('the courier list, its other paths', () => {
  it('lists couriers by name in Turkish order, each only with what it has', () => {
    const { ledger } = memoryLedger()
    for (const name of ['Zeynep', 'Çağla', 'Cem', 'Ahmet']) ledger.addCourier({ name })
    expect(ledger.couriers().map((courier) => courier.name)).toEqual(['Ahmet', 'Cem', 'Çağla', 'Zeynep'])
    const ahmet = ledger.courierByName('Ahmet')
    expect(ledger.courier(ahmet?.id ?? '')).toStrictEqual({
      id: ahmet?.id,
      name: 'Ahmet',
      retired: false,
      addedAt: new Date(NOON).toISOString(),
    })
  })

  it('finds no courier for a badge or name it cannot read or does not know', () => {
    const { ledger } = memoryLedger()
    ledger.addCourier({ name: 'Ahmet' })
    ledger.addCourier({ name: 'Mehmet', badge: 'M-1' })
    expect(ledger.courierByBadge('bad code!')).toBeUndefined()
    expect(ledger.courierByBadge('K-9')).toBeUndefined()
    expect(ledger.courierByName('')).toBeUndefined()
    expect(ledger.courierByName('Ah\nmet')).toBeUndefined()
    expect(ledger.courierByName('Veli')).toBeUndefined()
  })

  it('lets a courier keep their own badge, and retires a courier once', () => {
    const { ledger, journal } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet', badge: 'A1' })
    expect(ledger.setBadge({ courierId: ahmet.id, badge: 'a1' }).badge).toBe('A1')
    const before = journal.records.length
    expect(refusal(() => ledger.setBadge({ courierId: 'nobody', badge: null }))).toBe('unknown-courier')
    expect(journal.records).toHaveLength(before)
    const written = journal.records.length
    ledger.retireCourier({ courierId: ahmet.id })
    expect(ledger.retireCourier({ courierId: ahmet.id }).retired).toBe(true)
    expect(journal.records).toHaveLength(written + 1)
  })

  it('answers a retried rename, badge, retirement, assignment and note with the first, writing nothing', () => {
    const { ledger, journal } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    const mehmet = ledger.addCourier({ name: 'Mehmet' })
    ledger.renameCourier({ id: 'rename', courierId: ahmet.id, name: 'Ahmet Y.' })
    ledger.setBadge({ id: 'badge', courierId: ahmet.id, badge: 'A1' })
    ledger.assign({ id: 'assign', paymentKey: KEY_A, courierId: ahmet.id })
    ledger.noteOrder({ id: 'note', paymentKey: KEY_A, amountKurus: 100 })
    ledger.retireCourier({ id: 'retire', courierId: mehmet.id })
    const written = journal.records.length
    expect(ledger.renameCourier({ id: 'rename', courierId: ahmet.id, name: 'Başka' }).name).toBe('Ahmet Y.')
    expect(ledger.setBadge({ id: 'badge', courierId: ahmet.id, badge: 'B2' }).badge).toBe('A1')
    expect(ledger.assign({ id: 'assign', paymentKey: KEY_A, courierId: mehmet.id }).courierId).toBe(ahmet.id)
    ledger.noteOrder({ id: 'note', paymentKey: KEY_A, amountKurus: 200 })
    // The same request id naming another courier: the first request stands, Ahmet still works here.
    expect(ledger.retireCourier({ id: 'retire', courierId: ahmet.id }).id).toBe(mehmet.id)
    expect(ledger.courier(ahmet.id)?.retired).toBe(false)
    expect(journal.records).toHaveLength(written)
    expect(ledger.assignmentOf(KEY_A)).toBe(ahmet.id)
    expect(ledger.live().orders.get(KEY_A)).toEqual({ amountKurus: 100 })
  })

  it('takes a request id or an order key of up to 100 characters, not more', () => {
    const { ledger } = memoryLedger()
    const ahmet = ledger.addCourier({ id: 'x'.repeat(100), name: 'Ahmet' })
    expect(refusal(() => ledger.addCourier({ id: 'y'.repeat(101), name: 'Mehmet' }))).toBe('id-invalid')
    expect(ledger.assign({ paymentKey: 'k'.repeat(100), courierId: ahmet.id }).paymentKey).toHaveLength(100)
    expect(refusal(() => ledger.assign({ paymentKey: 'k'.repeat(101), courierId: ahmet.id }))).toBe(
      'order-invalid',
    )
  })

  it('remembers when each courier last took a package; taking one off its courier names nobody', () => {
    const { ledger } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    ledger.assign({ paymentKey: KEY_A, courierId: ahmet.id })
    ledger.assign({ paymentKey: KEY_A, courierId: null })
    expect(ledger.lastUsed()).toEqual(new Map([[ahmet.id, new Date(NOON).toISOString()]]))
  })

  it('gives a day every name its couriers were given, with when; a badge or a retirement names nobody', async () => {
    const { ledger, clock } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    // A badge or a retirement read as a naming would name Ahmet as nobody that day: settleDay would then show
    // his name of today on a past day.
    ledger.setBadge({ courierId: ahmet.id, badge: 'A1' })
    const mehmet = ledger.addCourier({ name: 'Mehmet' })
    ledger.retireCourier({ courierId: mehmet.id })
    await clock.advance(DAY)
    ledger.renameCourier({ courierId: ahmet.id, name: 'Ahmet Yılmaz' })
    const today = new Date(NOON).toISOString()
    const tomorrow = new Date(NOON + DAY).toISOString()
    expect(ledger.day('2026-11-24').names).toEqual([
      { courierId: ahmet.id, name: 'Ahmet', seq: 0, at: today },
      { courierId: mehmet.id, name: 'Mehmet', seq: 2, at: today },
      { courierId: ahmet.id, name: 'Ahmet Yılmaz', seq: 4, at: tomorrow },
    ])
  })
})

describe('order notes, their other paths', () => {
  it('writes a note only when it says something new, and a later note keeps what it leaves out', () => {
    const { ledger, journal } = memoryLedger()
    // Other records of the day are no order's facts.
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    ledger.recordCash({ courierId: ahmet.id, amountKurus: 100 })
    ledger.noteOrder({ paymentKey: KEY_A, paymentMethod: 'CASH', amountKurus: 100, branch: 'moda' })
    const written = journal.records.length
    ledger.noteOrder({ paymentKey: KEY_A, paymentMethod: 'CASH', amountKurus: 100 })
    ledger.noteOrder({ paymentKey: KEY_A, paymentMethod: undefined, amountKurus: undefined })
    expect(journal.records).toHaveLength(written)
    ledger.noteOrder({ paymentKey: KEY_A, paymentMethod: 'CASH', amountKurus: 200 })
    ledger.noteOrder({ paymentKey: KEY_A, label: 'A1B2' })
    expect(journal.records).toHaveLength(written + 2)
    const facts = { paymentMethod: 'CASH', amountKurus: 200, branch: 'moda', label: 'A1B2' }
    expect(ledger.live().orders.get(KEY_A)).toEqual(facts)
    expect(ledger.day('2026-11-24').orders).toEqual(new Map([[KEY_A, facts]]))
  })

  it('announces a note, an assignment and a cash record as what they are', () => {
    const { ledger } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    const changes: LedgerChange[] = []
    ledger.onChange((change) => changes.push(change))
    ledger.noteOrder({ paymentKey: KEY_A, amountKurus: 100 })
    ledger.assign({ paymentKey: KEY_A, courierId: ahmet.id })
    ledger.recordCash({ courierId: ahmet.id, amountKurus: 100 })
    ledger.retireCourier({ courierId: ahmet.id })
    expect(changes).toEqual([
      { kind: 'order', paymentKey: KEY_A },
      { kind: 'assignment', paymentKey: KEY_A, courierId: ahmet.id },
      { kind: 'cash', courierId: ahmet.id, day: '2026-11-24' },
      { kind: 'couriers' },
    ])
  })
})

describe('cash handed in, its other paths', () => {
  it('keeps a note trimmed, none when it is only spaces, and answers only the fields it has', () => {
    const { ledger } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    const noted = ledger.recordCash({
      id: 'c1',
      courierId: ahmet.id,
      amountKurus: 500,
      note: '  bozuk   para ',
    })
    expect(noted.note).toBe('bozuk para')
    const bare = ledger.recordCash({ id: 'c2', courierId: ahmet.id, amountKurus: 700, note: '   ' })
    expect(bare).toStrictEqual({
      id: 'c2',
      seq: 2,
      kind: 'handed-in',
      at: new Date(NOON).toISOString(),
      courierId: ahmet.id,
      amountKurus: 700,
      day: '2026-11-24',
    })
    expect(ledger.live().cash.map((cash) => [cash.id, cash.amountKurus, cash.note])).toEqual([
      ['c1', 500, 'bozuk para'],
      ['c2', 700, undefined],
    ])
  })

  it('takes today named, and an earlier day as far back as the day files are kept, not further', () => {
    const { ledger } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    expect(ledger.recordCash({ courierId: ahmet.id, amountKurus: 1, day: '2026-11-24' }).day).toBe(
      '2026-11-24',
    )
    // 187 days before 2026-11-24.
    expect(ledger.recordCash({ courierId: ahmet.id, amountKurus: 1, day: '2026-05-21' }).day).toBe(
      '2026-05-21',
    )
    expect(refusal(() => ledger.recordCash({ courierId: ahmet.id, amountKurus: 1, day: '2026-05-20' }))).toBe(
      'day-invalid',
    )
  })

  it('answers a retried correction with the first, and refuses a correction naming an unknown courier', () => {
    const { ledger, journal } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    const wrong = ledger.recordCash({ courierId: ahmet.id, amountKurus: 40000 })
    const right = ledger.correctCash({ id: 'fix', corrects: wrong.id, amountKurus: 39990 })
    const written = journal.records.length
    expect(ledger.correctCash({ id: 'fix', corrects: wrong.id, amountKurus: 1 })).toEqual(right)
    expect(journal.records).toHaveLength(written)
    expect(
      refusal(() => ledger.correctCash({ corrects: wrong.id, amountKurus: 1, courierId: 'nobody' })),
    ).toBe('unknown-courier')
    expect(journal.records).toHaveLength(written)
  })

  it('corrects the very record named in an older day’s file, and refuses one that file does not hold', async () => {
    const { ledger, clock } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    ledger.assign({ paymentKey: KEY_A, courierId: ahmet.id })
    ledger.recordCash({ courierId: ahmet.id, amountKurus: 100 })
    const second = ledger.recordCash({ courierId: ahmet.id, amountKurus: 200 })
    await clock.advance(3 * DAY)
    const fixed = ledger.correctCash({ corrects: second.id, amountKurus: 250, day: '2026-11-24' })
    expect(fixed).toMatchObject({ corrects: second.id, day: '2026-11-24', courierId: ahmet.id })
    expect(
      refusal(() => ledger.correctCash({ corrects: 'nothing', amountKurus: 1, day: '2026-11-24' })),
    ).toBe('unknown-cash-record')
    // The day file holds an assignment first: only a cash record with that id is corrected.
    expect(refusal(() => ledger.correctCash({ corrects: 'nothing', amountKurus: 1, day: '../x' }))).toBe(
      'unknown-cash-record',
    )
  })
})

describe('the journal as it is read', () => {
  it('says in the log how many records it could not read, and nothing when it read them all', () => {
    const log = recordingLogger()
    const journal = new MemoryJournal([
      {
        type: 'courier-added',
        id: 'a',
        seq: 0,
        at: new Date(NOON).toISOString(),
        courierId: 'c1',
        name: 'Ali',
      },
      { type: 'courier-photo', id: 'p', seq: 1 },
      null,
      // A change of a courier whose first record is not there: nothing to change.
      {
        type: 'courier-renamed',
        id: 'r',
        seq: 2,
        at: new Date(NOON).toISOString(),
        courierId: 'c9',
        name: 'X',
      },
    ])
    const ledger = new CourierLedger({
      journal,
      archive: new MemoryHistoryArchive(),
      clock: new ManualClock(NOON),
      log,
      timeZone: () => ZONE,
    })
    expect(ledger.couriers().map((courier) => courier.name)).toEqual(['Ali'])
    expect(log.lines).toEqual([
      'warn couriers: ledger records it cannot read were left alone {"unreadable":2}',
    ])
    // The next record goes on from the highest seq it read.
    ledger.addCourier({ id: 'next', name: 'Veli' })
    expect(journal.records.at(-1)).toMatchObject({ id: 'next', seq: 3 })
    log.lines.length = 0
    ledger.compact()
    expect(log.lines.filter((line) => line.includes('cannot read'))).toHaveLength(1)
    const quiet = recordingLogger()
    new CourierLedger({
      journal: new MemoryJournal([{ type: 'seq-mark', seq: 4 }]),
      archive: new MemoryHistoryArchive(),
      clock: new ManualClock(NOON),
      log: quiet,
      timeZone: () => ZONE,
    }).dispose()
    expect(quiet.lines).toEqual([])
  })

  it('leaves alone a cash record whose day is not written YYYY-MM-DD', () => {
    const at = new Date(NOON).toISOString()
    const cash = { type: 'cash', seq: 1, at, courierId: 'c1', amountKurus: 100 }
    const journal = new MemoryJournal([
      { type: 'courier-added', id: 'a', seq: 0, at, courierId: 'c1', name: 'Ali' },
      { ...cash, id: 'h1', day: 'x2026-11-24' },
      { ...cash, id: 'h2', seq: 2, day: '2026-11-24x' },
      { ...cash, id: 'h3', seq: 3, day: '2026-11-24' },
    ])
    const log = recordingLogger()
    const ledger = new CourierLedger({
      journal,
      archive: new MemoryHistoryArchive(),
      clock: new ManualClock(NOON),
      log,
      timeZone: () => ZONE,
    })
    expect(ledger.live().cash.map((record) => record.id)).toEqual(['h3'])
    expect(log.lines).toEqual([
      'warn couriers: ledger records it cannot read were left alone {"unreadable":2}',
    ])
  })

  it('reads records by seq whatever their order in the file, the first under an id standing', () => {
    const at = new Date(NOON).toISOString()
    const journal = new MemoryJournal([
      { type: 'courier-renamed', id: 'r', seq: 2, at, courierId: 'c1', name: 'Ali Veli' },
      { type: 'courier-added', id: 'a', seq: 1, at, courierId: 'c1', name: 'Ali' },
      { type: 'cash', id: 'h', seq: 3, at, courierId: 'c1', amountKurus: 100, day: '2026-11-24' },
      { type: 'cash', id: 'h', seq: 4, at, courierId: 'c1', amountKurus: 900, day: '2026-11-24' },
      { seq: 7.5 },
    ])
    const { ledger } = memoryLedger(journal)
    expect(ledger.couriers().map((courier) => courier.name)).toEqual(['Ali Veli'])
    expect(ledger.day('2026-11-24').cash.map((cash) => cash.amountKurus)).toEqual([100])
    expect(ledger.live().cash.map((cash) => cash.amountKurus)).toEqual([100])
    ledger.addCourier({ id: 'next', name: 'Veli' })
    expect(journal.records.at(-1)).toMatchObject({ id: 'next', seq: 5 })
  })

  it('logs a compaction it could not finish, and a change listener that failed', () => {
    const log = recordingLogger()
    const journal = new MemoryJournal([
      {
        type: 'assigned',
        id: 'old',
        seq: 0,
        at: '2026-11-20T09:00:00.000Z',
        paymentKey: KEY_A,
        courierId: null,
      },
    ])
    journal.replace = () => {
      throw new Error('killed')
    }
    const clock = new ManualClock(NOON)
    const ledger = new CourierLedger({
      journal,
      archive: new MemoryHistoryArchive(),
      clock,
      log,
      timeZone: () => ZONE,
    })
    expect(log.lines).toEqual(['warn couriers: could not compact the ledger {"error":"Error: killed"}'])
    ledger.onChange(() => {
      throw new Error('listener bug')
    })
    ledger.addCourier({ name: 'Ahmet' })
    expect(log.lines.at(-1)).toBe('error couriers: a change listener failed {"error":"Error: listener bug"}')
  })
})
