// Several restaurant accounts (issue 29): every token expired at once, two accounts' calls wait together, and
// each account logs in exactly once, with its own keys, and hands its own orders over with its own token.
import { randomUUID } from 'node:crypto'
import {
  DEMO_CREDENTIALS,
  ORDER_STATUS,
  SECOND_ACCOUNT_BRANCHES,
  SECOND_ACCOUNT_CREDENTIALS,
  SECOND_ACCOUNT_VENDOR,
} from '../e2e/mock-platform/demo-data.ts'
import type { MockPlatform } from '../e2e/mock-platform/server.ts'
import { coreOnMock } from '../test-support/core/core-on-mock.ts'
import { MemoryStore } from '../test-support/core/memory-adapters.ts'
import { everyRunExactly, row, type Benchmark } from './report.ts'
import {
  ELIGIBLE_DETAILS,
  freshOrders,
  sendPressesAtOnce,
  value,
  watchHandOvers,
} from './support/fixtures.ts'

const RUNS = 5
const CALLS_PER_ACCOUNT = 50

export const accountsLogin: Benchmark = {
  id: 'accounts',
  title: '14. Logins per account.',
  definitions: [
    "The core with two accounts signed in (the demo restaurant and the mock's second account, each its own",
    `keys); ${String(CALLS_PER_ACCOUNT)} fresh orders of each on the board; the mock expires every token; then all`,
    `${String(2 * CALLS_PER_ACCOUNT)} hand-overs at once. The figures are the tokens the mock issued to each account`,
    `once every hand-over finished (${String(RUNS)} runs); a hand-over refused (another account's token would be`,
    "answered 404 'sipariş bulunamadı') fails the run.",
  ],
  async run(context) {
    const first: number[] = []
    const second: number[] = []
    for (let run = 0; run < RUNS; run++) {
      context.progress(`logins per account: run ${String(run + 1)} of ${String(RUNS)}`)
      const logins = await expiredTogether(context.mock)
      first.push(logins.first)
      second.push(logins.second)
    }
    return [
      row(
        `Logins of the first account, ${String(CALLS_PER_ACCOUNT)} calls on an expired token`,
        'logins',
        first,
        {
          decimals: 0,
          target: everyRunExactly(1),
        },
      ),
      row(`… of the second account, at the same time`, 'logins', second, {
        decimals: 0,
        target: everyRunExactly(1),
      }),
    ]
  },
}

async function expiredTogether(mock: MockPlatform): Promise<{ first: number; second: number }> {
  const core = await coreOnMock(mock, { appVersion: '0.0.0-bench', store: new MemoryStore() })
  try {
    await sendPressesAtOnce(core)
    const address = mock.baseUrl
    const first = value(
      await core.handlers.addAccount({
        shortName: 'Kebapçı',
        colour: 'red',
        platformAddress: address,
        appSecretKey: DEMO_CREDENTIALS.vendor.app_secret_key,
        restSecretKey: DEMO_CREDENTIALS.vendor.rest_secret_key,
      }),
      'addAccount',
    ).id
    const second = value(
      await core.handlers.addAccount({
        shortName: 'Pide Evi',
        colour: 'blue',
        platformAddress: address,
        appSecretKey: SECOND_ACCOUNT_CREDENTIALS.app_secret_key,
        restSecretKey: SECOND_ACCOUNT_CREDENTIALS.rest_secret_key,
      }),
      'addAccount',
    ).id
    const firstKeys = await freshOrders(mock, CALLS_PER_ACCOUNT)
    const secondKeys = await secondAccountOrders(mock, CALLS_PER_ACCOUNT)
    for (const key of firstKeys) {
      value(await core.handlers.addOrder({ text: key, account: first, ...ELIGIBLE_DETAILS }), 'addOrder')
    }
    for (const key of secondKeys) {
      value(await core.handlers.addOrder({ text: key, account: second, ...ELIGIBLE_DETAILS }), 'addOrder')
    }
    await mock.control.expireTokens()
    const since = (await mock.control.getClock()).nowMs
    const keys = [...firstKeys, ...secondKeys]
    const watch = watchHandOvers(core, keys)
    try {
      await Promise.all([
        ...keys.map(async (paymentKey) => {
          value(await core.handlers.handOverOrder({ paymentKey }), 'handOverOrder')
        }),
        watch.settled,
      ])
    } finally {
      watch.stop()
    }
    const issued = (await mock.control.listTokens()).filter((token) => Date.parse(token.issued_at) >= since)
    return {
      first: issued.filter((token) => token.vendor === undefined).length,
      second: issued.filter((token) => token.vendor === SECOND_ACCOUNT_VENDOR).length,
    }
  } finally {
    core.dispose()
  }
}

/** `count` new eligible orders of the second account on the mock; their keys. */
async function secondAccountOrders(mock: MockPlatform, count: number): Promise<string[]> {
  const keys = Array.from({ length: count }, () => randomUUID())
  const branch = SECOND_ACCOUNT_BRANCHES[0]?.id as string
  await mock.control.upsertOrders(
    keys.map((payment_key) => ({
      payment_key,
      courier_type: 'restaurant',
      status_id: ORDER_STATUS.CONFIRMED,
      payment_type: 'CASH',
      shipping_method: 'delivery',
      branch_id: branch,
    })),
  )
  return keys
}
