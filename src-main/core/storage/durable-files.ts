// Writing files so that a crash or a power cut leaves either the old content or the new, never half of each.
// The journal, web mode's settings file and its key file all go through here.
import { randomBytes } from 'node:crypto'
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs'
import { basename, dirname, join } from 'node:path'

/** Writes every byte, however many calls the OS needs. */
export function writeAll(fd: number, bytes: Buffer): void {
  let offset = 0
  while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset)
}

/**
 * Makes a created or renamed file's name durable. POSIX needs the directory flushed for that; Windows cannot
 * open a directory this way and makes renames durable on its own.
 */
export function syncDirectory(directory: string): void {
  if (process.platform === 'win32') return
  let fd: number | undefined
  try {
    fd = openSync(directory, 'r')
    fsyncSync(fd)
  } catch {
    // Some file systems refuse fsync on a directory; the data itself is already flushed.
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/** A temporary file beside `file`, named so that removeStaleTemporaryFiles recognises it. */
export function temporaryNameFor(file: string): string {
  return `${file}.${randomBytes(6).toString('hex')}.tmp`
}

/**
 * Replaces `file` with `bytes` atomically: written to a temporary file that is flushed to disk, renamed over
 * the real one, and the rename itself made durable. Owner-only (0600): every file the app writes this way
 * names the restaurant's orders or holds its encrypted secrets.
 */
export function replaceFileDurably(file: string, bytes: Buffer): void {
  const temporary = temporaryNameFor(file)
  const fd = openSync(temporary, 'w', 0o600)
  try {
    writeAll(fd, bytes)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  try {
    renameSync(temporary, file)
  } catch (error) {
    rmSync(temporary, { force: true })
    throw error
  }
  syncDirectory(dirname(file))
}

/**
 * Before a durable file is first read: its folder exists, owner-only (0700), and what a crash between writing
 * and renaming left behind is gone.
 */
export function prepareFolderFor(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
  removeStaleTemporaryFiles(file)
}

/** A crash between writing and renaming leaves a temporary file behind; it holds nothing the real file lacks. */
function removeStaleTemporaryFiles(file: string): void {
  const prefix = `${basename(file)}.`
  for (const name of readdirSync(dirname(file))) {
    if (name.startsWith(prefix) && name.endsWith('.tmp')) rmSync(join(dirname(file), name), { force: true })
  }
}

/** Whether `error` is a Node system error with this `code` (ENOENT, EEXIST, …). */
export function isErrorWithCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code
}
