// A data folder written by the app before accounts (issue 29) opens as its first account with nothing lost. The
// folder under test-support/fixtures was written by the real app at the commit before accounts (its own
// createCore, web mode's files and cipher): signed in, a courier, four orders, one handed over, one retrying
// after a 503, one cut off mid-send (the process stopped with no result) and one never pressed.
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Result } from '../../../src-shared/errors.ts'
import { ManualClock } from '../../../test-support/core/manual-clock.ts'
import { createFileKeyCipher } from '../../web/file-key-cipher.ts'
import { JsonFileStore } from '../../web/json-file-store.ts'
import { createCore, type Core, type CoreDeps } from '../create-core.ts'
import { SecretRedactor } from '../logging/secret-redactor.ts'
import { silentLogger } from '../ports.ts'
import { ACCOUNTS_KEY, FIRST_ACCOUNT_NAME } from './accounts.ts'
import { openDataFiles } from '../storage/data-files.ts'

const FIXTURE = join(import.meta.dirname, '../../../test-support/fixtures/data-folder-before-accounts')
const HANDED = '0d3e1f00-5a1b-4c2d-8e3f-100000000001'
const RETRYING = '0d3e1f00-5a1b-4c2d-8e3f-100000000002'
const CUT = '0d3e1f00-5a1b-4c2d-8e3f-100000000003'
const WAITING = '0d3e1f00-5a1b-4c2d-8e3f-100000000004'
/** The fixture was written at 07:15 UTC that day; its token lives a day. */
const WRITTEN_AT = Date.parse('2026-11-27T07:15:31Z')

/** The platform as the fixture's app knew it, recording every on-the-way call and the token it carried. */
class Platform {
  readonly handedOver: { paymentKey: string; token: string | null }[] = []
  logins = 0
  readonly fetch = ((input: string | URL | Request, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init)
    const json = (status: number, body: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
      )
    if (request.url.endsWith('/auth/login')) {
      this.logins++
      return json(200, {
        status: true,
        data: { access_token: `new-token-${this.logins}`, expiration_date: '2099-01-01 00:00:00' },
      })
    }
    const onTheWay = /\/orders\/ontheway\/([^/]+)$/.exec(request.url)
    if (onTheWay) {
      this.handedOver.push({
        paymentKey: decodeURIComponent(onTheWay[1] as string),
        token: request.headers.get('access-token'),
      })
      return json(200, { status: true, data: 'OK' })
    }
    return json(404, { status: false, error: 'sipariş bulunamadı' })
  }) as typeof fetch
}

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`)
  return result.value
}

let dir: string
let clock: ManualClock
let platform: Platform
const running: Core[] = []

async function open(extra: Partial<CoreDeps> = {}): Promise<{ core: Core; store: JsonFileStore }> {
  const store = new JsonFileStore(join(dir, 'settings.json'), silentLogger)
  const core = await createCore({
    appName: 'POS Companion',
    appVersion: '0.1.0',
    shell: 'web',
    store,
    ...openDataFiles(dir, silentLogger),
    cipher: createFileKeyCipher(join(dir, 'secret.key'), silentLogger),
    createFetch: () => platform.fetch,
    clock,
    log: silentLogger,
    secrets: new SecretRedactor(),
    platformTuning: { timeoutMs: 2000, retry: { limit: 0, baseDelayMs: 1, maxDelayMs: 1 } },
    handoverRetry: { baseDelayMs: 50, maxDelayMs: 200, maxRetryAfterMs: 5000 },
    ...extra,
  })
  running.push(core)
  return { core, store }
}

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) {
    await clock.advance(0)
    await new Promise((resolve) => setImmediate(resolve))
  }
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pos-accounts-migration-'))
  await cp(FIXTURE, dir, { recursive: true })
  clock = new ManualClock(WRITTEN_AT + 5 * 60 * 1000)
  platform = new Platform()
})

afterEach(async () => {
  for (const core of running.splice(0)) core.dispose()
  await rm(dir, { recursive: true, force: true })
})

describe('a data folder written before accounts (issue 29)', () => {
  it('becomes the first account, signed in with its stored token, its keys under the account id', async () => {
    const { core, store } = await open()
    await core.start()
    const [account, ...others] = value(await core.handlers.listAccounts(undefined))
    expect(others).toEqual([])
    expect(account).toMatchObject({ shortName: FIRST_ACCOUNT_NAME, isDefault: true, state: 'signed-in' })
    expect(account?.credentialsStored).toBe(true)
    // The blob moved as it was, under the opaque id; nothing is kept under the old key.
    expect(store.get('secrets')).toBeUndefined()
    expect(typeof store.get(`secrets.${account?.id}`)).toBe('string')
    expect(JSON.stringify(store.get(ACCOUNTS_KEY))).not.toMatch(/KEY-OLD|token/)
    // Settings stay as they were.
    expect(value(await core.handlers.getSettings(undefined))).toMatchObject({
      platformAddress: 'https://platform.example.com/integrations',
      undoWindowSeconds: 0,
      waitingLimitMinutes: 25,
      sounds: true,
    })
  })

  it('resumes the owed hand-overs once each, with the first account’s own stored token', async () => {
    const { core } = await open()
    await core.start()
    await settle()
    await clock.advance(60_000)
    await settle()
    // The one cut off mid-send and the one retrying go now; the stored token is used, no new login.
    expect(platform.handedOver.map((call) => call.paymentKey).sort()).toEqual([RETRYING, CUT].sort())
    expect(platform.handedOver.every((call) => call.token === 'old-token-1')).toBe(true)
    expect(platform.logins).toBe(0)
    const account = value(await core.handlers.listAccounts(undefined))[0]?.id
    const orders = value(await core.handlers.listOrders(undefined))
    expect(orders.map((order) => [order.paymentKey, order.handover.state, order.account])).toEqual([
      [HANDED, 'handed-over', account],
      [RETRYING, 'handed-over', account],
      [CUT, 'handed-over', account],
      [WAITING, 'none', account],
    ])
  })

  it('keeps History and the courier ledger, History entries reading as the first account', async () => {
    const { core } = await open()
    const account = value(await core.handlers.listAccounts(undefined))[0]?.id
    const page = value(await core.handlers.listHistory({ day: '2026-11-27', limit: 50 }))
    expect(page.orders.map((row) => [row.paymentKey, row.account])).toEqual(
      expect.arrayContaining([
        [HANDED, account],
        [RETRYING, account],
      ]),
    )
    expect(page.orders.flatMap((row) => row.attempts).every((entry) => entry.account === account)).toBe(true)
    expect(value(await core.handlers.listHistory({ day: '2026-11-27', limit: 50, account })).total).toBe(
      page.total,
    )
    const couriers = value(await core.handlers.listCouriers(undefined))
    expect(couriers.map((courier) => courier.name)).toEqual(['Mehmet'])
    const carried = value(await core.handlers.listOrders(undefined)).filter(
      (order) => order.courier?.name === 'Mehmet',
    )
    expect(carried.map((order) => order.paymentKey).sort()).toEqual([HANDED, RETRYING].sort())
  })

  it('opens as the same one account again after a restart, and a new account gets another id', async () => {
    const first = await open()
    const before = value(await first.core.handlers.listAccounts(undefined))
    first.core.dispose()
    running.length = 0
    const second = await open()
    await second.core.start()
    const after = value(await second.core.handlers.listAccounts(undefined))
    expect(after).toEqual(before.map((account) => ({ ...account, state: 'signed-in' })))
    const added = value(
      await second.core.handlers.addAccount({
        shortName: 'Burger Ustası',
        colour: 'red',
        platformAddress: 'https://platform.example.com/integrations',
        appSecretKey: 'APP-KEY-BURGER',
        restSecretKey: 'REST-KEY-BURGER',
      }),
    )
    expect(added.id).not.toBe(before[0]?.id)
    expect(added.isDefault).toBe(false)
  })

  it('keeps the address that accepted the keys when first opened with --api-base elsewhere', async () => {
    const elsewhere = await open({
      settingsOverrides: { platformAddress: 'https://staging.example.net/integrations' },
    })
    await elsewhere.core.start()
    // Signed out there: the keys are not offered to another host (D33)…
    expect(value(await elsewhere.core.handlers.listAccounts(undefined))[0]?.state).toBe('signed-out')
    elsewhere.core.dispose()
    running.length = 0
    // …and back without it, the first account signs in where its keys were accepted, nothing lost.
    const home = await open()
    await home.core.start()
    expect(value(await home.core.handlers.listAccounts(undefined))[0]).toMatchObject({
      state: 'signed-in',
      credentialsStored: true,
    })
  })
})
