import { execFileSync } from 'node:child_process'
import {
  appendFileSync,
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { recordingLogger } from '../../../test-support/core/memory-adapters.ts'
import { invalidInput } from '../app-failure.ts'
import { DropFolder, isIgnoredName, type DropFolderDeps, type DropOutcome } from './drop-folder.ts'
import type { IntakeOrder } from './order-input.ts'
import { ANSWER_WITHIN_MS, within } from '../../../test-support/core/within.ts'

const KEY = '0f8fad5b-d9cb-469f-a165-70867728950e'
const OTHER = '7c9e6679-7425-40de-944b-e07fc1f90ae7'
/** Short, so the tests are quick; the waits below are for events, never for time. */
const STABLE_MS = 150

let folder: string
/** The app's own data folder: done/ and failed/ are kept there, out of the drop folder's writers' reach. */
let dataDir: string
let dropFolder: DropFolder | undefined
let added: IntakeOrder[]
let outcomes: DropOutcome[]
let waiters: { match: (outcome: DropOutcome) => boolean; resolve: (outcome: DropOutcome) => void }[]
let failAdds = 0
/** Every call of addOrder, taken or not. */
let adds = 0

let base: string

beforeEach(async () => {
  // In a folder only this user controls: one right in /tmp is refused (others can write its parent, issue 27).
  base = await mkdtemp(join(tmpdir(), 'drop-folder-'))
  folder = join(base, 'pos')
  mkdirSync(folder, { mode: 0o700 })
  dataDir = join(base, 'data')
  mkdirSync(dataDir, { mode: 0o700 })
  added = []
  outcomes = []
  waiters = []
  failAdds = 0
  adds = 0
})

afterEach(async () => {
  const closing = dropFolder?.close()
  dropFolder = undefined
  await within(closing, 'close')
  await rm(base, { recursive: true, force: true })
})

async function startWatching(extra: Partial<DropFolderDeps> = {}): Promise<DropFolder> {
  const starting = DropFolder.start({
    folder,
    dataDir,
    stableMs: STABLE_MS,
    ...extra,
    addOrder: (order) => {
      adds++
      // As the board's intake does for a short name none of the app's accounts has (intake-area.ts).
      if (order.account === 'Yok Böyle Marka') return Promise.reject(invalidInput('unknown-account'))
      // As the board does for an order it holds under another account (order-board.ts).
      if (order.account === 'Öteki Marka') return Promise.reject(invalidInput('order-other-account'))
      if (failAdds > 0) {
        failAdds--
        // The app's own failure, not the file's account: the file is tried again, never refused. (The courier
        // ledger's day is full: it may take the order after midnight.)
        return Promise.reject(invalidInput('day-full'))
      }
      added.push(order)
      return Promise.resolve()
    },
    onOutcome: (outcome) => {
      outcomes.push(outcome)
      for (const waiter of waiters.filter((candidate) => candidate.match(outcome))) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(outcome)
      }
    },
  })
  const started = await within(starting, 'start')
  if (started === undefined) throw new Error('start answered nothing')
  dropFolder = started
  return started
}

/** Resolves with the first outcome for `file` (already seen, or to come); rejects when none comes in time. */
function outcomeOf(file: string, result?: DropOutcome['result']): Promise<DropOutcome> {
  const match = (outcome: DropOutcome) =>
    outcome.file === file && (result === undefined || outcome.result === result)
  const seen = outcomes.find(match)
  if (seen) return Promise.resolve(seen)
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`no ${result ?? 'outcome'} for ${file} within ${String(ANSWER_WITHIN_MS)} ms`))
    }, ANSWER_WITHIN_MS)
    waiters.push({
      match,
      resolve: (outcome) => {
        clearTimeout(timer)
        resolve(outcome)
      },
    })
  })
}

/** The drop folder's names, or those the app kept in its own `done/` or `failed/` for it. */
/** The app's stamp and tag before the writer's name in a kept file's name (drop-file.ts). */
const KEPT_PREFIX = /^\d{8}T\d{9}Z-[0-9a-f]{8}-/

/** The drop folder's names, or the writers' names of what the app kept in `done/` or `failed/` for it. */
const list = (sub: '' | 'done' | 'failed' = '') =>
  readdirSync(sub === '' ? folder : join((dropFolder as DropFolder).keptIn, sub))
    .map((name) => {
      expect(sub === '' || KEPT_PREFIX.test(name)).toBe(true)
      return name.replace(KEPT_PREFIX, '')
    })
    .sort()

/** The path of what the app kept of `file` in `done/` or `failed/` (the only one of that name). */
const keptFile = (sub: 'done' | 'failed', file: string) => {
  const dir = join((dropFolder as DropFolder).keptIn, sub)
  const found = readdirSync(dir).filter((name) => name.replace(KEPT_PREFIX, '') === file)
  expect(found).toHaveLength(1)
  return join(dir, found[0] ?? '')
}

describe('DropFolder', () => {
  it('takes files that were there before it started, and keeps them in done/', async () => {
    writeFileSync(join(folder, 'a.json'), JSON.stringify({ payment_key: KEY, shipping_method: 'delivery' }))
    writeFileSync(join(folder, 'b.txt'), `Sipariş no: ${OTHER.toUpperCase()}\r\n`)
    await startWatching()
    expect(await outcomeOf('a.json')).toEqual({ file: 'a.json', result: 'done', paymentKey: KEY })
    expect(await outcomeOf('b.txt')).toEqual({ file: 'b.txt', result: 'done', paymentKey: OTHER })
    expect(added).toEqual(
      expect.arrayContaining([
        { paymentKey: KEY, details: { shippingMethod: 'delivery' } },
        { paymentKey: OTHER, details: {} },
      ]),
    )
    expect(list()).toEqual([])
    expect(list('done')).toEqual(['a.json', 'b.txt'])
  })

  it('takes a file written after it started, once, by a write-then-rename', async () => {
    await startWatching()
    const temporary = join(folder, 'order.json.tmp')
    await writeFile(temporary, JSON.stringify({ payment_key: KEY, label: 'Masa 5' }))
    await rename(temporary, join(folder, 'order.json'))
    expect(await outcomeOf('order.json')).toMatchObject({ result: 'done' })
    expect(added).toEqual([{ paymentKey: KEY, details: { label: 'Masa 5' } }])
    expect(outcomes.filter((outcome) => outcome.file === 'order.json')).toHaveLength(1)
  })

  it.each([
    ['no id', 'no-order-id.txt', 'hello, no order here', 'no-order-id'],
    ['two ids', 'two.txt', `${KEY} and ${OTHER}`, 'several-order-ids'],
    ['broken JSON', 'broken.json', '{"payment_key": ', 'malformed-json'],
    ['an unknown field', 'extra.json', JSON.stringify({ payment_key: KEY, kurye: 'x' }), 'unknown-field'],
    [
      'a bad field',
      'field.json',
      JSON.stringify({ payment_key: KEY, shipping_method: 'x' }),
      'invalid-shipping-method',
    ],
    ['an empty file', 'empty.txt', '', 'empty-file'],
    ['too many bytes', 'big.txt', `${KEY}${' '.repeat(16 * 1024)}`, 'body-too-large'],
    ['binary', 'bin.dat', Buffer.from([0xc3, 0x28, 0xff, 0x00]), 'not-text'],
  ])('keeps a file with %s in failed/ with its reason beside it', async (_name, file, content, reason) => {
    await startWatching()
    writeFileSync(join(folder, file), content)
    expect(await outcomeOf(file)).toEqual({ file, result: 'failed', reason })
    expect(list('failed')).toEqual([file, `${file}.reason.txt`])
    const why = readFileSync(keptFile('failed', `${file}.reason.txt`), 'utf8').split('\r\n')
    expect(why[0]).toBe(reason)
    expect(why[1]).not.toBe(why[2])
    expect(why[3]).toBe(JSON.stringify(file))
    // A copy of what was read, in a file the app made: the same bytes, owner-only.
    expect(readFileSync(keptFile('failed', file))).toEqual(Buffer.from(content).subarray(0, 16 * 1024 + 1))
    expect(added).toEqual([])
  })

  it('reads UTF-16 text as Windows Notepad saves it', async () => {
    await startWatching()
    writeFileSync(
      join(folder, 'notepad.txt'),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(KEY, 'utf16le')]),
    )
    expect(await outcomeOf('notepad.txt')).toMatchObject({ result: 'done', paymentKey: KEY })
  })

  it('takes a file the watcher never reported, by listing the folder', async () => {
    // A watcher that polls once an hour reports nothing new during the test: only the folder's listing can.
    await startWatching({ usePolling: true, pollIntervalMs: 3_600_000, rescanMs: 50 })
    writeFileSync(join(folder, 'missed.txt'), KEY)
    expect(await outcomeOf('missed.txt', 'done')).toEqual({
      file: 'missed.txt',
      result: 'done',
      paymentKey: KEY,
    })
    expect(added).toEqual([{ paymentKey: KEY, details: {} }])
  })

  it('never overwrites an earlier file of the same name in done/', async () => {
    await startWatching()
    writeFileSync(join(folder, 'order.txt'), KEY)
    await outcomeOf('order.txt', 'done')
    outcomes.length = 0
    writeFileSync(join(folder, 'order.txt'), OTHER)
    await outcomeOf('order.txt', 'done')
    expect(list('done')).toEqual(['order.txt', 'order.txt'])
    const done = join((dropFolder as DropFolder).keptIn, 'done')
    expect(
      readdirSync(done)
        .map((name) => readFileSync(join(done, name), 'utf8'))
        .sort(),
    ).toEqual([KEY, OTHER].sort())
  })

  it('leaves names still being written alone: temp files, ~lock files, dotfiles', async () => {
    await startWatching()
    for (const name of ['order.json.tmp', '~order.json', '.order.json', 'order.json.part', 'order.json~']) {
      writeFileSync(join(folder, name), KEY)
    }
    // One real file after them: once it is taken, the watcher has seen the others and passed them over.
    writeFileSync(join(folder, 'real.txt'), OTHER)
    await outcomeOf('real.txt', 'done')
    expect(added).toEqual([{ paymentKey: OTHER, details: {} }])
    expect(list()).toEqual(['.order.json', 'order.json.part', 'order.json.tmp', 'order.json~', '~order.json'])
  })

  it('never reads a file while it is still growing', async () => {
    await startWatching()
    const growing = join(folder, 'slow.json')
    writeFileSync(growing, `{"payment_key": "${KEY}"`)
    // The POS keeps writing (faster than STABLE_MS apart) until another file has been taken meanwhile.
    const timer = setInterval(() => appendFileSync(growing, ' '), 10)
    try {
      writeFileSync(join(folder, 'other.txt'), OTHER)
      await outcomeOf('other.txt', 'done')
      expect(outcomes.find((outcome) => outcome.file === 'slow.json')).toBeUndefined()
    } finally {
      clearInterval(timer)
    }
    appendFileSync(growing, ', "label": "Masa 5"}')
    expect(await outcomeOf('slow.json')).toMatchObject({ result: 'done', paymentKey: KEY })
    expect(added).toContainEqual({ paymentKey: KEY, details: { label: 'Masa 5' } })
  })

  it('keeps a file the app could not add, and takes it on a later try', async () => {
    failAdds = 1
    await startWatching()
    writeFileSync(join(folder, 'later.txt'), KEY)
    await outcomeOf('later.txt', 'retry-later')
    // Left where it is until it is added (also after a restart): nothing kept yet.
    expect(list()).toEqual(['later.txt'])
    expect(list('done')).toEqual([])
    expect(await outcomeOf('later.txt', 'done')).toMatchObject({ paymentKey: KEY })
    expect(list()).toEqual([])
    expect(added).toEqual([{ paymentKey: KEY, details: {} }])
  })

  it.each([
    ['an account the app does not have', 'Yok Böyle Marka', 'unknown-account'],
    ['an order the app holds under another account', 'Öteki Marka', 'order-other-account'],
  ])('refuses once into failed/ a file naming %s, with one log line', async (_name, account, reason) => {
    const log = recordingLogger()
    await startWatching({ log })
    const file = 'brand.json'
    writeFileSync(join(folder, file), JSON.stringify({ payment_key: KEY, account }))
    expect(await outcomeOf(file)).toEqual({ file, result: 'failed', reason })
    expect(list()).toEqual([])
    expect(list('failed')).toEqual([file, `${file}.reason.txt`])
    const why = readFileSync(keptFile('failed', `${file}.reason.txt`), 'utf8').split('\r\n')
    expect(why[0]).toBe(reason)
    expect(why[1]).toMatch(/hesap/i)
    // Never tried again: another file taken after it finds no second try of it.
    writeFileSync(join(folder, 'other.txt'), OTHER)
    await outcomeOf('other.txt', 'done')
    await new Promise((resolve) => setTimeout(resolve, STABLE_MS * 3))
    expect(outcomes.filter((outcome) => outcome.file === file)).toHaveLength(1)
    expect(adds).toBe(2)
    expect(log.lines.filter((line) => line.includes(file))).toHaveLength(1)
    expect(log.lines.join('\n')).not.toContain('could not add')
  })

  it('does not look into sub-folders (done/ and failed/ from before D69), even for files put there', async () => {
    mkdirSync(join(folder, 'failed'))
    writeFileSync(join(folder, 'first.txt'), KEY)
    await startWatching()
    await outcomeOf('first.txt', 'done')
    writeFileSync(join(folder, 'failed', 'by-hand.txt'), OTHER)
    writeFileSync(join(folder, 'marker.txt'), OTHER)
    await outcomeOf('marker.txt', 'done')
    expect(outcomes.map((outcome) => outcome.file)).toEqual(['first.txt', 'marker.txt'])
  })
})

/** A file outside the drop folder that the staff user owns: what an attacker would aim a link at. */
function victimFile(content = `${KEY}\n`): string {
  const victim = join(dataDir, 'victim.txt')
  writeFileSync(victim, content)
  return victim
}

/** What the folder's outcomes were, once every named file has one. */
const outcomesOf = (files: string[]) => Promise.all(files.map((file) => outcomeOf(file)))

// Issue 20: anyone who can write the drop folder (another account, a web page's download) must not reach
// anything else the staff user can read or write. Every test plants real links, hard links and FIFOs.
describe('DropFolder against a hostile writer', () => {
  it('never follows a done/ or failed/ link planted in the drop folder (item 1)', async () => {
    // Say, the staff user's autostart folder: a file linked into it runs at the next login.
    const autostart = await mkdtemp(join(tmpdir(), 'drop-autostart-'))
    try {
      symlinkSync(autostart, join(folder, 'done'))
      symlinkSync(autostart, join(folder, 'failed'))
      await startWatching()
      writeFileSync(join(folder, 'good.txt'), KEY)
      writeFileSync(join(folder, 'run.cmd'), 'calc.exe')
      await outcomesOf(['good.txt', 'run.cmd'])
      expect(readdirSync(autostart)).toEqual([])
      expect(added).toEqual([{ paymentKey: KEY, details: {} }])
    } finally {
      await rm(autostart, { recursive: true, force: true })
    }
  })

  it('never writes through a planted reason-file link (item 2)', async () => {
    const victim = victimFile('the stored keys')
    mkdirSync(join(folder, 'failed'))
    symlinkSync(victim, join(folder, 'failed', 'junk.txt.reason.txt'))
    await startWatching()
    writeFileSync(join(folder, 'junk.txt'), 'no order here')
    expect(await outcomeOf('junk.txt')).toMatchObject({ result: 'failed', reason: 'no-order-id' })
    expect(readFileSync(victim, 'utf8')).toBe('the stored keys')
  })

  it('never reads a file through a symbolic link, and leaves its target alone (item 2)', async () => {
    const victim = victimFile()
    symlinkSync(victim, join(folder, 'shadow.txt'))
    await startWatching()
    expect(await outcomeOf('shadow.txt')).toEqual({
      file: 'shadow.txt',
      result: 'failed',
      reason: 'not-a-file',
    })
    expect(added).toEqual([])
    expect(readFileSync(victim, 'utf8')).toBe(`${KEY}\n`)
    expect(existsSync(join(folder, 'shadow.txt'))).toBe(false)
  })

  it('refuses a file with another hard link, and leaves the other name alone (item 2)', async () => {
    const victim = victimFile()
    linkSync(victim, join(folder, 'linked.txt'))
    await startWatching()
    expect(await outcomeOf('linked.txt')).toEqual({ file: 'linked.txt', result: 'failed', reason: 'linked' })
    expect(added).toEqual([])
    expect(readFileSync(victim, 'utf8')).toBe(`${KEY}\n`)
  })

  it('keeps taken and refused files in the data folder, never in the drop folder (item 1)', async () => {
    await startWatching()
    writeFileSync(join(folder, 'good.txt'), KEY)
    writeFileSync(join(folder, 'bad.txt'), 'no id')
    await outcomesOf(['good.txt', 'bad.txt'])
    expect(list()).toEqual([])
    const kept = (dropFolder as DropFolder).keptIn
    expect(dirname(dirname(kept))).toBe(dataDir)
    expect(list('done')).toEqual(['good.txt'])
    expect(list('failed')).toEqual(['bad.txt', 'bad.txt.reason.txt'])
  })

  it('refuses to watch the data folder itself and moves nothing out of it (item 5)', async () => {
    writeFileSync(join(dataDir, 'settings.json'), '{}')
    writeFileSync(join(dataDir, 'secret.key'), 'k')
    await expect(startWatching({ folder: dataDir })).rejects.toMatchObject({ refusal: 'data-folder' })
    expect(readdirSync(dataDir).sort()).toEqual(['secret.key', 'settings.json'])
  })

  it('refuses a folder other accounts can write unless staff confirmed it (item 5)', async () => {
    chmodSync(folder, 0o777)
    await expect(startWatching()).rejects.toMatchObject({ refusal: 'shared' })
    await startWatching({ sharedConfirmed: true })
    writeFileSync(join(folder, 'good.txt'), KEY)
    expect(await outcomeOf('good.txt')).toMatchObject({ result: 'done' })
  })

  it('is not blocked by a FIFO: a later file is still taken and closing still answers (item 7)', async () => {
    await startWatching()
    execFileSync('mkfifo', [join(folder, 'pipe.txt')])
    expect(await outcomeOf('pipe.txt')).toEqual({ file: 'pipe.txt', result: 'failed', reason: 'not-a-file' })
    writeFileSync(join(folder, 'after.txt'), KEY)
    expect(await outcomeOf('after.txt')).toMatchObject({ result: 'done', paymentKey: KEY })
    // What a Settings change does first: it must not wait on the pipe.
    await within((dropFolder as DropFolder).close(), 'close')
    dropFolder = undefined
  })

  it('takes a FIFO that was there before it started without blocking (item 7)', async () => {
    execFileSync('mkfifo', [join(folder, 'early-pipe')])
    writeFileSync(join(folder, 'early.txt'), KEY)
    await startWatching()
    expect(await outcomeOf('early.txt')).toMatchObject({ result: 'done' })
    expect(await outcomeOf('early-pipe')).toMatchObject({ result: 'failed', reason: 'not-a-file' })
  })

  it('logs one refusal line per reason per interval, saying how many it left out (item 11)', async () => {
    const log = recordingLogger()
    let now = 1_000_000
    await startWatching({ log, clock: { now: () => now } })
    const junk = Array.from({ length: 30 }, (_, index) => `junk-${String(index)}.txt`)
    for (const file of junk) writeFileSync(join(folder, file), 'no id')
    await outcomesOf(junk)
    expect(log.lines.filter((line) => line.includes('refused'))).toHaveLength(1)
    now += 60_000
    writeFileSync(join(folder, 'one-more.txt'), 'no id')
    await outcomeOf('one-more.txt')
    const refused = log.lines.filter((line) => line.includes('refused'))
    expect(refused).toHaveLength(2)
    expect(refused[1]).toContain('"refusedSinceLastLine":29')
  })

  it('removes what it kept more than 30 days before, by its own clock, at start (item 11)', async () => {
    let now = Date.now() - 31 * 24 * 3600 * 1000
    await startWatching({ clock: { now: () => now } })
    writeFileSync(join(folder, 'old.txt'), KEY)
    writeFileSync(join(folder, 'old-bad.txt'), 'no id')
    await outcomesOf(['old.txt', 'old-bad.txt'])
    await within((dropFolder as DropFolder).close(), 'close')
    now = Date.now()
    await startWatching({ clock: { now: () => now } })
    writeFileSync(join(folder, 'new.txt'), OTHER)
    await outcomesOf(['new.txt'])
    expect(list('done')).toEqual(['new.txt'])
    expect(list('failed')).toEqual([])
  })
})

describe('isIgnoredName', () => {
  it.each([
    'x.tmp',
    'X.TMP',
    '~$order.docx',
    '.DS_Store',
    'a.part',
    'a.partial',
    'a.crdownload',
    'a.swp',
    'a~',
    'a.temp',
  ])('ignores %s', (name) => expect(isIgnoredName(name)).toBe(true))
  it.each(['order.json', 'order.txt', 'tmp.json', 'order', 'a.tmp.json'])('takes %s', (name) =>
    expect(isIgnoredName(name)).toBe(false),
  )
})
