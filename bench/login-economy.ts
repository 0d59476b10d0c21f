// 6. Login economy: one shared login for many calls on an expired token; few variables calls over 48 h.
import type { Core } from '../src-main/core/create-core.ts'
import { coreOnMock } from '../test-support/core/core-on-mock.ts'
import { ManualClock } from '../test-support/core/manual-clock.ts'
import { MemoryStore } from '../test-support/core/memory-adapters.ts'
import type { MockPlatform } from '../e2e/mock-platform/server.ts'
import { everyRunAtMost, everyRunExactly, row, type Benchmark } from './report.ts'
import {
  ELIGIBLE_DETAILS,
  freshOrders,
  handOverThroughCore,
  sendPressesAtOnce,
  value,
  vendorSignIn,
  watchHandOvers,
} from './support/fixtures.ts'

const CONCURRENT_RUNS = 5
const CONCURRENT_CALLS = 100
const SIMULATED_RUNS = 3
const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE
const SIMULATED_MS = 48 * HOUR
const STEP_MS = 5 * MINUTE
const HANDOVER_EVERY_MS = 15 * MINUTE
const BRANCHES_EVERY_MS = HOUR
/** The app is closed and opened again (a new core on the same store) at these times. */
const RESTARTS_AT_MS = [9 * HOUR, 33 * HOUR]

export const loginEconomy: Benchmark = {
  id: 'login',
  title: '6. Login economy.',
  definitions: [
    `Concurrent: the core signed in; the mock expires every token (so the platform answers 401); then`,
    `${String(CONCURRENT_CALLS)} calls at once (half listBranches, half handOverOrder of fresh orders); the figure is the`,
    `mock's login request counter once every call and hand-over has finished (${String(CONCURRENT_RUNS)} runs).`,
    `48 h: the core on a ManualClock and the mock's clock moved in step, 5 minutes at a time for 48 h, no`,
    'forced refresh: every 5 min the methods are asked for (as a screen opening does), every 15 min an order',
    'is handed over, every hour the branches are listed, and the app restarts (a new core on the same store)',
    `at 9 h and 33 h; the figures are the mock's variables and login counters over those 48 h`,
    `(${String(SIMULATED_RUNS)} runs). The sign-in at the start counts as a login.`,
  ],
  async run(context) {
    const { mock } = context
    const concurrentLogins: number[] = []
    context.progress(
      `login economy: ${String(CONCURRENT_RUNS)} × ${String(CONCURRENT_CALLS)} concurrent calls`,
    )
    for (let run = 0; run < CONCURRENT_RUNS; run++) concurrentLogins.push(await concurrentRun(mock))

    const variablesCalls: number[] = []
    const logins: number[] = []
    for (let run = 0; run < SIMULATED_RUNS; run++) {
      context.progress(`login economy: simulated 48 h, run ${String(run + 1)}`)
      const counted = await simulatedTwoDays(mock)
      variablesCalls.push(counted.variables)
      logins.push(counted.logins)
    }
    return [
      row(
        `Logins for ${String(CONCURRENT_CALLS)} concurrent calls on an expired token`,
        'logins',
        concurrentLogins,
        {
          decimals: 0,
          target: everyRunExactly(1),
        },
      ),
      row('Variables calls over a simulated 48 h, no manual refresh', 'calls', variablesCalls, {
        decimals: 0,
        target: everyRunAtMost(2),
      }),
      row('… logins over the same 48 h', 'logins', logins, { decimals: 0 }),
    ]
  },
}

async function makeCore(mock: MockPlatform, store: MemoryStore, clock?: ManualClock): Promise<Core> {
  const core = await coreOnMock(mock, { appVersion: '0.0.0-bench', store, ...(clock ? { clock } : {}) })
  await sendPressesAtOnce(core)
  return core
}

async function concurrentRun(mock: MockPlatform): Promise<number> {
  const core = await makeCore(mock, new MemoryStore())
  try {
    value(await core.handlers.signIn(vendorSignIn(mock)), 'sign-in')
    const keys = await freshOrders(mock, CONCURRENT_CALLS / 2)
    for (const key of keys)
      value(await core.handlers.addOrder({ text: key, ...ELIGIBLE_DETAILS }), 'addOrder')
    await mock.control.expireTokens()
    await mock.control.resetCounters()
    const watch = watchHandOvers(core, keys)
    const calls = [
      ...keys.map(async (paymentKey) => {
        value(await core.handlers.handOverOrder({ paymentKey }), 'handOverOrder')
      }),
      ...keys.map(async () => {
        value(await core.handlers.listBranches(undefined), 'listBranches')
      }),
    ]
    try {
      await Promise.all([...calls, watch.settled])
    } finally {
      watch.stop()
    }
    return (await mock.control.counters()).requests.login
  } finally {
    core.dispose()
  }
}

async function simulatedTwoDays(mock: MockPlatform): Promise<{ variables: number; logins: number }> {
  const store = new MemoryStore()
  const clock = new ManualClock((await mock.control.getClock()).nowMs)
  const handOvers = SIMULATED_MS / HANDOVER_EVERY_MS
  const keys = await freshOrders(mock, handOvers)
  let core = await makeCore(mock, store, clock)
  await mock.control.resetCounters()
  let advanced = 0
  try {
    value(await core.handlers.signIn(vendorSignIn(mock)), 'sign-in')
    let nextHandOver = 0
    const restarts = [...RESTARTS_AT_MS]
    for (let elapsed = 0; elapsed < SIMULATED_MS; elapsed += STEP_MS) {
      if (restarts[0] !== undefined && elapsed >= restarts[0]) {
        restarts.shift()
        core.dispose()
        core = await makeCore(mock, store, clock)
        await core.start()
      }
      value(await core.handlers.getMethods({ forceRefresh: false }), 'getMethods')
      if (elapsed % BRANCHES_EVERY_MS === 0)
        value(await core.handlers.listBranches(undefined), 'listBranches')
      if (elapsed % HANDOVER_EVERY_MS === 0) {
        const paymentKey = keys[nextHandOver++]
        if (paymentKey === undefined) throw new Error('ran out of orders')
        value(await core.handlers.addOrder({ text: paymentKey, ...ELIGIBLE_DETAILS }), 'addOrder')
        await handOverThroughCore(core, paymentKey)
      }
      // The platform's clock first, so that a renewal firing on the app's clock meets a platform as late.
      await mock.control.advanceClock(STEP_MS)
      advanced += STEP_MS
      await clock.advance(STEP_MS)
    }
    const session = value(await core.handlers.getSession(undefined), 'getSession')
    if (session.state !== 'signed-in') throw new Error(`signed out after 48 h: ${JSON.stringify(session)}`)
    const { requests } = await mock.control.counters()
    return { variables: requests.variables, logins: requests.login }
  } finally {
    core.dispose()
    // The mock's clock back to the real one, for whatever runs next.
    await mock.control.advanceClock(-advanced)
  }
}
