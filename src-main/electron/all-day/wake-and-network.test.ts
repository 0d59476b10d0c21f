import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as electron from '../../../test-support/electron/fake-electron.ts'
import {
  createWakeHandler,
  NETWORK_POLL_MS,
  WAKE_SETTLE_MS,
  watchWakeAndNetwork,
} from './wake-and-network.ts'

vi.mock('electron', () => import('../../../test-support/electron/fake-electron.ts'))

beforeEach(() => {
  electron.resetFakeElectron()
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

function recordingActions() {
  const calls: string[] = []
  return {
    calls,
    actions: {
      checkSession: vi.fn(() => {
        calls.push('checkSession')
        return Promise.resolve()
      }),
      retryOwedNow: vi.fn(() => {
        calls.push('retryOwedNow')
        return Promise.resolve()
      }),
    },
  }
}

describe('createWakeHandler', () => {
  it('checks the session, then retries the owed hand-overs, once per burst of events', async () => {
    const { calls, actions } = recordingActions()
    const handler = createWakeHandler(actions)
    handler.poke('resume')
    await vi.advanceTimersByTimeAsync(1_000)
    handler.poke('unlock-screen')
    await vi.advanceTimersByTimeAsync(1_000)
    handler.poke('online')
    await vi.advanceTimersByTimeAsync(WAKE_SETTLE_MS - 1)
    expect(calls).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(calls).toEqual(['checkSession', 'retryOwedNow'])

    // A later, separate event is a new burst.
    handler.poke('online')
    await vi.advanceTimersByTimeAsync(WAKE_SETTLE_MS)
    expect(calls).toEqual(['checkSession', 'retryOwedNow', 'checkSession', 'retryOwedNow'])
  })

  it('still retries when the session check fails, and never throws', async () => {
    const { calls, actions } = recordingActions()
    actions.checkSession.mockImplementation(() => Promise.reject(new Error('offline')))
    actions.retryOwedNow.mockImplementation(() => {
      calls.push('retryOwedNow')
      return Promise.reject(new Error('still offline'))
    })
    const warn = vi.fn()
    createWakeHandler(actions, { log: { warn } }).poke('resume')
    await vi.advanceTimersByTimeAsync(WAKE_SETTLE_MS)
    expect(calls).toEqual(['retryOwedNow'])
    expect(warn).toHaveBeenCalledTimes(2)
  })

  it('does nothing after dispose', async () => {
    const { calls, actions } = recordingActions()
    const handler = createWakeHandler(actions)
    handler.poke('resume')
    handler.dispose()
    await vi.advanceTimersByTimeAsync(WAKE_SETTLE_MS * 2)
    expect(calls).toEqual([])
  })
})

describe('watchWakeAndNetwork', () => {
  it('acts after powerMonitor resume and unlock-screen', async () => {
    const { calls, actions } = recordingActions()
    const watch = watchWakeAndNetwork(actions)
    electron.powerMonitor.emit('resume')
    electron.powerMonitor.emit('unlock-screen')
    await vi.advanceTimersByTimeAsync(WAKE_SETTLE_MS)
    expect(calls).toEqual(['checkSession', 'retryOwedNow'])
    watch.dispose()
    expect(
      electron.powerMonitor.listenerCount('resume') + electron.powerMonitor.listenerCount('unlock-screen'),
    ).toBe(0)
  })

  it('acts when the network comes back, not while it stays up or stays down', async () => {
    const { calls, actions } = recordingActions()
    const watch = watchWakeAndNetwork(actions)
    await vi.advanceTimersByTimeAsync(NETWORK_POLL_MS * 3)
    expect(calls).toEqual([])
    electron.net.online = false
    await vi.advanceTimersByTimeAsync(NETWORK_POLL_MS * 3)
    expect(calls).toEqual([])
    electron.net.online = true
    await vi.advanceTimersByTimeAsync(NETWORK_POLL_MS + WAKE_SETTLE_MS)
    expect(calls).toEqual(['checkSession', 'retryOwedNow'])
    watch.dispose()
  })

  it("acts on the renderer's online event too, merged with the same burst", async () => {
    const { calls, actions } = recordingActions()
    const watch = watchWakeAndNetwork(actions)
    electron.powerMonitor.emit('resume')
    watch.online()
    await vi.advanceTimersByTimeAsync(WAKE_SETTLE_MS)
    expect(calls).toEqual(['checkSession', 'retryOwedNow'])
    watch.dispose()
  })
})
