/**
 * The drop folder (D45): the POS writes one file per order into a folder set in Settings; each file is
 * taken once, its order put on the board, and the file moved to `done/` (or `failed/` with the reason beside
 * it). Files written while the app was closed are taken at start.
 *
 * A half-written file is never read: a file is taken only once its size has stayed the same for `stableMs`
 * (chokidar's awaitWriteFinish), and names that say "still being written" are never looked at: dotfiles,
 * `~*`, `*.tmp`, `*.temp`, `*.part`, `*.partial`, `*.crdownload`, `*.swp`, `*~`. What we tell POS vendors:
 * write `order.json.tmp`, then rename it to `order.json` (a rename is atomic on one volume).
 *
 * Watching is chokidar's (maintained, consistent across Windows/macOS/Linux, polling for network shares):
 * fs.watch alone misses or doubles events depending on the OS and the editor.
 */
import { watch, type FSWatcher } from 'chokidar'
import { mkdir, readdir, stat } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { describeThrown } from '../app-failure.ts'
import { silentLogger, type Logger } from '../ports.ts'
import {
  DONE_FOLDER,
  FAILED_FOLDER,
  moveToDone,
  moveToFailed,
  readDropFile,
  type DropRefusal,
} from './drop-file.ts'
import type { IntakeOrder } from './order-input.ts'

export interface DropFolderOptions {
  folder: string
  /** The board's intake (IntakePort.addOrder with source `drop-folder`). Throwing leaves the file to retry. */
  addOrder: (order: IntakeOrder) => Promise<unknown>
  log?: Logger
  /** How long a file's size must stay unchanged before it is read. */
  stableMs?: number
  /** Polls instead of OS events: for network shares, where events do not arrive. */
  usePolling?: boolean
  /** How often the watcher polls when it polls (chokidar's interval). */
  pollIntervalMs?: number
  /**
   * How often the whole folder is listed as a safety net, for a file whose event the watcher missed (a POS that
   * writes every order under the same name can re-create it while its last one is being moved away).
   */
  rescanMs?: number
  /** Each file's outcome, for the board's log line and for tests. */
  onOutcome?: (outcome: DropOutcome) => void
}

export type DropOutcome =
  | { file: string; result: 'done'; paymentKey: string }
  | { file: string; result: 'failed'; reason: DropRefusal }
  /** Could not be taken now (held open by its writer, or the app failed to add it): tried again later. */
  | { file: string; result: 'retry-later' }

const DEFAULT_STABLE_MS = 1000
const DEFAULT_RESCAN_MS = 5000
/** A file still locked or refused by the app after this many tries stays where it is until the next start. */
const MAX_TRIES = 5

const TEMPORARY_NAME = /^[.~]|~$|\.(tmp|temp|part|partial|crdownload|swp)$/i

/** Names the POS uses while a file is still being written, and our own sub-folders' files. */
export function isIgnoredName(name: string): boolean {
  return TEMPORARY_NAME.test(name)
}

export class DropFolder {
  readonly #folder: string
  readonly #options: DropFolderOptions
  readonly #log: Logger
  readonly #watcher: FSWatcher
  readonly #tries = new Map<string, number>()
  readonly #retryTimers = new Set<NodeJS.Timeout>()
  #rescanTimer: NodeJS.Timeout | undefined
  /** One file at a time, in the order they settled: moves never race each other. */
  #queue: Promise<void> = Promise.resolve()
  #closed = false

  private constructor(folder: string, options: DropFolderOptions, watcher: FSWatcher) {
    this.#folder = folder
    this.#options = options
    this.#log = options.log ?? silentLogger
    this.#watcher = watcher
    watcher.on('add', (path) => this.#enqueue(path))
    // A new file under the name of one just taken can look like a change of it (the move's unlink and the new
    // write arrive together). A change of a file already taken finds it gone and is skipped.
    watcher.on('change', (path) => this.#enqueue(path))
    watcher.on('error', (error) =>
      this.#log.warn('drop folder: watcher error', { error: describeThrown(error) }),
    )
  }

  /** Creates the folder and its `done/` and `failed/`, then watches; files already there are taken first. */
  static async start(options: DropFolderOptions): Promise<DropFolder> {
    const folder = resolve(options.folder)
    await mkdir(join(folder, DONE_FOLDER), { recursive: true })
    await mkdir(join(folder, FAILED_FOLDER), { recursive: true })
    const stableMs = options.stableMs ?? DEFAULT_STABLE_MS
    const watcher = watch(folder, {
      depth: 0,
      ignoreInitial: false,
      usePolling: options.usePolling ?? false,
      ...(options.pollIntervalMs === undefined ? {} : { interval: options.pollIntervalMs }),
      awaitWriteFinish: {
        stabilityThreshold: stableMs,
        pollInterval: Math.max(10, Math.min(100, stableMs / 5)),
      },
      // Only regular files directly in the folder: not done/ or failed/, not names still being written.
      ignored: (path, stats) =>
        resolve(path) !== folder &&
        (dirname(resolve(path)) !== folder || isIgnoredName(basename(path)) || stats?.isDirectory() === true),
    })
    const dropFolder = new DropFolder(folder, options, watcher)
    await new Promise<void>((ready) => watcher.once('ready', () => ready()))
    dropFolder.#rescanTimer = setInterval(
      () => void dropFolder.#rescan(stableMs),
      options.rescanMs ?? DEFAULT_RESCAN_MS,
    )
    dropFolder.#rescanTimer.unref()
    return dropFolder
  }

  /** Every file that has stood still for stableMs is taken, whether or not the watcher told us of it. */
  async #rescan(stableMs: number): Promise<void> {
    if (this.#closed) return
    try {
      for (const entry of await readdir(this.#folder, { withFileTypes: true })) {
        if (!entry.isFile() || isIgnoredName(entry.name)) continue
        const path = join(this.#folder, entry.name)
        const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: Number.POSITIVE_INFINITY }))
        if (Date.now() - mtimeMs >= stableMs && !this.#retryPending(path)) this.#enqueue(path)
      }
    } catch (error) {
      this.#log.warn('drop folder: could not list the folder', { error: describeThrown(error) })
    }
  }

  /** A file waiting for its retry timer is not taken early by the rescan (its tries would not count). */
  #retryPending(path: string): boolean {
    return this.#tries.has(path)
  }

  async close(): Promise<void> {
    this.#closed = true
    clearInterval(this.#rescanTimer)
    for (const timer of this.#retryTimers) clearTimeout(timer)
    this.#retryTimers.clear()
    await this.#watcher.close()
    await this.#queue
  }

  #enqueue(path: string): void {
    this.#queue = this.#queue.then(() => this.#take(path))
  }

  async #take(path: string): Promise<void> {
    if (this.#closed) return
    const file = basename(path)
    try {
      const read = await readDropFile(path)
      if (read.kind === 'gone') return
      if (read.kind === 'locked') {
        this.#retryLater(path, file)
        return
      }
      if (read.kind === 'refused') {
        await moveToFailed(this.#folder, path, read.reason)
        this.#log.warn('drop folder: refused a file', { file, reason: read.reason })
        this.#settle(path, { file, result: 'failed', reason: read.reason })
        return
      }
      try {
        await this.#options.addOrder(read.order)
      } catch (error) {
        // The file is fine; the app could not take it (a disk error, say). Never lose it: try again.
        this.#log.error('drop folder: could not add an order', { file, error: describeThrown(error) })
        this.#retryLater(path, file)
        return
      }
      await moveToDone(this.#folder, path)
      this.#settle(path, { file, result: 'done', paymentKey: read.order.paymentKey })
    } catch (error) {
      // Moving failed (permissions, a vanished folder): the order is on the board; the file stays to be seen.
      this.#log.error('drop folder: could not move a file', { file, error: describeThrown(error) })
      this.#retryLater(path, file)
    }
  }

  #retryLater(path: string, file: string): void {
    const tries = (this.#tries.get(path) ?? 0) + 1
    this.#tries.set(path, tries)
    this.#options.onOutcome?.({ file, result: 'retry-later' })
    if (tries >= MAX_TRIES || this.#closed) return
    const timer = setTimeout(
      () => {
        this.#retryTimers.delete(timer)
        this.#enqueue(path)
      },
      (this.#options.stableMs ?? DEFAULT_STABLE_MS) * tries,
    )
    timer.unref()
    this.#retryTimers.add(timer)
  }

  #settle(path: string, outcome: DropOutcome): void {
    this.#tries.delete(path)
    this.#options.onOutcome?.(outcome)
  }
}
