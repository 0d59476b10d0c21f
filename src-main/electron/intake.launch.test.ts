// The link and the command line end to end below Electron (docs/decisions.md D47): each second launch is a
// real process running the shell's own code for it (test-support/electron/second-launch.ts), and the running
// app is the real core with the shell's intake over a real data folder. Only Electron's single-instance lock is
// played by the test: the argv and lock data the second launch prints are given to the running app's
// second-instance handler, as Electron would. The lock itself needs the Electron binary: the Electron e2e
// project covers it (e2e/specs/launch-intake.spec.ts).
import { spawn } from 'node:child_process'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { texts } from '../../src-shared/texts/index.ts'
import type { LaunchRefusal } from '../core/intake/order-link.ts'
import type { Core } from '../core/create-core.ts'
import { silentLogger } from '../core/ports.ts'
import { testCore } from '../../test-support/core/core-on-mock.ts'
import { resetFakeElectron } from '../../test-support/electron/fake-electron.ts'
import { installIntake, prepareIntakeLaunch, REPLIES_FOLDER, type ElectronIntake } from './intake.ts'

vi.mock('electron', () => import('../../test-support/electron/fake-electron.ts'))

const SECOND_LAUNCH = resolve(import.meta.dirname, '../../test-support/electron/second-launch.ts')
const KEY = '3f2b7c9e-1a4d-4e8b-9c2f-5d6e7f8a9b0c'
const OTHER = '0d3e1f00-5a1b-4c2d-8e3f-100000000002'

let dataDir: string
let core: Core
let running: ElectronIntake

/** A port no one listens on now, so the running app's intake API does not take the default one. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  await new Promise((done) => server.close(done))
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

beforeEach(async () => {
  resetFakeElectron()
  dataDir = await mkdtemp(join(tmpdir(), 'launch-intake-'))
  core = await testCore()
  const port = await freePort()
  expect((await core.handlers.updateSettings({ intakePort: port })).ok).toBe(true)
  // The running app started plainly (no order of its own), as the first instance at the till.
  const launch = prepareIntakeLaunch({ argv: ['/opt/POS Companion/pos-companion'], defaultApp: false })
  running = installIntake({ core, launch, dataDir, log: silentLogger, focus: () => undefined })
  await running.serving
})

afterEach(async () => {
  await core.intake.stop()
  core.dispose()
  await rm(dataDir, { recursive: true, force: true })
})

/** Runs a second launch with `args` to its end: what it printed (its lock line aside) and its exit code. */
async function secondLaunch(...args: string[]): Promise<{ lines: string[]; exitCode: number | null }> {
  const child = spawn(process.execPath, [SECOND_LAUNCH, dataDir, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (!line.startsWith('LOCK ')) {
      lines.push(line)
      return
    }
    // Electron's lock: the running app hears the second launch's argv and data.
    const { argv, data } = JSON.parse(line.slice('LOCK '.length)) as { argv: string[]; data: unknown }
    running.takeSecondLaunch(argv, data)
  })
  const exitCode = await new Promise<number | null>((done) => child.once('close', done))
  if (stderr.includes('Error')) throw new Error(`the second launch failed:\n${stderr}`)
  return { lines, exitCode }
}

async function board() {
  const orders = await core.handlers.listOrders(undefined)
  if (!orders.ok) throw new Error('listOrders failed')
  return orders.value.map(({ paymentKey, label, source }) => ({ paymentKey, label, source }))
}

const refusal = (reason: LaunchRefusal) => `${texts.tr.launch[reason]} / ${texts.en.launch[reason]}`

describe('pos-companion --add-order, as a second process', () => {
  it('puts the order on the running board, then prints it and exits 0', async () => {
    const outcome = await secondLaunch('--add-order', KEY, '--label', 'Masa 4')
    expect(outcome).toEqual({ lines: [`on the board: ${KEY}`], exitCode: 0 })
    expect(await board()).toEqual([{ paymentKey: KEY, label: 'Masa 4', source: 'command-line' }])
    // The answer was read and removed: nothing is left in the data folder.
    expect(await readdir(join(dataDir, REPLIES_FOLDER))).toEqual([])
  })

  it('the same order again merges into its row', async () => {
    await secondLaunch('--add-order', KEY)
    expect((await secondLaunch('--add-order', KEY, '--label', 'Paket 2')).exitCode).toBe(0)
    expect(await board()).toEqual([{ paymentKey: KEY, label: 'Paket 2', source: 'command-line' }])
  })

  it.each([
    ['no order id', ['--add-order'], 'missing-order-id'],
    ['an order id that is not one', ['--add-order', 'not-an-order'], 'not-an-order-id'],
    ['a label without --add-order', ['--label', 'Masa 4'], 'label-without-order'],
    ['a value left over', ['--add-order', KEY, 'extra'], 'unexpected-argument'],
    ['a link beside it', ['--add-order', KEY, `pos-companion://order/${OTHER}`], 'link-and-add-order'],
  ] as const)(
    'refuses %s with one line and exit 2, and the board stays as it was',
    async (_l, args, reason) => {
      const outcome = await secondLaunch(...args)
      expect(outcome).toEqual({ lines: [refusal(reason)], exitCode: 2 })
      expect(await board()).toEqual([])
    },
  )
})

describe('a pos-companion:// link, as a second process', () => {
  it('is put on the running board; the second launch just ends', async () => {
    const outcome = await secondLaunch(`pos-companion://order/${KEY}?label=Masa%204`)
    expect(outcome).toEqual({ lines: [], exitCode: 0 })
    await vi.waitFor(async () =>
      expect(await board()).toEqual([{ paymentKey: KEY, label: 'Masa 4', source: 'link' }]),
    )
  })

  it('with a switch smuggled after it, is refused: nothing is added', async () => {
    const outcome = await secondLaunch(`pos-companion://order/${KEY}`, '--inspect=9229')
    expect(outcome.exitCode).toBe(0)
    // The running app took the launch (the refusal is logged); the board is as it was.
    await new Promise((done) => setImmediate(done))
    expect(await board()).toEqual([])
  })
})
