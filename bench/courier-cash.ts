// 13. The courier's whole cash (issue 28): the one settlement the core keeps. What each surface waits for once
// it is kept: a new record reaching today's settlement (the strip, the batch bar, Gün sonu, pushed by
// courierDayChanged); GET /v1/day-end answered from the kept settlement; a past day read once from disk.
//
// Also runnable alone, printing its rows: node scripts/with-node22.js bench/courier-cash.ts
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ManualClock } from '../test-support/core/manual-clock.ts'
import { courierDayOn, writeBusyDay } from './day-end.ts'
import { medianAtMost, row, type Benchmark, type Row } from './report.ts'

const WARM_UP = 3
const SAMPLES = 30
const DAY = '2026-11-24'
/** Closing time on DAY (22:01 in Istanbul), and three days later. */
const CLOSING = Date.UTC(2026, 10, 24, 19, 1, 0)
const LATER = CLOSING + 3 * 24 * 60 * 60 * 1000

export const courierCash: Benchmark = {
  id: 'courier',
  title: '13. The courier’s whole cash: one kept settlement.',
  definitions: [
    'The busy day of benchmark 10 (2,000 orders, 20 couriers) in a data folder. "One new record": a CourierDay',
    'whose settlement of today is kept, then from recordMovement() (a float, journalled to the file) until',
    'today() has answered the settlement with the strip and the batches (what courierDayChanged pushes).',
    '"GET /v1/day-end, kept": publicDayEnd() of today once the settlement is kept (a record since, none).',
    '"A past day, first read": publicDayEnd() of that day three days later on a fresh CourierDay (History and',
    'the ledger\'s day files read from disk once); "… kept": the same asked again.',
    `${String(SAMPLES)} samples after ${String(WARM_UP)} warm-ups.`,
  ],
  async run(context) {
    return measureCourierCash(context.workDir, (message) => context.progress(message))
  },
}

export async function measureCourierCash(
  workDir: string,
  progress: (message: string) => void,
): Promise<Row[]> {
  const dataDir = await mkdtemp(join(workDir, 'courier-cash-'))
  progress('courier cash: writing 2,000 orders and their courier records')
  await writeBusyDay(dataDir)

  const newRecord: number[] = []
  const keptToday: number[] = []
  {
    const { day, close } = courierDayOn(dataDir, new ManualClock(CLOSING))
    try {
      const courierId = day.listCouriers()[0]?.id
      if (courierId === undefined) throw new Error('courier cash: no courier')
      day.today()
      for (let run = 0; run < WARM_UP + SAMPLES; run++) {
        const started = performance.now()
        day.recordMovement({ requestId: `bench-${String(run)}`, courierId, kind: 'float', amountKurus: 100 })
        const today = day.today()
        const elapsed = performance.now() - started
        if (today.couriers.length === 0) throw new Error('courier cash: no settlement')
        if (run >= WARM_UP) newRecord.push(elapsed)
      }
      for (let run = 0; run < WARM_UP + SAMPLES; run++) {
        const started = performance.now()
        const answer = day.publicDayEnd()
        const elapsed = performance.now() - started
        if (answer.couriers.length === 0) throw new Error('courier cash: no answer')
        if (run >= WARM_UP) keptToday.push(elapsed)
      }
    } finally {
      close()
    }
  }

  const pastFirst: number[] = []
  const pastKept: number[] = []
  for (let run = 0; run < WARM_UP + SAMPLES; run++) {
    const { day, close } = courierDayOn(dataDir, new ManualClock(LATER))
    try {
      let started = performance.now()
      day.publicDayEnd(DAY)
      const first = performance.now() - started
      started = performance.now()
      day.publicDayEnd(DAY)
      const kept = performance.now() - started
      if (run >= WARM_UP) {
        pastFirst.push(first)
        pastKept.push(kept)
      }
    } finally {
      close()
    }
  }
  return [
    row('One new record to today’s settlement (strip, batches, Gün sonu)', 'ms', newRecord, {
      decimals: 1,
      target: medianAtMost(50),
    }),
    row('GET /v1/day-end, 2,000 orders / 20 couriers, kept', 'ms', keptToday, {
      decimals: 2,
      target: medianAtMost(20),
    }),
    row('… a past day, first read from disk', 'ms', pastFirst, { decimals: 1, target: medianAtMost(100) }),
    row('… a past day, kept', 'ms', pastKept, { decimals: 2 }),
  ]
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const workDir = await mkdtemp(join(tmpdir(), 'courier-cash-bench-'))
  for (const each of await measureCourierCash(workDir, (message) => process.stderr.write(`${message}\n`))) {
    console.log(JSON.stringify(each))
  }
}
