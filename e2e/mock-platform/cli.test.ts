import { spawn } from 'node:child_process'
import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { once } from 'node:events'
import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

import { Agent, fetch } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'

import { DEMO_CREDENTIALS } from './demo-data.ts'
import { startMockPlatform } from './server.ts'
import { makeTempDir, postJson } from '../../test-support/mock-platform/test-platform.ts'

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url))
/** Servers the tests start; killed after each test in case an assertion failed before the test stopped them. */
const servers: ChildProcessWithoutNullStreams[] = []
const dirs: string[] = []

afterEach(async () => {
  for (const child of servers.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill()
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

function runMain(args: string[], cwd: string): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [MAIN, ...args], { cwd, stdio: 'pipe' })
}

function startServer(args: string[], cwd: string): ChildProcessWithoutNullStreams {
  const child = runMain(args, cwd)
  servers.push(child)
  return child
}

/** The first `count` stdout lines, or a failure with whatever stderr said. */
async function firstLines(child: ChildProcessWithoutNullStreams, count: number): Promise<string[]> {
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const lines: string[] = []
  const reader = createInterface({ input: child.stdout })
  for await (const line of reader) {
    lines.push(line)
    if (lines.length === count) break
  }
  if (lines.length < count) throw new Error(`main.ts printed ${lines.length} lines; stderr: ${stderr}`)
  return lines
}

async function exitOf(
  child: ChildProcessWithoutNullStreams,
): Promise<{ code: number | null; stderr: string }> {
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const [code] = (await once(child, 'exit')) as [number | null]
  return { code, stderr }
}

describe('main.ts', () => {
  it('prints READY with a working base URL and CA file, then the demo credentials; exits 0 on SIGTERM', async () => {
    const dir = await makeTempDir('cli')
    dirs.push(dir)
    const child = startServer(['--port', '0', '--data-dir', path.join(dir, 'certs')], dir)
    const [ready = '', vendorLine, branchLine] = await firstLines(child, 3)

    const match = /^READY (https:\/\/127\.0\.0\.1:(\d+)\/integrations) (\S.*)$/.exec(ready)
    expect(match, ready).not.toBeNull()
    const [, baseUrl = '', port = '', caFile = ''] = match ?? []
    expect(Number(port)).toBeGreaterThan(0)
    expect(caFile).toBe(path.join(dir, 'certs', 'ca.pem'))

    const v = DEMO_CREDENTIALS.vendor
    const b = DEMO_CREDENTIALS.branch
    expect(vendorLine).toBe(
      `app_secret_key=${v.app_secret_key} rest_secret_key=${v.rest_secret_key} scope=vendor (4 branches)`,
    )
    expect(branchLine).toBe(
      `app_secret_key=${b.app_secret_key} rest_secret_key=${b.rest_secret_key} scope=branch (Kadıköy Moda)`,
    )

    const dispatcher = new Agent({ connect: { ca: await readFile(caFile, 'utf8') } })
    const response = await fetch(`${baseUrl}/auth/login`, { ...postJson(v), dispatcher })
    expect(response.status).toBe(200)
    await dispatcher.close()

    const exited = exitOf(child)
    child.kill('SIGTERM')
    expect((await exited).code).toBe(0)
  })

  it('defaults the data directory to .mock-platform in the working directory; exits 0 on SIGINT', async () => {
    const dir = await makeTempDir('cli-default')
    dirs.push(dir)
    const child = startServer(['--port', '0'], dir)
    const [ready = ''] = await firstLines(child, 1)
    expect(ready.endsWith(` ${path.join(dir, '.mock-platform', 'ca.pem')}`)).toBe(true)
    const exited = exitOf(child)
    child.kill('SIGINT')
    expect((await exited).code).toBe(0)
  })

  it.concurrent.each([
    ['an unknown flag', ['--bogus']],
    ['a port that is not a number', ['--port', 'abc']],
    ['a port out of range', ['--port', '70000']],
    ['a negative port', ['--port', '-1']],
    ['a flag without its value', ['--port']],
    ['a positional argument', ['extra']],
  ])('exits 2 with a one-line error for %s', async (_case, args) => {
    const { code, stderr } = await exitOf(runMain(args, process.cwd()))
    expect(code).toBe(2)
    expect(stderr).toMatch(/^mock-platform: [^\n]+\n$/)
  })

  it('exits 1 when the port is taken', async () => {
    const dir = await makeTempDir('cli-busy')
    dirs.push(dir)
    const occupant = await startMockPlatform({ dataDir: dir })
    try {
      const { code, stderr } = await exitOf(
        runMain(['--port', String(occupant.port), '--data-dir', dir], dir),
      )
      expect(code).toBe(1)
      expect(stderr).toMatch(/EADDRINUSE/)
    } finally {
      await occupant.close()
    }
  })
})
