/**
 * The drop folder (D45, D69): the POS writes one file per order into a folder set in Settings; each file is
 * taken once, its order put on the board, and the file kept in the app's own folder for this drop folder
 * (`<data folder>/drop-folder/<name>-<hash>/done/`, or `failed/` with the reason beside it), pruned after
 * 30 days. Files written while the app was closed are taken at start.
 *
 * Whoever can write the drop folder controls every name in it (another account, a browser's download), so
 * nothing there is followed, opened or written: see drop-file.ts. Which folders may be the drop folder at all
 * is checkDropFolder's.
 *
 * A half-written file is never read: a file is taken only once its size has stayed the same for `stableMs`
 * (chokidar's awaitWriteFinish), and names that say "still being written" are never looked at: dotfiles,
 * `~*`, `*.tmp`, `*.temp`, `*.part`, `*.partial`, `*.crdownload`, `*.swp`, `*~`. What we tell POS vendors:
 * write `order.json.tmp`, then rename it to `order.json` (a rename is atomic on one volume).
 *
 * Watching is chokidar's (maintained, consistent across Windows/macOS/Linux, polling for network shares):
 * fs.watch alone misses or doubles events depending on the OS and the editor.
 */
import type { FSWatcher } from 'chokidar'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { lstat, mkdir, readdir, realpath, stat } from 'node:fs/promises'
import { homedir, tmpdir } from 'node:os'
import { basename, dirname, isAbsolute, join, parse, relative, resolve } from 'node:path'
import type { DropFolderRefusal } from '../../../src-shared/intake-info.ts'
import { describeThrown } from '../app-failure.ts'
import { RefusalLog } from '../http/loopback-server.ts'
import { silentLogger, systemClock, type Clock, type Logger } from '../ports.ts'
import {
  bringIn,
  DONE_FOLDER,
  FAILED_FOLDER,
  moveToDone,
  moveToFailed,
  nameInTaking,
  pruneKept,
  readDropFile,
  TAKING_FOLDER,
  type DropRefusal,
} from './drop-file.ts'
import type { IntakeOrder } from './order-input.ts'

export interface DropFolderDeps {
  folder: string
  /** The app's data folder: taken and refused files are kept there, where the drop folder's writers cannot reach. */
  dataDir: string
  /** Staff confirmed that other accounts may write the folder (Settings' `dropFolderSharedConfirmed`). */
  sharedConfirmed?: boolean
  /** The board's intake (IntakePort.addOrder with source `drop-folder`). Throwing leaves the file to retry. */
  addOrder: (order: IntakeOrder) => Promise<unknown>
  log?: Logger
  /** For the log's throttle and the kept files' age. */
  clock?: Pick<Clock, 'now'>
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

/** Thrown by DropFolder.start for a folder checkDropFolder refuses; nothing in it was touched. */
export class DropFolderRefused extends Error {
  readonly refusal: DropFolderRefusal
  constructor(refusal: DropFolderRefusal) {
    super(`drop folder refused: ${refusal}`)
    this.refusal = refusal
  }
}

const DEFAULT_STABLE_MS = 1000
const DEFAULT_RESCAN_MS = 5000
/** A file still locked or refused by the app after this many tries stays where it is until the next start. */
const MAX_TRIES = 5
/** Kept files are removed after this long (D69): long enough to look into a complaint, short enough to stay small. */
const KEEP_DAYS = 30
const KEEP_MS = KEEP_DAYS * 24 * 60 * 60 * 1000
/** Besides each start: the app may run for weeks. */
const PRUNE_EVERY_MS = 6 * 60 * 60 * 1000
/** Under the data folder: one sub-folder per drop folder. */
const KEPT_FOLDER = 'drop-folder'

const TEMPORARY_NAME = /^[.~]|~$|\.(tmp|temp|part|partial|crdownload|swp)$/i

/** Names the POS uses while a file is still being written, and our own sub-folders' files. */
export function isIgnoredName(name: string): boolean {
  return TEMPORARY_NAME.test(name)
}

/** `<data folder>/drop-folder/<folder's name>-<hash of its real path>`: readable, and one per drop folder. */
function keptFolderOf(dataDir: string, realFolder: string): string {
  const name =
    basename(realFolder)
      .replace(/[^A-Za-z0-9._-]/g, '_')
      .slice(0, 40) || 'root'
  const hash = createHash('sha256').update(realFolder).digest('hex').slice(0, 12)
  return join(dataDir, KEPT_FOLDER, `${name}-${hash}`)
}

export class DropFolder {
  readonly #folder: string
  /** The app's own folder for this drop folder: taking/, done/, failed/. */
  readonly keptIn: string
  readonly #taking: string
  readonly #deps: DropFolderDeps
  readonly #log: Logger
  readonly #clock: Pick<Clock, 'now'>
  readonly #refusals: RefusalLog
  readonly #tries = new Map<string, number>()
  readonly #timers = new Set<NodeJS.Timeout>()
  #watcher: FSWatcher | undefined
  /** One file at a time, in the order they settled: moves never race each other. */
  #queue: Promise<void> = Promise.resolve()
  #closed = false

  private constructor(folder: string, deps: DropFolderDeps) {
    this.#folder = folder
    this.keptIn = keptFolderOf(resolve(deps.dataDir), folder)
    this.#taking = join(this.keptIn, TAKING_FOLDER)
    this.#deps = deps
    this.#log = deps.log ?? silentLogger
    this.#clock = deps.clock ?? systemClock
    this.#refusals = new RefusalLog(this.#log, this.#clock)
  }

  /**
   * Checks the folder (refused: DropFolderRefused, nothing touched), creates it if missing and the app's own
   * folders for it, prunes them, then watches; files already there (and any a crash left half-taken) first.
   */
  static async start(deps: DropFolderDeps): Promise<DropFolder> {
    const check = await checkDropFolder(deps.folder, {
      dataDir: deps.dataDir,
      sharedConfirmed: deps.sharedConfirmed ?? false,
    })
    if (!check.ok) throw new DropFolderRefused(check.refusal)
    const dropFolder = new DropFolder(check.folder, deps)
    await dropFolder.#prepare()
    return dropFolder
  }

  async #prepare(): Promise<void> {
    const folder = this.#folder
    // A folder named in Settings that does not exist yet is made, for this user only.
    await mkdir(folder, { recursive: true, mode: 0o700 })
    for (const sub of [TAKING_FOLDER, DONE_FOLDER, FAILED_FOLDER])
      await mkdir(join(this.keptIn, sub), { recursive: true, mode: 0o700 })
    await this.#prune()
    this.#every(PRUNE_EVERY_MS, () => void this.#prune())
    for (const name of await readdir(this.#taking)) {
      const path = join(this.#taking, name)
      this.#queue = this.#queue.then(() => this.#handleTaken(path, nameInTaking(name)))
    }
    const stableMs = this.#deps.stableMs ?? DEFAULT_STABLE_MS
    // Loaded when a folder is watched, not at start: most tills name no drop folder.
    const { watch } = await import('chokidar')
    const watcher = watch(folder, {
      depth: 0,
      ignoreInitial: false,
      // A link is reported as itself, and taken out of the folder as itself (drop-file.ts).
      followSymlinks: false,
      usePolling: this.#deps.usePolling ?? false,
      ...(this.#deps.pollIntervalMs === undefined ? {} : { interval: this.#deps.pollIntervalMs }),
      awaitWriteFinish: {
        stabilityThreshold: stableMs,
        pollInterval: Math.max(10, Math.min(100, stableMs / 5)),
      },
      // Only what is directly in the folder, not sub-folders, not names still being written.
      ignored: (path, stats) =>
        resolve(path) !== folder &&
        (dirname(resolve(path)) !== folder || isIgnoredName(basename(path)) || stats?.isDirectory() === true),
    })
    this.#watcher = watcher
    watcher.on('add', (path) => this.#enqueue(path))
    // A new file under the name of one just taken can look like a change of it (the move's unlink and the new
    // write arrive together). A change of a file already taken finds it gone and is skipped.
    watcher.on('change', (path) => this.#enqueue(path))
    watcher.on('error', (error) =>
      this.#log.warn('drop folder: watcher error', { error: describeThrown(error) }),
    )
    await new Promise<void>((ready) => watcher.once('ready', () => ready()))
    this.#every(this.#deps.rescanMs ?? DEFAULT_RESCAN_MS, () => void this.#rescan(stableMs))
  }

  #every(ms: number, job: () => void): void {
    const timer = setInterval(job, ms)
    timer.unref()
    this.#timers.add(timer)
  }

  async #prune(): Promise<void> {
    try {
      const removed = await pruneKept(this.keptIn, this.#clock.now(), KEEP_MS)
      if (removed > 0) this.#log.info('drop folder: removed old kept files', { removed, keepDays: KEEP_DAYS })
    } catch (error) {
      this.#log.warn('drop folder: could not prune kept files', { error: describeThrown(error) })
    }
  }

  /** Everything but folders that has stood still for stableMs is taken, whether or not the watcher told us. */
  async #rescan(stableMs: number): Promise<void> {
    if (this.#closed) return
    try {
      for (const entry of await readdir(this.#folder, { withFileTypes: true })) {
        if (entry.isDirectory() || isIgnoredName(entry.name)) continue
        const path = join(this.#folder, entry.name)
        const { mtimeMs } = await lstat(path).catch(() => ({ mtimeMs: Number.POSITIVE_INFINITY }))
        if (this.#clock.now() - mtimeMs >= stableMs && !this.#tries.has(path)) this.#enqueue(path)
      }
    } catch (error) {
      this.#log.warn('drop folder: could not list the folder', { error: describeThrown(error) })
    }
  }

  async close(): Promise<void> {
    this.#closed = true
    for (const timer of this.#timers) clearTimeout(timer)
    this.#timers.clear()
    await this.#watcher?.close()
    await this.#queue
  }

  #enqueue(path: string): void {
    this.#queue = this.#queue.then(() => this.#take(path))
  }

  /** Out of the drop folder into the app's own, first: nothing is read where the folder's writers can reach. */
  async #take(path: string): Promise<void> {
    if (this.#closed) return
    const file = basename(path)
    try {
      const brought = await bringIn(path, this.#taking, file)
      if (brought.kind === 'gone') return
      if (brought.kind === 'locked') {
        this.#retryLater(path, file, () => this.#take(path))
        return
      }
      this.#tries.delete(path)
      if (brought.refusal !== undefined) await this.#refuse(brought.path, file, brought.refusal)
      else await this.#handleTaken(brought.path, file)
    } catch (error) {
      this.#log.error('drop folder: could not take a file', { file, error: describeThrown(error) })
      this.#retryLater(path, file, () => this.#take(path))
    }
  }

  async #handleTaken(path: string, file: string): Promise<void> {
    if (this.#closed) return
    try {
      const read = await readDropFile(path)
      if (read.kind === 'gone') return
      if (read.kind === 'locked') {
        this.#retryLater(path, file, () => this.#handleTaken(path, file))
        return
      }
      if (read.kind === 'refused') {
        await this.#refuse(path, file, read.reason)
        return
      }
      try {
        await this.#deps.addOrder(read.order)
      } catch (error) {
        // The file is fine; the app could not take it (a disk error, say). Never lose it: try again.
        this.#log.error('drop folder: could not add an order', { file, error: describeThrown(error) })
        this.#retryLater(path, file, () => this.#handleTaken(path, file))
        return
      }
      await moveToDone(this.keptIn, path, file, this.#clock.now())
      this.#settle(path, { file, result: 'done', paymentKey: read.order.paymentKey })
    } catch (error) {
      // Keeping failed (permissions, a full disk): the order is on the board; the file stays in taking/.
      this.#log.error('drop folder: could not keep a file', { file, error: describeThrown(error) })
      this.#retryLater(path, file, () => this.#handleTaken(path, file))
    }
  }

  async #refuse(path: string, file: string, reason: DropRefusal): Promise<void> {
    await moveToFailed(this.keptIn, path, file, reason, this.#clock.now())
    // Any program that can write the folder can write thousands of files: one line per reason per interval.
    this.#refusals.refused(reason, 'drop folder: refused a file', { file })
    this.#settle(path, { file, result: 'failed', reason })
  }

  #retryLater(key: string, file: string, job: () => Promise<void>): void {
    const tries = (this.#tries.get(key) ?? 0) + 1
    this.#tries.set(key, tries)
    this.#deps.onOutcome?.({ file, result: 'retry-later' })
    if (tries >= MAX_TRIES || this.#closed) return
    const timer = setTimeout(
      () => {
        this.#timers.delete(timer)
        this.#queue = this.#queue.then(job)
      },
      (this.#deps.stableMs ?? DEFAULT_STABLE_MS) * tries,
    )
    timer.unref()
    this.#timers.add(timer)
  }

  #settle(key: string, outcome: DropOutcome): void {
    this.#tries.delete(key)
    this.#deps.onOutcome?.(outcome)
  }
}

export type DropFolderCheck = { ok: true; folder: string } | { ok: false; refusal: DropFolderRefusal }

export interface DropFolderCheckOptions {
  dataDir: string
  sharedConfirmed: boolean
  /** The staff user's home (tests give their own). */
  home?: string
  platform?: NodeJS.Platform
}

/**
 * May `folder` be the drop folder (D69)? Checked on its real path (a link to the data folder is the data folder):
 * - never the data folder, one inside it or one above it (the app would take its own files);
 * - never a drive root or `/`, a system folder, home or anything above it, Desktop, Documents, the shared temp
 *   folder, nor Downloads or anything in it (any web page can put a file there);
 * - not a folder other accounts can write, or whose parent they can write (they could swap it), unless staff
 *   confirmed it. On POSIX: write for others, write for a group that is not the user's own, or another owner
 *   than the user or root; a parent with the sticky bit (as /tmp) only counts for its owner. On Windows the ACL
 *   is not read (Everyone/Users are not checked): only the path rules apply there.
 * A folder that does not exist yet is judged by where it would be.
 */
export async function checkDropFolder(
  folder: string,
  options: DropFolderCheckOptions,
): Promise<DropFolderCheck> {
  const platform = options.platform ?? process.platform
  if (!isAbsolute(folder)) return { ok: false, refusal: 'not-a-folder' }
  const real = await realPathOf(folder)
  const stats = await stat(real).catch(() => undefined)
  if (stats !== undefined && !stats.isDirectory()) return { ok: false, refusal: 'not-a-folder' }
  const same = sameFolder(platform)
  const dataDir = await realPathOf(resolve(options.dataDir))
  if (same(real, dataDir) || isInside(dataDir, real, platform)) return { ok: false, refusal: 'data-folder' }
  const home = await realPathOf(resolve(options.home ?? homedir()))
  const places = await profilePlaces(home, platform)
  if (
    places.exact.some((place) => same(real, place)) ||
    places.andInside.some((place) => same(real, place) || isInside(place, real, platform)) ||
    isInside(real, home, platform) ||
    same(real, parse(real).root)
  )
    return { ok: false, refusal: 'system-folder' }
  if (isInside(real, dataDir, platform)) return { ok: false, refusal: 'data-folder' }
  if (platform === process.platform && !options.sharedConfirmed && (await othersCanWrite(real)))
    return { ok: false, refusal: 'shared' }
  return { ok: true, folder: real }
}

/** The real path of `path`, or of its nearest existing parent with the rest added, when it does not exist yet. */
async function realPathOf(path: string): Promise<string> {
  const rest: string[] = []
  let current = path
  for (;;) {
    try {
      return join(await realpath(current), ...rest.reverse())
    } catch {
      const parent = dirname(current)
      if (parent === current) return path
      rest.push(basename(current))
      current = parent
    }
  }
}

function fold(platform: NodeJS.Platform): (path: string) => string {
  // Windows and macOS file systems ignore case by default.
  return platform === 'win32' || platform === 'darwin' ? (path) => path.toLowerCase() : (path) => path
}

function sameFolder(platform: NodeJS.Platform): (a: string, b: string) => boolean {
  const folded = fold(platform)
  return (a, b) => folded(a) === folded(b)
}

/** Is `inner` strictly inside `outer`? */
function isInside(outer: string, inner: string, platform: NodeJS.Platform): boolean {
  const folded = fold(platform)
  const path = relative(folded(outer), folded(inner))
  return path !== '' && !path.startsWith('..') && !isAbsolute(path)
}

async function profilePlaces(home: string, platform: NodeJS.Platform) {
  const xdg = xdgFolders(home)
  const downloads = [join(home, 'Downloads'), ...(xdg.download ? [xdg.download] : [])]
  const exact = [
    home,
    join(home, 'Desktop'),
    join(home, 'Documents'),
    ...(xdg.desktop ? [xdg.desktop] : []),
    ...(xdg.documents ? [xdg.documents] : []),
    tmpdir(),
    ...(platform === 'win32'
      ? [
          'C:\\Program Files',
          'C:\\Program Files (x86)',
          'C:\\ProgramData',
          process.env.SystemRoot ? join(process.env.SystemRoot, 'Temp') : 'C:\\Windows\\Temp',
        ]
      : [
          '/tmp',
          '/var/tmp',
          '/dev/shm',
          '/etc',
          '/usr',
          '/var',
          '/opt',
          '/home',
          '/Users',
          '/Volumes',
          '/mnt',
          '/media',
        ]),
  ]
  const andInside = [
    ...downloads,
    ...(platform === 'win32'
      ? [process.env.SystemRoot ?? 'C:\\Windows', process.env.PUBLIC ?? 'C:\\Users\\Public']
      : [
          '/proc',
          '/sys',
          '/dev',
          '/bin',
          '/sbin',
          '/lib',
          '/boot',
          '/System',
          '/Library',
          '/Applications',
          '/private/var/tmp',
        ]),
  ]
  const real = (paths: string[]) => Promise.all(paths.map((path) => realPathOf(path)))
  return { exact: await real(exact), andInside: await real(andInside) }
}

/** Linux desktops name Desktop, Downloads and Documents in the user's language (`İndirilenler`…). */
function xdgFolders(home: string): { desktop?: string; download?: string; documents?: string } {
  let text: string
  try {
    text = readFileSync(join(home, '.config', 'user-dirs.dirs'), 'utf8')
  } catch {
    return {}
  }
  const read = (name: string) => {
    const value = new RegExp(`^XDG_${name}_DIR="(.+)"$`, 'm').exec(text)?.[1]
    return value === undefined ? undefined : resolve(value.replace(/^\$HOME/, home))
  }
  const found: { desktop?: string; download?: string; documents?: string } = {}
  const desktop = read('DESKTOP')
  const download = read('DOWNLOAD')
  const documents = read('DOCUMENTS')
  if (desktop !== undefined) found.desktop = desktop
  if (download !== undefined) found.download = download
  if (documents !== undefined) found.documents = documents
  return found
}

/**
 * Can another account write `folder`, or swap it by writing a parent? (POSIX mode bits and owners; false on
 * Windows, whose ACLs this does not read.) Also web mode's check of its data folder.
 */
export async function othersCanWrite(folder: string): Promise<boolean> {
  if (process.platform === 'win32') return false
  const uid = process.getuid?.()
  const gid = process.getgid?.()
  let current = folder
  for (let depth = 0; ; depth++) {
    const stats = await stat(current).catch(() => undefined)
    if (stats !== undefined) {
      const foreignOwner = stats.uid !== uid && stats.uid !== 0
      const writable = (stats.mode & 0o002) !== 0 || ((stats.mode & 0o020) !== 0 && stats.gid !== gid)
      // A sticky parent lets others add names but not rename or remove ours.
      const sticky = (stats.mode & 0o1000) !== 0
      if (foreignOwner || (writable && (depth === 0 || !sticky))) return true
    }
    const parent = dirname(current)
    if (parent === current) return false
    current = parent
  }
}
