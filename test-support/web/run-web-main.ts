import { spawn, spawnSync, type ChildProcessByStdio } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { expect } from 'vitest'

const REPO_ROOT = join(import.meta.dirname, '..', '..')
let builtMain: string | undefined

/**
 * Web mode as `npm run web` starts it: built from the current sources (web-mode.vite.config.ts), once per test
 * worker, into a folder of its own (under a second; no renderer build, and never a stale or half-written out/web
 * that another build is replacing).
 */
function webMain(): string {
  if (builtMain !== undefined) return builtMain
  const outDir = mkdtempSync(join(tmpdir(), 'web-main-build-'))
  process.once('exit', () => rmSync(outDir, { recursive: true, force: true }))
  const vite = join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js')
  const build = spawnSync(
    process.execPath,
    [vite, 'build', '--config', 'web-mode.vite.config.ts', '--outDir', outDir, '--logLevel', 'warn'],
    { cwd: REPO_ROOT, encoding: 'utf8' },
  )
  if (build.status !== 0) throw new Error(`web mode did not build:\n${build.stdout}\n${build.stderr}`)
  builtMain = join(outDir, 'main.js')
  return builtMain
}
const READY_LINE = /^READY http:\/\/127\.0\.0\.1:(\d+)\/#token=([A-Za-z0-9_-]{43})$/

const running = new Set<ChildProcessByStdio<null, Readable, Readable>>()

/** `npm run web` as a real process, with its output collected for the test to read. */
export function runWebMain(args: string[]) {
  // Any free port for the POS intake unless the test names one: parallel runs never fight over 47810.
  const intake = args.includes('--intake-port') ? [] : ['--intake-port', '0']
  const spawned = spawn(process.execPath, [webMain(), ...args, ...intake], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
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
