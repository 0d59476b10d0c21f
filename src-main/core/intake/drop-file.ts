/**
 * One file of the drop folder (D45, D69): what order it holds, and where it goes once taken. Anyone who can
 * write the drop folder controls every name in it, so the app never follows a link there, never opens a file
 * there, and never writes there: a file is first moved (renamed, which moves a link or a pipe as itself) into
 * the app's own folder for this drop folder in the data folder (`taking/`), read there only if it is a regular
 * file with no other hard link, then kept in `done/`, or `failed/` with a `<name>.reason.txt` beside it saying
 * why, Turkish and English.
 */
import { randomUUID } from 'node:crypto'
import { constants } from 'node:fs'
import type { Stats } from 'node:fs'
import {
  lstat,
  lutimes,
  open,
  rename,
  rm,
  unlink,
  writeFile,
  readdir,
  type FileHandle,
} from 'node:fs/promises'
import { join } from 'node:path'
import { AppFailure } from '../app-failure.ts'
import { extractOrderId } from '../orders/order-id.ts'
import { isErrorWithCode } from '../storage/durable-files.ts'
import { INTAKE_ERRORS, type IntakeErrorCode } from './intake-errors.ts'
import { MAX_BODY_BYTES } from './http-guards.ts'
import { parsePosOrder, type IntakeOrder } from './order-input.ts'

export const TAKING_FOLDER = 'taking'
export const DONE_FOLDER = 'done'
export const FAILED_FOLDER = 'failed'

const FILE_REFUSALS = {
  'not-text': {
    tr: 'Dosya metin değil (UTF-8 veya UTF-16 bekleniyordu).',
    en: 'The file is not text (UTF-8 or UTF-16 was expected).',
  },
  'empty-file': { tr: 'Dosya boş.', en: 'The file is empty.' },
  'not-a-file': {
    tr: 'Bu bir dosya değil (kısayol/bağlantı, boru veya aygıt): okunmadı.',
    en: 'This is not a file (a link, a pipe or a device): it was not read.',
  },
  linked: {
    tr: 'Dosyanın başka bir adı daha var (sabit bağlantı): okunmadı.',
    en: 'The file has another name too (a hard link): it was not read.',
  },
} as const
export type DropRefusal = IntakeErrorCode | keyof typeof FILE_REFUSALS

export type DropRead =
  | { kind: 'order'; order: IntakeOrder }
  | { kind: 'refused'; reason: DropRefusal }
  /** The file is gone (the POS took it back): nothing to do. */
  | { kind: 'gone' }
  /** Still held open by its writer (Windows): try again later. */
  | { kind: 'locked' }

// Not defined on Windows, which has neither flag's need: no FIFOs in the file system, and links are moved,
// never opened, before a file is read.
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

/** The bytes of a file that was read, or why it was not (a reason, and no bytes); with what was seen, if anything. */
type RegularRead =
  | { bytes: Buffer; stats: Stats; reason?: undefined }
  | { bytes?: undefined; reason: 'not-a-file' | 'linked'; stats?: Stats }

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
async function readOpen(handle: FileHandle, limit: number): Promise<RegularRead> {
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

export type BroughtIn =
  | { kind: 'taken'; path: string; refusal?: 'not-a-file' | 'linked' | undefined }
  | { kind: 'gone' }
  | { kind: 'locked' }

/** `taking/<uuid>.<name>`: unique, so a file left there by a crash is never replaced by a new one. */
const TAKING_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(.+)$/

/** The drop folder's name of a file in `taking/`. */
export function nameInTaking(takingName: string): string {
  return TAKING_NAME.exec(takingName)?.[1] ?? takingName
}

/**
 * Moves `path` out of the drop folder into `taking/`, whatever it is: a rename moves a link, a pipe or a
 * device as itself, never what it points to. Across volumes (a rename cannot), a regular file with one name is
 * copied (at most what readDropFile would read) and anything else, never opened, leaves an empty stand-in, so
 * `failed/` still says what came and why.
 */
export async function bringIn(path: string, taking: string, name: string): Promise<BroughtIn> {
  const destination = join(taking, `${randomUUID()}.${name}`)
  try {
    await rename(path, destination)
    return { kind: 'taken', path: destination }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return { kind: 'gone' }
    if (code === 'EBUSY' || code === 'EPERM' || code === 'EACCES') return { kind: 'locked' }
    if (code !== 'EXDEV') throw error
  }
  let found: Stats
  let handle: FileHandle | undefined
  try {
    found = await lstat(path)
    // Only a regular file is opened: a link is not followed, a pipe or a device not touched.
    if (found.isFile()) handle = await open(path, READ_FLAGS)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return { kind: 'gone' }
    // ELOOP, ENXIO: the name became a link or a socket since the look; looked at again later.
    if (['EBUSY', 'EPERM', 'EACCES', 'ELOOP', 'ENXIO'].includes(String(code))) return { kind: 'locked' }
    throw error
  }
  try {
    const read: RegularRead =
      handle === undefined ? { reason: 'not-a-file' } : await readOpen(handle, MAX_BODY_BYTES)
    await writeFile(destination, read.bytes ?? '', { flag: 'wx', mode: 0o600 })
    // Removed only while the name still holds what was copied or refused, whatever it was: a POS that wrote the
    // name again meanwhile keeps its new file, to be taken in turn. The handle is still open, so no new file can
    // have been given the copied file's inode number. (Node cannot remove a name by what it holds: a rename over
    // the name between this look and the unlink is the one moment left, D69.)
    const copied = read.stats ?? found
    const now = await lstat(path).catch(() => undefined)
    if (now?.dev === copied.dev && now.ino === copied.ino) await unlink(path).catch(() => undefined)
    return { kind: 'taken', path: destination, refusal: read.reason }
  } finally {
    await handle?.close()
  }
}

/** Keeps a taken file in `done/`, under a free name. */
export async function moveToDone(kept: string, path: string, name: string, now: number): Promise<string> {
  return keepIn(join(kept, DONE_FOLDER), path, name, now, [''])
}

/** Keeps a refused file in `failed/` and writes why beside it. */
export async function moveToFailed(
  kept: string,
  path: string,
  name: string,
  reason: DropRefusal,
  now: number,
): Promise<string> {
  const moved = await keepIn(join(kept, FAILED_FOLDER), path, name, now, ['', REASON_SUFFIX])
  const { tr, en } =
    reason in FILE_REFUSALS
      ? FILE_REFUSALS[reason as keyof typeof FILE_REFUSALS]
      : INTAKE_ERRORS[reason as IntakeErrorCode]
  // Exclusive: even in the app's own folder, an existing name is never written through.
  await writeFile(`${moved}${REASON_SUFFIX}`, `${reason}\r\n${tr}\r\n${en}\r\n`, { flag: 'wx', mode: 0o600 })
  return moved
}

const REASON_SUFFIX = '.reason.txt'

/**
 * A free name in `target` (`order.json`, then `order-2.json`…): a POS that reuses file names must not have an
 * earlier file overwritten. Only the app writes in its own folder, one file at a time, so a look then a rename
 * is enough (a hard link would follow a link to its target on macOS). The time is set to the move's, which is
 * what pruning counts from.
 */
async function keepIn(
  target: string,
  path: string,
  name: string,
  now: number,
  suffixes: string[],
): Promise<string> {
  const dot = name.lastIndexOf('.')
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
  for (let attempt = 1; attempt < 10_000; attempt++) {
    const destination = join(target, attempt === 1 ? name : `${stem}-${String(attempt)}${extension}`)
    const found = await Promise.all(
      suffixes.map((suffix) => lstat(`${destination}${suffix}`).catch(() => undefined)),
    )
    if (found.some((stats) => stats !== undefined)) continue
    await rename(path, destination)
    const at = new Date(now)
    await lutimes(destination, at, at).catch(() => undefined)
    return destination
  }
  throw new Error(`drop folder: no free name for ${name} in ${target}`)
}

/** Removes from `done/` and `failed/` what has been kept there longer than `maxAgeMs`; returns how many. */
export async function pruneKept(kept: string, now: number, maxAgeMs: number): Promise<number> {
  let removed = 0
  for (const folder of [DONE_FOLDER, FAILED_FOLDER]) {
    const dir = join(kept, folder)
    for (const entry of await readdir(dir).catch(() => [] as string[])) {
      const path = join(dir, entry)
      const stats = await lstat(path).catch(() => undefined)
      if (stats === undefined || now - stats.mtimeMs <= maxAgeMs) continue
      // rm never follows a link: a kept link goes, its target stays.
      await rm(path, { recursive: true, force: true })
      removed += 1
    }
  }
  return removed
}
