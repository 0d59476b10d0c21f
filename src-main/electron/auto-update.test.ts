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
  it('is off by default: an installed app with no update address does not update', () => {
    expect(decideAutoUpdate(true, null)).toEqual({ enabled: false, reason: 'no-update-url' })
    expect(decideAutoUpdate(true, '  ')).toEqual({ enabled: false, reason: 'no-update-url' })
  })

  it('is off when the app is not packaged (development, e2e), whatever the address', () => {
    expect(decideAutoUpdate(false, 'https://updates.example.com/pos')).toEqual({
      enabled: false,
      reason: 'not-packaged',
    })
  })

  it.each([
    'http://updates.example.com/pos',
    'file:///tmp/updates',
    'javascript:alert(1)',
    'updates.example.com',
  ])('is off for %j: https only', (url) => {
    expect(decideAutoUpdate(true, url)).toEqual({ enabled: false, reason: 'not-https' })
  })

  it('is on only for a packaged app with an https address, which it normalises', () => {
    expect(decideAutoUpdate(true, ' https://updates.example.com/pos/ ')).toEqual({
      enabled: true,
      feedUrl: 'https://updates.example.com/pos',
    })
  })
})

describe('startAutoUpdate', () => {
  it('does nothing in an app that is not packaged: electron-updater is not even loaded', async () => {
    const readUpdateUrl = vi.fn(() => Promise.resolve('https://updates.example.com/pos'))
    const loadsBefore = mocked.loads.count
    const updates = startAutoUpdate({ isPackaged: false, readUpdateUrl, log: recordingLog().log })
    await updates.check()
    await vi.advanceTimersByTimeAsync(3 * UPDATE_CHECK_INTERVAL_MS)
    expect(readUpdateUrl).not.toHaveBeenCalled()
    expect(mocked.loads.count).toBe(loadsBefore)
    expect(mocked.updater.checkForUpdates).not.toHaveBeenCalled()
  })

  it('with the default setting (no address) checks nothing and sets no feed', async () => {
    const { log, lines } = recordingLog()
    const updates = startAutoUpdate({ isPackaged: true, readUpdateUrl: () => Promise.resolve(null), log })
    await updates.check()
    await vi.advanceTimersByTimeAsync(2 * UPDATE_CHECK_INTERVAL_MS)
    expect(mocked.updater.setFeedURL).not.toHaveBeenCalled()
    expect(mocked.updater.checkForUpdates).not.toHaveBeenCalled()
    expect(lines).toEqual(['info updates: off']) // said once, not at every tick
    updates.stop()
  })

  it('with an https address: a generic feed, checked at start and every few hours, installed at quit', async () => {
    const { log, lines } = recordingLog()
    const updates = startAutoUpdate({
      isPackaged: true,
      readUpdateUrl: () => Promise.resolve('https://updates.example.com/pos/'),
      log,
    })
    await updates.check()
    expect(mocked.updater.setFeedURL).toHaveBeenCalledExactlyOnceWith({
      provider: 'generic',
      url: 'https://updates.example.com/pos',
    })
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

    mocked.listeners.get('update-downloaded')?.({ version: '0.2.0' })
    expect(mocked.updater.quitAndInstall).not.toHaveBeenCalled() // never restarts during service
    expect(mocked.updater.setFeedURL).toHaveBeenCalledTimes(1)
    updates.stop()
    await vi.advanceTimersByTimeAsync(2 * UPDATE_CHECK_INTERVAL_MS)
    expect(mocked.updater.checkForUpdates).toHaveBeenCalledTimes(3)
  })

  it('follows the setting: a new address from the next check; cleared, it stops and installs nothing at quit', async () => {
    let url: string | null = 'https://a.example.com/pos'
    const updates = startAutoUpdate({
      isPackaged: true,
      readUpdateUrl: () => Promise.resolve(url),
      log: recordingLog().log,
    })
    await updates.check()
    url = 'https://b.example.com/pos'
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS)
    expect(mocked.updater.setFeedURL).toHaveBeenLastCalledWith({ provider: 'generic', url })
    expect(mocked.updater.checkForUpdates).toHaveBeenCalledTimes(2)

    url = null
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS)
    expect(mocked.updater.checkForUpdates).toHaveBeenCalledTimes(2)
    expect(mocked.updater.autoInstallOnAppQuit).toBe(false)
    updates.stop()
  })

  it('never throws: a failed check or an updater error is logged and the next check still runs', async () => {
    const { log, lines } = recordingLog()
    mocked.updater.checkForUpdates.mockImplementationOnce(() => Promise.reject(new Error('offline')))
    const updates = startAutoUpdate({
      isPackaged: true,
      readUpdateUrl: () => Promise.resolve('https://updates.example.com/pos'),
      log,
    })
    await updates.check()
    mocked.listeners.get('error')?.(new Error('bad signature'))
    expect(lines).toContain('warn updates: could not check for an update')
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
      readUpdateUrl: () => Promise.resolve('https://updates.example.com/pos'),
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
