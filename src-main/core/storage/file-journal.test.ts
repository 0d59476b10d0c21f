import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  appendFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { recordingLogger } from '../../../test-support/core/memory-adapters.ts'
import { FileJournal } from './file-journal.ts'

let dir: string
let file: string
const open: FileJournal[] = []

function journal(): FileJournal {
  const opened = new FileJournal(file, recordingLogger())
  open.push(opened)
  return opened
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'file-journal-'))
  file = join(dir, 'sub', 'journal.jsonl')
})
afterEach(() => {
  for (const opened of open.splice(0)) opened.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('FileJournal', () => {
  it('gives back, after a reopen, every record appended, in order, as JSON lines', () => {
    const first = journal()
    first.append({ type: 'queued', n: 1, text: 'çğış "\n" \u2028' })
    first.append({ type: 'attempt', n: 2 })
    first.close()
    open.pop()
    expect(journal().read()).toEqual([
      { type: 'queued', n: 1, text: 'çğış "\n" \u2028' },
      { type: 'attempt', n: 2 },
    ])
    expect(readFileSync(file, 'utf8').split('\n')).toHaveLength(3)
  })

  it('drops a last line a crash cut short, and appends cleanly after it', () => {
    journal().append({ n: 1 })
    appendFileSync(file, '{"n":2,"tor')
    const log = recordingLogger()
    const reopened = new FileJournal(file, log)
    open.push(reopened)
    expect(reopened.read()).toEqual([{ n: 1 }])
    expect(log.lines.join('\n')).toContain('cut short')
    reopened.append({ n: 3 })
    expect(readFileSync(file, 'utf8')).toBe('{"n":1}\n{"n":3}\n')
  })

  it('skips a damaged line in the middle without losing the others', () => {
    writeFileSync(file.replace('sub/', ''), '')
    journal().append({ n: 1 })
    appendFileSync(file, 'not json\n{"n":2}\n')
    open.pop()?.close()
    expect(journal().read()).toEqual([{ n: 1 }, { n: 2 }])
  })

  it('replaces its content atomically, leaving no temporary file, and keeps appending after', () => {
    const j = journal()
    j.append({ n: 1 })
    j.append({ n: 2 })
    j.replace([{ n: 2 }])
    j.append({ n: 3 })
    expect(j.read()).toEqual([{ n: 2 }, { n: 3 }])
    expect(readFileSync(file, 'utf8')).toBe('{"n":2}\n{"n":3}\n')
    expect(readdirSync(join(dir, 'sub'))).toEqual(['journal.jsonl'])
  })

  it('removes a temporary file a crash left mid-replace, keeping the real journal', () => {
    journal().append({ n: 1 })
    open.pop()?.close()
    writeFileSync(`${file}.abc123.tmp`, '{"n":99}\n')
    expect(journal().read()).toEqual([{ n: 1 }])
    expect(readdirSync(join(dir, 'sub'))).toEqual(['journal.jsonl'])
  })

  it('is readable by its owner only', () => {
    journal()
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)
  })
})
