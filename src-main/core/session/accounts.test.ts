// Several restaurant accounts in one app (issue 29): each account's own session, token, renewal and refusal,
// and every hand-over with its own account's token, once. The platform knows two accounts and refuses an
// order of one with the other's token ("sipariş bulunamadı"), so borrowing would show.
import { afterEach, describe, expect, it } from 'vitest'
import { SHORT_NAME_MAX, checkShortName } from '../../../src-shared/account-rules.ts'
import type { AddAccountInput } from '../../../src-shared/accounts.ts'
import type { Result } from '../../../src-shared/errors.ts'
import { ManualClock } from '../../../test-support/core/manual-clock.ts'
import { MemoryStore, inMemoryCoreParts } from '../../../test-support/core/memory-adapters.ts'
import { testCore } from '../../../test-support/core/core-on-mock.ts'
import {
  BRAND_A,
  BRAND_B,
  TWO_ACCOUNT_ADDRESS,
  TwoAccountPlatform,
} from '../../../test-support/core/two-account-platform.ts'
import type { Core, CoreDeps } from '../create-core.ts'
import { toAppError } from '../app-failure.ts'
import { SecretRedactor } from '../logging/secret-redactor.ts'
import { MemoryJournal } from '../storage/memory-journal.ts'
import { texts } from '../../../src-shared/texts/index.ts'
import { RENEW_BEFORE_EXPIRY_MS, TOKEN_LIFETIME_MS } from './token-expiry.ts'

const A1 = 'aaaaaaaa-0000-4000-8000-000000000001'
const A2 = 'aaaaaaaa-0000-4000-8000-000000000002'
const B1 = 'bbbbbbbb-0000-4000-8000-000000000001'
const B2 = 'bbbbbbbb-0000-4000-8000-000000000002'
const DELIVERY = { courierType: 'restaurant', shippingMethod: 'delivery' } as const

const running: Core[] = []
afterEach(() => {
  for (const core of running.splice(0)) core.dispose()
})

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`)
  return result.value
}

function refusal<T>(result: Result<T>) {
  if (result.ok) throw new Error('expected a refusal')
  return result.error
}

const brand = (shortName: string, keys: typeof BRAND_A, colour: AddAccountInput['colour'] = 'red') => ({
  shortName,
  colour,
  platformAddress: TWO_ACCOUNT_ADDRESS,
  ...keys,
})

interface World {
  core: Core
  clock: ManualClock
  platform: TwoAccountPlatform
  store: MemoryStore
  parts: ReturnType<typeof inMemoryCoreParts>
  a: string
  b: string
}

async function boot(world: Omit<World, 'core' | 'a' | 'b'>, extra: Partial<CoreDeps> = {}): Promise<Core> {
  const core = await testCore({
    store: world.store,
    ...world.parts,
    clock: world.clock,
    createFetch: () => world.platform.fetch,
    platformTuning: { timeoutMs: 60_000, retry: { limit: 0, baseDelayMs: 1, maxDelayMs: 1 } },
    handoverRetry: { baseDelayMs: 1000, maxDelayMs: 5000, maxRetryAfterMs: 5000 },
    ...extra,
  })
  running.push(core)
  return core
}

/** Two accounts signed in: A (the first, the default) and B; A's orders A1, A2; B's B1, B2. */
async function twoAccounts(extra: Partial<CoreDeps> = {}): Promise<World> {
  const clock = new ManualClock(Date.UTC(2026, 10, 27, 9, 0, 0))
  const platform = new TwoAccountPlatform(clock)
  platform.orders.A = new Set([A1, A2])
  platform.orders.B = new Set([B1, B2])
  const base = { clock, platform, store: new MemoryStore(), parts: inMemoryCoreParts() }
  const core = await boot(base, extra)
  value(await core.handlers.updateSettings({ undoWindowSeconds: 0 }))
  const a = value(await core.handlers.addAccount(brand('Burger Ustası', BRAND_A))).id
  const b = value(await core.handlers.addAccount(brand('Pide Evi', BRAND_B, 'blue'))).id
  return { ...base, core, a, b }
}

async function settle(clock: ManualClock): Promise<void> {
  for (let i = 0; i < 20; i++) {
    await clock.advance(0)
    await new Promise((resolve) => setImmediate(resolve))
  }
}

async function addOrders(w: World): Promise<void> {
  for (const [key, account] of [
    [A1, w.a],
    [A2, w.a],
    [B1, w.b],
    [B2, w.b],
  ] as const) {
    value(await w.core.handlers.addOrder({ text: key, account, ...DELIVERY }))
  }
}

describe('accounts (issue 29)', () => {
  it('lists each account with its name, colour and sign-in, the first as the default, nothing secret', async () => {
    const w = await twoAccounts()
    const accounts = value(await w.core.handlers.listAccounts(undefined))
    expect(accounts).toEqual([
      {
        id: w.a,
        shortName: 'Burger Ustası',
        colour: 'red',
        isDefault: true,
        state: 'signed-in',
        credentialsStored: true,
      },
      {
        id: w.b,
        shortName: 'Pide Evi',
        colour: 'blue',
        isDefault: false,
        state: 'signed-in',
        credentialsStored: true,
      },
    ])
    expect(w.a).not.toBe(w.b)
    // Secrets are kept under the opaque ids, one blob each; the account list holds no key or token.
    expect(w.store.values.has(`secrets.${w.a}`)).toBe(true)
    expect(w.store.values.has(`secrets.${w.b}`)).toBe(true)
    expect(JSON.stringify(w.store.get('accounts'))).not.toMatch(/key-AAAA|key-BBBB|token/)
    expect(w.platform.logins).toEqual({ A: 1, B: 1 })
  })

  it('hands each order over once, with its own account’s token only', async () => {
    const w = await twoAccounts()
    await addOrders(w)
    await Promise.all([A1, B1, A2, B2].map((key) => w.core.handlers.handOverOrder({ paymentKey: key })))
    await settle(w.clock)
    for (const [key, owner] of [
      [A1, 'A'],
      [A2, 'A'],
      [B1, 'B'],
      [B2, 'B'],
    ] as const) {
      expect(w.platform.callsFor(key).map((call) => [call.tokenOf, call.status])).toEqual([[owner, 200]])
    }
    const orders = value(await w.core.handlers.listOrders(undefined))
    expect(orders.map((order) => [order.paymentKey, order.account, order.handover.state])).toEqual([
      [A1, w.a, 'handed-over'],
      [A2, w.a, 'handed-over'],
      [B1, w.b, 'handed-over'],
      [B2, w.b, 'handed-over'],
    ])
    // The journal and History carry the account of every attempt.
    const page = value(await w.core.handlers.listHistory({ limit: 50 }))
    expect(page.orders.map((row) => [row.paymentKey, row.account]).sort()).toEqual(
      [
        [A1, w.a],
        [A2, w.a],
        [B1, w.b],
        [B2, w.b],
      ].sort(),
    )
    expect(
      page.orders.flatMap((row) => row.attempts.map((entry) => entry.account === row.account)),
    ).not.toContain(false)
    const onlyB = value(await w.core.handlers.listHistory({ limit: 50, account: w.b }))
    expect(onlyB.orders.map((row) => row.paymentKey).sort()).toEqual([B1, B2].sort())
  })

  it('sends an order to the account it was put under: moved before sending, it goes with the new one', async () => {
    const w = await twoAccounts()
    // Typed without an account: the default account (A). The platform lists B1 under B only.
    const typed = value(await w.core.handlers.addOrder({ text: B1, ...DELIVERY }))
    expect(typed.account).toBe(w.a)
    value(await w.core.handlers.setOrderAccount({ paymentKey: B1, account: w.b }))
    await w.core.handlers.handOverOrder({ paymentKey: B1 })
    await settle(w.clock)
    expect(w.platform.callsFor(B1).map((call) => call.tokenOf)).toEqual(['B'])
    // Nothing is tried account after account: sent once with the wrong account, it fails, and stays so.
    value(await w.core.handlers.addOrder({ text: A2, account: w.b, ...DELIVERY }))
    const failed = value(await w.core.handlers.handOverOrder({ paymentKey: A2 }))
    await settle(w.clock)
    expect(failed.handover).toMatchObject({ state: 'failed', error: { code: 'order-not-found' } })
    expect(w.platform.callsFor(A2).map((call) => call.tokenOf)).toEqual(['B'])
    // Once something was sent, the order's account cannot change.
    expect(refusal(await w.core.handlers.setOrderAccount({ paymentKey: A2, account: w.a })).problem).toBe(
      'already-sending',
    )
  })

  it('refuses the same payment key under a second account', async () => {
    const w = await twoAccounts()
    value(await w.core.handlers.addOrder({ text: A1, account: w.a, ...DELIVERY }))
    expect(refusal(await w.core.handlers.addOrder({ text: A1, account: w.b, ...DELIVERY })).problem).toBe(
      'order-other-account',
    )
    expect(value(await w.core.handlers.listOrders(undefined)).map((order) => order.account)).toEqual([w.a])
    const unknown = 'cccccccc-0000-4000-8000-000000000000'
    expect(refusal(await w.core.handlers.addOrder({ text: A2, account: unknown, ...DELIVERY })).problem).toBe(
      'unknown-account',
    )
  })

  it('makes one login per account when every token expired at once, however many calls wait', async () => {
    const w = await twoAccounts()
    await addOrders(w)
    w.platform.expireAll()
    w.platform.loginDelayMs = 20
    const before = { ...w.platform.logins }
    await Promise.all([A1, A2, B1, B2].map((key) => w.core.handlers.handOverOrder({ paymentKey: key })))
    await settle(w.clock)
    expect(w.platform.logins).toEqual({ A: before.A + 1, B: before.B + 1 })
    // Every refused call carried its own account's expired token; every call that went through, its own new one.
    for (const call of w.platform.onTheWay) {
      const owner = w.platform.orders.A.has(call.paymentKey) ? 'A' : 'B'
      expect(call.token?.startsWith(`${owner}-token-`)).toBe(true)
    }
    expect(w.platform.onTheWay.filter((call) => call.status === 200)).toHaveLength(4)
  })

  it('signs out only the account whose keys are refused; its orders wait, saying why, and never borrow', async () => {
    const w = await twoAccounts()
    await addOrders(w)
    w.platform.expireAll()
    w.platform.refused.add('B')
    const waiting = value(await w.core.handlers.handOverOrder({ paymentKey: B1 }))
    expect(waiting.handover).toMatchObject({ state: 'queued', waitingForSignIn: true })
    const accounts = value(await w.core.handlers.listAccounts(undefined))
    expect(accounts.map((account) => [account.id, account.state, account.reason])).toEqual([
      [w.a, 'signed-in', undefined],
      [w.b, 'signed-out', 'wrong-credentials'],
    ])
    // A still works, with its own token; B's order never went out with A's.
    value(await w.core.handlers.handOverOrder({ paymentKey: A1 }))
    await settle(w.clock)
    expect(w.platform.callsFor(B1).every((call) => call.tokenOf !== 'A')).toBe(true)
    // A's expired token, refused; A's own fresh one: one login for A, B's refusal cost A nothing.
    expect(w.platform.callsFor(A1).map((call) => [call.token, call.status])).toEqual([
      ['A-token-1', 401],
      ['A-token-2', 200],
    ])
    // B signs in again (staff fixed its keys): what waited for it goes, with B's token, once.
    w.platform.refused.delete('B')
    value(await w.core.handlers.signInAccount({ account: w.b }))
    await settle(w.clock)
    expect(
      w.platform
        .callsFor(B1)
        .filter((call) => call.status === 200)
        .map((call) => call.tokenOf),
    ).toEqual(['B'])
  })

  it('renews each account’s token on its own timer, writing only its own', async () => {
    const w = await twoAccounts()
    // B signed in an hour after A: its renewal comes an hour later.
    value(await w.core.handlers.signOutAccount({ account: w.b }))
    await w.clock.advance(60 * 60 * 1000)
    value(await w.core.handlers.signInAccount({ account: w.b }))
    const blobB = w.store.get(`secrets.${w.b}`)
    const blobA = w.store.get(`secrets.${w.a}`)
    const loginsB = w.platform.logins.B
    const untilA = TOKEN_LIFETIME_MS - RENEW_BEFORE_EXPIRY_MS - 60 * 60 * 1000
    await w.clock.advance(untilA + 1000)
    await settle(w.clock)
    expect(w.platform.logins.A).toBe(2)
    expect(w.platform.logins.B).toBe(loginsB)
    expect(w.store.get(`secrets.${w.a}`)).not.toEqual(blobA)
    expect(w.store.get(`secrets.${w.b}`)).toEqual(blobB)
    await w.clock.advance(60 * 60 * 1000)
    await settle(w.clock)
    expect(w.platform.logins.B).toBe(loginsB + 1)
  })

  it('lets one account’s token lapse while its platform is down, the other renewing by itself', async () => {
    const w = await twoAccounts()
    await addOrders(w)
    w.platform.down.add('A')
    // Past both renewals and past the tokens' expiry: A's renewals fail each minute, B's first one works.
    await w.clock.advance(TOKEN_LIFETIME_MS + 60_000)
    await settle(w.clock)
    expect(w.platform.logins).toEqual({ A: 1, B: 2 })
    // A's token is gone: its next call logs in again with A's keys (once the platform answers), never B's token.
    w.platform.down.delete('A')
    await w.core.handlers.handOverOrder({ paymentKey: A1 })
    await w.core.handlers.handOverOrder({ paymentKey: B1 })
    await settle(w.clock)
    expect(w.platform.logins).toEqual({ A: 2, B: 2 })
    expect(w.platform.callsFor(A1).map((call) => [call.token, call.status])).toEqual([['A-token-2', 200]])
    expect(w.platform.callsFor(B1).map((call) => [call.token, call.status])).toEqual([['B-token-2', 200]])
  })

  it('keeps every account’s keys and token out of the logs at once', async () => {
    const secrets = new SecretRedactor()
    const w = await twoAccounts({ secrets })
    await addOrders(w)
    await w.core.handlers.handOverOrder({ paymentKey: A1 })
    await w.core.handlers.handOverOrder({ paymentKey: B1 })
    const tokens = w.platform.onTheWay.map((call) => call.token as string)
    expect(tokens).toEqual(['A-token-1', 'B-token-1'])
    // A long day of other secrets learnt: only what each account's vault pins is sure to stay.
    for (let index = 0; index < 300; index++) secrets.register(`typed-wrong-key-${String(index)}`)
    for (const secret of [...tokens, ...Object.values(BRAND_A), ...Object.values(BRAND_B)]) {
      expect(secrets.redactValue(`x ${secret} y`)).not.toContain(secret)
    }
  })

  it('refuses to remove an account that owes hand-overs, with the count; then removes it and its keys', async () => {
    const w = await twoAccounts()
    await addOrders(w)
    w.platform.failing.add(B1)
    w.platform.failing.add(B2)
    await w.core.handlers.handOverOrder({ paymentKey: B1 })
    await w.core.handlers.handOverOrder({ paymentKey: B2 })
    expect(refusal(await w.core.handlers.removeAccount({ account: w.b }))).toMatchObject({
      code: 'invalid-input',
      problem: 'account-owes-handovers',
      count: 2,
    })
    w.platform.failing.clear()
    await w.clock.advance(10_000)
    await settle(w.clock)
    expect(w.core.allDay.countOwed()).toBe(0)
    const left = value(await w.core.handlers.removeAccount({ account: w.b }))
    expect(left.map((account) => account.id)).toEqual([w.a])
    expect(w.store.values.has(`secrets.${w.b}`)).toBe(false)
    expect(w.store.values.has(`secrets.${w.a}`)).toBe(true)
  })

  it('checks short names (Turkish letter case, one line, no hidden characters), colours and the limit', async () => {
    const w = await twoAccounts()
    const problem = async (input: AddAccountInput) => refusal(await w.core.handlers.addAccount(input)).problem
    const keysOfA = { appSecretKey: BRAND_A.appSecretKey, restSecretKey: BRAND_A.restSecretKey }
    expect(await problem(brand('BURGER USTASI', BRAND_B))).toBe('account-name-taken')
    expect(await problem(brand('pİde evİ', BRAND_B))).toBe('account-name-taken')
    expect(await problem(brand('   ', BRAND_B))).toBe('account-name-empty')
    expect(await problem(brand('Pide\nEvi 2', BRAND_B))).toBe('account-name-not-one-line')
    expect(await problem(brand('Kebap\u202eCı', BRAND_B))).toBe('account-name-bad-characters')
    expect(await problem(brand('Kebap\u200bCı', BRAND_B))).toBe('account-name-bad-characters')
    expect(await problem(brand('K'.repeat(SHORT_NAME_MAX + 1), BRAND_B))).toBe('account-name-too-long')
    expect(checkShortName('İ'.repeat(SHORT_NAME_MAX))).toEqual({ ok: true, name: 'İ'.repeat(SHORT_NAME_MAX) })
    // The same keys at the same address under a second account: one restaurant twice.
    expect(await problem({ ...brand('Kebapçı', BRAND_B), ...keysOfA })).toBe('account-keys-in-use')
    expect(
      refusal(await w.core.handlers.updateAccount({ account: w.b, shortName: 'burger ustası' })).problem,
    ).toBe('account-name-taken')
    // Nothing refused was saved.
    expect(value(await w.core.handlers.listAccounts(undefined))).toHaveLength(2)
    const renamed = value(
      await w.core.handlers.updateAccount({ account: w.b, shortName: ' Pide  Evi ', colour: 'green' }),
    )
    expect(renamed).toMatchObject({ shortName: 'Pide Evi', colour: 'green' })
  })

  it('does not keep an account whose keys the platform refuses', async () => {
    const w = await twoAccounts()
    const wrong = { appSecretKey: 'nope', restSecretKey: 'nope' }
    expect(refusal(await w.core.handlers.addAccount(brand('Yanlış', wrong))).code).toBe('wrong-credentials')
    expect(value(await w.core.handlers.listAccounts(undefined))).toHaveLength(2)
    expect([...w.store.values.keys()].filter((key) => key.startsWith('secrets'))).toHaveLength(2)
  })

  it('lists each account’s branches and methods with its own token; the sign-in screen’s are the default’s', async () => {
    const w = await twoAccounts()
    expect(value(await w.core.handlers.listAccountBranches({ account: w.b }))).toEqual([
      { id: 'branch-B', name: 'Şube B' },
    ])
    expect(value(await w.core.handlers.listAccountBranches({ account: w.a }))).toEqual([
      { id: 'branch-A', name: 'Şube A' },
    ])
    expect(value(await w.core.handlers.listBranches(undefined))).toEqual([{ id: 'branch-A', name: 'Şube A' }])
    const methodsOf = async (account: string) =>
      value(await w.core.handlers.getAccountMethods({ account, forceRefresh: false })).paymentMethods
    expect(await methodsOf(w.b)).toEqual([{ key: 'CASH_B', name: 'Nakit B' }])
    // Cached per account's key set: the other account's list is never served from it.
    expect(await methodsOf(w.a)).toEqual([{ key: 'CASH_A', name: 'Nakit A' }])
    expect(await methodsOf(w.b)).toEqual([{ key: 'CASH_B', name: 'Nakit B' }])
    const unknown = 'cccccccc-0000-4000-8000-000000000000'
    expect(refusal(await w.core.handlers.listAccountBranches({ account: unknown })).problem).toBe(
      'unknown-account',
    )
  })

  it('tells support each account’s sign-in, and nothing secret', async () => {
    const w = await twoAccounts()
    const bundle = value(await w.core.handlers.getDiagnostics(undefined))
    expect(bundle.accounts?.map((account) => [account.shortName, account.state])).toEqual([
      ['Burger Ustası', 'signed-in'],
      ['Pide Evi', 'signed-in'],
    ])
    expect(JSON.stringify(bundle)).not.toMatch(/key-AAAA|key-BBBB|-token-/)
  })

  it('moves the default, where typed orders without an account go', async () => {
    const w = await twoAccounts()
    const accounts = value(await w.core.handlers.setDefaultAccount({ account: w.b }))
    expect(accounts.map((account) => account.isDefault)).toEqual([false, true])
    expect(value(await w.core.handlers.addOrder({ text: B1, ...DELIVERY })).account).toBe(w.b)
    // The sign-in screen's status is the default account's.
    value(await w.core.handlers.signOutAccount({ account: w.b }))
    expect(value(await w.core.handlers.getSession(undefined)).state).toBe('signed-out')
  })

  it('after a crash mid-send, replays each owed hand-over once with its own account', async () => {
    const w = await twoAccounts()
    await addOrders(w)
    w.platform.hanging.add(A1)
    w.platform.hanging.add(B1)
    void w.core.handlers.handOverOrder({ paymentKey: A1 })
    void w.core.handlers.handOverOrder({ paymentKey: B1 })
    await settle(w.clock)
    expect(w.platform.onTheWay).toEqual([])
    // SIGKILL: the process is gone; the journals and the store stay.
    running.splice(0)
    w.platform.hanging.clear()
    const restarted = await boot(w)
    await restarted.start()
    await settle(w.clock)
    expect(w.platform.onTheWay.map((call) => [call.paymentKey, call.tokenOf, call.status]).sort()).toEqual(
      [
        [A1, 'A', 200],
        [B1, 'B', 200],
      ].sort(),
    )
  })
})

describe('accounts: what the first part left open (issue 29)', () => {
  it('notes each handed-over order in the courier ledger with its own account', async () => {
    const w = await twoAccounts()
    await addOrders(w)
    await w.core.handlers.handOverOrder({ paymentKey: A1 })
    await w.core.handlers.handOverOrder({ paymentKey: B1 })
    await settle(w.clock)
    const journal = w.parts.courierJournal
    if (!(journal instanceof MemoryJournal)) throw new Error('a memory journal')
    const notes = journal.records.filter((record) => (record as { type: string }).type === 'order-noted')
    expect(notes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ paymentKey: A1, account: w.a }),
        expect.objectContaining({ paymentKey: B1, account: w.b }),
      ]),
    )
  })

  it('refuses to remove an account while its orders wait on the board, with the count; never moves them', async () => {
    const w = await twoAccounts()
    await addOrders(w)
    // Nothing pressed yet: B's orders are B's restaurant's on the platform; A's token could not hand them over.
    expect(refusal(await w.core.handlers.removeAccount({ account: w.b }))).toMatchObject({
      code: 'invalid-input',
      problem: 'account-has-orders',
      count: 2,
    })
    expect(value(await w.core.handlers.listAccounts(undefined)).map((one) => one.id)).toEqual([w.a, w.b])
    expect(w.store.values.has(`secrets.${w.b}`)).toBe(true)
    // A refused hand-over still waits for staff, with its own account: it counts too.
    w.platform.orders.B.delete(B1)
    await w.core.handlers.handOverOrder({ paymentKey: B1 })
    await settle(w.clock)
    value(await w.core.handlers.removeOrder({ paymentKey: B2 }))
    expect(refusal(await w.core.handlers.removeAccount({ account: w.b }))).toMatchObject({
      problem: 'account-has-orders',
      count: 1,
    })
    value(await w.core.handlers.removeOrder({ paymentKey: B1 }))
    const left = value(await w.core.handlers.removeAccount({ account: w.b }))
    expect(left.map((account) => account.id)).toEqual([w.a])
  })

  it('checks an order’s branch and door method against its own account’s lists, not the default’s', async () => {
    const w = await twoAccounts()
    const problemOf = (work: Promise<unknown>) =>
      work.then(
        () => undefined,
        (error: unknown) => toAppError(error).problem,
      )
    // From the POS, by short name: B lists branch-B only; A (the default) lists branch-A only.
    const pos = (paymentKey: string, account: string, branch: string) =>
      w.core.intake.addOrder({ paymentKey, account, details: { branch } }, 'pos-api')
    expect(await problemOf(pos(B1, 'Pide Evi', 'branch-B'))).toBeUndefined()
    expect(await problemOf(pos(B2, 'Pide Evi', 'branch-A'))).toBe('unknown-branch')
    expect(await problemOf(pos(A1, 'Burger Ustası', 'branch-A'))).toBeUndefined()
    expect(await problemOf(pos(A2, 'burger ustası', 'branch-B'))).toBe('unknown-branch')
    // What the customer paid at the door: a method B's platform lists, for B's order; A's is refused for it.
    const door = (paymentKey: string, method: string) =>
      w.core.handlers.setDoorTender({ requestId: `${paymentKey}-${method}`, paymentKey, method })
    expect(value(await door(B1, 'CASH_B'))).toMatchObject({ method: 'CASH_B' })
    expect(refusal(await door(B1, 'CASH_A')).problem).toBe('method-not-listed')
    expect(value(await door(A1, 'CASH_A'))).toMatchObject({ method: 'CASH_A' })
    expect(refusal(await door(A1, 'CASH_B')).problem).toBe('method-not-listed')
  })

  it('raises the attention value when another account’s keys are refused, naming it', async () => {
    const w = await twoAccounts()
    await addOrders(w)
    expect(w.core.attention.current()).toMatchObject({ sessionLost: false, count: 0 })
    // B's keys refused when its token lapsed: the default account A is fine.
    w.platform.expireAll()
    w.platform.refused.add('B')
    value(await w.core.handlers.handOverOrder({ paymentKey: B1 }))
    await settle(w.clock)
    expect(value(await w.core.handlers.listAccounts(undefined))[1]).toMatchObject({ state: 'signed-out' })
    expect(w.core.attention.current()).toMatchObject({
      sessionLost: true,
      lostAccounts: ['Pide Evi'],
      count: 1,
    })
  })

  it('stops start-up on a damaged account list with words staff can act on, keeping every key', async () => {
    const w = await twoAccounts()
    running.splice(0).forEach((core) => core.dispose())
    const keysA = w.store.values.get(`secrets.${w.a}`)
    w.store.values.set('accounts', { firstId: 'not an id', accounts: 'garbage' })
    const failed = await boot(w).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(failed).toMatchObject({ code: 'ACCOUNTS_DAMAGED' })
    // Nothing started over: the damaged list and the keys are still there for support to recover.
    expect(w.store.values.get('accounts')).toEqual({ firstId: 'not an id', accounts: 'garbage' })
    expect(w.store.values.get(`secrets.${w.a}`)).toEqual(keysA)
    expect(w.store.values.has(`secrets.${w.b}`)).toBe(true)
    // The start-up dialog (D36) names a cause by the error's code, in words, Turkish then English: not "internal".
    const { code } = failed as { code: string }
    expect(texts.tr.startup.cause[code]).toContain('restoran hesaplarının listesi')
    expect(texts.en.startup.cause[code as 'ACCOUNTS_DAMAGED']).toContain('list of restaurant accounts')
  })
})
