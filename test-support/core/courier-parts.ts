// The courier's day as tests that build the core's parts by hand give it (createCore makes it from the data
// folder and the settings): a ledger in memory, no branch list, CASH collected at the door, Istanbul.
import { toAppError } from '../../src-main/core/app-failure.ts'
import { BranchList } from '../../src-main/core/couriers/branch-list.ts'
import { CourierDay, type CourierDayDeps } from '../../src-main/core/couriers/courier-day.ts'
import { CourierLedger } from '../../src-main/core/couriers/courier-ledger.ts'
import type { Clock, Logger } from '../../src-main/core/ports.ts'
import { MemoryHistoryArchive } from '../../src-main/core/storage/history-archive.ts'
import { MemoryJournal } from '../../src-main/core/storage/memory-journal.ts'

export function testCourierDay(
  parts: Pick<CourierDayDeps, 'board' | 'outbox'> & { clock: Clock; log: Logger },
): CourierDay {
  const { clock, log } = parts
  const timeZone = () => 'Europe/Istanbul'
  return new CourierDay({
    ...parts,
    ledger: new CourierLedger({
      journal: new MemoryJournal(),
      archive: new MemoryHistoryArchive(),
      clock,
      log,
      timeZone,
    }),
    branches: new BranchList(() => Promise.reject(new Error('no branch list in this test')), clock, log),
    settings: {
      get: () => ({
        collectedAtDoor: ['CASH'],
        courierRequired: false,
        platformTimeZone: timeZone(),
        language: 'tr',
      }),
    },
    orderChanged: () => undefined,
    couriersChanged: () => undefined,
  })
}

/** What a courier call refused, as the caller reads it (its problem, or its code); undefined when it did not. */
export async function problemOf(work: () => unknown): Promise<string | undefined> {
  try {
    await work()
  } catch (error) {
    const appError = toAppError(error)
    return appError.problem ?? appError.code
  }
  return undefined
}
