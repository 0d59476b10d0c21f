// The intake as the core composes it: a real core (memory adapters), its API on a free port, Settings driving
// the port, the hand-over switch and the drop folder, and the key kept with the secrets' cipher.
import { createServer, type Server } from 'node:net'
import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { within } from '../../../test-support/core/within.ts'
import type { Core } from '../create-core.ts'
import { dispatch } from '../dispatch.ts'
import { ManualClock } from '../../../test-support/core/manual-clock.ts'
import {
  fakeCipher,
  inMemoryCoreParts,
  MemoryStore,
  recordingLogger,
} from '../../../test-support/core/memory-adapters.ts'
import type { SecretCipher } from '../ports.ts'
import { INTAKE_KEY_ENTRY } from './intake-key-storage.ts'
import { testCore } from '../../../test-support/core/core-on-mock.ts'
import { send } from '../../../test-support/core/fake-intake.ts'
import { posRequest } from '../../../test-support/core/intake-signing.ts'

const silentDispatchLog = { warn: () => undefined }
const ORDER = '3f2b7c9e-1a4d-4e8b-9c2f-5d6e7f8a9b0c'
const cores: Core[] = []
// os.homedir() is a temp folder here, so code that reaches for the real home instead of the one a test names (a
// mutant of createPosFolder did, and made POS-Siparisleri in the machine's real home) touches nothing real. HOME
// cannot be set for a worker thread.
vi.mock('node:os', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:os')>()
  const { mkdtempSync } = await import('node:fs')
  const home = mkdtempSync(`${real.tmpdir()}/pos-intake-area-home-`)
  const homedir = () => home
  return { ...real, homedir, default: { ...real, homedir } }
})
afterAll(() => rm(homedir(), { recursive: true, force: true }))

const folders: string[] = []
const blockers: Server[] = []

afterEach(async () => {
  for (const core of cores.splice(0)) {
    await core.intake.stop()
    core.dispose()
  }
  for (const blocker of blockers.splice(0)) await new Promise((resolve) => blocker.close(resolve))
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true })
})

async function openCore(
  store = new MemoryStore(),
  cipher: SecretCipher = fakeCipher('strong'),
  parts = inMemoryCoreParts(),
) {
  const core = await testCore({ store, cipher, ...parts })
  cores.push(core)
  return core
}

function value<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`)
  return result.value
}

const postOrder = (port: number, key: string, body: unknown) =>
  posRequest(`http://127.0.0.1:${String(port)}`, key, { path: '/v1/orders', json: body })

async function busyPort(): Promise<number> {
  const blocker = createServer()
  blockers.push(blocker)
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
  const address = blocker.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

describe('the intake area in the core', () => {
  it('listens nowhere until a shell serves it, and answers Settings meanwhile', async () => {
    const core = await openCore()
    const info = value(await core.handlers.getIntakeInfo(undefined))
    expect(info).toMatchObject({ url: null, status: 'off', port: 47810, dropFolder: { status: 'off' } })
    expect(info.key).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('puts an order posted to the API on the board, marked as from the POS', async () => {
    const core = await openCore()
    await core.intake.serve({ port: 0 })
    const info = value(await core.handlers.getIntakeInfo(undefined))
    expect(info.status).toBe('serving')
    expect(info.url).toBe(`http://127.0.0.1:${String(info.port)}`)
    const answer = await postOrder(info.port, info.key, { payment_key: ORDER, label: 'Masa 4' })
    expect(answer.status).toBe(201)
    const [order] = value(await core.handlers.listOrders(undefined))
    expect(order).toMatchObject({ paymentKey: ORDER, label: 'Masa 4', source: 'pos-api' })
  })

  it('keeps where an order first came from when the POS sends it again', async () => {
    const core = await openCore()
    await core.intake.serve({ port: 0 })
    value(await core.handlers.addOrder({ text: ORDER }))
    const { port, key } = value(await core.handlers.getIntakeInfo(undefined))
    expect((await postOrder(port, key, { payment_key: ORDER, label: 'Masa 9' })).status).toBe(200)
    expect(value(await core.handlers.listOrders(undefined))[0]).toMatchObject({
      source: 'typed',
      label: 'Masa 9',
    })
  })

  it('keeps where each order came from across a restart', async () => {
    const store = new MemoryStore()
    const parts = inMemoryCoreParts()
    const core = await openCore(store, fakeCipher('strong'), parts)
    await core.intake.serve({ port: 0 })
    const { port, key } = value(await core.handlers.getIntakeInfo(undefined))
    await postOrder(port, key, { payment_key: ORDER })
    await core.intake.stop()
    core.dispose()
    const again = await openCore(store, fakeCipher('strong'), parts)
    expect(value(await again.handlers.listOrders(undefined))[0]).toMatchObject({
      paymentKey: ORDER,
      source: 'pos-api',
    })
  })

  it('says the port is in use, and serves once Settings names a free one', async () => {
    const taken = await busyPort()
    const core = await openCore()
    value(await core.handlers.updateSettings({ intakePort: taken }))
    await core.intake.serve()
    expect(value(await core.handlers.getIntakeInfo(undefined))).toMatchObject({
      status: 'port-in-use',
      port: taken,
      url: null,
    })
    const free = await busyPort()
    await new Promise((resolve) => blockers.pop()?.close(resolve))
    value(await core.handlers.updateSettings({ intakePort: free }))
    expect(value(await core.handlers.getIntakeInfo(undefined))).toMatchObject({
      status: 'serving',
      port: free,
    })
  })

  describe('a port another program holds', () => {
    /** A served core on a manual clock whose port is taken, and a way to wait for its next try to listen. */
    async function onTakenPort() {
      const taken = await busyPort()
      const clock = new ManualClock()
      const log = recordingLogger()
      const core = await testCore({ ...inMemoryCoreParts(), clock, log })
      cores.push(core)
      value(await core.handlers.updateSettings({ intakePort: taken }))
      let tried: (() => void) | undefined
      core.intake.onListenTried(() => tried?.())
      await core.intake.serve()
      const nextTry = () => new Promise<void>((resolve) => (tried = resolve))
      const portLine = async () => value(await core.handlers.getAttention(undefined)).intakePortTaken
      const release = () => new Promise((resolve) => blockers.pop()?.close(resolve))
      return { core, clock, log, taken, nextTry, portLine, release }
    }

    it('is tried again until it is free, the port line on meanwhile, and off once the API listens', async () => {
      const { core, clock, log, taken, nextTry, portLine, release } = await onTakenPort()
      expect(value(await core.handlers.getIntakeInfo(undefined))).toMatchObject({ status: 'port-in-use' })
      expect(await portLine()).toBe(true)
      let tried = nextTry()
      await clock.advance(5_000)
      await within(tried, 'the next try')
      expect(value(await core.handlers.getIntakeInfo(undefined))).toMatchObject({
        status: 'port-in-use',
        port: taken,
      })
      expect(await portLine()).toBe(true)

      await release()
      const cleared = new Promise<void>((resolve) =>
        core.subscribe((event, payload) => {
          if (event === 'attentionChanged' && !(payload as { intakePortTaken: boolean }).intakePortTaken)
            resolve()
        }),
      )
      tried = nextTry()
      await clock.advance(5_000)
      await within(tried, 'the next try')
      await within(cleared, 'the port line off')
      const info = value(await core.handlers.getIntakeInfo(undefined))
      expect(info).toMatchObject({ status: 'serving', port: taken, url: `http://127.0.0.1:${String(taken)}` })
      expect(await portLine()).toBe(false)
      // Signed at the core's (manual) time: the API answers a POS now.
      const answer = await posRequest(info.url ?? '', info.key, {
        path: '/v1/orders',
        json: { payment_key: ORDER },
        timestamp: Math.floor(clock.now() / 1000),
      })
      expect(answer).toMatchObject({ status: 201, fromApp: true })
      // Said once when it could not listen, once when it could; not at every try.
      expect(log.lines.filter((line) => line.includes('intake: the API could not listen'))).toHaveLength(1)
      expect(log.lines.filter((line) => line.includes('intake: the API listens now'))).toHaveLength(1)
    })

    it('is tried every 5 s for the first half-minute, then every 30 s', async () => {
      const { core, clock, nextTry } = await onTakenPort()
      const start = clock.now()
      const triedAt: number[] = []
      core.intake.onListenTried(() => triedAt.push(clock.now() - start))
      for (const delay of [5_000, 5_000, 5_000, 5_000, 5_000, 5_000, 30_000, 30_000]) {
        const tried = nextTry()
        await clock.advance(delay)
        await within(tried, 'the next try')
      }
      expect(triedAt).toEqual([5, 10, 15, 20, 25, 30, 60, 90].map((s) => s * 1000))
      expect(value(await core.handlers.getIntakeInfo(undefined)).status).toBe('port-in-use')
    })

    it('is tried no more once the intake stops, and at once (counting afresh) when Settings change', async () => {
      const { core, clock, nextTry, release } = await onTakenPort()
      const tries: number[] = []
      core.intake.onListenTried(() => tries.push(clock.now()))
      for (let n = 0; n < 7; n += 1) {
        const tried = nextTry()
        await clock.advance(n < 6 ? 5_000 : 30_000)
        await within(tried, 'the next try')
      }
      // A saved change tries at once, and the next try is 5 s after it again.
      value(await core.handlers.updateSettings({ intakeHandover: false }))
      expect(tries).toHaveLength(8)
      const soon = nextTry()
      await clock.advance(5_000)
      await within(soon, 'the next try')
      expect(tries).toHaveLength(9)
      await core.intake.stop()
      await release()
      await clock.advance(60_000)
      await core.intake.stop()
      expect(tries).toHaveLength(9)
      expect(value(await core.handlers.getIntakeInfo(undefined)).status).toBe('off')
    })
  })

  it('moves to a new port when Settings changes it, and the old one stops answering', async () => {
    const core = await openCore()
    const first = await busyPort()
    await new Promise((resolve) => blockers.pop()?.close(resolve))
    value(await core.handlers.updateSettings({ intakePort: first }))
    await core.intake.serve()
    const second = await busyPort()
    await new Promise((resolve) => blockers.pop()?.close(resolve))
    value(await core.handlers.updateSettings({ intakePort: second }))
    const { key } = value(await core.handlers.getIntakeInfo(undefined))
    await expect(send(first, { path: '/v1/health' })).rejects.toThrow()
    expect((await postOrder(second, key, { payment_key: ORDER })).status).toBe(201)
  })

  it('refuses the old key once rotated, takes the new one, and tells the shell', async () => {
    const core = await openCore()
    await core.intake.serve({ port: 0 })
    const told: string[] = []
    core.intake.onKeyRotated((key) => told.push(key))
    const before = value(await core.handlers.getIntakeInfo(undefined))
    const after = value(await core.handlers.rotateIntakeKey(undefined))
    expect(after.key).not.toBe(before.key)
    expect(told).toEqual([after.key])
    expect((await postOrder(before.port, before.key, { payment_key: ORDER })).status).toBe(401)
    expect((await postOrder(after.port, after.key, { payment_key: ORDER })).status).toBe(201)
  })

  it('refuses a hand-over through the API once Settings turns the switch off', async () => {
    const core = await openCore()
    await core.intake.serve({ port: 0 })
    const { port, key } = value(await core.handlers.getIntakeInfo(undefined))
    await postOrder(port, key, { payment_key: ORDER, courier_type: 'restaurant' })
    value(await core.handlers.updateSettings({ intakeHandover: false }))
    const answer = await posRequest(`http://127.0.0.1:${String(port)}`, key, {
      path: `/v1/orders/${ORDER}/handover`,
      json: {},
    })
    expect(answer.status).toBe(403)
    expect(value(await core.handlers.listOrders(undefined))[0]?.handover.state).toBe('none')
  })

  it('watches the drop folder Settings names, and stops when it is cleared', async () => {
    // In a folder only this user controls: one right in /tmp is refused (others can write /tmp, issue 27).
    const root = await mkdtemp(join(tmpdir(), 'pos-intake-area-'))
    const folder = join(root, 'pos')
    await mkdir(folder)
    const dataDir = await mkdtemp(join(tmpdir(), 'pos-intake-data-'))
    folders.push(root, dataDir)
    const core = await openCore()
    await core.intake.serve({ port: 0, dropStableMs: 50, dataDir })
    value(await core.handlers.updateSettings({ dropFolder: folder }))
    expect(value(await core.handlers.getIntakeInfo(undefined)).dropFolder).toEqual({
      folder,
      status: 'watching',
    })
    const added = new Promise<void>((resolve) => {
      core.subscribe((event) => {
        if (event === 'orderChanged') resolve()
      })
    })
    await writeFile(join(folder, 'order.json'), JSON.stringify({ payment_key: ORDER }))
    await within(added, 'the drop file order')
    expect(value(await core.handlers.listOrders(undefined))[0]).toMatchObject({ source: 'drop-folder' })
    value(await core.handlers.updateSettings({ dropFolder: '' }))
    expect(value(await core.handlers.getIntakeInfo(undefined)).dropFolder).toEqual({
      folder: null,
      status: 'off',
    })
    // Kept in the app's own folder (D69), nothing left in the drop folder.
    expect(await readdir(folder)).toEqual([])
    expect(await readdir(join(dataDir, 'drop-folder'))).toHaveLength(1)
  })

  it('refuses the data folder and a shared folder in Settings, and watches the shared one once confirmed (issue 20 item 5)', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pos-intake-data-'))
    const root = await mkdtemp(join(tmpdir(), 'pos-intake-shared-'))
    const shared = join(root, 'pos')
    await mkdir(shared)
    folders.push(dataDir, root)
    await writeFile(join(dataDir, 'settings.json'), '{}')
    await chmod(shared, 0o777)
    const core = await openCore()
    await core.intake.serve({ port: 0, dropStableMs: 50, dataDir })
    const dropInfo = async () => value(await core.handlers.getIntakeInfo(undefined)).dropFolder
    value(await core.handlers.updateSettings({ dropFolder: dataDir }))
    expect(await dropInfo()).toEqual({ folder: dataDir, status: 'refused', refusal: 'data-folder' })
    expect(await readdir(dataDir)).toEqual(['settings.json'])
    value(await core.handlers.updateSettings({ dropFolder: shared }))
    expect(await dropInfo()).toEqual({ folder: shared, status: 'refused', refusal: 'shared' })
    value(await core.handlers.updateSettings({ dropFolder: shared, dropFolderSharedConfirmed: true }))
    expect(await dropInfo()).toEqual({ folder: shared, status: 'watching' })
    // Naming the folder again without the confirmation takes it back.
    value(await core.handlers.updateSettings({ dropFolder: shared }))
    expect(await dropInfo()).toEqual({ folder: shared, status: 'refused', refusal: 'shared' })
  })

  it.each([['relative/folder'], ['./x'], ['x']])(
    'refuses a drop folder that is not a full path: %s',
    async (folder) => {
      const core = await openCore()
      const result = await core.handlers.updateSettings({ dropFolder: folder })
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input', problem: 'malformed' } })
      expect(value(await core.handlers.getSettings(undefined)).dropFolder).toBeNull()
    },
  )

  it.each([0, 80, 1023, 65536, 47810.5, -1])('refuses the port %s in Settings', async (intakePort) => {
    const core = await openCore()
    // As the bridge passes it: the contract's schema checks it before the handler runs.
    const result = await dispatch(core.handlers, 'updateSettings', { intakePort }, silentDispatchLog)
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
    expect(value(await core.handlers.getSettings(undefined)).intakePort).toBe(47810)
  })
})

describe('the intake key at rest', () => {
  it('is kept encrypted with the secrets cipher and the same key comes back next start', async () => {
    const store = new MemoryStore()
    const first = value(await (await openCore(store)).handlers.getIntakeInfo(undefined)).key
    expect(store.asText()).not.toContain(first)
    expect(typeof store.get(INTAKE_KEY_ENTRY)).toBe('string')
    const again = value(await (await openCore(store)).handlers.getIntakeInfo(undefined)).key
    expect(again).toBe(first)
  })

  it('is made anew when the stored one cannot be read', async () => {
    const store = new MemoryStore()
    store.set(INTAKE_KEY_ENTRY, 'garbage')
    const key = value(await (await openCore(store)).handlers.getIntakeInfo(undefined)).key
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('lives for this run only where the OS offers no cipher', async () => {
    const store = new MemoryStore()
    const first = value(
      await (await openCore(store, fakeCipher('none'))).handlers.getIntakeInfo(undefined),
    ).key
    expect(store.get(INTAKE_KEY_ENTRY)).toBeUndefined()
    const again = value(
      await (await openCore(store, fakeCipher('none'))).handlers.getIntakeInfo(undefined),
    ).key
    expect(again).not.toBe(first)
  })
})

describe('the intake area follows Settings: what it says and when it listens again', () => {
  async function freePort(): Promise<number> {
    const port = await busyPort()
    await new Promise((resolve) => blockers.pop()?.close(resolve))
    return port
  }

  it('keeps serving on its port through a Settings change that does not move it', async () => {
    const core = await openCore()
    value(await core.handlers.updateSettings({ intakePort: await freePort() }))
    await core.intake.serve()
    let tries = 0
    core.intake.onListenTried(() => (tries += 1))
    value(await core.handlers.updateSettings({ intakeHandover: false }))
    expect(tries).toBe(0)
    expect(value(await core.handlers.getIntakeInfo(undefined)).status).toBe('serving')
  })

  it('says each port it could not listen on once, with the port and why, and a free new one quietly', async () => {
    const log = recordingLogger()
    const clock = new ManualClock()
    const core = await testCore({ ...inMemoryCoreParts(), clock, log })
    cores.push(core)
    const first = await busyPort()
    const second = await busyPort()
    value(await core.handlers.updateSettings({ intakePort: first }))
    await core.intake.serve()
    const couldNot = () => log.lines.filter((line) => line.includes('intake: the API could not listen'))
    expect(couldNot()).toHaveLength(1)
    expect(couldNot()[0]).toContain(`"port":${String(first)}`)
    expect(couldNot()[0]).toContain('EADDRINUSE')
    // Another taken port is another line: it is not the same port tried again.
    value(await core.handlers.updateSettings({ intakePort: second }))
    expect(couldNot()).toHaveLength(2)
    expect(couldNot()[1]).toContain(`"port":${String(second)}`)
    // A free port named in Settings listens at once, which is no port "listening now" after tries.
    const free = await freePort()
    value(await core.handlers.updateSettings({ intakePort: free }))
    expect(value(await core.handlers.getIntakeInfo(undefined))).toMatchObject({
      status: 'serving',
      port: free,
    })
    expect(log.lines.filter((line) => line.includes('intake: the API listens now'))).toEqual([])
  })

  it('says the port it listens on once a taken one is free again', async () => {
    const log = recordingLogger()
    const clock = new ManualClock()
    const core = await testCore({ ...inMemoryCoreParts(), clock, log })
    cores.push(core)
    const taken = await busyPort()
    value(await core.handlers.updateSettings({ intakePort: taken }))
    let tried: (() => void) | undefined
    core.intake.onListenTried(() => tried?.())
    await core.intake.serve()
    await new Promise((resolve) => blockers.pop()?.close(resolve))
    const next = new Promise<void>((resolve) => (tried = resolve))
    await clock.advance(5_000)
    await within(next, 'the next try')
    const now = log.lines.filter((line) => line.includes('intake: the API listens now'))
    expect(now).toHaveLength(1)
    expect(now[0]).toContain(`"port":${String(taken)}`)
  })

  it('says a drop folder cannot be watched where the shell gave no data folder, and why', async () => {
    const log = recordingLogger()
    const core = await testCore({ ...inMemoryCoreParts(), log })
    cores.push(core)
    const root = await mkdtemp(join(tmpdir(), 'pos-intake-area-'))
    folders.push(root)
    const folder = join(root, 'pos')
    await mkdir(folder)
    await core.intake.serve({ port: 0 })
    value(await core.handlers.updateSettings({ dropFolder: folder }))
    expect(value(await core.handlers.getIntakeInfo(undefined)).dropFolder).toEqual({
      folder,
      status: 'failed',
    })
    const lines = log.lines.filter((line) => line.includes('intake: the drop folder could not be watched'))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('no data folder')
  })
})

describe('the view’s updated_at', () => {
  it('follows a change staff make on the board, not only what came through the intake', async () => {
    const clock = new ManualClock(Date.parse('2026-11-21T12:00:00Z'))
    const core = await testCore({ ...inMemoryCoreParts(), clock })
    cores.push(core)
    await core.intake.addOrder({ paymentKey: ORDER, details: { label: 'Masa 4' } }, 'pos-api')
    expect(core.intake.getOrder(ORDER)?.updated_at).toBe('2026-11-21T12:00:00.000Z')
    await clock.advance(60_000)
    value(await core.handlers.markOrderReady({ paymentKey: ORDER }))
    expect(core.intake.getOrder(ORDER)?.updated_at).toBe('2026-11-21T12:01:00.000Z')
  })
})

describe('a stopped intake', () => {
  it('listens nowhere again when Settings change after it stopped', async () => {
    const core = await openCore()
    await core.intake.serve({ port: 0 })
    await core.intake.stop()
    value(await core.handlers.updateSettings({ intakeHandover: false }))
    await core.intake.follow()
    expect(value(await core.handlers.getIntakeInfo(undefined))).toMatchObject({ status: 'off', url: null })
  })
})

describe('"Create the POS folder" and a ready press, asked of the intake area', () => {
  it('refuses to create the POS folder with no data folder to keep its files in, served or not', async () => {
    const core = await openCore()
    await expect(core.intake.createPosFolder()).rejects.toThrow('no data folder')
    await core.intake.serve({ port: 0 })
    await expect(core.intake.createPosFolder()).rejects.toThrow('no data folder')
  })

  it('refuses to create it in a home others can write, saying why', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pos-intake-data-'))
    const home = await mkdtemp(join(tmpdir(), 'pos-intake-home-'))
    folders.push(dataDir, home)
    await chmod(home, 0o777)
    const core = await openCore()
    await core.intake.serve({ port: 0, dataDir, home })
    await expect(core.intake.createPosFolder()).rejects.toThrow(
      'the POS folder was not created: shared-parent',
    )
    expect(await readdir(home)).toEqual([])
  })

  it('marks an order on the board ready, and answers nothing for one it does not hold', async () => {
    const core = await openCore()
    await core.intake.addOrder({ paymentKey: ORDER, details: {} }, 'pos-api')
    expect(core.intake.markReady('7c9e6679-7425-40de-944b-e07fc1f90ae7')).toBeUndefined()
    expect(core.intake.markReady(ORDER)).toMatchObject({ payment_key: ORDER })
    expect(value(await core.handlers.listOrders(undefined))[0]?.readyAt).toEqual(expect.any(String))
  })
})

describe('a port the API cannot listen on for another reason than its being taken', () => {
  it('says the API failed, not that the port is in use, and says so once across its tries', async () => {
    const log = recordingLogger()
    const clock = new ManualClock()
    const core = await testCore({ ...inMemoryCoreParts(), clock, log })
    cores.push(core)
    let tried: (() => void) | undefined
    core.intake.onListenTried(() => tried?.())
    // No port at all: the shell asks for one outside the range, which Settings would refuse.
    await core.intake.serve({ port: 70_000 })
    expect(value(await core.handlers.getIntakeInfo(undefined))).toMatchObject({
      status: 'failed',
      port: 70_000,
    })
    const next = new Promise<void>((resolve) => (tried = resolve))
    await clock.advance(5_000)
    await within(next, 'the next try')
    expect(value(await core.handlers.getIntakeInfo(undefined)).status).toBe('failed')
    expect(log.lines.filter((line) => line.includes('intake: the API could not listen'))).toHaveLength(1)
  })
})

describe('the limits the shell gives', () => {
  it('are the API’s: a rate limit of one answers the second call 429', async () => {
    const core = await openCore()
    await core.intake.serve({ port: 0, limits: { rateLimit: { limit: 1, windowMs: 60_000 } } })
    const { port } = value(await core.handlers.getIntakeInfo(undefined))
    const health = () => send(port, { path: '/v1/health' })
    expect((await health()).status).toBe(200)
    expect((await health()).status).toBe(429)
  })
})
