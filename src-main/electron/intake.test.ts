// The link and the command line in Electron, against a stand-in `electron` (test-support/electron): what a
// launch asks for, the second launch's wait for the running app's answer through the data folder, and what the
// running app does with links, `--add-order` and macOS's open-url.
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OrderSource } from '../../src-shared/intake-view.ts'
import type { IntakeOrder } from '../core/intake/order-input.ts'
import { texts } from '../../src-shared/texts/index.ts'
import { silentLogger } from '../core/ports.ts'
import * as electron from '../../test-support/electron/fake-electron.ts'
import {
  awaitReply,
  forwardToRunningApp,
  installIntake,
  launchRequestOf,
  lockDataFor,
  prepareIntakeLaunch,
  replyIdOf,
  REPLIES_FOLDER,
  writeReply,
  type ReplyWait,
} from './intake.ts'

vi.mock('electron', () => import('../../test-support/electron/fake-electron.ts'))

const KEY = '3f2b7c9e-1a4d-4e8b-9c2f-5d6e7f8a9b0c'
const REPLY = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'
const EXE = '/opt/POS Companion/pos-companion'

const app = electron.app
const exitCode = () => app.exit.mock.lastCall?.[0] as number | undefined

/** A wait that advances a fake clock instead of sleeping, and can act between polls. */
function fakeWait(between?: (polls: number) => Promise<void>): ReplyWait & { polls: number } {
  let now = 0
  const wait = {
    polls: 0,
    now: () => now,
    sleep: async (ms: number) => {
      wait.polls += 1
      now += ms
      await between?.(wait.polls)
    },
  }
  return wait
}

function fakeCore(fail = false) {
  const added: { order: IntakeOrder; source: OrderSource }[] = []
  const intake = {
    added,
    addOrder: vi.fn((order: IntakeOrder, source: OrderSource) => {
      if (fail) return Promise.reject(new Error('disk full'))
      added.push({ order, source })
      return Promise.resolve({ view: {} as never, created: true })
    }),
    serve: vi.fn(() => Promise.resolve()),
    stop: vi.fn(() => Promise.resolve()),
  }
  return {
    intake: intake as unknown as import('../core/create-core.ts').Core['intake'] & { added: typeof added },
    serve: intake.serve,
    stop: intake.stop,
  }
}

let dataDir: string
beforeEach(async () => {
  electron.resetFakeElectron()
  dataDir = await mkdtemp(join(tmpdir(), 'pos-electron-intake-'))
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

describe('prepareIntakeLaunch', () => {
  it('registers the link for the installed app only, not for a development or test run', () => {
    prepareIntakeLaunch({ argv: [EXE] })
    expect(app.setAsDefaultProtocolClient.mock.calls).toEqual([['pos-companion']])
    electron.resetFakeElectron()
    app.isPackaged = false
    prepareIntakeLaunch({ argv: ['/electron', '/repo/out/main/index.js'], defaultApp: true })
    expect(app.setAsDefaultProtocolClient).not.toHaveBeenCalled()
  })

  it('asks for a reply only when --add-order waits for one', () => {
    const add = prepareIntakeLaunch({ argv: [EXE, '--add-order', KEY] })
    expect(replyIdOf(add.lockData)).toBeDefined()
    const link = prepareIntakeLaunch({
      argv: [EXE, `pos-companion://order/${KEY}`],
    })
    expect(link.lockData).toEqual({})
    expect(prepareIntakeLaunch({ argv: [EXE] }).lockData).toEqual({})
  })

  it('keeps links macOS opens before the core is ready', () => {
    const launch = prepareIntakeLaunch({ argv: [EXE] })
    const preventDefault = vi.fn()
    app.emit('open-url', { preventDefault }, `pos-companion://order/${KEY}`)
    expect(launch.early).toEqual([`pos-companion://order/${KEY}`])
    expect(preventDefault).toHaveBeenCalled()
  })
})

describe('a link with anything after it on the command line (issue 20.9)', () => {
  const LINK = `pos-companion://order/${KEY}`

  it.each([
    [[EXE, LINK, '--gpu-launcher=calc']],
    [[EXE, LINK, '--label=Masa 4']],
    [[EXE, LINK, 'extra']],
    [[EXE, LINK, '--']],
  ])('is refused, not taken as the link: %j', (argv) => {
    expect(launchRequestOf(argv, false)).toEqual({
      kind: 'refused',
      via: 'link',
      reason: 'argument-after-link',
    })
    // Said of the link: no usage of --add-order to someone who only opened a link.
    expect(texts.en.launch['argument-after-link']).not.toContain('--add-order')
  })

  it('is taken when the link is the last argument, after what Chromium or macOS put before it', () => {
    expect(launchRequestOf([EXE, '--allow-file-access-from-files', LINK], false)).toMatchObject({
      kind: 'order',
      via: 'link',
    })
    expect(launchRequestOf(['/electron', '/repo/out/main/main.js', LINK], true)).toMatchObject({
      kind: 'order',
    })
  })

  it('is refused by the running app too, though Chromium moved the switch before the link', async () => {
    // Chromium rebuilds a second instance's argv with the switches first (electron/electron#20322): the
    // running app cannot see what followed the link, so the second launch's own verdict travels with the lock.
    const second = prepareIntakeLaunch({ argv: [EXE, LINK, '--label=Masa 4'] })
    expect(second.request).toMatchObject({ kind: 'refused', via: 'link' })
    electron.resetFakeElectron()
    const core = fakeCore()
    const launch = prepareIntakeLaunch({ argv: [EXE] })
    const intake = installIntake({ core, launch, dataDir, log: silentLogger, focus: () => undefined })
    intake.takeSecondLaunch([EXE, '--label=Masa 4', LINK], second.lockData)
    await new Promise<void>((resolve) => setTimeout(resolve, 0))
    expect(core.intake.added).toEqual([])
  })
})

describe('replyIdOf', () => {
  it.each([
    [undefined],
    [null],
    ['text'],
    [{ intakeReply: '../../etc/passwd' }],
    [{ intakeReply: 42 }],
    [{ intakeReply: `${REPLY}/x` }],
    [{ intakeReply: REPLY.toUpperCase() }],
  ])('takes nothing that could name another file: %j', (data) => {
    expect(replyIdOf(data)).toBeUndefined()
  })

  it('takes a random id', () => {
    expect(
      replyIdOf(lockDataFor({ kind: 'order', via: 'command-line', order: { paymentKey: KEY, details: {} } })),
    ).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('the second launch of --add-order', () => {
  it('exits 0 once the running app says the order is on the board', async () => {
    const lines: string[] = []
    const wait = fakeWait(async (polls) => {
      if (polls === 3) await writeReply(dataDir, REPLY, { ok: true, paymentKey: KEY })
    })
    const request = { kind: 'order', via: 'command-line', order: { paymentKey: KEY, details: {} } } as const
    await forwardToRunningApp({ request, lockData: { intakeReply: REPLY } }, dataDir, {
      write: (line) => lines.push(line),
      wait,
    })
    expect([exitCode(), lines]).toEqual([0, [`on the board: ${KEY}`]])
    expect(await readdir(join(dataDir, REPLIES_FOLDER))).toEqual([])
  })

  it('exits 1 with the reason the running app gave', async () => {
    const lines: string[] = []
    await writeReply(dataDir, REPLY, { ok: false, reason: 'no room' })
    const request = { kind: 'order', via: 'command-line', order: { paymentKey: KEY, details: {} } } as const
    await forwardToRunningApp({ request, lockData: { intakeReply: REPLY } }, dataDir, {
      write: (line) => lines.push(line),
      wait: fakeWait(),
    })
    expect([exitCode(), lines]).toEqual([1, ['no room']])
  })

  it('gives up with a non-zero exit when no answer comes', async () => {
    const outcome = await awaitReply(dataDir, REPLY, fakeWait(), 1_000)
    expect(outcome.exitCode).toBe(3)
    expect(outcome.line).toContain('did not answer')
  })

  it('says why at once, exit 2, when the command line itself is wrong', async () => {
    const lines: string[] = []
    const launch = prepareIntakeLaunch({ argv: [EXE, '--add-order', 'not-an-id'] })
    await forwardToRunningApp(launch, dataDir, {
      write: (line) => lines.push(line),
      wait: fakeWait(),
    })
    expect(exitCode()).toBe(2)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('UUID')
  })

  it('just quits on a second plain launch or a link: the running app comes forward', async () => {
    const launch = prepareIntakeLaunch({ argv: [EXE, `pos-companion://order/${KEY}`] })
    await forwardToRunningApp(launch, dataDir, { write: () => undefined, wait: fakeWait() })
    expect([app.quit.mock.calls.length, app.exit.mock.calls.length]).toEqual([1, 0])
  })
})

describe('installIntake in the running app', () => {
  async function installed(argv: string[] = [EXE], fail = false) {
    electron.resetFakeElectron()
    const core = fakeCore(fail)
    const focus = vi.fn()
    const launch = prepareIntakeLaunch({ argv })
    const intake = installIntake({ core, launch, dataDir, log: silentLogger, focus })
    await intake.serving
    return { intake, core, focus, launch }
  }
  const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

  it('serves the API, and stops it only once the app quits', async () => {
    const { core } = await installed()
    expect(core.serve).toHaveBeenCalledTimes(1)
    // A quit staff may still call off at its question (main-window.ts) must leave the API serving.
    app.emit('before-quit', { preventDefault: vi.fn() })
    expect(core.stop).not.toHaveBeenCalled()
    app.emit('will-quit')
    expect(core.stop).toHaveBeenCalledTimes(1)
  })

  it('adds the order this launch named on the command line', async () => {
    const { core } = await installed([EXE, `--add-order=${KEY}`, '--label=Masa 4'])
    await settle()
    expect(core.intake.added).toEqual([
      { order: { paymentKey: KEY, details: { label: 'Masa 4' } }, source: 'command-line' },
    ])
  })

  it("adds a second launch's order and answers it", async () => {
    const { intake, core } = await installed()
    intake.takeSecondLaunch([EXE, '--add-order', KEY], { intakeReply: REPLY })
    const outcome = await awaitReply(dataDir, REPLY, fakeWait(settle))
    expect(outcome).toEqual({ line: `on the board: ${KEY}`, exitCode: 0 })
    expect(core.intake.added[0]?.source).toBe('command-line')
  })

  it("answers a second launch's refusal and a failed add with a reason", async () => {
    const { intake } = await installed()
    intake.takeSecondLaunch([EXE, '--label', 'x'], { intakeReply: REPLY })
    expect((await awaitReply(dataDir, REPLY, fakeWait(settle))).exitCode).toBe(1)
    const failing = await installed([EXE], true)
    failing.intake.takeSecondLaunch([EXE, '--add-order', KEY], { intakeReply: REPLY })
    const outcome = await awaitReply(dataDir, REPLY, fakeWait(settle))
    expect(outcome).toEqual({ line: 'POS Companion could not add the order; see its log.', exitCode: 1 })
  })

  it('takes links (argv on Windows/Linux, open-url on macOS, the ones that came early) as additions only', async () => {
    const core = fakeCore()
    const focus = vi.fn()
    const launch = prepareIntakeLaunch({ argv: [EXE] })
    app.emit('open-url', { preventDefault: () => undefined }, `pos-companion://order/${KEY}?label=Erken`)
    const intake = installIntake({ core, launch, dataDir, log: silentLogger, focus })
    intake.takeSecondLaunch([EXE, `pos-companion://order/${REPLY}`], {})
    expect(focus).not.toHaveBeenCalled()
    app.emit('open-url', { preventDefault: () => undefined }, 'pos-companion://order/not-an-id')
    expect(focus).toHaveBeenCalledTimes(1)
    await settle()
    expect(core.intake.added.map((entry) => [entry.order.paymentKey, entry.source])).toEqual([
      [KEY, 'link'],
      [REPLY, 'link'],
    ])
    expect(await readdir(dataDir)).toEqual([])
  })
})
