// The durable files the core keeps in a data folder, opened the same way by both shells.
import { join } from 'node:path'
import type { Logger } from '../ports.ts'
import { FileJournal, HANDOVER_JOURNAL_FILE } from './file-journal.ts'
import { FileHistoryArchive, type HistoryArchive } from './history-archive.ts'
import type { Journal } from './journal.ts'

/** The board's own log (docs/decisions.md D56). */
export const BOARD_LOG_FILE = 'order-board.jsonl'
/** The history's archive: one file per day (docs/decisions.md D55). */
export const HISTORY_FOLDER = 'history'
/** The courier ledger's journal and its older days (docs/decisions.md D65). */
const COURIER_LEDGER_FILE = 'courier-ledger.jsonl'
const COURIER_DAYS_FOLDER = 'courier-days'

export interface DataFiles {
  /** The hand-over outbox's journal. */
  journal: Journal
  boardLog: Journal
  historyArchive: HistoryArchive
  courierJournal: Journal
  courierArchive: HistoryArchive
}

export function openDataFiles(dataDir: string, log: Logger): DataFiles {
  return {
    journal: new FileJournal(join(dataDir, HANDOVER_JOURNAL_FILE), log),
    boardLog: new FileJournal(join(dataDir, BOARD_LOG_FILE), log),
    historyArchive: new FileHistoryArchive(join(dataDir, HISTORY_FOLDER), log),
    courierJournal: new FileJournal(join(dataDir, COURIER_LEDGER_FILE), log),
    courierArchive: new FileHistoryArchive(join(dataDir, COURIER_DAYS_FOLDER), log),
  }
}
