import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LOCK_FILE, lockDataDir } from './data-dir-lock.ts'

let dataDir: string
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lock-'))
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

/** The pid of a process that has certainly ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  })
  return Number(child.stdout)
}

describe('lockDataDir', () => {
  it('lets one holder in, refuses a second while the first lives, and frees the folder on release', () => {
    const first = lockDataDir(dataDir)
    expect(first.ok).toBe(true)
    expect(lockDataDir(dataDir)).toEqual({ ok: false, heldBy: process.pid })
    if (first.ok) first.release()
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false)
    const again = lockDataDir(dataDir)
    expect(again.ok).toBe(true)
    if (again.ok) again.release()
  })

  it('takes over a lock left by a process that is gone (a crash)', async () => {
    await writeFile(join(dataDir, LOCK_FILE), String(deadPid()))
    const taken = lockDataDir(dataDir)
    expect(taken.ok).toBe(true)
    if (taken.ok) taken.release()
  })

  it('takes over a damaged lock file', async () => {
    await writeFile(join(dataDir, LOCK_FILE), 'not a pid')
    expect(lockDataDir(dataDir).ok).toBe(true)
  })

  it('does not remove a lock that another process holds when releasing', async () => {
    const mine = lockDataDir(dataDir, 1)
    if (!mine.ok) throw new Error('expected the lock')
    await writeFile(join(dataDir, LOCK_FILE), String(process.pid))
    mine.release()
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true)
  })
})
