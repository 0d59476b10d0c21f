import { spawn, type ChildProcessByStdio } from 'node:child_process'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { expect } from 'vitest'

const MAIN = join(import.meta.dirname, '..', 'main.ts')
export const READY_LINE = /^READY http:\/\/127\.0\.0\.1:(\d+)\/#token=([A-Za-z0-9_-]{43})$/

const running = new Set<ChildProcessByStdio<null, Readable, Readable>>()

/** `npm run web` as a real process, with its output collected for the test to read. */
export function runWebMain(args: string[]) {
  const spawned = spawn(process.execPath, [MAIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  running.add(spawned)
  let stdout = ''
  let stderr = ''
  spawned.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  spawned.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const exited = new Promise<number | null>((resolve) =>
    spawned.once('exit', (code) => {
      running.delete(spawned)
      resolve(code)
    }),
  )
  return {
    process: spawned,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    /** Waits for the first line, which must be the READY line, and reads its port and token. */
    async ready(): Promise<{ port: number; token: string }> {
      await expect.poll(() => stdout.includes('\n'), { timeout: 15_000 }).toBe(true)
      const match = READY_LINE.exec(stdout.split('\n')[0] ?? '')
      if (!match) throw new Error(`no READY line: ${stdout} / ${stderr}`)
      return { port: Number(match[1]), token: match[2] ?? '' }
    },
  }
}

/** For afterEach/afterAll: no process outlives its test. */
export function killWebMains(): void {
  for (const child of running) child.kill('SIGKILL')
}
