import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DropFolder, isIgnoredName, type DropFolderOptions, type DropOutcome } from './drop-folder.ts'
import type { IntakeOrder } from './order-input.ts'

const KEY = '0f8fad5b-d9cb-469f-a165-70867728950e'
const OTHER = '7c9e6679-7425-40de-944b-e07fc1f90ae7'
/** Short, so the tests are quick; the waits below are for events, never for time. */
const STABLE_MS = 150

let folder: string
let dropFolder: DropFolder | undefined
let added: IntakeOrder[]
let outcomes: DropOutcome[]
let waiters: { match: (outcome: DropOutcome) => boolean; resolve: (outcome: DropOutcome) => void }[]
let failAdds = 0

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'drop-folder-'))
  added = []
  outcomes = []
  waiters = []
  failAdds = 0
})

afterEach(async () => {
  await dropFolder?.close()
  dropFolder = undefined
  await rm(folder, { recursive: true, force: true })
})

async function startWatching(extra: Partial<DropFolderOptions> = {}): Promise<DropFolder> {
  dropFolder = await DropFolder.start({
    folder,
    stableMs: STABLE_MS,
    ...extra,
    addOrder: (order) => {
      if (failAdds > 0) {
        failAdds--
        return Promise.reject(new Error('disk full'))
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
  return dropFolder
}

/** Resolves with the first outcome for `file` (already seen, or to come). */
function outcomeOf(file: string, result?: DropOutcome['result']): Promise<DropOutcome> {
  const match = (outcome: DropOutcome) =>
    outcome.file === file && (result === undefined || outcome.result === result)
  const seen = outcomes.find(match)
  if (seen) return Promise.resolve(seen)
  return new Promise((resolve) => waiters.push({ match, resolve }))
}

const list = (sub = '') => readdirSync(join(folder, sub)).sort()

describe('DropFolder', () => {
  it('takes files that were there before it started, and moves them to done/', async () => {
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
    expect(list()).toEqual(['done', 'failed'])
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
    ['an unknown field', 'extra.json', JSON.stringify({ payment_key: KEY, courier: 'x' }), 'unknown-field'],
    [
      'a bad field',
      'field.json',
      JSON.stringify({ payment_key: KEY, shipping_method: 'x' }),
      'invalid-shipping-method',
    ],
    ['an empty file', 'empty.txt', '', 'empty-file'],
    ['too many bytes', 'big.txt', `${KEY}${' '.repeat(16 * 1024)}`, 'body-too-large'],
    ['binary', 'bin.dat', Buffer.from([0xc3, 0x28, 0xff, 0x00]), 'not-text'],
  ])('moves a file with %s to failed/ with its reason beside it', async (_name, file, content, reason) => {
    await startWatching()
    writeFileSync(join(folder, file), content)
    expect(await outcomeOf(file)).toEqual({ file, result: 'failed', reason })
    expect(list('failed')).toEqual([file, `${file}.reason.txt`])
    const why = readFileSync(join(folder, 'failed', `${file}.reason.txt`), 'utf8').split('\r\n')
    expect(why[0]).toBe(reason)
    expect(why[1]).not.toBe(why[2])
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
    expect(list('done')).toEqual(['order-2.txt', 'order.txt'])
    expect(readFileSync(join(folder, 'done', 'order.txt'), 'utf8')).toBe(KEY)
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
    expect(list()).toEqual([
      '.order.json',
      'done',
      'failed',
      'order.json.part',
      'order.json.tmp',
      'order.json~',
      '~order.json',
    ])
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
    expect(existsSync(join(folder, 'later.txt'))).toBe(true)
    expect(await outcomeOf('later.txt', 'done')).toMatchObject({ paymentKey: KEY })
    expect(added).toEqual([{ paymentKey: KEY, details: {} }])
  })

  it('does not look into done/ or failed/, even for files put there by hand', async () => {
    writeFileSync(join(folder, 'first.txt'), KEY)
    await startWatching()
    await outcomeOf('first.txt', 'done')
    writeFileSync(join(folder, 'failed', 'by-hand.txt'), OTHER)
    writeFileSync(join(folder, 'marker.txt'), OTHER)
    await outcomeOf('marker.txt', 'done')
    expect(outcomes.map((outcome) => outcome.file)).toEqual(['first.txt', 'marker.txt'])
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
