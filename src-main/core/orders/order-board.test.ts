import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BoardOrder, Handover } from '../../../src-shared/domain.ts'
import { toAppError } from '../app-failure.ts'
import { FileJournal } from '../storage/file-journal.ts'
import { ManualClock } from '../../../test-support/core/manual-clock.ts'
import { MemoryStore, recordingLogger } from '../../../test-support/core/memory-adapters.ts'
import { MemoryJournal } from '../storage/memory-journal.ts'
import { RESTORE_WINDOW_MS } from './order-board.ts'
import { testBoard } from '../../../test-support/core/orders/test-parts.ts'

const A = '3f2b8c1e-9d4a-4b7e-8c21-5a6f0e9d1b72'
const B = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f'
const key = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

let folder: string
let logFile: string
const journals: FileJournal[] = []

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'order-board-'))
  logFile = join(folder, 'order-board.jsonl')
})

afterEach(async () => {
  for (const journal of journals.splice(0)) journal.close()
  await rm(folder, { recursive: true, force: true })
})

/** A board as a start of the app opens it: the store is settings.json, the log its own file. */
function setup(store = new MemoryStore(), clock = new ManualClock()) {
  const changes: [string, unknown][] = []
  const journal = new FileJournal(logFile)
  journals.push(journal)
  const board = testBoard({
    store,
    clock,
    onChange: (k, order) => changes.push([k, order]),
    boardLog: journal,
  })
  return { board, store, changes, journal, clock }
}

const lines = async () => (await readFile(logFile, 'utf8')).split('\n').filter(Boolean)

describe('OrderBoard', () => {
  it('adds orders in order, announces each change, and survives a restart', () => {
    const { board, store, changes } = setup()
    board.add(A, { shippingMethod: 'delivery', courierType: 'restaurant', label: 'Masa 4' })
    board.add(B, {})
    expect(board.list().map((o) => o.paymentKey)).toEqual([A, B])
    expect(changes.map(([k]) => k)).toEqual([A, B])
    const reopened = setup(store).board
    expect(reopened.list()).toEqual(board.list())
    expect(reopened.get(A)).toMatchObject({ label: 'Masa 4', handover: { state: 'none' } })
  })

  it('writes one line per change to its own log, never the whole board to settings.json (O(1) per change)', async () => {
    const { board, store, journal } = setup()
    for (let n = 0; n < 50; n += 1) board.add(key(n), {})
    const before = journal.bytes()
    board.add(key(50), { label: 'Masa 9' })
    const grown = journal.bytes() - before
    board.remove(key(3))
    expect(await lines()).toHaveLength(52)
    // One order's line, whatever the board holds.
    expect(grown).toBeLessThan(300)
    expect(store.values.size).toBe(0)
  })

  it('keeps a final hand-over state in its log, as the journal forgets settled actions (D55)', () => {
    const { board, store } = setup()
    board.add(A, {})
    board.setHandover(A, { state: 'sending', since: '2026-11-21T12:00:00.000Z' })
    expect(setup(store).board.get(A)?.handover.state).toBe('none')
    board.setHandover(A, { state: 'handed-over', at: '2026-11-21T12:00:01.000Z' })
    expect(setup(store).board.get(A)?.handover.state).toBe('handed-over')
  })

  it('rewrites its log as one line per order once it holds many more lines than orders', async () => {
    const { board, store } = setup()
    for (let n = 0; n < 300; n += 1) {
      board.add(key(n), {})
      if (n >= 2) board.remove(key(n))
    }
    expect((await lines()).length).toBeLessThan(250)
    expect(
      setup(store)
        .board.list()
        .map((o) => o.paymentKey),
    ).toEqual([key(0), key(1)])
  })

  it('never brings back an order whose removal is the change that rewrites the log', () => {
    const { board, store } = setup()
    for (let n = 0; n < 300; n += 1) board.add(key(n), {})
    // Only removals from here: the rewrite happens on one of them.
    for (let n = 1; n < 300; n += 1) board.remove(key(n))
    expect(
      setup(store)
        .board.list()
        .map((o) => o.paymentKey),
    ).toEqual([key(0)])
  })

  it('adding a known order fills in details but keeps its place and hand-over', () => {
    const { board } = setup()
    board.add(A, {})
    board.add(B, {})
    board.setHandover(A, { state: 'handed-over', at: new Date().toISOString() })
    board.add(A, { paymentMethod: 'CASH' })
    expect(board.list().map((o) => o.paymentKey)).toEqual([A, B])
    expect(board.get(A)).toMatchObject({ paymentMethod: 'CASH', handover: { state: 'handed-over' } })
  })

  it('removes an order and announces it as gone', () => {
    const { board, store, changes } = setup()
    board.add(A, {})
    board.remove(A)
    expect(board.list()).toEqual([])
    expect(changes.at(-1)).toEqual([A, null])
    expect(setup(store).board.list()).toEqual([])
  })

  it('takes off handed-over orders that have stayed long enough, and only those', () => {
    const { board, store, changes } = setup()
    board.add(A, {})
    board.add(B, {})
    board.setHandover(A, { state: 'handed-over', at: '2026-11-21T12:00:00.000Z' })
    board.setHandover(B, {
      state: 'failed',
      at: '2026-11-21T12:00:00.000Z',
      error: { code: 'internal', retryable: false },
    })
    expect(board.removeHandedOver(() => true)).toBe(1)
    expect(changes.at(-1)).toEqual([A, null])
    expect(
      setup(store)
        .board.list()
        .map((o) => o.paymentKey),
    ).toEqual([B])
  })

  it('refuses to remove or update an order that is not on the board', () => {
    const { board } = setup()
    const problem = (work: () => unknown) => {
      try {
        work()
      } catch (error) {
        return toAppError(error).problem
      }
      return undefined
    }
    expect(problem(() => board.remove(A))).toBe('unknown-order')
    expect(problem(() => board.setHandover(A, { state: 'none' }))).toBe('unknown-order')
  })
})

describe('OrderBoard: its log when the disk misbehaves (D56)', () => {
  /** A memory log whose appends or rewrites fail while `refuse` says so. */
  function refusingJournal(records: unknown[] = []) {
    const journal = new MemoryJournal(records)
    const refuse = { append: false, replace: false }
    const append = journal.append.bind(journal)
    const replace = journal.replace.bind(journal)
    journal.append = (record) => {
      if (refuse.append) throw new Error('ENOSPC: no space left on device')
      append(record)
    }
    journal.replace = (next) => {
      if (refuse.replace) throw new Error('EIO: i/o error')
      replace(next)
    }
    return { journal, refuse }
  }

  it('changes nothing and announces nothing when the log refuses a change', () => {
    const { journal, refuse } = refusingJournal()
    const changes: string[] = []
    const board = testBoard({ boardLog: journal, onChange: (k) => changes.push(k) })
    board.add(A, { label: 'Masa 1' })
    refuse.append = true
    expect(() => board.add(B, {})).toThrow(/ENOSPC/)
    expect(() => board.add(A, { label: 'Masa 2' })).toThrow(/ENOSPC/)
    expect(() => board.remove(A)).toThrow(/ENOSPC/)
    expect(() => board.setHandover(A, { state: 'handed-over', at: '2026-11-21T12:00:00.000Z' })).toThrow(
      /ENOSPC/,
    )
    expect(board.list()).toEqual([expect.objectContaining({ paymentKey: A, label: 'Masa 1' })])
    expect(board.get(A)?.handover.state).toBe('none')
    expect(changes).toEqual([A])
  })

  it('keeps its log whole when a rewrite fails, and rewrites it at a later change', () => {
    const { journal, refuse } = refusingJournal()
    const log = recordingLogger()
    const board = testBoard({ boardLog: journal, log })
    refuse.replace = true
    for (let n = 0; n < 210; n += 1) board.add(key(n), {})
    for (let n = 1; n < 210; n += 1) board.remove(key(n))
    // With the disk's own words, for whoever reads the log.
    expect(log.lines).toContain('warn board: could not compact its log {"error":"Error: EIO: i/o error"}')
    expect(journal.records).toHaveLength(419)
    expect(
      testBoard({ boardLog: journal.reopen() })
        .list()
        .map((o) => o.paymentKey),
    ).toEqual([key(0)])
    refuse.replace = false
    board.add(B, {})
    expect(journal.records).toEqual([
      { op: 'put', order: board.get(key(0)) },
      { op: 'put', order: board.get(B) },
    ])
  })

  it('skips log lines it cannot read, says how many, and starts from a log without them', () => {
    const put = (paymentKey: string) => ({
      op: 'put',
      order: { paymentKey, addedAt: '2026-11-21T12:00:00.000Z', handover: { state: 'none' } },
    })
    const journal = new MemoryJournal([put(A), { op: 'put', order: { paymentKey: 42 } }, 'torn', put(B)])
    const log = recordingLogger()
    const board = testBoard({ boardLog: journal, log })
    expect(board.list().map((o) => o.paymentKey)).toEqual([A, B])
    expect(log.lines).toContain('warn board: log lines it cannot read were skipped {"unreadable":2}')
    expect(journal.records).toEqual([put(A), put(B)])
  })
})

// 'board.orders': where versions before D56 kept the board in settings.json.
describe('OrderBoard: moving the board out of settings.json (D56)', () => {
  const saved = (paymentKey: string, label: string): BoardOrder => ({
    paymentKey,
    label,
    addedAt: '2026-11-20T09:00:00.000Z',
    handover: { state: 'none' },
  })

  it('moves the board from settings.json to its log at the first start, then removes it from settings.json', async () => {
    const store = new MemoryStore()
    store.set('board.orders', [saved(A, 'Masa 1'), saved(B, 'Masa 2')])
    const { board } = setup(store)
    expect(board.list().map((o) => o.label)).toEqual(['Masa 1', 'Masa 2'])
    expect(store.get('board.orders')).toBeUndefined()
    expect(await lines()).toHaveLength(2)
    expect(
      setup(store)
        .board.list()
        .map((o) => o.label),
    ).toEqual(['Masa 1', 'Masa 2'])
  })

  it('after a crash between the move and the clean-up, the log wins and the old copy goes', () => {
    const store = new MemoryStore()
    store.set('board.orders', [saved(A, 'Masa 1')])
    setup(store).board.remove(A)
    // As if the process died before settings.json was rewritten: the old copy is back.
    store.set('board.orders', [saved(A, 'Masa 1')])
    expect(setup(store).board.list()).toEqual([])
    expect(store.get('board.orders')).toBeUndefined()
  })

  it('ignores a damaged saved board instead of crashing', () => {
    const store = new MemoryStore()
    store.set('board.orders', [{ paymentKey: 42 }])
    expect(setup(store).board.list()).toEqual([])
  })
})

describe('OrderBoard: Kaldır and Geri al (D41)', () => {
  const problemOf = (run: () => unknown) => {
    try {
      run()
    } catch (error) {
      return toAppError(error).problem
    }
    return undefined
  }

  it('removes for good at once, and puts the order back as it was within the window', async () => {
    const { board, store, clock } = setup()
    board.add(A, { shippingMethod: 'delivery', courierType: 'restaurant', label: 'Masa 4' })
    const handedOver = board.setHandover(A, { state: 'handed-over', at: '2026-11-22T10:00:00.000Z' })
    board.remove(A, { undoable: true })
    expect(board.list()).toEqual([])
    await clock.advance(RESTORE_WINDOW_MS - 1)
    expect(board.restore(A)).toEqual(handedOver)
    expect(board.list()).toEqual([handedOver])
    // And that is in the log too.
    expect(setup(store).board.list()).toEqual([handedOver])
  })

  it('refuses to put back after the window, after a restart, or what was not removed by staff', async () => {
    const { board, store, clock } = setup()
    board.add(A, {})
    board.add(B, {})
    board.remove(A, { undoable: true })
    // Taken off by the core itself (the day's turn), not by staff: nothing to put back, even at once.
    board.remove(B)
    expect(problemOf(() => board.restore(B))).toBe('undo-window-over')
    await clock.advance(RESTORE_WINDOW_MS + 1)
    expect(problemOf(() => board.restore(A))).toBe('undo-window-over')

    // The app stops inside the window: the removal stands, and the new start has nothing to put back.
    board.add(A, {})
    board.remove(A, { undoable: true })
    const restarted = setup(store).board
    expect(problemOf(() => restarted.restore(A))).toBe('undo-window-over')
    expect(restarted.list()).toEqual([])
  })
})

describe('OrderBoard: ready for the courier (D70)', () => {
  it('keeps the first ready time, announces it, and has it after a restart', async () => {
    const clock = new ManualClock()
    const { board, store, changes } = setup(new MemoryStore(), clock)
    board.add(A, { courierType: 'restaurant' })
    await clock.advance(60_000)
    const ready = board.markReady(A)
    expect(ready.readyAt).toBe(new Date(clock.now()).toISOString())
    expect(changes.at(-1)).toEqual([A, ready])
    await clock.advance(60_000)
    expect(board.markReady(A).readyAt).toBe(ready.readyAt)
    expect(changes).toHaveLength(2)
    expect(setup(store, clock).board.get(A)?.readyAt).toBe(ready.readyAt)
  })

  it('refuses an order that is not on the board', () => {
    const { board } = setup()
    expect(() => board.markReady(B)).toThrow()
  })
})

// Each fails on a mutant Stryker reported (issue 23), named beside it.
describe('OrderBoard: Geri al at its edges (D41)', () => {
  const problemOf = (run: () => unknown) => {
    try {
      run()
    } catch (error) {
      return toAppError(error).problem
    }
    return undefined
  }

  // The window's test (`>` as `>=`) in restore and in the pruning on each removal; the pruning made `true`.
  it('puts back an order taken off exactly the window ago, though another was taken off since', async () => {
    const clock = new ManualClock()
    const board = testBoard({ clock })
    board.add(A, { label: 'Masa 1' })
    board.add(B, { label: 'Masa 2' })
    board.remove(A, { undoable: true })
    await clock.advance(RESTORE_WINDOW_MS)
    board.remove(B, { undoable: true })
    expect(board.restore(A)).toMatchObject({ paymentKey: A, label: 'Masa 1' })
    expect(board.restore(B)).toMatchObject({ paymentKey: B, label: 'Masa 2' })
    expect(board.list().map((o) => o.paymentKey)).toEqual([A, B])
  })

  // restore's delete of what it put back dropped: a later removal by the core could then be undone.
  it('puts an order back once: taken off again by the core, it cannot be put back', () => {
    const board = testBoard()
    board.add(A, {})
    board.remove(A, { undoable: true })
    board.restore(A)
    board.remove(A)
    expect(problemOf(() => board.restore(A))).toBe('undo-window-over')
    expect(board.list()).toEqual([])
  })

  // restore's `if (onBoard)` made `false`: a second press of Geri al was refused.
  it('answers a second Geri al with the order already back, writing and announcing nothing more', () => {
    const journal = new MemoryJournal()
    const changes: string[] = []
    const board = testBoard({ boardLog: journal, onChange: (k) => changes.push(k) })
    board.add(A, {})
    board.remove(A, { undoable: true })
    const back = board.restore(A)
    const written = journal.records.length
    expect(board.restore(A)).toEqual(back)
    expect(journal.records).toHaveLength(written)
    expect(changes).toEqual([A, A, A])
  })
})

describe('OrderBoard: which hand-over states its log keeps (D55)', () => {
  const since = '2026-11-21T12:00:00.000Z'
  const error = { code: 'timeout' as const, retryable: true }

  // The final states: each member blanked, or the list emptied.
  it.each<[string, Handover]>([
    ['handed-over', { state: 'handed-over', at: since }],
    ['failed', { state: 'failed', at: since, error }],
    ['unconfirmed', { state: 'unconfirmed', at: since, error }],
  ])('keeps %s after a restart, and announces it', (_state, handover) => {
    const journal = new MemoryJournal()
    const changes: [string, BoardOrder | null][] = []
    const board = testBoard({ boardLog: journal, onChange: (k, order) => changes.push([k, order]) })
    board.add(A, {})
    const shown = board.setHandover(A, handover)
    expect(changes.at(-1)).toEqual([A, shown])
    expect(testBoard({ boardLog: journal.reopen() }).get(A)?.handover).toEqual(handover)
  })

  // The other branch: a state the outbox still owns is shown, announced, and left out of the log.
  it.each<[string, Handover]>([
    ['queued', { state: 'queued', since, waitingForSignIn: false }],
    ['sending', { state: 'sending', since }],
    ['retrying', { state: 'retrying', nextAttemptAt: since, attempts: 1, error }],
  ])('shows %s but leaves it out of its log, as the outbox owns it', (_state, handover) => {
    const journal = new MemoryJournal()
    const changes: [string, BoardOrder | null][] = []
    const board = testBoard({ boardLog: journal, onChange: (k, order) => changes.push([k, order]) })
    board.add(A, {})
    const written = journal.records.length
    const shown = board.setHandover(A, handover)
    expect(board.get(A)?.handover).toEqual(handover)
    expect(changes.at(-1)).toEqual([A, shown])
    expect(journal.records).toHaveLength(written)
  })
})

describe('OrderBoard: when its log is rewritten (D56)', () => {
  const final = (n: number): Handover => ({
    state: 'handed-over',
    at: new Date(Date.UTC(2026, 10, 21, 12, 0, n)).toISOString(),
  })

  // The rewrite's bound `lines > 2 * orders + SLACK_LINES`: `>=`, `/`, `-` each rewrite at another line.
  it('rewrites its log at the first line beyond twice the orders plus 200, and not before', () => {
    const journal = new MemoryJournal()
    const board = testBoard({ boardLog: journal })
    board.add(A, {})
    board.add(B, {})
    // Two orders: the bound is 2 * 2 + 200 = 204 lines.
    for (let n = 2; n < 204; n += 1) board.setHandover(A, final(n))
    expect(journal.records).toHaveLength(204)
    board.setHandover(A, final(204))
    expect(journal.records).toEqual([
      { op: 'put', order: board.get(A) },
      { op: 'put', order: board.get(B) },
    ])
    // Counted afresh from the rewrite: the next change is one more line, not another rewrite.
    board.setHandover(B, final(205))
    expect(journal.records).toHaveLength(3)
  })

  // #open: the start's rewrite test (`>` as `>=` or `true`), and the count of lines read (`raw.length`).
  it('at start rewrites a log holding more lines than orders, and leaves a log of one line per order as it is', () => {
    const put = (paymentKey: string, label: string) => ({
      op: 'put',
      order: { paymentKey, label, addedAt: '2026-11-21T12:00:00.000Z', handover: { state: 'none' } },
    })
    const grown = new MemoryJournal([put(A, 'Masa 1'), put(B, 'Masa 2'), put(A, 'Masa 3')])
    testBoard({ boardLog: grown })
    expect(grown.records).toEqual([put(A, 'Masa 3'), put(B, 'Masa 2')])

    const compact = new MemoryJournal([put(A, 'Masa 1'), put(B, 'Masa 2')])
    let rewrites = 0
    const replace = compact.replace.bind(compact)
    compact.replace = (records) => {
      rewrites += 1
      replace(records)
    }
    const board = testBoard({ boardLog: compact })
    expect(rewrites).toBe(0)
    // And it counts the lines it read: 2 orders, 2 lines, so 202 more changes before a rewrite.
    for (let n = 0; n < 202; n += 1) board.setHandover(A, final(n))
    expect(rewrites).toBe(0)
    board.setHandover(A, final(202))
    expect(rewrites).toBe(1)
  })

  // #open's `unreadable > 0` as `>= 0`: a whole log read as damaged.
  it('says nothing at the start of a whole log, nor of a first start with nothing to move', () => {
    const log = recordingLogger()
    const journal = new MemoryJournal()
    testBoard({ boardLog: journal, log }).add(A, {})
    testBoard({ boardLog: journal.reopen(), log })
    expect(log.lines).toEqual([])
  })
})

describe('OrderBoard: the move out of settings.json, as its log tells it (D56)', () => {
  const saved = (paymentKey: string): BoardOrder => ({
    paymentKey,
    addedAt: '2026-11-20T09:00:00.000Z',
    handover: { state: 'none' },
  })

  it('logs how many orders it moved', () => {
    const store = new MemoryStore()
    store.set('board.orders', [saved(A), saved(B)])
    const log = recordingLogger()
    testBoard({ store, log })
    expect(log.lines).toEqual(['info board: moved from settings.json to its own log {"orders":2}'])
  })

  it('warns of a saved board it cannot read, moves nothing, and removes it from settings.json', () => {
    const store = new MemoryStore()
    store.set('board.orders', [saved(A), { paymentKey: 42 }])
    const log = recordingLogger()
    const journal = new MemoryJournal()
    expect(testBoard({ store, log, boardLog: journal }).list()).toEqual([])
    expect(log.lines).toEqual([
      'warn board: the board in settings.json could not be read; not moved ',
      'info board: moved from settings.json to its own log {"orders":0}',
    ])
    expect(store.get('board.orders')).toBeUndefined()
    expect(journal.records).toEqual([])
  })
})

describe('OrderBoard: taking handed-over orders off', () => {
  // removeHandedOver: the hand-over's time not given to `hasLeft`.
  it('asks about each handed-over order by the time it was handed over', () => {
    const board = testBoard()
    board.add(A, {})
    board.add(B, {})
    board.setHandover(A, { state: 'handed-over', at: '2026-11-21T12:00:00.000Z' })
    board.setHandover(B, { state: 'handed-over', at: '2026-11-21T12:05:00.000Z' })
    const asked: number[] = []
    const removed = board.removeHandedOver((at) => {
      asked.push(at)
      return at < Date.parse('2026-11-21T12:01:00.000Z')
    })
    expect(asked).toEqual([Date.parse('2026-11-21T12:00:00.000Z'), Date.parse('2026-11-21T12:05:00.000Z')])
    expect(removed).toBe(1)
    expect(board.list().map((o) => o.paymentKey)).toEqual([B])
  })
})

describe('OrderBoard: what each way in may change of a known order (D71)', () => {
  const known = { label: 'Masa 1', paymentMethod: 'CASH' }

  // The sources that may change what is known: each one's test, or the whole test made `true` or `false`.
  it.each([['typed' as const], ['pos-api' as const], [undefined]])(
    'lets %s change what is known, with nothing kept as refused',
    (source) => {
      const board = testBoard()
      board.add(A, known, 'drop-folder')
      const changed = board.add(A, { label: 'Masa 2' }, source)
      expect(changed).toMatchObject({ label: 'Masa 2', paymentMethod: 'CASH', source: 'drop-folder' })
      expect(changed.refusedChange).toBeUndefined()
    },
  )

  it.each([['link' as const], ['command-line' as const], ['drop-folder' as const]])(
    'lets %s fill only what is unknown, and keeps the change it offered as refused',
    async (source) => {
      const clock = new ManualClock()
      const board = testBoard({ clock })
      board.add(A, known)
      await clock.advance(60_000)
      const merged = board.add(
        A,
        { label: 'Masa 2', paymentMethod: 'CASH', courierType: 'restaurant' },
        source,
      )
      expect(merged).toMatchObject({ label: 'Masa 1', paymentMethod: 'CASH', courierType: 'restaurant' })
      // Only the label was a change: the same payment method is no change, the courier type was unknown.
      expect(merged.refusedChange).toEqual({
        source,
        fields: ['label'],
        at: new Date(clock.now()).toISOString(),
      })
    },
  )

  // `refused.length > 0` as `>= 0`; the undefined offered skipped, or the same value taken for a change.
  it('keeps nothing as refused when a link only fills in or repeats what is known', () => {
    const board = testBoard()
    board.add(A, known)
    const merged = board.add(A, { label: 'Masa 1', courierType: 'restaurant' }, 'link')
    expect(merged).toMatchObject({ ...known, courierType: 'restaurant' })
    expect(merged.refusedChange).toBeUndefined()
  })
})

describe('OrderBoard: settings.json after the move (D56)', () => {
  /** A settings store that counts its writes (each one rewrites settings.json). */
  function countingStore() {
    const store = new MemoryStore()
    const writes: string[] = []
    const set = store.set.bind(store)
    const remove = store.delete.bind(store)
    store.set = (key, value) => {
      writes.push(`set ${key}`)
      set(key, value)
    }
    store.delete = (key) => {
      writes.push(`delete ${key}`)
      remove(key)
    }
    return { store, writes }
  }

  // #open's `legacy.get(…) !== undefined` made `true`: settings.json rewritten at every start.
  it('leaves settings.json untouched at a start once the board is in its own log', () => {
    const journal = new MemoryJournal()
    testBoard({ boardLog: journal }).add(A, {})
    const { store, writes } = countingStore()
    expect(testBoard({ store, boardLog: journal.reopen() }).list()).toHaveLength(1)
    expect(writes).toEqual([])
  })
})

describe('the board and accounts (issue 29)', () => {
  const FIRST = '00000000-0000-4000-8000-00000000000a'
  const SECOND = '00000000-0000-4000-8000-00000000000b'
  const KEY = '0d3e1f00-5a1b-4c2d-8e3f-100000000001'
  const accounts = { firstId: FIRST, defaultId: SECOND }

  it('puts an order without an account under the default one, and one kept from before accounts under the first', () => {
    const boardLog = new MemoryJournal()
    // A line as the board wrote it before accounts.
    boardLog.append({
      op: 'put',
      order: { paymentKey: KEY, addedAt: '2026-11-27T07:00:00.000Z', handover: { state: 'none' } },
    })
    const board = testBoard({ boardLog, accounts })
    expect(board.require(KEY).account).toBe(FIRST)
    const other = '0d3e1f00-5a1b-4c2d-8e3f-100000000002'
    expect(board.add(other, {}).account).toBe(SECOND)
    // Named, an account other than the first is kept, on the board as after a restart.
    const third = '0d3e1f00-5a1b-4c2d-8e3f-100000000003'
    board.add(third, {}, 'typed', SECOND)
    expect(board.require(third).account).toBe(SECOND)
    expect(testBoard({ boardLog: boardLog.reopen(), accounts }).require(third).account).toBe(SECOND)
    expect(board.countOf(FIRST)).toBe(1)
    expect(board.countOf(SECOND)).toBe(2)
  })

  it('refuses the same payment key under another account, and moves an order only while nothing was sent', () => {
    const board = testBoard({ accounts })
    board.add(KEY, {}, 'typed', FIRST)
    expect(() => board.add(KEY, {}, 'typed', SECOND)).toThrow(/order-other-account/)
    // The same account, or none named, merges as before.
    expect(board.add(KEY, { label: 'Masa 1' }, 'typed', FIRST).account).toBe(FIRST)
    expect(board.add(KEY, { label: 'Masa 2' }).account).toBe(FIRST)
    expect(board.setAccount(KEY, SECOND).account).toBe(SECOND)
    board.setHandover(KEY, { state: 'sending', since: '2026-11-27T07:00:00.000Z' })
    expect(() => board.setAccount(KEY, FIRST)).toThrow(/already-sending/)
    // Left where it is, it stays as it was, sending or not.
    expect(board.setAccount(KEY, SECOND)).toBe(board.require(KEY))
  })

  it('keeps orders of a board without accounts free of any account field, as after a restart', () => {
    const boardLog = new MemoryJournal()
    const board = testBoard({ boardLog })
    const added = board.add(KEY, { label: 'Masa 1' })
    expect(Object.keys(added)).not.toContain('account')
    expect(Object.keys(board.require(KEY))).not.toContain('account')
    expect(Object.keys(testBoard({ boardLog: boardLog.reopen() }).require(KEY))).not.toContain('account')
  })
})
