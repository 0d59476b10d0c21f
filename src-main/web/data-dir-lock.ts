import { mkdirSync, openSync, readFileSync, rmSync, writeFileSync, closeSync } from 'node:fs'
import { join } from 'node:path'
import { isErrorWithCode } from '../core/storage/durable-files.ts'

export const LOCK_FILE = 'web-mode.lock'

export type LockResult = { ok: true; release: () => void } | { ok: false; heldBy: number }

/**
 * One web-mode process per data folder. Two cores on one folder would each resume the same owed hand-overs
 * and could send one twice; Electron has its single-instance lock, web mode has this. A lock left by a process
 * that is gone (a crash, SIGKILL) is taken over.
 */
export function lockDataDir(dataDir: string, pid = process.pid): LockResult {
  mkdirSync(dataDir, { recursive: true })
  const file = join(dataDir, LOCK_FILE)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600)
      writeFileSync(fd, String(pid))
      closeSync(fd)
      return { ok: true, release: () => releaseIfOurs(file, pid) }
    } catch (error) {
      if (!isErrorWithCode(error, 'EEXIST')) throw error
    }
    const holder = readHolder(file)
    if (holder !== undefined && isAlive(holder)) return { ok: false, heldBy: holder }
    rmSync(file, { force: true })
  }
  const holder = readHolder(file)
  return { ok: false, heldBy: holder ?? -1 }
}

function readHolder(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim())
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; it still holds the folder.
    return isErrorWithCode(error, 'EPERM')
  }
}

function releaseIfOurs(file: string, pid: number): void {
  if (readHolder(file) === pid) rmSync(file, { force: true })
}
