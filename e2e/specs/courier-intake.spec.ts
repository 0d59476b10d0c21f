// The courier's day through the POS intake (issue 21, docs/decisions.md D65): the POS sends an order's amount,
// courier and branch, names the courier of a hand-over, and pulls the day-end settlement with GET /v1/day-end;
// a restart of the app in the middle of the day changes nothing in that settlement. Every request is signed
// (D68). The couriers and the cash handed in are entered through the page's own bridge, as the screens do.
import type { Page } from '@playwright/test'
import type { CallName, CallOutput } from '../../src-shared/contract.ts'
import { DEMO_BRANCH_IDS, DEMO_ORDER_IDS, ORDER_STATUS } from '../mock-platform/demo-data.ts'
import { expect, test } from '../support/fixtures.ts'
import { expectSignedIn, signIn } from '../support/staff.ts'
import { posRequest } from '../../test-support/core/intake-signing.ts'

const CASH_ORDER = DEMO_ORDER_IDS.kadikoyCashDelivery
const CARD_ORDER = DEMO_ORDER_IDS.kadikoyCreditCardDelivery
const KADIKOY = DEMO_BRANCH_IDS.kadikoyModa

interface Intake {
  url: string
  key: string
}

/** A call through the page's own bridge (window.api), as a screen makes it. */
async function bridge<T>(page: Page, call: CallName, input?: unknown): Promise<T> {
  const result = await page.evaluate(
    ([name, payload]) => {
      if (!window.api) throw new Error('no bridge on the page')
      const method = window.api[name] as (input?: unknown) => Promise<unknown>
      return payload === undefined ? method() : method(payload)
    },
    [call, input] as const,
  )
  const answer = result as { ok: true; value: T } | { ok: false; error: unknown }
  if (!answer.ok) throw new Error(`${call} failed: ${JSON.stringify(answer.error)}`)
  return answer.value
}

async function intakeOf(page: Page): Promise<Intake> {
  const info = await bridge<CallOutput<'getIntakeInfo'>>(page, 'getIntakeInfo')
  if (info.url === null) throw new Error(`the intake API is not serving: ${info.status}`)
  return { url: info.url, key: info.key }
}

const post = (intake: Intake, path: string, json: unknown) =>
  posRequest(intake.url, intake.key, { method: 'POST', path, json })
const get = (intake: Intake, path: string) => posRequest(intake.url, intake.key, { path })
const codeOf = (answer: { json: unknown }) => (answer.json as { error?: { code?: string } }).error?.code

test.describe('the courier fields of the POS intake, and GET /v1/day-end', () => {
  test.beforeEach(async ({ app }) => {
    await signIn(app.page, 'vendor')
    await expectSignedIn(app.page)
  })

  test('the POS names amounts, couriers and branches; the settlement reads the same after a restart', async ({
    app,
    mock,
  }) => {
    let page = app.page
    let intake = await intakeOf(page)
    const ahmet = await bridge<{ id: string }>(page, 'addCourier', {
      requestId: 'e2e-add-ahmet',
      name: 'Ahmet Yılmaz',
      badge: 'K-01',
    })
    await bridge(page, 'addCourier', { requestId: 'e2e-add-mehmet', name: 'Mehmet Demir' })

    const delivery = { shipping_method: 'delivery', courier_type: 'restaurant' }
    // What the API refuses leaves the board as it was.
    const refused = [
      [{ amount_kurus: 399.9 }, 'invalid-amount'],
      [{ amount_kurus: -1 }, 'invalid-amount'],
      [{ amount_kurus: '39990' }, 'invalid-amount'],
      [{ courier: 'Kimse' }, 'unknown-courier'],
      [{ courier: 'Ahmet\nYılmaz' }, 'invalid-courier'],
      [{ branch: 'no-such-branch' }, 'unknown-branch'],
      [{ amount: 100 }, 'unknown-field'],
    ] as const
    for (const [fields, code] of refused) {
      const answer = await post(intake, '/v1/orders', { payment_key: CASH_ORDER, ...delivery, ...fields })
      expect([answer.status, codeOf(answer), answer.fromApp]).toEqual([422, code, true])
    }
    expect(await bridge<unknown[]>(page, 'listOrders')).toEqual([])

    // The courier by name, any letter case (Turkish rules): the package goes with Ahmet.
    const added = await post(intake, '/v1/orders', {
      payment_key: CASH_ORDER,
      ...delivery,
      payment_method: 'CASH',
      amount_kurus: 39990,
      courier: 'AHMET YILMAZ',
      branch: KADIKOY,
    })
    expect([added.status, added.fromApp]).toEqual([201, true])
    await post(intake, '/v1/orders', {
      payment_key: CARD_ORDER,
      ...delivery,
      payment_method: 'CREDIT_CARD',
      amount_kurus: 24550,
      branch: KADIKOY,
    })
    const board = await bridge<{ paymentKey: string; amountKurus?: number; courier?: { name: string } }[]>(
      page,
      'listOrders',
    )
    expect(board.find((order) => order.paymentKey === CASH_ORDER)).toMatchObject({
      amountKurus: 39990,
      branch: KADIKOY,
      courier: { id: ahmet.id, name: 'Ahmet Yılmaz' },
    })

    // A hand-over naming an unknown courier sends nothing; one naming Mehmet goes, and so does Ahmet's.
    const unknown = await post(intake, `/v1/orders/${CARD_ORDER}/handover`, { courier: 'Kimse' })
    expect([unknown.status, codeOf(unknown)]).toEqual([422, 'unknown-courier'])
    const extra = await post(intake, `/v1/orders/${CARD_ORDER}/handover`, { courier: 'Mehmet', tip: 5 })
    expect([extra.status, codeOf(extra)]).toEqual([422, 'unknown-field'])
    expect((await mock.control.counters()).requests.ontheway).toBe(0)
    expect(
      (await post(intake, `/v1/orders/${CARD_ORDER}/handover`, { courier: 'mehmet demir' })).status,
    ).toBe(202)
    expect((await post(intake, `/v1/orders/${CASH_ORDER}/handover`, {})).status).toBe(202)
    for (const key of [CASH_ORDER, CARD_ORDER]) {
      await expect
        .poll(async () => (await get(intake, `/v1/orders/${key}`)).json, { timeout: 20_000 })
        .toMatchObject({ state: 'handed-over' })
      expect((await mock.control.getOrder(key))?.status_id).toBe(ORDER_STATUS.IN_DELIVERY)
    }

    // Ahmet comes back with 390,00 ₺ of the 399,90 he collected.
    await bridge(page, 'recordCash', { requestId: 'e2e-cash-1', courierId: ahmet.id, amountKurus: 39000 })

    const today = await get(intake, '/v1/day-end')
    expect([today.status, today.fromApp]).toEqual([200, true])
    const settlement = today.json as { date: string }
    // Issue 28's fields, each courier's: no float, expense, card at the door, advance or debt; pay off; open.
    const NO_MOVEMENTS = {
      float_kurus: 0,
      expenses_kurus: 0,
      card_at_door_kurus: 0,
      advances_kurus: 0,
      debt_carried_kurus: 0,
      pay_kurus: null,
      closed: false,
    }
    expect(settlement).toEqual({
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown,
      couriers: [
        {
          courier: 'Ahmet Yılmaz',
          packages: 1,
          cash_to_collect_kurus: 39990,
          cash_handed_in_kurus: 39000,
          difference_kurus: -990,
          ...NO_MOVEMENTS,
          expected_cash_kurus: 39990,
        },
        {
          courier: 'Mehmet Demir',
          packages: 1,
          cash_to_collect_kurus: 0,
          cash_handed_in_kurus: 0,
          difference_kurus: 0,
          ...NO_MOVEMENTS,
          expected_cash_kurus: 0,
        },
      ],
      unassigned_packages: 0,
      unassigned_cash_to_collect_kurus: 0,
      not_confirmed: { owed: 0, unconfirmed: 0, refused: 0 },
    })
    expect((await get(intake, `/v1/day-end?date=${settlement.date}`)).json).toEqual(settlement)
    for (const query of [
      'date=2026-13-01',
      'date=yesterday',
      `date=${settlement.date}&x=1`,
      'day=2026-11-24',
    ]) {
      const answer = await get(intake, `/v1/day-end?${query}`)
      expect([query, answer.status, codeOf(answer)]).toEqual([query, 422, 'invalid-date'])
    }

    // A restart in the middle of the day: the settlement reads the same from disk.
    page = await app.restart()
    await expectSignedIn(page)
    intake = await intakeOf(page)
    const again = await get(intake, `/v1/day-end?date=${settlement.date}`)
    expect([again.status, again.fromApp]).toEqual([200, true])
    expect(again.json).toEqual(settlement)
    expect((await get(intake, '/v1/day-end')).json).toEqual(settlement)
  })
})
