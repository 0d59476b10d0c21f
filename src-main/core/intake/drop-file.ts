/**
 * One file of the drop folder (D45): what order it holds, and where it goes once taken — `done/`, or
 * `failed/` with a `<name>.reason.txt` beside it saying why, Turkish and English.
 */
import { constants } from 'node:fs'
import { access, link, open, rename, unlink, writeFile } from 'node:fs/promises'
import { basename, extname, join } from 'node:path'
import { AppFailure } from '../app-failure.ts'
import { extractOrderId } from '../orders/order-id.ts'
import { INTAKE_ERRORS, type IntakeErrorCode } from './intake-errors.ts'
import { MAX_BODY_BYTES } from './http-guards.ts'
import { parsePosOrder, type IntakeOrder } from './order-input.ts'

export const DONE_FOLDER = 'done'
export const FAILED_FOLDER = 'failed'

const FILE_REFUSALS = {
  'not-text': {
    tr: 'Dosya metin değil (UTF-8 veya UTF-16 bekleniyordu).',
    en: 'The file is not text (UTF-8 or UTF-16 was expected).',
  },
  'empty-file': { tr: 'Dosya boş.', en: 'The file is empty.' },
} as const
export type DropRefusal = IntakeErrorCode | keyof typeof FILE_REFUSALS

export type DropRead =
  | { kind: 'order'; order: IntakeOrder }
  | { kind: 'refused'; reason: DropRefusal }
  /** The file is gone (the POS took it back): nothing to do. */
  | { kind: 'gone' }
  /** Still held open by its writer (Windows): try again later. */
  | { kind: 'locked' }

/** What the file holds: JSON as the API takes it, or any text holding exactly one id. */
export async function readDropFile(path: string): Promise<DropRead> {
  let bytes: Buffer
  try {
    bytes = await readCapped(path, MAX_BODY_BYTES)
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
      return { kind: 'refused', reason: 'malformed-json' }
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

/** At most `limit + 1` bytes: enough to know a file is too large without reading all of it. */
async function readCapped(path: string, limit: number): Promise<Buffer> {
  const handle = await open(path, constants.O_RDONLY)
  try {
    const buffer = Buffer.alloc(limit + 1)
    let filled = 0
    for (;;) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, null)
      if (bytesRead === 0) break
      filled += bytesRead
      if (filled === buffer.length) break
    }
    return buffer.subarray(0, filled)
  } finally {
    await handle.close()
  }
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
    return undefined
  }
}

/** Moves a taken file into `done/`, under a free name. */
export async function moveToDone(folder: string, path: string): Promise<string> {
  return moveInto(join(folder, DONE_FOLDER), path)
}

/** Moves a refused file into `failed/` and writes why beside it. */
export async function moveToFailed(folder: string, path: string, reason: DropRefusal): Promise<string> {
  const moved = await moveInto(join(folder, FAILED_FOLDER), path)
  const { tr, en } =
    reason in FILE_REFUSALS
      ? FILE_REFUSALS[reason as keyof typeof FILE_REFUSALS]
      : INTAKE_ERRORS[reason as IntakeErrorCode]
  await writeFile(`${moved}.reason.txt`, `${reason}\r\n${tr}\r\n${en}\r\n`, 'utf8')
  return moved
}

/**
 * A free name in `target` (`order.json`, then `order-2.json`…): a POS that reuses file names must not have an
 * earlier file overwritten. A hard link claims the name atomically (it fails if the name exists, where a
 * rename would replace it); where the disk has no hard links (FAT, some shares), a checked rename does.
 */
async function moveInto(target: string, path: string): Promise<string> {
  const name = basename(path)
  const extension = extname(name)
  const stem = name.slice(0, name.length - extension.length)
  for (let attempt = 1; attempt < 10_000; attempt++) {
    const destination = join(target, attempt === 1 ? name : `${stem}-${String(attempt)}${extension}`)
    try {
      await link(path, destination)
      await unlink(path)
      return destination
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EEXIST') continue
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS' && code !== 'EXDEV') throw error
    }
    if (await exists(destination)) continue
    await rename(path, destination)
    return destination
  }
  throw new Error(`drop folder: no free name for ${name} in ${target}`)
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path)
    return true
  } catch {
    return false
  }
}
