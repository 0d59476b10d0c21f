// The intake area on its own, with a real board and a courier's day the test plays: what a way in that only adds
// may do to a known order, what a hand-over through the API answers and logs, the day-end and health by account,
// and how the drop folder and the API's port follow Settings.
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ManualClock } from '../../../test-support/core/manual-clock.ts'
import { within } from '../../../test-support/core/within.ts'
import {
  inMemoryCoreParts,
  MemoryStore,
  recordingLogger,
} from '../../../test-support/core/memory-adapters.ts'
import type { BoardOrder } from '../../../src-shared/domain.ts'
import type { CourierDay, PublicDayEnd } from '../couriers/courier-day.ts'
import type { HandoverOutbox } from '../orders/handover-outbox.ts'
import { OrderBoard } from '../orders/order-board.ts'
import { DropFolder } from './drop-folder.ts'
import { IntakeArea, type IntakeAreaDeps } from './intake-area.ts'
import type { IntakeKeyring } from './intake-key.ts'
import * as intakeServer from './intake-server.ts'

// "Create the POS folder" makes it in the home the test names (the drop folder's checks keep the real one).
vi.mock('node:os', async (actual) => {
  const real = await actual<typeof import('node:os')>()
  const homedir = vi.fn(real.homedir)
  return { ...real, homedir, default: { ...real, homedir } }
})

vi.mock('./intake-server.ts', async (actual) => {
  const real = await actual<typeof import('./intake-server.ts')>()
  return { ...real, startIntakeServer: vi.fn(real.startIntakeServer) }
})

const ORDER = '3f2b7c9e-1a4d-4e8b-9c2f-5d6e7f8a9b0c'
const areas: IntakeArea[] = []
const folders: string[] = []

afterEach(async () => {
  for (const area of areas.splice(0)) await area.stop()
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true })
  vi.restoreAllMocks()
  vi.mocked(intakeServer.startIntakeServer).mockReset()
  const real = await vi.importActual<typeof import('./intake-server.ts')>('./intake-server.ts')
  vi.mocked(intakeServer.startIntakeServer).mockImplementation(real.startIntakeServer)
})

type Couriers = Partial<Record<keyof CourierDay, unknown>>

/** An intake area on a real board in memory, the courier's day and the rest as each test gives them. */
function areaWith(
  options: {
    couriers?: Couriers
    accounts?: IntakeAreaDeps['accounts']
    settings?: ReturnType<IntakeAreaDeps['settings']['get']>
    clock?: ManualClock
    /** What the outbox shows on the board of an order added (by default, nothing: none is owed). */
    showOnBoard?: (board: OrderBoard, paymentKey: string) => void
  } = {},
) {
  const clock = options.clock ?? new ManualClock()
  const log = recordingLogger()
  let writes = 0
  const board = new OrderBoard({
    store: new MemoryStore(),
    clock,
    onChange: () => (writes += 1),
    boardLog: inMemoryCoreParts().boardLog,
    log,
  })
  const showOnBoard = options.showOnBoard ?? (() => undefined)
  const outbox = {
    showOnBoard: (paymentKey: string) => showOnBoard(board, paymentKey),
    countOwed: () => 0,
  } as unknown as HandoverOutbox
  const couriers = {
    checkBranch: () => Promise.resolve(),
    courierOf: (name: string) => ({ id: `id-${name}`, name }),
    knownOrder: () => undefined,
    orderAdded: () => undefined,
    ...options.couriers,
  } as unknown as CourierDay
  let settings = options.settings ?? { intakePort: 47810, intakeHandover: true, dropFolder: null }
  const area = new IntakeArea({
    board,
    outbox,
    session: { status: () => ({ state: 'signed-out' }) as never },
    keyring: { current: 'key' } as unknown as IntakeKeyring,
    settings: { get: () => settings },
    clock,
    log,
    couriers,
    accounts: options.accounts,
  })
  areas.push(area)
  return {
    area,
    board,
    log,
    clock,
    /** How many times the board changed an order. */
    writes: () => writes,
    setSettings: (next: typeof settings) => {
      settings = next
    },
  }
}

const dayEnd: PublicDayEnd = {
  date: '2026-11-21',
  couriers: [{ courier: 'Ahmet', packages: 1, cash_to_collect_kurus: 500 }],
} as unknown as PublicDayEnd

describe('a hand-over asked for through the API', () => {
  it('answers with the outbox’s own refusal when it is refused at once', async () => {
    const refusal = Object.assign(new Error('unknown-order'), { code: 'unknown-order' })
    const { area } = areaWith({ couriers: { handOver: () => Promise.reject(refusal) } })
    await expect(area.handOver(ORDER)).rejects.toBe(refusal)
  })

  it('is logged when the platform later refuses it, and the API already answered with the order', async () => {
    let fail: (error: Error) => void = () => undefined
    const { area, log } = areaWith({
      couriers: {
        handOver: () =>
          new Promise((_resolve, reject) => {
            fail = reject
          }),
      },
    })
    await area.addOrder({ paymentKey: ORDER, details: {} }, 'pos-api')
    const view = await area.handOver(ORDER, 'Ahmet')
    expect(view.payment_key).toBe(ORDER)
    fail(new Error('platform down'))
    await new Promise((resolve) => setImmediate(resolve))
    expect(
      log.lines.filter((line) => line.includes('a hand-over asked for through the API failed')),
    ).toHaveLength(1)
    expect(log.lines.join('\n')).toContain('platform down')
  })

  it('says so when the order left the board while it was handed over', async () => {
    const { area } = areaWith({ couriers: { handOver: () => new Promise(() => undefined) } })
    await expect(area.handOver(ORDER)).rejects.toThrow('the order left the board while it was handed over')
  })
})

describe('an order a way in adds', () => {
  it('is one write when the ledger knows the order off the board but none of its facts', async () => {
    const { area, board, writes } = areaWith({
      couriers: { knownOrder: () => ({ details: {}, courierId: 'id-Ahmet' }) },
    })
    await area.addOrder({ paymentKey: ORDER, details: { label: 'Masa 5' } }, 'link')
    expect(board.get(ORDER)).toMatchObject({ label: 'Masa 5', source: 'link' })
    expect(writes()).toBe(1)
  })

  it('is answered as the board shows it, with the hand-over the outbox still owes for it', async () => {
    const { area } = areaWith({
      showOnBoard: (board, paymentKey) =>
        board.setHandover(paymentKey, { state: 'sending', since: '2026-11-21T12:00:00.000Z' }),
    })
    const { view } = await area.addOrder({ paymentKey: ORDER, details: {} }, 'drop-folder')
    expect(view.state).toBe('sending')
    expect(view).toEqual(area.getOrder(ORDER))
  })
})

describe('the view’s time', () => {
  it('moves to when the order was marked ready', async () => {
    const clock = new ManualClock()
    const { area } = areaWith({ clock })
    await area.addOrder({ paymentKey: ORDER, details: {} }, 'pos-api')
    await clock.advance(60_000)
    // Ready is noted at this time whatever the board records of it.
    const view = area.markReady(ORDER)
    expect(view?.updated_at).toBe(new Date(clock.now()).toISOString())
  })

  it('forgets an order that left the board: its time is the board’s own again', async () => {
    const clock = new ManualClock()
    const { area, board } = areaWith({ clock })
    await area.addOrder({ paymentKey: ORDER, details: {} }, 'pos-api')
    const addedAt = area.getOrder(ORDER)?.updated_at
    await clock.advance(60_000)
    area.orderChanged(ORDER, board.get(ORDER) as BoardOrder)
    expect(area.getOrder(ORDER)?.updated_at).not.toBe(addedAt)
    area.orderChanged(ORDER, null)
    expect(area.getOrder(ORDER)?.updated_at).toBe(addedAt)
  })
})

describe('the day-end and health by account', () => {
  const two = [
    { id: 'a1', shortName: 'Kadıköy', state: 'signed-in' },
    { id: 'a2', shortName: 'Moda', state: 'renewing' },
  ]
  const accounts = {
    list: () => two,
    resolveShortName: (name: string) => two.find((one) => one.shortName === name)?.id,
  } as unknown as IntakeAreaDeps['accounts']

  it('is the courier day’s own with no accounts at all', () => {
    const { area } = areaWith({ couriers: { publicDayEnd: () => dayEnd } })
    expect(area.dayEnd()).toEqual(dayEnd)
  })

  it('names packages from before accounts with none, and a courier line the settlement lacks with no split', () => {
    const { area } = areaWith({
      accounts,
      couriers: {
        publicDayEnd: () => ({
          ...dayEnd,
          couriers: [...dayEnd.couriers, { courier: 'Mehmet', packages: 0, cash_to_collect_kurus: 0 }],
        }),
        dayEnd: () => ({
          couriers: [{ accounts: [{ account: null, packages: 1, cashToCollectKurus: 500 }] }],
          allOrders: { accounts: undefined },
        }),
      },
    })
    const answer = area.dayEnd() as PublicDayEnd & { accounts: unknown[] }
    expect(answer.couriers).toEqual([
      {
        courier: 'Ahmet',
        packages: 1,
        cash_to_collect_kurus: 500,
        accounts: [{ account: null, packages: 1, cash_to_collect_kurus: 500 }],
      },
      { courier: 'Mehmet', packages: 0, cash_to_collect_kurus: 0, accounts: [] },
    ])
    expect(answer.accounts).toEqual([])
  })

  it('counts an account whose session is being renewed as signed in', () => {
    const { area } = areaWith({ accounts })
    expect(area.health().accounts).toEqual([
      { account: 'Kadıköy', signedIn: true },
      { account: 'Moda', signedIn: true },
    ])
  })

  it('says nothing of accounts where the app has none', () => {
    const { area } = areaWith()
    expect(area.health()).toStrictEqual({ signedIn: false, owed: 0 })
  })

  it('refuses an order naming an account where the app has none', async () => {
    const { area, board } = areaWith()
    await expect(
      area.addOrder({ paymentKey: ORDER, details: {}, account: 'Moda' }, 'link'),
    ).rejects.toMatchObject({ appError: { code: 'invalid-input', problem: 'unknown-account' } })
    expect(board.get(ORDER)).toBeUndefined()
  })
})

const taken = (code: string) => Object.assign(new Error(`listen ${code}`), { code })
const fakeServer = (port: number) => ({
  url: `http://127.0.0.1:${String(port)}`,
  port,
  close: () => Promise.resolve(),
})

describe('the API’s port', () => {
  it('is said to be in use when the system refuses it (EACCES), not failed', async () => {
    vi.mocked(intakeServer.startIntakeServer).mockRejectedValue(taken('EACCES'))
    const { area } = areaWith()
    await area.serve({})
    expect(area.info()).toMatchObject({ status: 'port-in-use', port: 47810, url: null })
  })

  it('says once that the API could not listen, not at every try of the same port', async () => {
    const clock = new ManualClock()
    vi.mocked(intakeServer.startIntakeServer).mockRejectedValue(taken('EADDRINUSE'))
    const { area, log } = areaWith({ clock })
    const said = () => log.lines.filter((line) => line.includes('the API could not listen'))
    await area.serve({})
    expect(said()).toHaveLength(1)
    await clock.advance(5_000)
    expect(vi.mocked(intakeServer.startIntakeServer)).toHaveBeenCalledTimes(2)
    expect(said()).toHaveLength(1)
  })

  it('keeps saying the port is taken while it is tried again, and the port it tried until Settings are followed', async () => {
    const clock = new ManualClock()
    let listen: () => void = () => undefined
    vi.mocked(intakeServer.startIntakeServer)
      .mockRejectedValueOnce(taken('EADDRINUSE'))
      .mockImplementationOnce(
        () =>
          new Promise((resolve) => {
            listen = () => resolve(fakeServer(47810))
          }),
      )
    const { area, setSettings } = areaWith({ clock })
    await area.serve({})
    setSettings({ intakePort: 47900, intakeHandover: true, dropFolder: null })
    expect(area.info()).toMatchObject({ status: 'port-in-use', port: 47810 })
    setSettings({ intakePort: 47810, intakeHandover: true, dropFolder: null })
    await clock.advance(5_000)
    // The try is under way: the line does not flicker to off.
    expect(area.info()).toMatchObject({ status: 'port-in-use', port: 47810 })
    listen()
    await new Promise((resolve) => setImmediate(resolve))
    expect(area.info()).toMatchObject({ status: 'serving', port: 47810 })
  })

  it('is off, at the new port, while a new port named in Settings is tried', async () => {
    let listen: () => void = () => undefined
    vi.mocked(intakeServer.startIntakeServer)
      .mockRejectedValueOnce(taken('EADDRINUSE'))
      .mockImplementationOnce(
        () =>
          new Promise((resolve) => {
            listen = () => resolve(fakeServer(47900))
          }),
      )
    const { area, setSettings } = areaWith()
    await area.serve({})
    setSettings({ intakePort: 47900, intakeHandover: true, dropFolder: null })
    const following = area.follow()
    await new Promise((resolve) => setImmediate(resolve))
    expect(area.info()).toMatchObject({ status: 'off', port: 47900 })
    listen()
    await following
    expect(area.info()).toMatchObject({ status: 'serving', port: 47900 })
  })

  it('leaves no try pending once the intake stops', async () => {
    const clock = new ManualClock()
    vi.mocked(intakeServer.startIntakeServer).mockRejectedValue(taken('EADDRINUSE'))
    const { area } = areaWith({ clock })
    await area.serve({})
    expect(clock.pendingTimers).toBe(1)
    await area.stop()
    expect(clock.pendingTimers).toBe(0)
  })
})

describe('the drop folder', () => {
  async function dataAndFolder(mode = 0o700) {
    const root = await mkdtemp(join(tmpdir(), 'pos-intake-mutants-'))
    folders.push(root)
    const dataDir = join(root, 'data')
    const folder = join(root, 'pos')
    await mkdir(dataDir)
    await writeFile(join(dataDir, 'settings.json'), '{}')
    await mkdir(folder)
    await chmod(folder, mode)
    return { dataDir, folder }
  }

  it('refuses a shared folder where Settings say nothing of a confirmation', async () => {
    const { dataDir, folder } = await dataAndFolder(0o777)
    vi.mocked(intakeServer.startIntakeServer).mockResolvedValue(fakeServer(47810))
    const { area } = areaWith({ settings: { intakePort: 47810, intakeHandover: true, dropFolder: folder } })
    await area.serve({ dataDir, dropStableMs: 50 })
    expect(area.info().dropFolder).toEqual({ folder, status: 'refused', refusal: 'shared' })
  })

  it('keeps watching with the same watcher through a Settings change that does not move it', async () => {
    const { dataDir, folder } = await dataAndFolder()
    vi.mocked(intakeServer.startIntakeServer).mockResolvedValue(fakeServer(47810))
    const start = vi.spyOn(DropFolder, 'start')
    const { area } = areaWith({ settings: { intakePort: 47810, intakeHandover: true, dropFolder: folder } })
    // Bounded: a change that stops the real folder check answering fails here in seconds.
    await within(area.serve({ dataDir, dropStableMs: 50 }), 'serve')
    await within(area.follow(), 'follow')
    expect(start).toHaveBeenCalledTimes(1)
    // A file is taken once it stood still as long as the shell says.
    expect(start).toHaveBeenCalledWith(expect.objectContaining({ stableMs: 50 }))
    expect(area.info().dropFolder).toStrictEqual({ folder, status: 'watching' })
  })

  it('is tried again when Settings are followed after it could not be watched', async () => {
    const { dataDir, folder } = await dataAndFolder()
    vi.mocked(intakeServer.startIntakeServer).mockResolvedValue(fakeServer(47810))
    vi.spyOn(DropFolder, 'start')
      .mockRejectedValueOnce(new Error('EIO'))
      .mockResolvedValueOnce({ changed: false, close: () => Promise.resolve() } as unknown as DropFolder)
    const { area } = areaWith({ settings: { intakePort: 47810, intakeHandover: true, dropFolder: folder } })
    await area.serve({ dataDir })
    expect(area.info().dropFolder).toEqual({ folder, status: 'failed' })
    await area.follow()
    expect(area.info().dropFolder).toEqual({ folder, status: 'watching' })
  })

  it('says a folder swapped before it was watched has changed, once', async () => {
    const { dataDir, folder } = await dataAndFolder()
    vi.mocked(intakeServer.startIntakeServer).mockResolvedValue(fakeServer(47810))
    let swapped: () => void = () => undefined
    const close = vi.fn(() => Promise.resolve())
    vi.spyOn(DropFolder, 'start').mockImplementation((deps) => {
      swapped = deps.onFolderChanged as () => void
      return Promise.resolve({ changed: true, close } as unknown as DropFolder)
    })
    const { area } = areaWith({ settings: { intakePort: 47810, intakeHandover: true, dropFolder: folder } })
    const told = vi.fn()
    area.onListenTried(told)
    await area.serve({ dataDir })
    expect(area.info().dropFolder).toEqual({ folder, status: 'refused', refusal: 'changed' })
    expect(close).toHaveBeenCalledTimes(1)
    const before = told.mock.calls.length
    swapped()
    expect(told).toHaveBeenCalledTimes(before)
    expect(close).toHaveBeenCalledTimes(1)
  })

  it('creates the POS folder in the staff user’s own home when the shell names none', async () => {
    const { dataDir } = await dataAndFolder()
    // A home only this user controls, inside a parent only they control.
    const home = join(dataDir, '..', 'home')
    await mkdir(home, { mode: 0o700 })
    vi.mocked(homedir).mockReturnValue(home)
    vi.mocked(intakeServer.startIntakeServer).mockResolvedValue(fakeServer(47810))
    try {
      const { area } = areaWith()
      await within(area.serve({ dataDir }), 'serve')
      expect(await within(area.createPosFolder(), 'createPosFolder')).toBe(join(home, 'POS-Siparisleri'))
    } finally {
      vi.mocked(homedir).mockReset()
    }
  })

  it('creates no POS folder before the shell named a data folder to keep its files in', async () => {
    const { area } = areaWith()
    await expect(area.createPosFolder()).rejects.toThrow('no data folder')
  })

  it('keeps watching the folder Settings now name when the one before says it was swapped', async () => {
    const first = await dataAndFolder()
    const second = await dataAndFolder()
    vi.mocked(intakeServer.startIntakeServer).mockResolvedValue(fakeServer(47810))
    const swapped: (() => void)[] = []
    vi.spyOn(DropFolder, 'start').mockImplementation((deps) => {
      swapped.push(deps.onFolderChanged as () => void)
      return Promise.resolve({ changed: false, close: () => Promise.resolve() } as unknown as DropFolder)
    })
    const { area, setSettings } = areaWith({
      settings: { intakePort: 47810, intakeHandover: true, dropFolder: first.folder },
    })
    await area.serve({ dataDir: first.dataDir })
    setSettings({ intakePort: 47810, intakeHandover: true, dropFolder: second.folder })
    await area.follow()
    swapped[0]?.()
    expect(area.info().dropFolder).toEqual({ folder: second.folder, status: 'watching' })
  })
})
