// The ledger's rules that courier-ledger.test.ts leaves to the settlement's tests: batch scan-outs, the tender
// recorded at the door, closings and pay rates as written and retried, what a correction says it corrected, and
// what a caller may and may not change through what the ledger answers.
import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../../test-support/core/manual-clock.ts'
import { recordingLogger } from '../../../test-support/core/memory-adapters.ts'
import { silentLogger } from '../ports.ts'
import { MemoryHistoryArchive } from '../storage/history-archive.ts'
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
const BRAND = '99999999-8888-4777-8666-555555555555'
const FIRST = '11111111-2222-4333-8444-555555555555'

function refusal(write: () => unknown): CourierProblem | undefined {
  try {
    write()
  } catch (error) {
    expect(error).toBeInstanceOf(CourierRefusal)
    return (error as CourierRefusal).problem
  }
  return undefined
}

function memoryLedger(
  journal = new MemoryJournal(),
  archive = new MemoryHistoryArchive(),
  clock = new ManualClock(NOON),
  firstAccount?: string,
) {
  const ledger = new CourierLedger({
    journal,
    archive,
    clock,
    log: silentLogger,
    timeZone: () => ZONE,
    firstAccount,
  })
  return { ledger, journal, archive, clock }
}

function typesOf(journal: MemoryJournal): string[] {
  return journal.records.map((record) => (record as { type: string }).type)
}

/** A closing as CourierDay.closeAccount computes it, for a courier and the movements it settled. */
function closingFor(courierId: string, movementIds: string[], day = '2026-11-24') {
  return {
    courierId,
    day,
    paymentKeys: [],
    movementIds,
    expectedCashKurus: 0,
    cashHandedInKurus: 500,
    differenceKurus: 500,
    booked: 'tip' as const,
    debtsAfter: [],
    creditAfterKurus: 0,
    carried: [],
  }
}

describe('batch scan-outs', () => {
  it('start and end once each; a retry answers the batch as it is', async () => {
    const { ledger, journal, clock } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    const started = ledger.startBatch({ id: 'b1', courierId: ahmet.id })
    expect(started).toStrictEqual({
      batchId: 'b1',
      courierId: ahmet.id,
      startedAt: new Date(NOON).toISOString(),
      seq: 1,
    })
    expect(ledger.startBatch({ id: 'b1', courierId: ahmet.id })).toEqual(started)
    ledger.assign({ paymentKey: KEY_A, courierId: ahmet.id, batchId: 'b1' })
    // A package in the batch does not end it.
    expect(ledger.batches()[0]?.endedAt).toBeUndefined()
    await clock.advance(HOUR)
    const ended = ledger.endBatch({ id: 'e1', batchId: 'b1' })
    const endedAt = new Date(NOON + HOUR).toISOString()
    expect(ended.endedAt).toBe(endedAt)
    await clock.advance(HOUR)
    // Bitir pressed again, or the first press retried: the batch ended when it first did, one record of it.
    expect(ledger.endBatch({ id: 'e2', batchId: 'b1' }).endedAt).toBe(endedAt)
    expect(ledger.endBatch({ id: 'e1', batchId: 'b1' }).endedAt).toBe(endedAt)
    expect(typesOf(journal).filter((type) => type === 'batch-ended')).toHaveLength(1)
    expect(typesOf(journal).filter((type) => type === 'batch-started')).toHaveLength(1)
  })

  it('answer a retried end with the batch it ended, and end no other batch named with that request id', () => {
    const { ledger } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    const mehmet = ledger.addCourier({ name: 'Mehmet' })
    ledger.startBatch({ id: 'b1', courierId: ahmet.id })
    expect(ledger.startBatch({ id: 'b2', courierId: mehmet.id })).toMatchObject({
      batchId: 'b2',
      courierId: mehmet.id,
    })
    ledger.endBatch({ id: 'e1', batchId: 'b1' })
    expect(ledger.endBatch({ id: 'e1', batchId: 'b2' }).batchId).toBe('b1')
    expect(ledger.batches().map((batch) => [batch.batchId, batch.endedAt !== undefined])).toEqual([
      ['b1', true],
      ['b2', false],
    ])
  })

  it('refuse a retired courier and a batch the ledger does not hold', () => {
    const { ledger, journal } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    ledger.retireCourier({ courierId: ahmet.id })
    const written = journal.records.length
    expect(refusal(() => ledger.startBatch({ courierId: ahmet.id }))).toBe('courier-retired')
    expect(refusal(() => ledger.endBatch({ batchId: 'nothing' }))).toBe('unknown-batch')
    const mehmet = ledger.addCourier({ name: 'Mehmet' })
    expect(
      refusal(() => ledger.assign({ paymentKey: KEY_A, courierId: mehmet.id, batchId: 'nothing' })),
    ).toBe('unknown-batch')
    expect(journal.records).toHaveLength(written + 1)
  })

  it('writes a package already with its courier again when it goes in a batch', () => {
    const { ledger, journal } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    ledger.assign({ paymentKey: KEY_A, courierId: ahmet.id })
    const batch = ledger.startBatch({ courierId: ahmet.id })
    const assigned = ledger.assign({ paymentKey: KEY_A, courierId: ahmet.id, batchId: batch.batchId })
    expect(assigned.batchId).toBe(batch.batchId)
    expect(ledger.live().assignments).toEqual([assigned])
    // Scanned again in the same batch, or without naming one: already so.
    ledger.assign({ paymentKey: KEY_A, courierId: ahmet.id, batchId: batch.batchId })
    ledger.assign({ paymentKey: KEY_A, courierId: ahmet.id })
    expect(typesOf(journal).filter((type) => type === 'assigned')).toHaveLength(2)
  })

  it('lists the batches by seq, each ended by its own first end, and skips an end of a batch it cannot read', () => {
    const at = (hours: number) => new Date(NOON + hours * HOUR).toISOString()
    const journal = new MemoryJournal([
      { type: 'courier-added', id: 'a', seq: 0, at: at(0), courierId: 'c1', name: 'Ali' },
      { type: 'batch-started', id: 'b1', seq: 1, at: at(0), courierId: 'c1' },
      { type: 'batch-started', id: 'b2', seq: 2, at: at(0), courierId: 'c1' },
      { type: 'batch-ended', id: 'e0', seq: 3, at: at(1), batchId: 'gone' },
      { type: 'batch-ended', id: 'e1', seq: 4, at: at(1), batchId: 'b2' },
      { type: 'batch-ended', id: 'e2', seq: 5, at: at(2), batchId: 'b2' },
    ])
    const { ledger } = memoryLedger(journal)
    expect(ledger.batches()).toEqual([
      { batchId: 'b1', courierId: 'c1', startedAt: at(0), seq: 1 },
      { batchId: 'b2', courierId: 'c1', startedAt: at(0), seq: 2, endedAt: at(1) },
    ])
  })

  it('answer an assignment with only the fields it has', () => {
    const { ledger } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    expect(ledger.assign({ paymentKey: KEY_A, courierId: ahmet.id })).toStrictEqual({
      paymentKey: KEY_A,
      courierId: ahmet.id,
      seq: 1,
      at: new Date(NOON).toISOString(),
    })
  })
})

describe('the tender recorded at the door', () => {
  it('is kept trimmed, answered with when, and a reset to the order’s own method removes it', () => {
    const { ledger } = memoryLedger()
    expect(ledger.setDoorTender({ paymentKey: ` ${KEY_A} `, method: ' CREDIT_CARD ' })).toEqual({
      paymentKey: KEY_A,
      method: 'CREDIT_CARD',
      at: new Date(NOON).toISOString(),
    })
    ledger.setDoorTender({ paymentKey: KEY_B, method: 'CASH' })
    expect(ledger.tenderOf(KEY_A)).toBe('CREDIT_CARD')
    expect(ledger.day('2026-11-24').tenders).toEqual(
      new Map([
        [KEY_A, 'CREDIT_CARD'],
        [KEY_B, 'CASH'],
      ]),
    )
    expect(ledger.setDoorTender({ paymentKey: KEY_A, method: null }).method).toBeNull()
    expect(ledger.tenderOf(KEY_A)).toBeUndefined()
    expect(ledger.tenders()).toEqual(new Map([[KEY_B, 'CASH']]))
    expect(ledger.day('2026-11-24').tenders).toEqual(new Map([[KEY_B, 'CASH']]))
  })

  it('is read only from door records: an assignment of the same package is no tender', () => {
    const { ledger } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    ledger.assign({ paymentKey: KEY_A, courierId: ahmet.id })
    ledger.setDoorTender({ paymentKey: KEY_B, method: 'CASH' })
    expect(ledger.day('2026-11-24').tenders).toEqual(new Map([[KEY_B, 'CASH']]))
  })

  it('takes a method of up to 64 characters, refuses a blank or longer one, and writes nothing for it', () => {
    const { ledger, journal } = memoryLedger()
    expect(ledger.setDoorTender({ paymentKey: KEY_A, method: 'M'.repeat(64) }).method).toHaveLength(64)
    const written = journal.records.length
    expect(refusal(() => ledger.setDoorTender({ paymentKey: KEY_A, method: 'M'.repeat(65) }))).toBe(
      'order-invalid',
    )
    expect(refusal(() => ledger.setDoorTender({ paymentKey: KEY_A, method: '   ' }))).toBe('order-invalid')
    expect(refusal(() => ledger.setDoorTender({ paymentKey: ' ', method: 'CASH' }))).toBe('order-invalid')
    expect(refusal(() => ledger.setDoorTender({ paymentKey: 'k'.repeat(101), method: 'CASH' }))).toBe(
      'order-invalid',
    )
    expect(ledger.setDoorTender({ paymentKey: 'k'.repeat(100), method: 'CASH' }).paymentKey).toHaveLength(100)
    expect(journal.records).toHaveLength(written + 1)
  })

  it('answers a retry with what was recorded the first time, writing nothing', async () => {
    const { ledger, journal, clock } = memoryLedger()
    const first = ledger.setDoorTender({ id: 't1', paymentKey: KEY_A, method: 'CASH' })
    await clock.advance(HOUR)
    expect(ledger.setDoorTender({ id: 't1', paymentKey: KEY_A, method: 'CREDIT_CARD' })).toEqual(first)
    expect(journal.records).toHaveLength(1)
    expect(ledger.tenderOf(KEY_A)).toBe('CASH')
  })
})

describe('changes announced', () => {
  it('name a tender, a batch and a closing as what they change', () => {
    const { ledger } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    const cash = ledger.recordCash({ courierId: ahmet.id, amountKurus: 500 })
    const changes: LedgerChange[] = []
    ledger.onChange((change) => changes.push(change))
    ledger.setDoorTender({ paymentKey: KEY_A, method: 'CASH' })
    const batch = ledger.startBatch({ courierId: ahmet.id })
    ledger.endBatch({ batchId: batch.batchId })
    ledger.closeAccount(closingFor(ahmet.id, [cash.id], '2026-11-23'))
    ledger.setPayRate({ courierId: null, rateKurus: 2500 })
    expect(changes).toEqual([
      { kind: 'order', paymentKey: KEY_A, tender: true },
      { kind: 'assignment', paymentKey: '', courierId: null },
      { kind: 'assignment', paymentKey: '', courierId: null },
      { kind: 'cash', courierId: ahmet.id, day: '2026-11-23' },
      { kind: 'couriers' },
    ])
  })
})

describe('closings and pay rates', () => {
  it('answer a closing with what it settled, and a retried closing with the first, writing nothing', () => {
    const { ledger, journal } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    const cash = ledger.recordCash({ courierId: ahmet.id, amountKurus: 500 })
    const closing = ledger.closeAccount({ id: 'close-1', ...closingFor(ahmet.id, [cash.id]) })
    expect(closing).toStrictEqual({
      id: 'close-1',
      at: new Date(NOON).toISOString(),
      ...closingFor(ahmet.id, [cash.id]),
    })
    const written = journal.records.length
    expect(ledger.closeAccount({ id: 'close-1', ...closingFor(ahmet.id, []) })).toEqual(closing)
    expect(journal.records).toHaveLength(written)
    expect(ledger.closings()).toEqual([{ ...closing, seq: 2 }])
    expect(refusal(() => ledger.closeAccount(closingFor('nobody', [])))).toBe('unknown-courier')
  })

  it('keeps pay rates by seq, refuses one for an unknown courier or not whole kuruş, and writes a retry once', () => {
    const { ledger, journal } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    ledger.setPayRate({ id: 'r1', courierId: null, rateKurus: 2500 })
    ledger.setPayRate({ id: 'r1', courierId: null, rateKurus: 9900 })
    ledger.setPayRate({ courierId: ahmet.id, rateKurus: null })
    expect(ledger.payRates()).toEqual([
      { courierId: null, rateKurus: 2500, day: '2026-11-24', seq: 1 },
      { courierId: ahmet.id, rateKurus: null, day: '2026-11-24', seq: 2 },
    ])
    const written = journal.records.length
    expect(refusal(() => ledger.setPayRate({ courierId: 'nobody', rateKurus: 2500 }))).toBe('unknown-courier')
    expect(refusal(() => ledger.setPayRate({ courierId: null, rateKurus: 12.5 }))).toBe('amount-invalid')
    expect(refusal(() => ledger.setPayRate({ courierId: null, rateKurus: -1 }))).toBe('amount-invalid')
    expect(journal.records).toHaveLength(written)
  })
})

describe('cash movements and their corrections', () => {
  it('answer a retried movement with the first, and refuse an unknown courier or a reused id', () => {
    const { ledger, journal } = memoryLedger()
    const ahmet = ledger.addCourier({ id: 'add', name: 'Ahmet' })
    const float = ledger.recordMovement({ id: 'm1', courierId: ahmet.id, kind: 'float', amountKurus: 5000 })
    expect(ledger.recordMovement({ id: 'm1', courierId: ahmet.id, kind: 'expense', amountKurus: 1 })).toEqual(
      float,
    )
    const written = journal.records.length
    expect(refusal(() => ledger.recordMovement({ courierId: 'nobody', kind: 'float', amountKurus: 1 }))).toBe(
      'unknown-courier',
    )
    expect(
      refusal(() => ledger.recordMovement({ id: 'add', courierId: ahmet.id, kind: 'float', amountKurus: 1 })),
    ).toBe('id-reused')
    expect(journal.records).toHaveLength(written)
  })

  it('correct a record written before movements existed as cash handed in, read back after a restart', () => {
    const at = new Date(NOON).toISOString()
    const journal = new MemoryJournal([
      { type: 'courier-added', id: 'a', seq: 0, at, courierId: 'c1', name: 'Ali' },
      { type: 'cash', id: 'old', seq: 1, at, courierId: 'c1', amountKurus: 500, day: '2026-11-24' },
    ])
    const { ledger } = memoryLedger(journal)
    const fixed = ledger.correctCash({ corrects: 'old', amountKurus: 450 })
    expect(fixed.kind).toBe('handed-in')
    const restarted = memoryLedger(journal.reopen()).ledger
    expect(restarted.live().cash.map((cash) => [cash.id, cash.kind, cash.amountKurus])).toEqual([
      ['old', 'handed-in', 500],
      [fixed.id, 'handed-in', 450],
    ])
  })

  it('refuse a day the calendar does not have, even within the days kept', () => {
    const { ledger, journal } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    for (const day of ['2026-09-31', '2026-11-2', '2026-11-00']) {
      expect(
        refusal(() => ledger.recordMovement({ courierId: ahmet.id, kind: 'float', amountKurus: 1, day })),
      ).toBe('day-invalid')
    }
    expect(journal.records).toHaveLength(1)
  })

  it('correct a movement in its own kind, through recordMovement or correctCash', () => {
    const { ledger } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    const expense = ledger.recordMovement({ courierId: ahmet.id, kind: 'expense', amountKurus: 3000 })
    expect(expense.kind).toBe('expense')
    const fixed = ledger.recordMovement({
      courierId: ahmet.id,
      kind: 'expense',
      amountKurus: 2500,
      corrects: expense.id,
    })
    expect(fixed).toMatchObject({ kind: 'expense', amountKurus: 2500, corrects: expense.id })
    expect(ledger.correctCash({ corrects: fixed.id, amountKurus: 2000 }).kind).toBe('expense')
    expect(ledger.live().cash.map((cash) => [cash.kind, cash.amountKurus, cash.corrects])).toEqual([
      ['expense', 3000, undefined],
      ['expense', 2500, expense.id],
      ['expense', 2000, fixed.id],
    ])
  })

  it('book a correction of a record a closing settled on today’s open account, not the closed day', () => {
    const { ledger } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    const settled = ledger.recordCash({ courierId: ahmet.id, amountKurus: 500, day: '2026-11-23' })
    const open = ledger.recordCash({ courierId: ahmet.id, amountKurus: 700, day: '2026-11-23' })
    ledger.closeAccount(closingFor(ahmet.id, [settled.id], '2026-11-23'))
    expect(ledger.correctCash({ corrects: settled.id, amountKurus: 450 }).day).toBe('2026-11-24')
    expect(ledger.correctCash({ corrects: open.id, amountKurus: 650 }).day).toBe('2026-11-23')
  })
})

describe('order notes, as written', () => {
  it('name the facts a later note corrected, and only those', () => {
    const { ledger, journal } = memoryLedger()
    const corrected = () => (journal.records.at(-1) as { corrected?: string[] }).corrected
    ledger.noteOrder({ paymentKey: KEY_A, label: 'A1B2' })
    expect(corrected()).toBeUndefined()
    // A fact given for the first time corrects nothing; one left out corrects nothing either.
    ledger.noteOrder({ paymentKey: KEY_A, amountKurus: 39990, branch: 'moda' })
    expect(corrected()).toBeUndefined()
    ledger.noteOrder({ paymentKey: KEY_A, paymentMethod: 'CASH' })
    expect(corrected()).toBeUndefined()
    ledger.noteOrder({ paymentKey: KEY_A, amountKurus: 41990, branch: 'moda', label: 'C3D4' })
    expect(corrected()).toEqual(['amountKurus', 'label'])
    expect(ledger.notedOf(KEY_A)).toEqual({
      paymentMethod: 'CASH',
      amountKurus: 41990,
      branch: 'moda',
      label: 'C3D4',
    })
  })

  it('keep the account and the time it left when a later note leaves them out', () => {
    const { ledger, journal } = memoryLedger(undefined, undefined, undefined, FIRST)
    const leftAt = new Date(NOON).toISOString()
    ledger.noteOrder({ paymentKey: KEY_A, account: BRAND, leftAt })
    ledger.noteOrder({ paymentKey: KEY_A, amountKurus: 100 })
    const facts = { account: BRAND, leftAt, amountKurus: 100 }
    expect(ledger.notedOf(KEY_A)).toEqual(facts)
    expect(ledger.live().orders.get(KEY_A)).toEqual(facts)
    expect(ledger.day('2026-11-24').orders.get(KEY_A)).toEqual(facts)
    // After a restart, read back from the journal.
    const restarted = memoryLedger(journal.reopen(), undefined, undefined, FIRST).ledger
    expect(restarted.notedOf(KEY_A)).toEqual(facts)
    restarted.dispose()
  })
})

describe('what the ledger answers is a copy', () => {
  it('so a caller changing it changes nothing the ledger holds', () => {
    const { ledger } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    ledger.assign({ paymentKey: KEY_A, courierId: ahmet.id })
    ledger.noteOrder({ paymentKey: KEY_A, amountKurus: 100 })
    ;(ledger.lastUsed() as Map<string, string>).clear()
    expect(ledger.lastUsed().get(ahmet.id)).toBe(new Date(NOON).toISOString())
    ;(ledger.notedOf(KEY_A) as { amountKurus: number }).amountKurus = 1
    ;(ledger.live().orders.get(KEY_A) as { amountKurus: number }).amountKurus = 2
    // With one account (no first account named), a note names none: not even an empty one.
    expect(ledger.notedOf(KEY_A)).toStrictEqual({ amountKurus: 100 })
  })
})

describe('the journal and the day files', () => {
  it('reads every kind of record back after a restart, none of them left unread', () => {
    const { ledger, journal } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet', badge: 'A1' })
    const mehmet = ledger.addCourier({ name: 'Mehmet' })
    ledger.setBadge({ courierId: ahmet.id, badge: 'A2' })
    ledger.retireCourier({ courierId: mehmet.id })
    ledger.noteOrder({
      paymentKey: KEY_A,
      paymentMethod: 'CASH',
      amountKurus: 100,
      branch: 'moda',
      label: 'A1',
    })
    // A correction of every fact it may correct.
    ledger.noteOrder({
      paymentKey: KEY_A,
      paymentMethod: 'CARD',
      amountKurus: 200,
      branch: 'kadikoy',
      label: 'B2',
    })
    for (const booked of ['even', 'debt', 'tip', 'credit'] as const) {
      ledger.closeAccount({ ...closingFor(ahmet.id, []), booked })
    }
    ledger.setPayRate({ courierId: null, rateKurus: 2500 })
    const log = recordingLogger()
    const restarted = new CourierLedger({
      journal: journal.reopen(),
      archive: new MemoryHistoryArchive(),
      clock: new ManualClock(NOON),
      log,
      timeZone: () => ZONE,
    })
    expect(log.lines).toEqual([])
    expect(restarted.couriers()).toEqual(ledger.couriers())
    expect(restarted.courier(ahmet.id)?.badge).toBe('A2')
    expect(restarted.courier(mehmet.id)?.retired).toBe(true)
    expect(restarted.notedOf(KEY_A)).toEqual({
      paymentMethod: 'CARD',
      amountKurus: 200,
      branch: 'kadikoy',
      label: 'B2',
    })
    expect(restarted.closings().map((closing) => closing.booked)).toEqual(['even', 'debt', 'tip', 'credit'])
    expect(restarted.payRates()).toEqual(ledger.payRates())
    restarted.dispose()
  })

  it('reads a past day’s records oldest first, though a later one was filed under the day before', async () => {
    const { ledger, clock } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    const today = ledger.recordCash({ courierId: ahmet.id, amountKurus: 500 })
    // Handed in now for yesterday (a courier back after midnight): filed in yesterday's file.
    const late = ledger.recordCash({ courierId: ahmet.id, amountKurus: 700, day: '2026-11-23' })
    await clock.advance(3 * DAY)
    expect(ledger.day('2026-11-24').cash.map((cash) => cash.id)).toEqual([today.id, late.id])
  })

  it('files door tenders and batches under their day, and reads them from there once they left the journal', async () => {
    const { ledger, journal, archive, clock } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    const batch = ledger.startBatch({ courierId: ahmet.id })
    ledger.endBatch({ batchId: batch.batchId })
    ledger.setDoorTender({ paymentKey: KEY_A, method: 'CREDIT_CARD' })
    await clock.advance(2 * DAY)
    expect(typesOf(journal)).toEqual(['seq-mark', 'courier-added'])
    expect(archive.read('2026-11-24').map((record) => (record as { type: string }).type)).toEqual([
      'batch-started',
      'batch-ended',
      'door-tender',
    ])
    expect(ledger.batches()).toEqual([])
    expect(ledger.tenderOf(KEY_A)).toBeUndefined()
    expect(ledger.day('2026-11-24').tenders).toEqual(new Map([[KEY_A, 'CREDIT_CARD']]))
  })

  it('reads a day file once, until a compaction changes the files', async () => {
    const { ledger, archive, clock } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    ledger.recordCash({ courierId: ahmet.id, amountKurus: 500 })
    await clock.advance(3 * DAY)
    const reads: string[] = []
    const read = archive.read.bind(archive)
    archive.read = (day) => {
      reads.push(day)
      return read(day)
    }
    const first = ledger.day('2026-11-24')
    const count = reads.length
    expect(count).toBeGreaterThan(0)
    expect(ledger.day('2026-11-24')).toEqual(first)
    expect(reads).toHaveLength(count)
    expect(first.cash.map((cash) => cash.amountKurus)).toEqual([500])
  })

  it('reads a record once when a crash left it both in its day file and in the journal', async () => {
    const journal = new MemoryJournal()
    const archive = new MemoryHistoryArchive()
    const clock = new ManualClock(NOON)
    const { ledger } = memoryLedger(journal, archive, clock)
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    ledger.assign({ paymentKey: KEY_A, courierId: ahmet.id })
    ledger.recordCash({ courierId: ahmet.id, amountKurus: 39990 })
    const before = ledger.day('2026-11-24')
    ledger.dispose()
    await clock.advance(2 * DAY)
    // The day file is written, then the app dies before the journal is rewritten: both hold the day.
    const crashing = journal.reopen()
    crashing.replace = () => {
      throw new Error('killed')
    }
    const { ledger: after } = memoryLedger(crashing, archive, clock)
    expect(archive.read('2026-11-24')).toHaveLength(2)
    expect(after.day('2026-11-24')).toEqual(before)
    after.dispose()
  })

  it('never gives a seq twice, even when the journal lost the records that had the highest', () => {
    const { ledger, journal } = memoryLedger()
    const ahmet = ledger.addCourier({ name: 'Ahmet' })
    ledger.recordCash({ courierId: ahmet.id, amountKurus: 500 })
    ledger.recordCash({ courierId: ahmet.id, amountKurus: 700 })
    // The journal read back holds only the first record (the rest cut off), and is read again.
    journal.records = journal.records.slice(0, 1)
    ledger.compact()
    const next = ledger.recordCash({ courierId: ahmet.id, amountKurus: 900 })
    expect(next.seq).toBe(3)
  })
})
