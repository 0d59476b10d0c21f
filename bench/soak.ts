/**
 * `npm run bench:soak`: a month of a busy till in minutes, on a manual clock (docs/decisions.md D59). Every day
 * 2,000 orders are added and handed over through the real core on its real files (the journal, the board's log,
 * History's day files, settings.json) in a data folder; 5% of the first attempts meet a fault (503, a timeout,
 * 429 with Retry-After), the platform's token expires every 24 h, and the app is restarted every morning. After
 * each day's turn it prints the journal's size, the board (orders and log size), History's files, and the
 * process's heap (after a full GC), RSS and open files. The intake serves its API and a drop folder, which takes
 * the first orders of each day from files, as a POS would write them. The goal is flat: the last day within 10%
 * of the second.
 *
 *   npm run bench:soak                      30 days of 2,000 orders
 *   npm run bench:soak -- --days 5 --orders 500
 *   npm run bench:soak -- --dir /some/folder   the data folder's parent (default: /dev/shm where it exists)
 */
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { createCore, type Core } from '../src-main/core/create-core.ts'
import { silentLogger } from '../src-main/core/ports.ts'
import { openDataFiles, BOARD_LOG_FILE, HISTORY_FOLDER } from '../src-main/core/storage/data-files.ts'
import { FileJournal, HANDOVER_JOURNAL_FILE } from '../src-main/core/storage/file-journal.ts'
import { ManualClock } from '../test-support/core/manual-clock.ts'
import { fakeCipher } from '../test-support/core/memory-adapters.ts'
import { JsonFileStore } from '../src-main/web/json-file-store.ts'
import { SOAK_KEYS, SoakPlatform, type Fault } from './soak-platform.ts'

const { values: args } = parseArgs({
  options: {
    days: { type: 'string', default: '30' },
    orders: { type: 'string', default: '2000' },
    dir: { type: 'string' },
  },
})
const DAYS = Number(args.days)
const ORDERS_PER_DAY = Number(args.orders)
/** The first orders of each day come through the drop folder (its watcher is opened and closed at each restart). */
const DROPPED_PER_DAY = Math.min(5, ORDERS_PER_DAY)
const FAULT_SHARE = 0.05
const FAULTS: readonly Fault[] = ['5xx', 'timeout', '429']
const HOUR = 60 * 60 * 1000
/** Istanbul midnight of 2026-11-01 (21:00 UTC the day before). */
const FIRST_MIDNIGHT = Date.UTC(2026, 9, 31, 21, 0, 0)
const OPEN_HOUR = 10
const CLOSE_HOUR = 22
const RESTART_HOUR = 6
const RATIO_TARGET = 1.1
const REAL_TIME_TARGET_MS = 10 * 60 * 1000

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

interface DayFigures {
  day: number
  /** The journal's largest size during the day (it is compacted at 512 KiB and at the day's turn). */
  journalPeakKiB: number
  journalKiB: number
  /** Orders on the board at closing time (22:00): the day's handed-over orders are still there. */
  boardAtClose: number
  boardOrders: number
  boardLogKiB: number
  historyKiB: number
  heapMiB: number
  rssMiB: number
  /** File descriptors the process holds (Linux); -1 elsewhere. */
  openFiles: number
}

/** A deterministic stream in [0, 1): the same month every run. */
function seededRandom(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

const orderKey = (n: number) => `50a4c000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`

class Till {
  core!: Core
  readonly dataDir: string
  /** The POS's drop folder, beside the data folder (never in it). */
  readonly dropFolder: string
  readonly clock: ManualClock
  readonly platform: SoakPlatform
  #files: ReturnType<typeof openDataFiles> | undefined

  constructor(base: string, dropBase: string, clock: ManualClock, platform: SoakPlatform) {
    this.dataDir = join(base, 'data')
    this.dropFolder = join(dropBase, 'pos')
    mkdirSync(this.dataDir, { mode: 0o700 })
    mkdirSync(this.dropFolder, { mode: 0o700 })
    this.clock = clock
    this.platform = platform
  }

  /** Starts the app on the data folder, as a shell would; the session comes back from the stored keys. */
  async start(): Promise<void> {
    this.#files = openDataFiles(this.dataDir, silentLogger)
    this.core = await createCore({
      appName: 'POS Companion',
      appVersion: '0.0.0-soak',
      shell: 'web',
      store: new JsonFileStore(join(this.dataDir, 'settings.json'), silentLogger),
      ...this.#files,
      cipher: fakeCipher('strong'),
      createFetch: () => this.platform.fetch,
      clock: this.clock,
      log: silentLogger,
      secrets: { register: () => undefined, pin: () => undefined, redactValue: (value) => value },
    })
    await this.core.start()
    // As web mode does: the API on a free port, and the drop folder Settings names (set once, kept on disk).
    await this.core.intake.serve({ port: 0, dataDir: this.dataDir, dropStableMs: 20 })
  }

  /**
   * Stops the app; every file it opened is closed once, however often this is called. Each journal of the data
   * folder holds its file open: listing them by name here left the courier ledger's open at every restart (issue
   * 27: one more open file a day, 27 to 55 in a month).
   */
  async stop(): Promise<void> {
    const files = this.#files
    this.#files = undefined
    if (!files) return
    await this.core.intake.stop()
    this.core.dispose()
    for (const file of Object.values(files)) if (file instanceof FileJournal) file.close()
  }
}

/** Simulates one day's service; returns the journal's largest size in bytes seen after a hand-over. */
async function simulateDay(till: Till, day: number, random: () => number): Promise<number> {
  const { clock, platform } = till
  const midnight = FIRST_MIDNIGHT + day * 24 * HOUR
  await clock.advance(midnight + OPEN_HOUR * HOUR - clock.now())
  const gap = ((CLOSE_HOUR - OPEN_HOUR) * HOUR) / ORDERS_PER_DAY
  const journalFile = join(till.dataDir, HANDOVER_JOURNAL_FILE)
  let peak = 0
  await dropOrders(till, day)
  for (let n = 0; n < ORDERS_PER_DAY; n += 1) {
    const paymentKey = orderKey(day * ORDERS_PER_DAY + n)
    if (n >= DROPPED_PER_DAY) {
      const added = await till.core.handlers.addOrder({
        text: paymentKey,
        courierType: 'restaurant',
        shippingMethod: 'delivery',
      })
      if (!added.ok) throw new Error(`addOrder: ${JSON.stringify(added.error)}`)
    }
    if (random() < FAULT_SHARE) platform.faultFor.set(paymentKey, FAULTS[n % FAULTS.length] ?? '5xx')
    const handed = await till.core.handlers.handOverOrder({ paymentKey })
    if (!handed.ok) throw new Error(`handOverOrder: ${JSON.stringify(handed.error)}`)
    await clock.advance(gap)
    peak = Math.max(peak, sizeOf(journalFile))
  }
  return peak
}

/** The day's first orders as a POS writes them (write, then rename), once they are on the board (real time). */
async function dropOrders(till: Till, day: number): Promise<void> {
  const keys = Array.from({ length: DROPPED_PER_DAY }, (_, n) => orderKey(day * ORDERS_PER_DAY + n))
  for (const key of keys) {
    const file = join(till.dropFolder, `${key}.json`)
    writeFileSync(`${file}.tmp`, JSON.stringify({ payment_key: key, shipping_method: 'delivery' }))
    renameSync(`${file}.tmp`, file)
  }
  for (let wait = 0; ; wait += 1) {
    const board = await till.core.handlers.listOrders(undefined)
    const onBoard = new Set(board.ok ? board.value.map((order) => order.paymentKey) : [])
    if (keys.every((key) => onBoard.has(key)) && readdirSync(till.dropFolder).length === 0) return
    if (wait > 500) throw new Error(`the drop folder did not take day ${String(day)}'s files`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

function sizeOf(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.size
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0)
}

async function boardSize(till: Till): Promise<number> {
  const board = await till.core.handlers.listOrders(undefined)
  return board.ok ? board.value.length : -1
}

async function measure(till: Till, day: number, journalPeak: number, atClose: number): Promise<DayFigures> {
  const boardOrders = await boardSize(till)
  gc()
  await new Promise((resolve) => setImmediate(resolve))
  gc()
  const memory = process.memoryUsage()
  const kib = (bytes: number) => bytes / 1024
  return {
    day,
    journalPeakKiB: kib(journalPeak),
    journalKiB: kib(sizeOf(join(till.dataDir, HANDOVER_JOURNAL_FILE))),
    boardAtClose: atClose,
    boardOrders,
    boardLogKiB: kib(sizeOf(join(till.dataDir, BOARD_LOG_FILE))),
    historyKiB: kib(sizeOf(join(till.dataDir, HISTORY_FOLDER))),
    heapMiB: memory.heapUsed / 2 ** 20,
    rssMiB: memory.rss / 2 ** 20,
    openFiles: existsSync('/proc/self/fd') ? readdirSync('/proc/self/fd').length : -1,
  }
}

function printDay(figures: DayFigures): void {
  const cells = [
    String(figures.day).padStart(3),
    figures.journalPeakKiB.toFixed(1).padStart(10),
    figures.journalKiB.toFixed(1).padStart(10),
    String(figures.boardAtClose).padStart(7),
    String(figures.boardOrders).padStart(7),
    figures.boardLogKiB.toFixed(1).padStart(10),
    figures.historyKiB.toFixed(0).padStart(10),
    figures.heapMiB.toFixed(1).padStart(8),
    figures.rssMiB.toFixed(1).padStart(8),
    String(figures.openFiles).padStart(6),
  ]
  console.log(cells.join(' '))
}

/** Prints each figure's verdict; false when one missed its target. */
function printVerdicts(all: readonly DayFigures[], realMs: number): boolean {
  const second = all[1]
  const last = all.at(-1)
  console.log('')
  if (!second || !last) {
    console.log('fewer than two days: no flatness figure')
    return true
  }
  const missed: string[] = []
  const line = (name: string, pick: (f: DayFigures) => number, unit: string) => {
    // An empty journal or board both days is flat: 0 / 0 reads as 1.
    const ratio = pick(second) === 0 ? (pick(last) === 0 ? 1 : Infinity) : pick(last) / pick(second)
    const met = ratio <= RATIO_TARGET ? 'met' : 'MISSED'
    if (ratio > RATIO_TARGET) missed.push(name)
    console.log(
      `${name.padEnd(26)} day ${String(second.day)} ${pick(second).toFixed(1)} ${unit} → day ${String(last.day)} ${pick(last).toFixed(1)} ${unit}: ` +
        `×${ratio.toFixed(2)} (target ≤ ×${RATIO_TARGET.toFixed(2)}) ${met}`,
    )
  }
  line('journal peak in the day', (f) => f.journalPeakKiB, 'KiB')
  line('journal size', (f) => f.journalKiB, 'KiB')
  line('board at 22:00', (f) => f.boardAtClose, 'orders')
  line('board next morning', (f) => f.boardOrders, 'orders')
  line('board log size', (f) => f.boardLogKiB, 'KiB')
  line('heap after GC', (f) => f.heapMiB, 'MiB')
  line('RSS', (f) => f.rssMiB, 'MiB')
  line('open files', (f) => f.openFiles, 'fds')
  console.log(
    `History's day files: ${last.historyKiB.toFixed(0)} KiB after ${String(last.day)} days (grows by design; kept 180 days)`,
  )
  const realMet = realMs <= REAL_TIME_TARGET_MS ? 'met' : 'MISSED'
  console.log(
    `real time ${(realMs / 1000).toFixed(0)} s (target ≤ ${String(REAL_TIME_TARGET_MS / 1000)} s) ${realMet}`,
  )
  return missed.length === 0 && realMs <= REAL_TIME_TARGET_MS
}

async function main(): Promise<void> {
  const parent = args.dir ?? (existsSync('/dev/shm') ? '/dev/shm' : tmpdir())
  // Each in a folder only this user controls; the drop folder never under /dev, which is refused as a system folder.
  const base = await mkdtemp(join(parent, 'pos-soak-'))
  const dropBase = await mkdtemp(join(tmpdir(), 'pos-soak-drop-'))
  const clock = new ManualClock(FIRST_MIDNIGHT + RESTART_HOUR * HOUR)
  const platform = new SoakPlatform(clock)
  const till = new Till(base, dropBase, clock, platform)
  const { dataDir } = till
  const random = seededRandom(14)
  const started = performance.now()
  console.log(`soak: ${String(DAYS)} days × ${String(ORDERS_PER_DAY)} orders, data in ${dataDir}`)
  console.log('Each day after its turn and the morning restart (heap after a full GC):')
  console.log('day   peak_KiB journal_KiB  close  board board_KiB  hist_KiB heap_MiB  rss_MiB  files')
  const all: DayFigures[] = []
  try {
    await till.start()
    const signedIn = await till.core.handlers.signIn({
      platformAddress: 'https://platform.soak',
      ...SOAK_KEYS,
    })
    if (!signedIn.ok) throw new Error(`signIn: ${JSON.stringify(signedIn.error)}`)
    const watched = await till.core.handlers.updateSettings({ dropFolder: till.dropFolder })
    if (!watched.ok || till.core.intake.info().dropFolder.status !== 'watching')
      throw new Error(`drop folder: ${JSON.stringify(till.core.intake.info().dropFolder)}`)
    for (let day = 0; day < DAYS; day += 1) {
      const peak = await simulateDay(till, day, random)
      const atClose = await boardSize(till)
      // Past midnight (the journal's compaction and the board's sweep), to the next morning's restart.
      await clock.advance(FIRST_MIDNIGHT + (day + 1) * 24 * HOUR + RESTART_HOUR * HOUR - clock.now())
      platform.forgetHandedOver()
      await till.stop()
      await till.start()
      const figures = await measure(till, day + 1, peak, atClose)
      printDay(figures)
      all.push(figures)
    }
    // A missed target fails the run (exit code 1), so a script or CI step running the soak notices it.
    if (!printVerdicts(all, performance.now() - started)) process.exitCode = 1
    console.log(
      `platform: ${String(platform.counts.ontheway)} on-the-way calls, ${String(platform.counts.faults)} faults, ` +
        `${String(platform.counts.handedOver)} handed over, ${String(platform.counts.logins)} logins, ` +
        `${String(platform.counts.expired)} calls with an expired token`,
    )
  } finally {
    await till.stop()
    await rm(base, { recursive: true, force: true })
    await rm(dropBase, { recursive: true, force: true })
  }
}

await main()
