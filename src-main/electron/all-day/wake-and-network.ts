import { net, powerMonitor } from 'electron'

/**
 * After the computer wakes, the screen is unlocked or the network comes back, the session is checked and the
 * owed hand-overs are tried at once, rather than at the end of a backoff that may have grown to minutes while
 * the machine slept. Wake-ups come in bursts (resume, unlock, online within seconds, the network often a
 * little after the resume): the actions run once, when the burst has been quiet for `settleMs`.
 */

/** Quiet time after the last event of a burst; also gives Wi-Fi a moment to reconnect after a resume. */
export const WAKE_SETTLE_MS = 3_000

/** How often the main process looks at `net.isOnline()` (it has no `online` event of its own). */
export const NETWORK_POLL_MS = 5_000

export interface WakeActions {
  /** Checks the session (renews the token if it expired while asleep). */
  checkSession(): Promise<void>
  /** Sends every owed hand-over now, ending their backoff. */
  retryOwedNow(): Promise<void>
}

export interface WakeLog {
  warn(message: string): void
}

export interface WakeHandler {
  /** One event of a burst: what woke us, for the log. */
  poke(reason: WakeReason): void
  dispose(): void
}

type WakeReason = 'resume' | 'unlock-screen' | 'online'

export function createWakeHandler(
  actions: WakeActions,
  options: { settleMs?: number; log?: WakeLog } = {},
): WakeHandler {
  const settleMs = options.settleMs ?? WAKE_SETTLE_MS
  let timer: ReturnType<typeof setTimeout> | undefined
  const run = async () => {
    timer = undefined
    // The session first: the retries need a live token.
    try {
      await actions.checkSession()
    } catch {
      options.log?.warn('wake: the session check failed; the owed hand-overs are tried anyway')
    }
    try {
      await actions.retryOwedNow()
    } catch {
      options.log?.warn('wake: retrying the owed hand-overs failed; their own backoff goes on')
    }
  }
  return {
    poke() {
      if (timer !== undefined) clearTimeout(timer)
      timer = setTimeout(() => void run(), settleMs)
    },
    dispose() {
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
    },
  }
}

/**
 * Listens to `powerMonitor` and watches the network; returns `online()` for the renderer's `online` event to
 * call as well (through IPC), and `dispose()`.
 */
export function watchWakeAndNetwork(
  actions: WakeActions,
  options: { settleMs?: number; pollMs?: number; log?: WakeLog } = {},
): { online(): void; dispose(): void } {
  const handler = createWakeHandler(actions, options)
  const onResume = () => handler.poke('resume')
  const onUnlock = () => handler.poke('unlock-screen')
  powerMonitor.on('resume', onResume)
  powerMonitor.on('unlock-screen', onUnlock)
  let wasOnline = net.isOnline()
  const poll = setInterval(() => {
    const isOnline = net.isOnline()
    if (isOnline && !wasOnline) handler.poke('online')
    wasOnline = isOnline
  }, options.pollMs ?? NETWORK_POLL_MS)
  return {
    online: () => handler.poke('online'),
    dispose() {
      clearInterval(poll)
      powerMonitor.removeListener('resume', onResume)
      powerMonitor.removeListener('unlock-screen', onUnlock)
      handler.dispose()
    },
  }
}
