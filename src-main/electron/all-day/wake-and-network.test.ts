import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createWakeHandler,
  NETWORK_POLL_MS,
  WAKE_SETTLE_MS,
  watchWakeAndNetwork,
  type WakeElectron,
} from './wake-and-network.ts'

export type RealElectronFits = typeof import('electron') extends WakeElectron ? true : never
const realElectronFits: RealElectronFits = true

beforeEach(() => {
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
  function fakeElectron(online: boolean) {
    const listeners = new Map<string, () => void>()
    const state = { online }
    const electron = {
      powerMonitor: {
        on: vi.fn((event: string, listener: () => void) => listeners.set(event, listener)),
        removeListener: vi.fn((event: string) => listeners.delete(event)),
      },
      net: { isOnline: () => state.online },
    } satisfies WakeElectron
    return { electron, listeners, state }
  }

  it('acts after powerMonitor resume and unlock-screen', async () => {
    expect(realElectronFits).toBe(true)
    const { electron, listeners } = fakeElectron(true)
    const { calls, actions } = recordingActions()
    const watch = watchWakeAndNetwork(electron, actions)
    listeners.get('resume')?.()
    listeners.get('unlock-screen')?.()
    await vi.advanceTimersByTimeAsync(WAKE_SETTLE_MS)
    expect(calls).toEqual(['checkSession', 'retryOwedNow'])
    watch.dispose()
    expect(listeners.size).toBe(0)
  })

  it('acts when the network comes back, not while it stays up or stays down', async () => {
    const { electron, state } = fakeElectron(true)
    const { calls, actions } = recordingActions()
    const watch = watchWakeAndNetwork(electron, actions)
    await vi.advanceTimersByTimeAsync(NETWORK_POLL_MS * 3)
    expect(calls).toEqual([])
    state.online = false
    await vi.advanceTimersByTimeAsync(NETWORK_POLL_MS * 3)
    expect(calls).toEqual([])
    state.online = true
    await vi.advanceTimersByTimeAsync(NETWORK_POLL_MS + WAKE_SETTLE_MS)
    expect(calls).toEqual(['checkSession', 'retryOwedNow'])
    watch.dispose()
  })

  it("acts on the renderer's online event too, merged with the same burst", async () => {
    const { electron, listeners } = fakeElectron(true)
    const { calls, actions } = recordingActions()
    const watch = watchWakeAndNetwork(electron, actions)
    listeners.get('resume')?.()
    watch.online()
    await vi.advanceTimersByTimeAsync(WAKE_SETTLE_MS)
    expect(calls).toEqual(['checkSession', 'retryOwedNow'])
    watch.dispose()
  })
})
