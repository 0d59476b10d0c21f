/**
 * The launcher every npm script starts through, run the way a fresh machine runs it: under the system's old
 * Node (`/usr/bin/node`, Node 20 on CI). Most tests hand it a Node 22 folder prepared in advance (a link to the
 * Node running these tests), so they are fast and need no network; one test lets it fetch Node 22 from the npm
 * registry for real into an empty folder, because that download is the part a fresh machine depends on.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const LAUNCHER = resolve(import.meta.dirname, 'with-node22.js')
const OLD_NODE = '/usr/bin/node'

const versionOf = (binary: string) => spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.trim()
const isNewEnough = (version: string) => {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number)
  return major > 22 || (major === 22 && minor >= 18)
}
const oldNodeHere = existsSync(OLD_NODE) && !isNewEnough(versionOf(OLD_NODE))

/** Prints what it ran under and what it was given; `wait` waits for Ctrl+C; `die` kills itself by SIGTERM. */
const PROBE = `
import { execFileSync } from 'node:child_process'
const args: string[] = process.argv.slice(2)
if (args[0] === 'wait') {
  process.on('SIGINT', () => { console.log('stopped by SIGINT'); process.exit(5) })
  console.log('waiting')
  setInterval(() => undefined, 1000)
} else if (args[0] === 'die') {
  process.kill(process.pid, 'SIGTERM')
} else {
  const childNode = execFileSync('node', ['--version'], { encoding: 'utf8' }).trim()
  console.log(JSON.stringify({ version: process.version, args, childNode }))
  process.exitCode = Number(process.env['PROBE_EXIT'] ?? 0)
}
`

let work: string
let probe: string
let preparedNode22: string

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'with-node22-'))
  writeFileSync(join(work, 'package.json'), '{ "type": "module" }')
  probe = join(work, 'probe.ts')
  writeFileSync(probe, PROBE)
  // A Node 22 folder laid out as `npm install node@22` lays it out, holding the Node that runs these tests.
  preparedNode22 = join(work, 'prepared-node22')
  mkdirSync(join(preparedNode22, 'node_modules', 'node', 'bin'), { recursive: true })
  symlinkSync(process.execPath, join(preparedNode22, 'node_modules', 'node', 'bin', 'node'))
})

afterAll(() => {
  rmSync(work, { recursive: true, force: true })
})

/** The launcher under `node`, from the probe's folder, with only the system's folders on PATH. */
function launch(node: string, args: string[], env: Record<string, string> = {}) {
  return spawnSync(node, [LAUNCHER, ...args], {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, PATH: '/usr/bin:/bin', ...env },
  })
}

const lines = (text: string) => text.split('\n').filter((line) => line !== '')

it('the tests themselves run on a Node new enough to stand in for the fetched one', () => {
  expect(isNewEnough(process.version)).toBe(true)
})

describe.skipIf(!oldNodeHere)(`under an old Node (${OLD_NODE})`, () => {
  it('hands a TypeScript script over to Node 22 with its arguments, Node 22 first on PATH for its children', () => {
    const run = launch(OLD_NODE, [probe, 'a', 'b c', '--flag=x', ''], { POS_NODE22_DIR: preparedNode22 })

    expect(run.status).toBe(0)
    expect(JSON.parse(run.stdout)).toEqual({
      version: process.version,
      args: ['a', 'b c', '--flag=x', ''],
      childNode: process.version,
    })
  })

  it('says so in exactly one line naming the old version and the Node it uses', () => {
    const run = launch(OLD_NODE, [probe], { POS_NODE22_DIR: preparedNode22 })

    expect(lines(run.stderr)).toEqual([
      `node: Node ${versionOf(OLD_NODE).slice(1)} is older than the 22.18 this project needs; ` +
        `running with Node ${process.version.slice(1)} from prepared-node22`,
    ])
  })

  it("ends with the script's exit code", () => {
    const run = launch(OLD_NODE, [probe], { POS_NODE22_DIR: preparedNode22, PROBE_EXIT: '7' })

    expect(run.status).toBe(7)
  })

  it('ends by the same signal when the script is killed by one', () => {
    const run = launch(OLD_NODE, [probe, 'die'], { POS_NODE22_DIR: preparedNode22 })

    expect(run.signal).toBe('SIGTERM')
  })

  it('passes Ctrl+C on to the script, which stops cleanly and whose exit code is the launcher’s', async () => {
    const child = spawn(OLD_NODE, [LAUNCHER, probe, 'wait'], {
      cwd: work,
      env: { ...process.env, PATH: '/usr/bin:/bin', POS_NODE22_DIR: preparedNode22 },
    })
    let stdout = ''
    await new Promise<void>((ready) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString()
        if (stdout.includes('waiting')) ready()
      })
    })
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)))
    child.kill('SIGINT')

    expect(await exited).toBe(5)
    expect(stdout).toContain('stopped by SIGINT')
  })

  it('with fetching turned off, says in one line what to install and fails', () => {
    const run = launch(OLD_NODE, [probe], {
      POS_NODE22_DIR: join(work, 'never-filled'),
      POS_NO_AUTO_INSTALL: '1',
    })

    expect(run.status).toBe(1)
    expect(run.stdout).toBe('')
    expect(lines(run.stderr)).toHaveLength(1)
    expect(run.stderr).toContain('install Node >= 22.18')
  })

  it("when npm cannot fetch Node 22, ends with one line of its own after npm's message and fails", () => {
    const run = launch(OLD_NODE, [probe], {
      POS_NODE22_DIR: join(work, 'offline'),
      npm_config_offline: 'true',
      npm_config_cache: join(work, 'empty-npm-cache'),
    })

    expect(run.status).toBe(1)
    expect(run.stdout).toBe('')
    expect(lines(run.stderr).at(-1)).toMatch(/^node: could not install Node 22 into .*offline.*yourself$/)
  })

  it('fetches Node 22 from the npm registry into an empty folder, runs the script with it, and reuses it next time', () => {
    const folder = join(work, 'fetched-node22')
    const first = launch(OLD_NODE, [probe, 'first'], { POS_NODE22_DIR: folder })

    expect(first.stderr).toContain('fetching Node 22 from the npm registry into fetched-node22')
    expect(first.status).toBe(0)
    const ran = JSON.parse(first.stdout) as { version: string; args: string[] }
    expect(ran.version).toMatch(/^v22\./)
    expect(ran.args).toEqual(['first'])

    const second = launch(OLD_NODE, [probe, 'second'], { POS_NODE22_DIR: folder })

    expect(lines(second.stderr)).toEqual([
      expect.stringContaining(`running with Node ${ran.version.slice(1)}`),
    ])
    expect(second.status).toBe(0)
  }, 180_000)
})

it('under a Node new enough, runs the script in its own process with no message', () => {
  const run = launch(process.execPath, [probe, 'x', 'y z'], { PROBE_EXIT: '3' })

  expect(run.stderr).toBe('')
  expect(run.status).toBe(3)
  expect(JSON.parse(run.stdout)).toMatchObject({ version: process.version, args: ['x', 'y z'] })
})
