/**
 * One file of the drop folder (D45, D69, issue 27): what order it holds, and what the app keeps of it. Anyone
 * who can write the drop folder controls every name in it, so nothing of theirs ever enters the data folder: a
 * name is opened without following a link and without waiting on a pipe, checked on the open handle to be a
 * regular file with one name (a link, a pipe, a socket, a device or a folder is refused before anything is
 * read), read, and what the app keeps is written into new files it creates itself, in its own folder for this
 * drop folder (`done/`, or `failed/` with a `.reason.txt` beside it saying why, Turkish and English). The
 * writer's name is removed only while it still names the file that was read. `done/` and `failed/` hold only
 * the app's files; each name starts with the time the app kept it, which is what pruning counts from.
 */
import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import type { Stats } from 'node:fs'
import { lstat, open, readdir, rmdir, unlink, writeFile, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { AppFailure } from '../app-failure.ts'
import { extractOrderId } from '../orders/order-id.ts'
import { isErrorWithCode } from '../storage/durable-files.ts'
import type { Language } from '../../../src-shared/domain.ts'
import { texts, type Texts } from '../../../src-shared/texts/index.ts'
import type { IntakeErrorCode } from './intake-errors.ts'
import { MAX_BODY_BYTES } from './http-guards.ts'
import { parsePosOrder, type IntakeOrder } from './order-input.ts'

export const DONE_FOLDER = 'done'
export const FAILED_FOLDER = 'failed'

/** Why a drop file was refused: a refusal of the API's, or one of the catalogue's `dropFile` (src-shared/texts). */
export type DropRefusal = IntakeErrorCode | keyof Texts['dropFile']

export type DropRead =
  | { kind: 'order'; order: IntakeOrder }
  | { kind: 'refused'; reason: DropRefusal }
  /** The file is gone (the POS took it back): nothing to do. */
  | { kind: 'gone' }
  /** Still held open by its writer (Windows): try again later. */
  | { kind: 'locked' }

// Not defined on Windows, which has neither flag's need: no FIFOs in the file system, and a link or junction is
// refused by its lstat before it is opened (takeDropFile).
const NO_FOLLOW = (constants.O_NOFOLLOW as number | undefined) ?? 0
const NON_BLOCKING = (constants.O_NONBLOCK as number | undefined) ?? 0
const READ_FLAGS = constants.O_RDONLY | NO_FOLLOW | NON_BLOCKING

/** What the file holds: JSON as the API takes it, or any text holding exactly one id. */
export async function readDropFile(path: string): Promise<DropRead> {
  let bytes: Buffer
  try {
    const read = await readRegular(path, MAX_BODY_BYTES)
    if (read.reason !== undefined) return { kind: 'refused', reason: read.reason }
    bytes = read.bytes
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return { kind: 'gone' }
    if (code === 'EBUSY' || code === 'EPERM' || code === 'EACCES') return { kind: 'locked' }
    throw error
  }
  return orderOf(bytes)
}

/** The order in bytes read from a drop file (at most MAX_BODY_BYTES + 1 of them), or why there is none. */
export function orderOf(
  bytes: Buffer,
): { kind: 'order'; order: IntakeOrder } | { kind: 'refused'; reason: DropRefusal } {
  if (bytes.length > MAX_BODY_BYTES) return { kind: 'refused', reason: 'body-too-large' }
  const text = decodeText(bytes)?.trim()
  if (text === undefined) return { kind: 'refused', reason: 'not-text' }
  if (text === '') return { kind: 'refused', reason: 'empty-file' }
  // JSON is read as JSON: an array or an object with details must not lose them by being read as plain text.
  if (text.startsWith('{') || text.startsWith('[')) {
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      // Not JSON: left undefined, which parsePosOrder refuses as malformed-json.
    }
    const parsed = parsePosOrder(json)
    return parsed.ok ? { kind: 'order', order: parsed.value } : { kind: 'refused', reason: parsed.code }
  }
  try {
    return { kind: 'order', order: { paymentKey: extractOrderId(text), details: {} } }
  } catch (error) {
    const several = error instanceof AppFailure && error.appError.problem === 'several-order-ids'
    return { kind: 'refused', reason: several ? 'several-order-ids' : 'no-order-id' }
  }
}

/** The bytes of a file that was read, or why it was not (a reason, and no bytes); with what was seen. */
type OpenRead =
  | { bytes: Buffer; stats: Stats; reason?: undefined }
  | { bytes?: undefined; reason: 'not-a-file' | 'linked'; stats: Stats }
type RegularRead = OpenRead | { bytes?: undefined; reason: 'not-a-file'; stats?: undefined }

/**
 * At most `limit + 1` bytes (enough to know a file is too large) of a regular file with one name: opened
 * without following a link and without waiting on a pipe, and checked on the open handle, so what is read is
 * what was checked.
 */
async function readRegular(path: string, limit: number): Promise<RegularRead> {
  let handle
  try {
    handle = await open(path, READ_FLAGS)
  } catch (error) {
    // ELOOP: a symbolic link (O_NOFOLLOW); ENXIO: a socket, or a pipe with no writer on some systems.
    if (isErrorWithCode(error, 'ELOOP') || isErrorWithCode(error, 'ENXIO')) return { reason: 'not-a-file' }
    throw error
  }
  try {
    return await readOpen(handle, limit)
  } finally {
    await handle.close()
  }
}

/** What readRegular reads, from a file already open; with the stats of what was checked. */
async function readOpen(handle: FileHandle, limit: number): Promise<OpenRead> {
  const stats = await handle.stat()
  if (!stats.isFile()) return { reason: 'not-a-file', stats }
  if (stats.nlink > 1) return { reason: 'linked', stats }
  const buffer = Buffer.alloc(limit + 1)
  let filled = 0
  // Until the end of the file, or the buffer is full (a read of no bytes then ends it too).
  for (;;) {
    const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, null)
    if (bytesRead === 0) break
    filled += bytesRead
  }
  return { bytes: buffer.subarray(0, filled), stats }
}

/** UTF-8 (with or without a BOM), or UTF-16 with its BOM, as Windows Notepad's "Unicode" writes it. */
function decodeText(bytes: Buffer): string | undefined {
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe)
      return new TextDecoder('utf-16le', { fatal: true }).decode(bytes)
    if (bytes[0] === 0xfe && bytes[1] === 0xff)
      return new TextDecoder('utf-16be', { fatal: true }).decode(bytes)
    // TextDecoder drops a UTF-8 BOM by itself.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    // Not valid in its encoding: no text.
  }
  return undefined
}

/** What takeDropFile found under a name of the drop folder. */
export type Taken =
  /** A regular file with one name, read (at most MAX_BODY_BYTES + 1 bytes): `stats` are its handle's. */
  | { kind: 'read'; bytes: Buffer; stats: Stats }
  /** Seen, never read: a link, a pipe, a socket, a device, or a file with another name. */
  | { kind: 'refused'; reason: 'not-a-file' | 'linked'; stats: Stats }
  /** A folder: never taken, never written about (the POS's own sub-folders live there too). */
  | { kind: 'folder' }
  /** The name is gone, or names something else than what was opened: looked at again on its own event. */
  | { kind: 'gone' }
  /** Held open by another program (Windows): tried again later. */
  | { kind: 'locked' }

/**
 * Takes what `path` names in the drop folder, without changing anything. `stillTheFolder` throws when the drop
 * folder is no longer the folder that was checked (drop-folder.ts); it is asked before the name is opened and
 * again after, and what was opened must still be what the name gives in that folder: what is read is a file
 * of the drop folder, never one reached through a folder swapped meanwhile.
 */
export async function takeDropFile(path: string, stillTheFolder: () => Promise<void>): Promise<Taken> {
  await stillTheFolder()
  // Without O_NOFOLLOW (Windows) a link or junction is refused on its lstat; one made after this look is
  // caught below, as the name then no longer names what was opened.
  if (NO_FOLLOW === 0 && (await lstat(path).catch(() => undefined))?.isSymbolicLink() === true)
    return seenNotAFile(path, stillTheFolder)
  let handle: FileHandle
  try {
    handle = await open(path, READ_FLAGS)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return { kind: 'gone' }
    if (code === 'EISDIR') return { kind: 'folder' }
    if (code === 'EBUSY' || code === 'EPERM' || code === 'EACCES') {
      // Windows answers EPERM for a folder or a junction opened as a file: looked at, never followed.
      const seen = await lstat(path).catch(() => undefined)
      if (seen?.isDirectory() === true) return { kind: 'folder' }
      if (seen?.isSymbolicLink() === true) return seenNotAFile(path, stillTheFolder)
      return { kind: 'locked' }
    }
    // ELOOP: a symbolic link (O_NOFOLLOW); ENXIO: a socket, or a pipe with no writer on some systems.
    if (code === 'ELOOP' || code === 'ENXIO') return seenNotAFile(path, stillTheFolder)
    throw error
  }
  let taken: Taken
  try {
    const read = await readOpen(handle, MAX_BODY_BYTES)
    taken =
      read.reason === undefined
        ? { kind: 'read', bytes: read.bytes, stats: read.stats }
        : read.stats.isDirectory()
          ? { kind: 'folder' }
          : { kind: 'refused', reason: read.reason, stats: read.stats }
  } finally {
    await handle.close()
  }
  if (taken.kind === 'folder') return taken
  await stillTheFolder()
  return (await sameFile(path, taken.stats)) ? taken : { kind: 'gone' }
}

/** A name that could not be opened as a file: refused on what lstat says it is, in the folder that was checked. */
async function seenNotAFile(path: string, stillTheFolder: () => Promise<void>): Promise<Taken> {
  const stats = await lstat(path).catch(() => undefined)
  if (stats === undefined) return { kind: 'gone' }
  if (stats.isDirectory()) return { kind: 'folder' }
  await stillTheFolder()
  return { kind: 'refused', reason: 'not-a-file', stats }
}

/** Does `path` still name the file `seen` describes (the same device and inode)? */
async function sameFile(path: string, seen: Stats): Promise<boolean> {
  const now = await lstat(path).catch(() => undefined)
  return now !== undefined && now.dev === seen.dev && now.ino === seen.ino
}

/**
 * Removes the drop folder's name of a file taken or refused, only while it still names what was taken: a POS
 * that wrote the name again meanwhile keeps its new file, to be taken in turn. False when it stays (another
 * program holds it, or the name is not the app's user's to remove). Node cannot remove a name by what it holds:
 * a rename over the name between this look and the unlink is the one moment left (D69); what it could cost is
 * one file of the writer's own folder.
 */
export async function removeTaken(
  path: string,
  seen: Stats,
  stillTheFolder: () => Promise<void>,
): Promise<boolean> {
  await stillTheFolder()
  if (!(await sameFile(path, seen))) return true
  try {
    await unlink(path)
    return true
  } catch (error) {
    return isErrorWithCode(error, 'ENOENT')
  }
}

const REASON_SUFFIX = '.reason.txt'
/** How much of the writer's name a kept file's name holds: with the stamp and the suffix, far below 255 bytes. */
const NAME_BYTES = 120
/** `20261127T062000123Z-1a2b3c4d-order.json`: when the app kept it (UTC, to the millisecond), then its own tag. */
const KEPT_NAME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z-[0-9a-f]{8}-/

function stampOf(now: number): string {
  return new Date(now).toISOString().replace(/[-:.]/g, '')
}

/** When the app kept a file of `done/` or `failed/`, from its name; undefined for a name that is not the app's. */
export function keptAt(name: string): number | undefined {
  const parts = KEPT_NAME.exec(name)
  if (!parts) return undefined
  const [year, month, day, hour, minute, second, ms] = parts.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  return Date.UTC(year, month - 1, day, hour, minute, second, ms)
}

/** The first `limit` bytes of `text` in UTF-8, never cutting a character in two. */
function truncateBytes(text: string, limit: number): string {
  let bytes = 0
  let end = 0
  for (const char of text) {
    bytes += Buffer.byteLength(char)
    if (bytes > limit) break
    end += char.length
  }
  return text.slice(0, end)
}

/** The app's name for a kept copy of `name`: stamped, tagged, and short enough whatever the writer's name was. */
function keptName(name: string, now: number): string {
  const dot = name.lastIndexOf('.')
  // A dot that starts the name starts no extension (".env" is all stem).
  // Stryker disable next-line EqualityOperator: equivalent, a name whose only dot comes first is kept whole as stem or as extension
  const dotInside = dot > 0
  const extension = dotInside && Buffer.byteLength(name.slice(dot)) <= 16 ? name.slice(dot) : ''
  const stem = truncateBytes(
    extension === '' ? name : name.slice(0, dot),
    NAME_BYTES - Buffer.byteLength(extension),
  )
  return `${stampOf(now)}-${randomBytes(4).toString('hex')}-${stem}${extension}`
}

/** Keeps a copy of a taken file in `done/`; returns its path. */
export async function keepDone(kept: string, name: string, bytes: Buffer, now: number): Promise<string> {
  const destination = join(kept, DONE_FOLDER, keptName(name, now))
  // Exclusive: a new file the app creates, never an existing name written through.
  await writeFile(destination, bytes, { flag: 'wx', mode: 0o600 })
  return destination
}

/**
 * Keeps what was read of a refused file in `failed/` (nothing, for what was never read), and why beside it:
 * the reason, in Turkish and English, and the writer's whole name.
 */
export async function keepFailed(
  kept: string,
  name: string,
  bytes: Buffer | undefined,
  reason: DropRefusal,
  now: number,
): Promise<string> {
  const destination = join(kept, FAILED_FOLDER, keptName(name, now))
  await writeFile(destination, bytes ?? '', { flag: 'wx', mode: 0o600 })
  const said = (language: Language) => {
    const { dropFile, intakeApi } = texts[language]
    return Object.hasOwn(dropFile, reason)
      ? dropFile[reason as keyof Texts['dropFile']]
      : intakeApi[reason as IntakeErrorCode]
  }
  const [tr, en] = [said('tr'), said('en')]
  // The name as JSON: a POSIX name may hold a line break or a control character.
  const text = `${reason}\r\n${tr}\r\n${en}\r\n${JSON.stringify(name)}\r\n`
  await writeFile(`${destination}${REASON_SUFFIX}`, text, { flag: 'wx', mode: 0o600 })
  return destination
}

/**
 * Removes from `done/` and `failed/` the files the app kept longer than `maxAgeMs` ago by its own stamp in
 * their names (a file's time can be set by anyone who can touch it), one name at a time; returns how many. A
 * name that is not the app's is left alone; a folder is removed only when empty, never with what is in it.
 */
export async function pruneKept(kept: string, now: number, maxAgeMs: number): Promise<number> {
  let removed = 0
  for (const folder of [DONE_FOLDER, FAILED_FOLDER]) {
    const dir = join(kept, folder)
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) {
        // Not the app's (it writes none): gone only if empty.
        await rmdir(path).catch(() => undefined)
        continue
      }
      const at = keptAt(entry.name)
      if (at === undefined || now - at <= maxAgeMs) continue
      // unlink removes the name itself: a link goes, its target stays.
      await unlink(path).then(
        () => (removed += 1),
        () => undefined,
      )
    }
  }
  return removed
}
