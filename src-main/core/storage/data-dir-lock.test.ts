import { spawn, type ChildProcessByStdio } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable, Writable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DataDirInUseError, holdDataDir, lockAddress, lockDataDir } from './data-dir-lock.ts'

const LOCK_MODULE = join(import.meta.dirname, 'data-dir-lock.ts')

let dataDir: string
const children = new Set<ChildProcessByStdio<Writable, Readable, null>>()
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lock-'))
})
afterEach(async () => {
  for (const child of children) child.kill('SIGKILL')
  children.clear()
  await rm(dataDir, { recursive: true, force: true })
})

/**
 * Another process that tries the lock once a line arrives on its stdin ("go"), prints LOCKED or REFUSED, and
 * holds what it got until its stdin closes. `platform` picks the lock's address as on that platform.
 */
function starter(platform: NodeJS.Platform = process.platform) {
  const script = `
    import { lockDataDir } from ${JSON.stringify(LOCK_MODULE)}
    import { createInterface } from 'node:readline'
    const lines = createInterface({ input: process.stdin })
    lines.once('line', async () => {
      const result = await lockDataDir(${JSON.stringify(dataDir)}, 'web', { platform: ${JSON.stringify(platform)} })
      process.stdout.write(result.ok ? 'LOCKED\\n' : 'REFUSED\\n')
    })
    process.stdin.on('end', () => process.exit(0))
    process.stdout.write('WAITING\\n')
  `
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  children.add(child)
  let output = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  const said = (word: string) => expect.poll(() => output, { timeout: 15_000 }).toContain(word)
  return { child, said, output: () => output }
}

/** Whether the process is a zombie: dead, its sockets and files closed, but not yet reaped by its parent. */
/**
 * Dead but not reaped: the process is a zombie and its last thread has gone. A multi-threaded process's leader
 * turns zombie while its other threads still exit, and their files (its socket) close with the last of them;
 * a supervisor hears of the death (SIGCHLD) only then.
 */
function isZombie(pid: number): boolean {
  try {
    const zombie = /^\d+ \(.*\) Z/.test(readFileSync(`/proc/${String(pid)}/stat`, 'utf8'))
    return zombie && readdirSync(`/proc/${String(pid)}/task`).length <= 1
  } catch {
    return false
  }
}

describe('lockDataDir', () => {
  it('lets one holder in, refuses a second while the first lives (naming it), and frees the folder on release', async () => {
    const first = await lockDataDir(dataDir, 'web')
    expect(first.ok).toBe(true)
    expect(await lockDataDir(dataDir, 'electron')).toEqual({
      ok: false,
      heldBy: { pid: process.pid, shell: 'web' },
    })
    if (first.ok) await first.release()
    const again = await lockDataDir(dataDir, 'electron')
    expect(again.ok).toBe(true)
    if (again.ok) await again.release()
  })

  it('keeps Electron off a folder web mode holds, with an error its start-up dialog can name', async () => {
    const release = await holdDataDir(dataDir, 'web')
    const refused = holdDataDir(dataDir, 'electron')
    await expect(refused).rejects.toBeInstanceOf(DataDirInUseError)
    await expect(refused).rejects.toMatchObject({
      code: 'DATA_FOLDER_IN_USE',
      message: `the data folder ${dataDir} is in use by another POS Companion (web mode, pid ${String(process.pid)})`,
    })
    await release()
    await (
      await holdDataDir(dataDir, 'electron')
    )()
  })

  it('is one lock per folder: another data folder is not held', async () => {
    const other = await mkdtemp(join(tmpdir(), 'lock-other-'))
    const first = await lockDataDir(dataDir, 'web')
    const second = await lockDataDir(other, 'web')
    expect([first.ok, second.ok]).toEqual([true, true])
    if (first.ok) await first.release()
    if (second.ok) await second.release()
    await rm(other, { recursive: true, force: true })
  })

  it.runIf(process.platform === 'linux')(
    'is free the moment its holder is SIGKILLed, even before the dead process is reaped',
    async () => {
      // `sh` execs into `sleep`, which never reaps its children: the killed holder stays a zombie, which
      // still answers kill(pid, 0) — as a dying process does for a while after SIGKILL.
      const holderScript = `
        import { lockDataDir } from ${JSON.stringify(LOCK_MODULE)}
        const result = await lockDataDir(${JSON.stringify(dataDir)}, 'web')
        process.stdout.write(result.ok ? 'LOCKED\\n' : 'REFUSED\\n')
        setInterval(() => undefined, 60_000)
      `
      const shell = spawn(
        'sh',
        [
          '-c',
          `"$0" --input-type=module -e "$1" & echo "PID $!"; exec sleep 60`,
          process.execPath,
          holderScript,
        ],
        { stdio: ['pipe', 'pipe', 'inherit'] },
      )
      children.add(shell)
      let output = ''
      shell.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
      await expect.poll(() => output, { timeout: 15_000 }).toContain('LOCKED')
      const holder = Number(/PID (\d+)/.exec(output)?.[1])
      process.kill(holder, 'SIGKILL')
      await expect.poll(() => isZombie(holder), { timeout: 15_000 }).toBe(true)
      const restarted = await lockDataDir(dataDir, 'web')
      expect(restarted.ok).toBe(true)
      if (restarted.ok) await restarted.release()
    },
  )

  it('lets exactly one of several concurrent starters in', async () => {
    const starters = Array.from({ length: 6 }, () => starter())
    for (const one of starters) await one.said('WAITING')
    for (const one of starters) one.child.stdin.write('go\n')
    for (const one of starters)
      await expect.poll(() => /LOCKED|REFUSED/.test(one.output()), { timeout: 15_000 }).toBe(true)
    expect(starters.filter((one) => one.output().includes('LOCKED'))).toHaveLength(1)
  })

  it('where the lock is a socket file (macOS), takes over the file a SIGKILLed holder left', async () => {
    const holder = starter('darwin')
    await holder.said('WAITING')
    holder.child.stdin.write('go\n')
    await holder.said('LOCKED')
    expect(await lockDataDir(dataDir, 'web', { platform: 'darwin' })).toMatchObject({ ok: false })
    holder.child.kill('SIGKILL')
    await new Promise((resolve) => holder.child.once('exit', resolve))
    expect(existsSync(lockAddress(dataDir, 'darwin'))).toBe(true)
    const taken = await lockDataDir(dataDir, 'web', { platform: 'darwin' })
    expect(taken.ok).toBe(true)
    if (taken.ok) await taken.release()
  })

  it('names a socket no other folder or machine user can guess: Linux abstract, a Windows pipe, a file elsewhere', () => {
    expect(lockAddress(dataDir, 'linux')).toMatch(/^\0pos-companion-[0-9a-f]{32}$/)
    expect(lockAddress(dataDir, 'win32')).toMatch(/^\\\\\.\\pipe\\pos-companion-[0-9a-f]{32}$/)
    expect(lockAddress(dataDir, 'darwin')).toMatch(/pos-companion-[0-9a-f]{32}\.sock$/)
    expect(lockAddress(dataDir, 'linux')).toBe(lockAddress(join(dataDir, '.'), 'linux'))
  })
})
