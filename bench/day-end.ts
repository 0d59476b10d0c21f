// 10. The courier day-end ("Gün sonu", D65) of a busy day: 2,000 orders handed over by 20 couriers. What the
// screen, the CSV and GET /v1/day-end each wait for: the day's hand-over results and the courier ledger read
// from disk as a restarted app reads them, and the one pure settlement over them.
import { randomUUID } from 'node:crypto'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { CourierDay } from '../src-main/core/couriers/courier-day.ts'
import { BranchList } from '../src-main/core/couriers/branch-list.ts'
import { CourierLedger } from '../src-main/core/couriers/courier-ledger.ts'
import { dayHistory } from '../src-main/core/orders/history-query.ts'
import type { ResultRecord } from '../src-main/core/orders/outbox-journal.ts'
import { silentLogger, type Clock } from '../src-main/core/ports.ts'
import { FileJournal } from '../src-main/core/storage/file-journal.ts'
import { FileHistoryArchive } from '../src-main/core/storage/history-archive.ts'
import { MemoryJournal } from '../src-main/core/storage/memory-journal.ts'
import { MemoryHistoryArchive } from '../src-main/core/storage/history-archive.ts'
import { testBoard } from '../test-support/core/orders/test-parts.ts'
import { ManualClock } from '../test-support/core/manual-clock.ts'
import { medianAtMost, row, type Benchmark } from './report.ts'

const ORDERS = 2000
const COURIERS = 20
const WARM_UP = 3
const SAMPLES = 30
const ZONE = 'Europe/Istanbul'
const DAY = '2026-11-24'
/** 10:00 in Istanbul on DAY; the orders go out over the next 12 hours. */
const OPENING = Date.UTC(2026, 10, 24, 7, 0, 0)
const SHIFT_MS = 12 * 60 * 60 * 1000
/** The target a manager opening "Gün sonu" should not notice (a screen that answers within a frame or few). */
const TARGET_MS = 100

export const dayEnd: Benchmark = {
  id: 'dayend',
  title: '10. The courier day-end of 2,000 orders.',
  definitions: [
    `${ORDERS.toLocaleString('en-US')} orders handed over on one day (one result each, 3% after a retry) by`,
    `${String(COURIERS)} couriers (5% of the orders with no courier named), 60% paid in cash, each order noted`,
    'with its amount and branch, each courier handing in cash three times, one correction each. The results',
    "are in History's day file, the ledger's records in courier-ledger.jsonl, both in a data folder, written",
    'before timing. "Today": from calling CourierDay.dayEnd() (what getDayEnd answers) until the settlement is',
    'returned: both files read from disk, parsed, settled. "A past day": the same day settled three days later,',
    "its ledger records moved to courier-days/ by the ledger's own compaction. The CSV: dayEndCsv() of that",
    `day, for information. ${String(SAMPLES)} samples after ${String(WARM_UP)} warm-ups, each on a fresh CourierDay over`,
    'the same files (nothing kept in memory between samples but what the ledger loads at start, untimed).',
  ],
  async run(context) {
    const dataDir = await mkdtemp(join(context.workDir, 'day-end-'))
    context.progress(`day-end: writing ${String(ORDERS)} orders and their courier records`)
    await writeBusyDay(dataDir)

    const today = measure(dataDir, OPENING + SHIFT_MS + 60_000, (day) => day.dayEnd(DAY))
    const past = measure(dataDir, OPENING + 3 * 24 * 60 * 60 * 1000, (day) => day.dayEnd(DAY))
    const csv = measure(dataDir, OPENING + 3 * 24 * 60 * 60 * 1000, (day) => day.dayEndCsv(DAY))
    return [
      row('Day-end of 2,000 orders / 20 couriers, today (getDayEnd)', 'ms', today, {
        decimals: 1,
        target: medianAtMost(TARGET_MS),
      }),
      row('… a past day (ledger from its day files)', 'ms', past, {
        decimals: 1,
        target: medianAtMost(TARGET_MS),
      }),
      row('… its CSV', 'ms', csv, { decimals: 1 }),
    ]
  },
}

/** Times `work` over a fresh CourierDay on the data folder, the clock at `now`. */
function measure(dataDir: string, now: number, work: (day: CourierDay) => unknown): number[] {
  const samples: number[] = []
  for (let run = 0; run < WARM_UP + SAMPLES; run++) {
    const { day, close } = courierDayOn(dataDir, new ManualClock(now))
    try {
      const started = performance.now()
      const answer = work(day)
      const elapsed = performance.now() - started
      if (!answer) throw new Error('day-end: no answer')
      if (run >= WARM_UP) samples.push(elapsed)
    } finally {
      close()
    }
  }
  return samples
}

export function courierDayOn(dataDir: string, clock: Clock): { day: CourierDay; close: () => void } {
  const journal = new FileJournal(join(dataDir, 'courier-ledger.jsonl'))
  const outboxJournal = new FileJournal(join(dataDir, 'journal.jsonl'))
  const archive = new FileHistoryArchive(join(dataDir, 'courier-days'))
  const history = { journal: outboxJournal, archive: new FileHistoryArchive(join(dataDir, 'history')) }
  const source = { ...history, timeZone: () => ZONE }
  const ledger = new CourierLedger({ journal, archive, clock, log: silentLogger, timeZone: () => ZONE })
  const day = new CourierDay({
    ledger,
    board: testBoard({ clock }),
    outbox: {
      handOver: () => Promise.reject(new Error('not in this benchmark')),
      owedNow: () => [],
      dayHistory: (wanted) => dayHistory(source, wanted),
    },
    branches: new BranchList(() => Promise.resolve([]), clock, silentLogger),
    settings: {
      get: () => ({
        collectedAtDoor: ['CASH'],
        courierRequired: false,
        platformTimeZone: ZONE,
        language: 'tr' as const,
      }),
    },
    clock,
    log: silentLogger,
    orderChanged: () => undefined,
    couriersChanged: () => undefined,
  })
  return {
    day,
    close: () => {
      day.dispose()
      journal.close()
      outboxJournal.close()
    },
  }
}

/** The day's History file and the ledger's journal, as the app leaves them at closing time. */
export async function writeBusyDay(dataDir: string): Promise<void> {
  const clock = new ManualClock(OPENING - 60 * 60 * 1000)
  const journal = new MemoryJournal()
  const ledger = new CourierLedger({
    journal,
    archive: new MemoryHistoryArchive(),
    clock,
    log: silentLogger,
    timeZone: () => ZONE,
  })
  const couriers = Array.from({ length: COURIERS }, (_, index) =>
    ledger.addCourier({ name: `Kurye ${String(index + 1)}`, badge: `K-${String(index + 1)}` }),
  )
  const results: ResultRecord[] = []
  let seq = 0
  for (let index = 0; index < ORDERS; index++) {
    const paymentKey = randomUUID()
    await clock.advance(SHIFT_MS / ORDERS)
    const at = new Date(clock.now()).toISOString()
    ledger.noteOrder({
      paymentKey,
      paymentMethod: index % 5 < 3 ? 'CASH' : 'CREDIT_CARD',
      amountKurus: 5000 + ((index * 7919) % 85000),
      branch: `branch-${String(index % 3)}`,
      label: `Masa ${String(index % 40)}`,
    })
    const courier = couriers[index % COURIERS]
    if (courier && index % 20 !== 19) ledger.assign({ paymentKey, courierId: courier.id })
    const action = randomUUID()
    const result = (attempt: number, outcome: ResultRecord['result']): ResultRecord => ({
      type: 'result',
      seq: seq++,
      action,
      paymentKey,
      attempt,
      at,
      result: outcome,
      outcomeUnknown: false,
    })
    if (index % 33 === 0) results.push(result(1, 'will-retry'), result(2, 'handed-over'))
    else results.push(result(1, 'handed-over'))
    if (index % (ORDERS / 3) === ORDERS / 3 - 1) {
      for (const each of couriers) {
        const cash = ledger.recordCash({ courierId: each.id, amountKurus: 150_000 })
        if (index === ORDERS - 1) ledger.correctCash({ corrects: cash.id, amountKurus: 149_050 })
      }
    }
  }
  new FileHistoryArchive(join(dataDir, 'history')).add(DAY, results)
  await writeFile(
    join(dataDir, 'courier-ledger.jsonl'),
    journal.records.map((record) => `${JSON.stringify(record)}\n`).join(''),
  )
}
