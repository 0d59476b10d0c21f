import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs'

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

export function isErrorWithCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code
}
