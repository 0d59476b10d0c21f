import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createFileLog, LOG_FILE_NAME, type LogLevel } from './file-log.ts'
import { REDACTED, SecretRedactor } from './secret-redactor.ts'

let directory: string

beforeEach(async () => {
  directory = join(await mkdtemp(join(tmpdir(), 'file-log-')), 'logs')
})
afterEach(async () => {
  await rm(join(directory, '..'), { recursive: true, force: true })
})

describe('the file log', () => {
  it('appends one line per entry, with its details as JSON, and creates its folder', async () => {
    const log = createFileLog({ directory, redactor: new SecretRedactor() })
    log.info('web: serving', { port: 1234 })
    log.warn('two\nlines')
    log.error('failed', { error: 'boom' })
    const lines = (await readFile(join(directory, LOG_FILE_NAME), 'utf8')).trimEnd().split('\n')
    expect(lines).toHaveLength(3)
    expect(lines[0]).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z \[info\] +web: serving \{"port":1234\}$/,
    )
    expect(lines[1]).toMatch(/\[warn\] +two ⏎ lines$/)
    expect(lines[2]).toMatch(/\[error\] +failed \{"error":"boom"\}$/)
    expect(log.file).toBe(join(directory, LOG_FILE_NAME))
  })

  it('redacts registered secrets and secret-shaped fields before anything reaches the file or the echo', async () => {
    const redactor = new SecretRedactor()
    const echoed: [LogLevel, string][] = []
    const log = createFileLog({ directory, redactor, echo: (level, line) => echoed.push([level, line]) })
    redactor.register('the-rest-secret-value')
    log.warn('refused method the-rest-secret-value', {
      url: 'http://127.0.0.1:1/?token=launch-token-value',
      accessToken: 'unregistered-token-value',
      nested: { note: 'holds the-rest-secret-value inside' },
    })
    const text = await readFile(log.file, 'utf8')
    for (const secret of ['the-rest-secret-value', 'launch-token-value', 'unregistered-token-value']) {
      expect(text).not.toContain(secret)
      expect(JSON.stringify(echoed)).not.toContain(secret)
    }
    expect(text).toContain(REDACTED)
    expect(echoed).toEqual([['warn', `refused method ${REDACTED}`]])
  })

  it('rotates by size into numbered files and keeps only as many as asked', async () => {
    const log = createFileLog({ directory, redactor: new SecretRedactor(), maxFileBytes: 400, keptFiles: 2 })
    for (let index = 0; index < 60; index++)
      log.info(`entry ${String(index).padStart(3, '0')} ${'x'.repeat(40)}`)
    const files = (await readdir(directory)).sort()
    expect(files).toEqual(['main.1.log', 'main.2.log', 'main.log'])
    for (const file of files) {
      expect((await readFile(join(directory, file))).length).toBeLessThan(400 + 200)
    }
    // The newest entries are in the current file, the ones before them in main.1.log.
    expect(await readFile(log.file, 'utf8')).toContain('entry 059')
  })

  it('reads back the recent lines across a rotation, oldest first, redacted with what is known now', async () => {
    const redactor = new SecretRedactor()
    const log = createFileLog({ directory, redactor, maxFileBytes: 300, keptFiles: 3 })
    for (let index = 0; index < 20; index++)
      log.info(`entry ${String(index).padStart(2, '0')} ${'y'.repeat(30)}`)
    const recent = await log.recentLines(8)
    expect(recent).toHaveLength(8)
    expect(recent.map((line) => /entry (\d+)/.exec(line)?.[1])).toEqual([
      '12',
      '13',
      '14',
      '15',
      '16',
      '17',
      '18',
      '19',
    ])
    // A value learnt after it was written (a token from a previous run, say) is still redacted on the way out.
    redactor.register('entry 19')
    expect((await log.recentLines(1))[0]).toContain(REDACTED)
    expect(await log.recentLines(0)).toEqual([])
  })

  it('answers no lines before anything was logged', async () => {
    const log = createFileLog({ directory, redactor: new SecretRedactor() })
    expect(await log.recentLines(50)).toEqual([])
  })
})
