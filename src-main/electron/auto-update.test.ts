import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Logger } from '../core/ports.ts'
import { decideAutoUpdate, startAutoUpdate, UPDATE_CHECK_INTERVAL_MS } from './auto-update.ts'

/** electron-updater, mocked: its `autoUpdater` records what the app asks of it. */
const mocked = vi.hoisted(() => {
  const listeners = new Map<string, (argument: unknown) => void>()
  const updater = {
    autoDownload: false,
    autoInstallOnAppQuit: false,
    allowDowngrade: true,
    allowPrerelease: true,
    logger: null as { info(message?: unknown): void } | null,
    setFeedURL: vi.fn(),
    checkForUpdates: vi.fn(() => Promise.resolve(null)),
    quitAndInstall: vi.fn(),
    on: vi.fn((event: string, listener: (argument: unknown) => void) => {
      listeners.set(event, listener)
      return updater
    }),
  }
  return { updater, listeners, loads: { count: 0 } }
})

vi.mock('electron-updater', () => {
  mocked.loads.count++
  return { default: { autoUpdater: mocked.updater } }
})

/** The listener the app registered for `event`; a missing one fails the test rather than passing silently. */
function listenerFor(event: string): (argument: unknown) => void {
  const listener = mocked.listeners.get(event)
  if (!listener) throw new Error(`no ${event} listener was registered`)
  return listener
}

function recordingLog() {
  const lines: string[] = []
  const log: Logger = {
    info: (message) => lines.push(`info ${message}`),
    warn: (message) => lines.push(`warn ${message}`),
    error: (message) => lines.push(`error ${message}`),
  }
  return { log, lines }
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.clearAllMocks()
  mocked.listeners.clear()
  mocked.updater.checkForUpdates.mockImplementation(() => Promise.resolve(null))
  Object.assign(mocked.updater, {
    logger: null,
    autoDownload: false,
    autoInstallOnAppQuit: false,
    allowDowngrade: true,
    allowPrerelease: true,
  })
})

afterEach(() => {
  vi.useRealTimers()
})

describe('decideAutoUpdate', () => {
  it('is off unless the staff turned it on', () => {
    expect(decideAutoUpdate(true, false)).toEqual({ enabled: false, reason: 'turned-off' })
    expect(decideAutoUpdate(true, true)).toEqual({ enabled: true })
  })

  it('is off when the app is not packaged (development, e2e), whatever the setting', () => {
    expect(decideAutoUpdate(false, true)).toEqual({ enabled: false, reason: 'not-packaged' })
  })
})

describe('startAutoUpdate', () => {
  it('does nothing in an app that is not packaged: electron-updater is not even loaded', async () => {
    const readTurnedOn = vi.fn(() => Promise.resolve(true))
    const loadsBefore = mocked.loads.count
    const updates = startAutoUpdate({ isPackaged: false, readTurnedOn, log: recordingLog().log })
    await updates.check()
    await vi.advanceTimersByTimeAsync(3 * UPDATE_CHECK_INTERVAL_MS)
    expect(readTurnedOn).not.toHaveBeenCalled()
    expect(mocked.loads.count).toBe(loadsBefore)
    expect(mocked.updater.checkForUpdates).not.toHaveBeenCalled()
  })

  it('turned off (the default) checks nothing', async () => {
    const { log, lines } = recordingLog()
    const updates = startAutoUpdate({ isPackaged: true, readTurnedOn: () => Promise.resolve(false), log })
    await updates.check()
    await vi.advanceTimersByTimeAsync(2 * UPDATE_CHECK_INTERVAL_MS)
    expect(mocked.updater.checkForUpdates).not.toHaveBeenCalled()
    expect(lines).toEqual(['info updates: off']) // said once, not at every tick
    updates.stop()
  })

  it('turned on: the build-time feed (no address set at run time), checked at start and every few hours, installed at quit', async () => {
    const { log, lines } = recordingLog()
    const updates = startAutoUpdate({ isPackaged: true, readTurnedOn: () => Promise.resolve(true), log })
    await updates.check()
    // The feed is electron-builder's app-update.yml: the app never points the updater anywhere itself.
    expect(mocked.updater.setFeedURL).not.toHaveBeenCalled()
    expect(mocked.updater).toMatchObject({
      autoDownload: true,
      autoInstallOnAppQuit: true,
      allowDowngrade: false,
      allowPrerelease: false,
    })
    expect(mocked.updater.checkForUpdates).toHaveBeenCalledTimes(1)
    mocked.updater.logger?.info('Checking for update')
    expect(lines).toContain('info updates: Checking for update') // into the app's log, not the console

    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS - 1000)
    expect(mocked.updater.checkForUpdates).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1000)
    expect(mocked.updater.checkForUpdates).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS)
    expect(mocked.updater.checkForUpdates).toHaveBeenCalledTimes(3)

    listenerFor('update-downloaded')({ version: '0.2.0' })
    expect(lines).toContain('info updates: downloaded; it is installed when the app is closed')
    expect(mocked.updater.quitAndInstall).not.toHaveBeenCalled() // never restarts during service
    updates.stop()
    await vi.advanceTimersByTimeAsync(2 * UPDATE_CHECK_INTERVAL_MS)
    expect(mocked.updater.checkForUpdates).toHaveBeenCalledTimes(3)
  })

  it('follows the setting: turned off after a download, it stops checking and installs nothing at quit', async () => {
    let turnedOn = true
    const updates = startAutoUpdate({
      isPackaged: true,
      readTurnedOn: () => Promise.resolve(turnedOn),
      log: recordingLog().log,
    })
    await updates.check()
    expect(mocked.updater.checkForUpdates).toHaveBeenCalledTimes(1)
    turnedOn = false
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS)
    expect(mocked.updater.checkForUpdates).toHaveBeenCalledTimes(1)
    expect(mocked.updater.autoInstallOnAppQuit).toBe(false)
    turnedOn = true
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS)
    expect(mocked.updater.checkForUpdates).toHaveBeenCalledTimes(2)
    expect(mocked.updater.autoInstallOnAppQuit).toBe(true)
    updates.stop()
  })

  it('never throws: a failed check or an updater error (a bad signature) is logged and the next check still runs', async () => {
    const { log, lines } = recordingLog()
    mocked.updater.checkForUpdates.mockImplementationOnce(() => Promise.reject(new Error('offline')))
    const updates = startAutoUpdate({ isPackaged: true, readTurnedOn: () => Promise.resolve(true), log })
    await updates.check()
    expect(lines).toContain('warn updates: could not check for an update')
    listenerFor('error')(new Error('New version is not signed by the application owner'))
    expect(lines).toContain('warn updates: the update failed')
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS)
    expect(mocked.updater.checkForUpdates).toHaveBeenCalledTimes(2)
    updates.stop()
  })

  it('runs one check at a time', async () => {
    let finish: (value: null) => void = () => undefined
    mocked.updater.checkForUpdates.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          finish = resolve
        }),
    )
    const updates = startAutoUpdate({
      isPackaged: true,
      readTurnedOn: () => Promise.resolve(true),
      log: recordingLog().log,
    })
    const first = updates.check()
    expect(updates.check()).toBe(first)
    await vi.advanceTimersByTimeAsync(0)
    finish(null)
    await first
    expect(mocked.updater.checkForUpdates).toHaveBeenCalledTimes(1)
    updates.stop()
  })
})
