/**
 * The drop folder (D45, D69, issue 27): the POS writes one file per order into a folder set in Settings; each
 * file is taken once, its order put on the board, and a copy kept in the app's own folder for this drop folder
 * (`<data folder>/drop-folder/<name>-<hash>/done/`, or `failed/` with the reason beside it), pruned 30 days
 * after the app kept it. Files written while the app was closed are taken at start.
 *
 * Whoever can write the drop folder controls every name in it (another account, a browser's download), so
 * nothing there is followed or written, and only regular files are read: see drop-file.ts. Which folders may
 * be the drop folder at all is checkDropFolder's; and the folder must stay the one that was checked: before
 * every listing and every take it is looked at again (not a link or junction, the same device and inode, the
 * same real path). Once it is not, the app stops taking files, says so (`changed`), and touches nothing.
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
import { createHash } from 'node:crypto'
import { readFileSync, type Stats } from 'node:fs'
import { chmod, lstat, mkdir, readdir, readFile, realpath, stat, writeFile } from 'node:fs/promises'
import { homedir, tmpdir } from 'node:os'
import { basename, dirname, isAbsolute, join, parse, relative, resolve, sep } from 'node:path'
import type { DropFolderRefusal } from '../../../src-shared/intake-info.ts'
import { AppFailure, describeThrown } from '../app-failure.ts'
import { RefusalLog } from '../http/loopback-server.ts'
import { silentLogger, systemClock, type Clock, type Logger } from '../ports.ts'
import {
  DONE_FOLDER,
  FAILED_FOLDER,
  keepDone,
  keepFailed,
  orderOf,
  pruneKept,
  removeTaken,
  takeDropFile,
  type DropRefusal,
} from './drop-file.ts'
import { currentUserSid, readWindowsAcl, windowsAclLetsOthersWrite } from './windows-acl.ts'
import type { IntakeOrder } from './order-input.ts'

export interface DropFolderDeps {
  folder: string
  /** The app's data folder: taken and refused files are kept there, where the drop folder's writers cannot reach. */
  dataDir: string
  /** Staff confirmed that other accounts may write the folder (Settings' `dropFolderSharedConfirmed`). */
  sharedConfirmed?: boolean
  /**
   * The board's intake (IntakePort.addOrder with source `drop-folder`). Throwing leaves the file to retry, but
   * for an account the app does not have (`unknown-account`) or an order another account holds
   * (`order-other-account`): that file is refused into failed/.
   */
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
  /** Once, when the folder is no longer the one that was checked: nothing more is taken from it. */
  onFolderChanged?: () => void
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
/** Under KEPT_FOLDER: the folders the app created itself (createDropFolder), by real path, device and inode. */
const CREATED_FILE = 'created.json'

/** Thrown by a look at the folder that finds it is not the folder that was checked; the take stops there. */
class FolderChanged extends Error {}

const TEMPORARY_NAME = /^[.~]|~$|\.(tmp|temp|part|partial|crdownload|swp)$/i

/** Names the POS uses while a file is still being written, and our own sub-folders' files. */
export function isIgnoredName(name: string): boolean {
  return TEMPORARY_NAME.test(name)
}

/** What the watcher leaves alone: anything not directly in the folder, a sub-folder, a name still being written. */
function watcherIgnores(folder: string, path: string, stats: Stats | undefined): boolean {
  const full = resolve(path)
  if (full === folder) return false
  // At depth 0 chokidar reports nothing deeper, and a folder comes as `addDir`, which is never listened to: these
  // two are a second guard, so making either answer false changes nothing a test can see.
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: (above)
  if (dirname(full) !== folder) return true
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: (above)
  if (stats?.isDirectory() === true) return true
  return isIgnoredName(basename(path))
}

/** `<data folder>/drop-folder/<folder's name>-<hash of its real path>`: readable, and one per drop folder. */
function keptFolderOf(dataDir: string, realFolder: string): string {
  const readable = basename(realFolder)
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .slice(0, 40)
  // Stryker disable next-line StringLiteral: a checked folder is never the root, so its name is never empty
  const name = readable || 'root'
  const hash = createHash('sha256').update(realFolder).digest('hex').slice(0, 12)
  return join(dataDir, KEPT_FOLDER, `${name}-${hash}`)
}

export class DropFolder {
  readonly #folder: string
  /** The app's own folder for this drop folder: done/, failed/. */
  readonly keptIn: string
  readonly #deps: DropFolderDeps
  readonly #log: Logger
  readonly #clock: Pick<Clock, 'now'>
  readonly #refusals: RefusalLog
  readonly #tries = new Map<string, number>()
  /**
   * Names taken or refused whose file could not be removed (another program holds it, or the name is not the
   * app's user's to remove): the same file under the same name is not taken again, nor logged again.
   */
  readonly #settled = new Map<string, string>()
  readonly #timers = new Set<NodeJS.Timeout>()
  /** Files whose next try is already set for later: the watcher and the listing leave them to it. */
  readonly #retrying = new Set<string>()
  #watcher: FSWatcher | undefined
  /** The folder as it was checked: what every later look must find. */
  #identity: { dev: number; ino: number } | undefined
  #changed = false
  /** One file at a time, in the order they settled: takes never race each other. */
  #queue: Promise<void> = Promise.resolve()
  #closed = false

  private constructor(folder: string, deps: DropFolderDeps) {
    this.#folder = folder
    this.keptIn = keptFolderOf(resolve(deps.dataDir), folder)
    this.#deps = deps
    this.#log = deps.log ?? silentLogger
    this.#clock = deps.clock ?? systemClock
    this.#refusals = new RefusalLog(this.#log, this.#clock)
  }

  /**
   * Checks the folder (refused: DropFolderRefused, nothing touched), creates it if missing (as the app's own,
   * createDropFolder) and the app's own folders for it, prunes them, then watches; files already there first.
   */
  static async start(deps: DropFolderDeps): Promise<DropFolder> {
    const options = { dataDir: deps.dataDir, sharedConfirmed: deps.sharedConfirmed ?? false }
    let check = await checkDropFolder(deps.folder, options)
    // Stryker disable next-line ConditionalExpression,LogicalOperator: createDropFolder checks again and makes nothing for a folder refused or there
    if (check.ok && !check.exists) {
      // A folder named in Settings that does not exist yet is made, for this user only, and recorded as the app's.
      // If another made it first, it is judged as any folder that was there.
      await createDropFolder(deps.folder, { dataDir: deps.dataDir })
      check = await checkDropFolder(deps.folder, options)
      if (check.ok && !check.exists) check = { ok: false, refusal: 'not-a-folder' }
    }
    if (!check.ok) throw new DropFolderRefused(check.refusal)
    const dropFolder = new DropFolder(check.folder, deps)
    await dropFolder.#prepare()
    return dropFolder
  }

  /** True once the folder was found not to be the one that was checked: nothing is taken from it any more. */
  get changed(): boolean {
    return this.#changed
  }

  async #prepare(): Promise<void> {
    const folder = this.#folder
    const found = await lstat(folder)
    if (found.isSymbolicLink() || !found.isDirectory()) throw new DropFolderRefused('changed')
    this.#identity = { dev: found.dev, ino: found.ino }
    for (const sub of [DONE_FOLDER, FAILED_FOLDER])
      await mkdir(join(this.keptIn, sub), { recursive: true, mode: 0o700 })
    await this.#prune()
    this.#every(PRUNE_EVERY_MS, () => void this.#prune())
    const stableMs = this.#deps.stableMs ?? DEFAULT_STABLE_MS
    const watcher = watch(folder, {
      depth: 0,
      ignoreInitial: false,
      // A link is reported as itself, and refused as itself (drop-file.ts).
      followSymlinks: false,
      usePolling: this.#deps.usePolling ?? false,
      ...(this.#deps.pollIntervalMs === undefined ? {} : { interval: this.#deps.pollIntervalMs }),
      awaitWriteFinish: {
        stabilityThreshold: stableMs,
        // Stryker disable next-line MethodExpression,ArithmeticOperator: only how often a growing file's size is polled
        pollInterval: Math.max(10, Math.min(100, stableMs / 5)),
      },
      ignored: (path, stats) => watcherIgnores(folder, path, stats),
    })
    this.#watcher = watcher
    watcher.on('add', (path) => this.#enqueue(path))
    // A new file under the name of one just taken can look like a change of it (the unlink and the new write
    // arrive together). A change of a file already taken finds it gone and is skipped.
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

  /**
   * Throws FolderChanged unless the folder is still the real folder that was checked: not a link or junction,
   * the same device and inode, the same real path. The first time it is not, the app stops taking files.
   */
  readonly #stillTheFolder = async (): Promise<void> => {
    if (this.#changed) throw new FolderChanged()
    const identity = this.#identity
    const found = await lstat(this.#folder).catch(() => undefined)
    const real = await realpath(this.#folder).catch(() => undefined)
    if (
      found !== undefined &&
      // Stryker disable next-line ConditionalExpression: lstat never says a link is a folder, which the next line asks
      !found.isSymbolicLink() &&
      // Stryker disable next-line ConditionalExpression: the same device and inode as the folder checked is that folder
      found.isDirectory() &&
      // Stryker disable next-line OptionalChaining: #prepare sets the identity before any look
      found.dev === identity?.dev &&
      found.ino === identity.ino &&
      real === this.#folder
    )
      return
    this.#folderChanged()
    throw new FolderChanged()
  }

  #folderChanged(): void {
    if (this.#changed) return
    this.#changed = true
    this.#log.warn('drop folder: the folder is no longer the one that was checked; no more files are taken', {
      folder: this.#folder,
    })
    this.#stopWatching()
    this.#deps.onFolderChanged?.()
  }

  #stopWatching(): void {
    for (const timer of this.#timers) clearTimeout(timer)
    // Stryker disable next-line CallExpression: the set is only read to clear timers, and clearing one twice does nothing
    this.#timers.clear()
    // Stryker disable next-line OptionalChaining: the watcher is set before anything can stop it
    void this.#watcher?.close()
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
    // No closed or changed check: both clear this timer, and a changed folder fails the look below.
    try {
      await this.#stillTheFolder()
      const names = new Set<string>()
      for (const entry of await readdir(this.#folder, { withFileTypes: true })) {
        names.add(entry.name)
        if (entry.isDirectory() || isIgnoredName(entry.name)) continue
        const path = join(this.#folder, entry.name)
        // Stryker disable next-line ObjectLiteral: an mtime of NaN skips the name as Infinity does
        const { mtimeMs } = await lstat(path).catch(() => ({ mtimeMs: Number.POSITIVE_INFINITY }))
        if (this.#clock.now() - mtimeMs >= stableMs && !this.#tries.has(path)) this.#enqueue(path)
      }
      for (const name of this.#settled.keys()) if (!names.has(name)) this.#settled.delete(name)
    } catch (error) {
      if (error instanceof FolderChanged) return
      this.#log.warn('drop folder: could not list the folder', { error: describeThrown(error) })
    }
  }

  async close(): Promise<void> {
    this.#closed = true
    this.#stopWatching()
    // Stryker disable next-line OptionalChaining: a DropFolder exists only once started, its watcher set
    await this.#watcher?.close()
    await this.#queue
  }

  #enqueue(path: string): void {
    this.#queue = this.#queue.then(() => {
      // Found again (a write told as an add and a change, or by the listing too) while its next try is set:
      // that try takes it, so each file is tried MAX_TRIES times, not once more per way it was found.
      if (this.#retrying.has(path)) return
      return this.#take(path)
    })
  }

  /**
   * Reads the file in the drop folder (drop-file.ts), puts its order on the board, keeps a copy in done/ (or
   * failed/ with why), then removes the writer's name if it still names what was read. A crash between the add
   * and the removal takes the file again at the next start: adding an order twice adds it once (D71).
   */
  async #take(path: string): Promise<void> {
    if (this.#closed || this.#changed) return
    const file = basename(path)
    try {
      const taken = await takeDropFile(path, this.#stillTheFolder)
      if (taken.kind === 'gone' || taken.kind === 'folder') return
      if (taken.kind === 'locked') {
        this.#retryLater(path, file, undefined)
        return
      }
      if (this.#settled.get(file) === fingerprint(taken.stats)) return
      if (taken.kind === 'refused') {
        await this.#refuse(path, file, taken.stats, undefined, taken.reason)
        return
      }
      const read = orderOf(taken.bytes)
      if (read.kind === 'refused') {
        await this.#refuse(path, file, taken.stats, taken.bytes, read.reason)
        return
      }
      try {
        await this.#deps.addOrder(read.order)
      } catch (error) {
        // A name none of the app's accounts has, or an order another account holds, is the file's fault, not
        // the app's: trying again cannot help.
        const refusal = accountRefusalOf(error)
        if (refusal !== undefined) {
          await this.#refuse(path, file, taken.stats, taken.bytes, refusal)
          return
        }
        // The file is fine; the app could not take it (a disk error, say). Never lose it: try again.
        this.#retryLater(path, file, { message: 'drop folder: could not add an order', error })
        return
      }
      await keepDone(this.keptIn, file, taken.bytes, this.#clock.now())
      await this.#removeOriginal(path, file, taken.stats)
      this.#settle(path, { file, result: 'done', paymentKey: read.order.paymentKey })
    } catch (error) {
      if (error instanceof FolderChanged) return
      // Keeping failed (permissions, a full disk): the file stays in the drop folder, tried again later.
      this.#retryLater(path, file, { message: 'drop folder: could not take a file', error })
    }
  }

  async #refuse(
    path: string,
    file: string,
    stats: Stats,
    bytes: Buffer | undefined,
    reason: DropRefusal,
  ): Promise<void> {
    await keepFailed(this.keptIn, file, bytes, reason, this.#clock.now())
    await this.#removeOriginal(path, file, stats)
    // Any program that can write the folder can write thousands of files: one line per reason per interval.
    this.#refusals.refused(reason, 'drop folder: refused a file', { file })
    this.#settle(path, { file, result: 'failed', reason })
  }

  async #removeOriginal(path: string, file: string, stats: Stats): Promise<void> {
    if (await removeTaken(path, stats, this.#stillTheFolder))
      // Stryker disable next-line CallExpression: a fingerprint has the inode and time of a file now gone; the next listing forgets the name
      this.#settled.delete(file)
    else this.#settled.set(file, fingerprint(stats))
  }

  /** Tried again later, up to MAX_TRIES; what went wrong is logged once per file, not at every try. */
  #retryLater(path: string, file: string, failure: { message: string; error: unknown } | undefined): void {
    const tries = (this.#tries.get(path) ?? 0) + 1
    this.#tries.set(path, tries)
    if (failure !== undefined && tries === 1)
      this.#log.error(failure.message, { file, error: describeThrown(failure.error) })
    this.#deps.onOutcome?.({ file, result: 'retry-later' })
    if (tries >= MAX_TRIES || this.#closed) return
    this.#retrying.add(path)
    const timer = setTimeout(
      () => {
        // Stryker disable next-line CallExpression: the set is only read to clear timers, and clearing one twice does nothing
        this.#timers.delete(timer)
        this.#retrying.delete(path)
        this.#enqueue(path)
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

/**
 * The board's intake refused the order's `account` (issue 29): a short name the app has no account for, or an
 * order the board holds under another account.
 */
function accountRefusalOf(error: unknown): 'unknown-account' | 'order-other-account' | undefined {
  if (!(error instanceof AppFailure)) return undefined
  const { problem } = error.appError
  return problem === 'unknown-account' || problem === 'order-other-account' ? problem : undefined
}

/** The same file, unchanged: its device, inode, size and time. */
function fingerprint(stats: Stats): string {
  return `${String(stats.dev)}:${String(stats.ino)}:${String(stats.size)}:${String(stats.mtimeMs)}`
}

export type DropFolderCheck =
  { ok: true; folder: string; exists: boolean } | { ok: false; refusal: DropFolderRefusal }

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
 * - not one other accounts can write, unless staff confirmed it (a POS running as another account needs to);
 * - never one whose parent other accounts can write (they could swap it for a link to anywhere), even
 *   confirmed, unless the app created it itself (createDropFolder, or DropFolder.start for a folder missing).
 *   On POSIX: write for others, write for a group that is not the user's own, or another owner than the user
 *   or root; the direct parent counts even with the sticky bit (as /tmp), a folder further up only without it
 *   (the sticky bit stops others renaming what is not theirs). On Windows the ACLs, read with icacls.
 * A folder that does not exist yet is judged by where it would be, and its parents are judged when the app
 * creates it.
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
  if (isWithin(dataDir, real, platform)) return { ok: false, refusal: 'data-folder' }
  const home = await realPathOf(resolve(options.home ?? homedir()))
  const places = await profilePlaces(home, platform)
  if (
    places.exact.some((place) => same(real, place)) ||
    places.andInside.some((place) => isWithin(place, real, platform)) ||
    isWithin(real, home, platform) ||
    same(real, parse(real).root)
  )
    return { ok: false, refusal: 'system-folder' }
  if (isWithin(real, dataDir, platform)) return { ok: false, refusal: 'data-folder' }
  if (stats === undefined) return { ok: true, folder: real, exists: false }
  if (platform === process.platform) {
    const swappable = await othersCanSwap(real)
    if (swappable === 'parent' && !(await createdByApp(real, stats, dataDir)))
      return { ok: false, refusal: 'shared-parent' }
    if (swappable === 'folder' && !options.sharedConfirmed) return { ok: false, refusal: 'shared' }
  }
  return { ok: true, folder: real, exists: true }
}

export type CreatedDropFolder =
  { ok: true; folder: string } | { ok: false; refusal: DropFolderRefusal | 'exists' }

/**
 * Creates `folder` as the app's own drop folder (owner-only) and records it by real path, device and inode in
 * the data folder: a folder the app created itself may stand in a folder others can write (it is told apart
 * from one made under its name by another account), where any other is refused. Never over a name already
 * there (a folder, a file or a link): `exists`.
 */
export async function createDropFolder(
  folder: string,
  options: { dataDir: string; home?: string },
): Promise<CreatedDropFolder> {
  // Stryker disable next-line BooleanLiteral: a folder not there yet is never judged shared, one there is 'exists'
  const check = await checkDropFolder(folder, { ...options, sharedConfirmed: false })
  if (!check.ok) return check
  await mkdir(dirname(check.folder), { recursive: true, mode: 0o700 })
  try {
    // Exclusive: a name already there (a folder, a file, a link, one another account made first) is `exists`.
    // Stryker disable next-line ObjectLiteral: the chmod to 0o700 just below sets the mode whatever mkdir made
    await mkdir(check.folder, { mode: 0o700 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { ok: false, refusal: 'exists' }
    throw error
  }
  await chmod(check.folder, 0o700) // whatever the umask
  const made = await lstat(check.folder)
  const records = (await readCreated(options.dataDir)).filter((record) => record.folder !== check.folder)
  records.push({ folder: check.folder, dev: made.dev, ino: made.ino })
  await mkdir(join(options.dataDir, KEPT_FOLDER), { recursive: true, mode: 0o700 })
  await writeFile(join(options.dataDir, KEPT_FOLDER, CREATED_FILE), JSON.stringify(records), { mode: 0o600 })
  return { ok: true, folder: check.folder }
}

/** The name of the folder "Create the POS folder" makes in the staff user's home (a parent only they control). */
export const POS_FOLDER_NAME = 'POS-Siparisleri'

/**
 * "POS klasörünü oluştur / Create the POS folder" (issue 27): the app's own drop folder in the staff user's
 * home, which only they (and the administrators) may write: `POS-Siparisleri`, or the one the app made there
 * before, or `POS-Siparisleri-2`… when another folder has the name. Refused (`shared-parent`) when others can
 * write the home folder.
 */
export async function createPosFolder(options: {
  dataDir: string
  home?: string
}): Promise<CreatedDropFolder> {
  const home = await realPathOf(resolve(options.home ?? homedir()))
  if ((await othersCanSwap(home)) !== null) return { ok: false, refusal: 'shared-parent' }
  for (let attempt = 1; attempt < 10; attempt++) {
    const folder = join(home, attempt === 1 ? POS_FOLDER_NAME : `${POS_FOLDER_NAME}-${String(attempt)}`)
    const found = await lstat(folder).catch(() => undefined)
    if (found === undefined) return createDropFolder(folder, { ...options, home })
    if (!found.isSymbolicLink() && (await createdByApp(folder, found, options.dataDir)))
      return { ok: true, folder }
  }
  return { ok: false, refusal: 'exists' }
}

interface CreatedRecord {
  folder: string
  dev: number
  ino: number
}

async function readCreated(dataDir: string): Promise<CreatedRecord[]> {
  try {
    // Stryker disable next-line StringLiteral: JSON.parse reads a Buffer as UTF-8 text all the same
    const parsed: unknown = JSON.parse(await readFile(join(dataDir, KEPT_FOLDER, CREATED_FILE), 'utf8'))
    return Array.isArray(parsed) ? (parsed as CreatedRecord[]) : []
  } catch {
    return []
  }
}

/** Did the app create this very folder (the same real path, device and inode as it recorded)? */
async function createdByApp(real: string, stats: Stats, dataDir: string): Promise<boolean> {
  const found = await lstat(real).catch(() => undefined)
  // Stryker disable next-line ConditionalExpression,LogicalOperator,BooleanLiteral: callers pass a real path that exists and is no link
  if (found === undefined || found.isSymbolicLink()) return false
  return (await readCreated(dataDir)).some(
    (record) => record.folder === real && record.dev === stats.dev && record.ino === stats.ino,
  )
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

/** Is `inner` the folder `outer` or inside it? (`..orders` is a name inside it; `..` and `../x` are outside.) */
function isWithin(outer: string, inner: string, platform: NodeJS.Platform): boolean {
  const folded = fold(platform)
  const path = relative(folded(outer), folded(inner))
  return path !== '..' && !path.startsWith(`..${sep}`) && !isAbsolute(path)
}

async function profilePlaces(home: string, platform: NodeJS.Platform) {
  const xdg = xdgFolders(home)
  const downloads = [join(home, 'Downloads'), ...xdg.download]
  const exact = [
    home,
    join(home, 'Desktop'),
    join(home, 'Documents'),
    ...xdg.desktop,
    ...xdg.documents,
    tmpdir(),
    ...(platform === 'win32'
      ? [
          'C:\\Program Files',
          'C:\\Program Files (x86)',
          'C:\\ProgramData',
          // Stryker disable next-line StringLiteral,ConditionalExpression: inside SystemRoot, refused with all it holds below
          process.env.SystemRoot ? join(process.env.SystemRoot, 'Temp') : 'C:\\Windows\\Temp',
        ]
      : [
          '/tmp',
          '/var/tmp',
          // Stryker disable next-line StringLiteral: inside /dev, refused with all it holds below
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
function xdgFolders(home: string): { desktop: string[]; download: string[]; documents: string[] } {
  const file = join(home, '.config', 'user-dirs.dirs')
  // Stryker disable next-line StringLiteral: no file, no text, and any text without those lines names no folder
  let text = ''
  try {
    // Stryker disable next-line StringLiteral: the patterns below read a Buffer as UTF-8 text all the same
    text = readFileSync(file, 'utf8')
  } catch {
    // No such file: the desktop names no folders of its own.
  }
  /** The folder a line names, as a list of one, or none. */
  const read = (name: string): string[] => {
    const value = new RegExp(`^XDG_${name}_DIR="(.+)"$`, 'm').exec(text)?.[1]
    if (value === undefined)
      // Stryker disable next-line ArrayDeclaration: a relative name never equals a real path, nor holds one
      return []
    return [resolve(value.replace(/^\$HOME/, home))]
  }
  return { desktop: read('DESKTOP'), download: read('DOWNLOAD'), documents: read('DOCUMENTS') }
}

/**
 * Who could swap the drop folder: other accounts that can write the folder itself (`folder`), or a parent
 * (`parent`: the direct parent even with the sticky bit, as /tmp; one further up only without it); null when
 * only the app's user (and root or the administrators) can. On Windows, from each folder's ACL (icacls).
 */
async function othersCanSwap(folder: string): Promise<'folder' | 'parent' | null> {
  const windows = process.platform === 'win32'
  // Stryker disable next-line StringLiteral: the user's SID is only read on Windows
  const user = windows ? await currentUserSid() : ''
  let folderShared = false
  let current = folder
  for (let depth = 0; ; depth++) {
    if (windows ? await windowsSwappable(current, user, depth) : await posixSwappable(current, depth)) {
      // A shared parent is the worse of the two: staff confirming a shared folder does not cover it.
      if (depth > 0) return 'parent'
      folderShared = true
    }
    const parent = dirname(current)
    if (parent === current) return folderShared ? 'folder' : null
    current = parent
  }
}

/** An ACL that cannot be read counts as shared. */
async function windowsSwappable(folder: string, user: string, depth: number): Promise<boolean> {
  const acl = await readWindowsAcl(folder)
  return acl === undefined || windowsAclLetsOthersWrite(acl, user, depth)
}

async function posixSwappable(folder: string, depth: number): Promise<boolean> {
  const stats = await stat(folder).catch(() => undefined)
  if (stats === undefined) return false
  // Stryker disable next-line OptionalChaining: getuid and getgid exist on POSIX, the only place this runs
  const foreignOwner = stats.uid !== process.getuid?.() && stats.uid !== 0
  const writable =
    // Stryker disable next-line OptionalChaining: getuid and getgid exist on POSIX, the only place this runs
    (stats.mode & 0o002) !== 0 || ((stats.mode & 0o020) !== 0 && stats.gid !== process.getgid?.())
  // A sticky folder lets others add names but not rename or remove ours: that guards a folder further up, but
  // the direct parent counts all the same (issue 27): in a folder everyone can write, the name staff typed may
  // be one another account made first, so only a folder the app created there is taken.
  const sticky = (stats.mode & 0o1000) !== 0
  return foreignOwner || (writable && (depth <= 1 || !sticky))
}

/**
 * Can another account write `folder`, or swap it by writing a parent? (POSIX mode bits and owners; false on
 * Windows.) Web mode's check of its data folder; a sticky parent (as /tmp) only counts for its owner there.
 */
export async function othersCanWrite(folder: string): Promise<boolean> {
  if (process.platform === 'win32') return false
  // Stryker disable next-line OptionalChaining: getuid and getgid exist on POSIX, the only place this runs
  const uid = process.getuid?.()
  // Stryker disable next-line OptionalChaining: getuid and getgid exist on POSIX, the only place this runs
  const gid = process.getgid?.()
  let current = folder
  // Stryker disable next-line UpdateOperator: depth is only compared with 0
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
