// A process that compacts a journal in a data folder and stops dead at a chosen moment, for the test that
// SIGKILLs it there (journal-compaction.test.ts). Run as: node compaction-child.ts <folder> <moment> <now>.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { temporaryNameFor } from '../../../src-main/core/storage/durable-files.ts'
import { FileJournal } from '../../../src-main/core/storage/file-journal.ts'
import { FileHistoryArchive, type HistoryArchive } from '../../../src-main/core/storage/history-archive.ts'
import type { Journal } from '../../../src-main/core/storage/journal.ts'
import { compactIntoArchive } from '../../../src-main/core/orders/journal-compaction.ts'

export type Moment = 'mid-archive-append' | 'after-first-day' | 'before-rename' | 'after-rename'

const [folder = '', moment = '', now = '0'] = process.argv.slice(2)
const journalFile = join(folder, 'journal.jsonl')
const historyFolder = join(folder, 'history')

/** Says where it stands, then waits for the SIGKILL that ends it. */
function stopHere(): never {
  process.stdout.write('STOPPED\n')
  for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0)
}

const fileJournal = new FileJournal(journalFile)
const fileArchive = new FileHistoryArchive(historyFolder)
let days = 0
const archive: HistoryArchive = {
  add(day, records) {
    if (moment === 'mid-archive-append') {
      // Half of a line reached the disk when the power went.
      mkdirSync(historyFolder, { recursive: true })
      appendFileSync(join(historyFolder, `${day}.jsonl`), JSON.stringify(records[0]).slice(0, 20))
      stopHere()
    }
    fileArchive.add(day, records)
    days += 1
    if (moment === 'after-first-day' && days === 1) stopHere()
  },
  read: (day) => fileArchive.read(day),
  days: () => fileArchive.days(),
  removeBefore: (day) => fileArchive.removeBefore(day),
}
const journal: Journal = {
  read: () => fileJournal.read(),
  append: (record) => fileJournal.append(record),
  bytes: () => fileJournal.bytes(),
  replace(records) {
    if (moment === 'before-rename') {
      // The new journal is written and flushed under its temporary name; the rename never happens.
      writeFileSync(temporaryNameFor(journalFile), records.map((r) => `${JSON.stringify(r)}\n`).join(''))
      stopHere()
    }
    fileJournal.replace(records)
    if (moment === 'after-rename') stopHere()
  },
}
compactIntoArchive({ journal, archive, timeZone: 'Europe/Istanbul', now: Number(now) })
process.stdout.write('DONE\n')
