import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
  appendFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { recordingLogger } from '../../../test-support/core/memory-adapters.ts'
import { FileJournal } from './file-journal.ts'

// A disk as the journal meets it: it can fill up midway through a write, and it tells what it flushed.
const disk = vi.hoisted(() => ({
  bytesLeft: undefined as number | undefined,
  events: [] as string[],
}))
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>()
  const kind = (fd: number) => (fs.fstatSync(fd).isDirectory() ? 'folder' : 'file')
  return {
    ...fs,
    writeSync: (fd: number, buffer: Buffer, offset: number, length: number) => {
      if (disk.bytesLeft === 0) {
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })
      }
      const written = fs.writeSync(fd, buffer, offset, Math.min(length, disk.bytesLeft ?? length))
      if (disk.bytesLeft !== undefined) disk.bytesLeft -= written
      disk.events.push(`write ${kind(fd)}`)
      return written
    },
    fsyncSync: (fd: number) => {
      disk.events.push(`fsync ${kind(fd)}`)
      fs.fsyncSync(fd)
    },
    ftruncateSync: (fd: number, length?: number) => {
      disk.events.push(`truncate ${kind(fd)} ${String(length)}`)
      fs.ftruncateSync(fd, length)
    },
  }
})

let dir: string
let file: string
const open: FileJournal[] = []

function journal(): FileJournal {
  const opened = new FileJournal(file, recordingLogger())
  open.push(opened)
  return opened
}

beforeEach(() => {
  disk.bytesLeft = undefined
  disk.events = []
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

  it('skips a damaged line in the middle without losing the others, and says how many it skipped', () => {
    writeFileSync(file.replace('sub/', ''), '')
    journal().append({ n: 1 })
    // A blank line (as a text editor may leave) is not damage.
    appendFileSync(file, 'not json\n  \n{"n":2}\n')
    open.pop()?.close()
    const log = recordingLogger()
    const reopened = new FileJournal(file, log)
    open.push(reopened)
    expect(reopened.read()).toEqual([{ n: 1 }, { n: 2 }])
    expect(log.lines.at(-1)).toBe('warn journal: skipped lines that do not parse {"damaged":1}')
  })

  it('reopens a whole journal without a word in the log, and knows its size', () => {
    const first = journal()
    first.append({ n: 1 })
    first.append({ n: 2 })
    open.pop()?.close()
    const log = recordingLogger()
    const reopened = new FileJournal(file, log)
    open.push(reopened)
    expect(reopened.read()).toEqual([{ n: 1 }, { n: 2 }])
    expect(reopened.bytes()).toBe(statSync(file).size)
    expect(log.lines).toEqual([])
  })

  it('says how much of a record a crash cut short it dropped', () => {
    journal().append({ n: 1 })
    appendFileSync(file, '{"n":2,"tor')
    open.pop()?.close()
    const log = recordingLogger()
    open.push(new FileJournal(file, log))
    expect(log.lines).toEqual(['warn journal: dropped a record cut short by a crash {"bytes":11}'])
    expect(readFileSync(file, 'utf8')).toBe('{"n":1}\n')
  })

  it('writes several records at once, each on its own line', () => {
    const j = journal()
    j.appendMany([{ n: 1 }, { n: 2 }])
    expect(readFileSync(file, 'utf8')).toBe('{"n":1}\n{"n":2}\n')
    expect(j.bytes()).toBe(16)
  })

  it('reads a journal whose file is gone as empty', () => {
    const j = journal()
    j.append({ n: 1 })
    rmSync(file)
    expect(j.read()).toEqual([])
  })

  it('fails loudly when the journal cannot be read, never as an empty journal', () => {
    const j = journal()
    j.append({ n: 1 })
    rmSync(file)
    mkdirSync(file)
    expect(() => j.read()).toThrow(/EISDIR/)
  })

  it('cuts off what an append wrote before the disk filled up, so the records after it stay whole', () => {
    const j = journal()
    j.append({ n: 1 })
    j.append({ n: 2 })
    disk.bytesLeft = 5
    expect(() => j.append({ n: 3, pad: 'x'.repeat(100) })).toThrow(/ENOSPC/)
    expect(readFileSync(file, 'utf8')).toBe('{"n":1}\n{"n":2}\n')
    expect(j.bytes()).toBe(16)
    disk.bytesLeft = undefined
    j.append({ n: 4 })
    open.pop()?.close()
    const log = recordingLogger()
    open.push(new FileJournal(file, log))
    expect(open[0]?.read()).toEqual([{ n: 1 }, { n: 2 }, { n: 4 }])
    expect(log.lines).toEqual([])
  })

  it('cuts a failed append back to what a replace left', () => {
    const j = journal()
    j.append({ n: 1, text: 'long enough to be cut' })
    j.replace([{ n: 2 }])
    expect(j.bytes()).toBe(8)
    disk.bytesLeft = 5
    expect(() => j.append({ n: 3 })).toThrow(/ENOSPC/)
    expect(readFileSync(file, 'utf8')).toBe('{"n":2}\n')
  })

  it.skipIf(process.platform !== 'linux')(
    'holds one open file, across replaces, and none once closed',
    () => {
      const openOnJournal = () =>
        readdirSync('/proc/self/fd').filter((fd) => {
          try {
            return readlinkSync(`/proc/self/fd/${fd}`).startsWith(file)
          } catch {
            return false
          }
        }).length
      const j = journal()
      for (let n = 0; n < 3; n += 1) j.replace([{ n }])
      expect(openOnJournal()).toBe(1)
      open.pop()?.close()
      expect(openOnJournal()).toBe(0)
      // Opened again after a crash cut a record short: the file used for the cut is closed too.
      appendFileSync(file, '{"n":2,"tor')
      journal()
      expect(openOnJournal()).toBe(1)
    },
  )

  it('throws the disk error even when the cut itself fails, and the next start drops the half line', () => {
    const j = journal()
    j.append({ n: 1 })
    j.close()
    disk.bytesLeft = 0
    // A closed file: the write and the cut both fail; the write's error is the one that counts.
    expect(() => j.append({ n: 2 })).toThrow(/ENOSPC/)
    open.pop()
    disk.bytesLeft = undefined
    expect(journal().read()).toEqual([{ n: 1 }])
  })

  it('returns from an append only once the record is flushed', () => {
    const j = journal()
    disk.events = []
    j.append({ n: 1 })
    expect(disk.events).toEqual(['write file', 'fsync file'])
  })

  it('flushes a new journal and its folder, and the cut of a record a crash cut short, before going on', () => {
    disk.events = []
    journal().append({ n: 1 })
    expect(disk.events.slice(0, 2)).toEqual(['fsync file', 'fsync folder'])
    appendFileSync(file, '{"n":2,"tor')
    open.pop()?.close()
    disk.events = []
    journal()
    expect(disk.events).toEqual(['truncate file 8', 'fsync file', 'fsync file', 'fsync folder'])
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
