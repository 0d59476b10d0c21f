// The POS intake end to end: a script on this machine posts orders to the app's local intake API while the
// page is open; they appear on the board with no click, marked as from the POS and announced; one is handed
// over through the API exactly as the button would, and the page shows it (D45).
import type { Page } from '@playwright/test'
import type { IntakeInfo } from '../../src-shared/intake-info.ts'
import { DEMO_ORDER_IDS, ORDER_STATUS } from '../mock-platform/demo-data.ts'
import { expect, test } from '../support/fixtures.ts'
import { expectSignedIn, orderItem, signIn } from '../support/staff.ts'
import { posRequest, signRequest } from '../../test-support/core/intake-signing.ts'

const ELIGIBLE = DEMO_ORDER_IDS.kadikoyCashDelivery
const SECOND = DEMO_ORDER_IDS.kadikoyCreditCardDelivery

/** What Settings shows: the address and the key, asked of the app through its own bridge. */
async function intakeOf(page: Page): Promise<{ url: string; key: string }> {
  const result = await page.evaluate(() => {
    if (!window.api) throw new Error('no bridge on the page')
    return window.api.getIntakeInfo()
  })
  if (!result.ok) throw new Error(`getIntakeInfo failed: ${JSON.stringify(result.error)}`)
  const info: IntakeInfo = result.value
  if (info.url === null) throw new Error(`the intake API is not serving: ${info.status}`)
  return { url: info.url, key: info.key }
}

/** A POST signed as docs/intake-api.md says (D68): the key signs the request and is never sent. */
function post(intake: { url: string; key: string }, path: string, body: unknown) {
  return posRequest(intake.url, intake.key, { method: 'POST', path, json: body })
}

test.describe('the POS intake API', () => {
  // The app's default undo window (docs/decisions.md D40): a hand-over the POS asks for waits out its
  // countdown on the card, as a press of the button does; waits follow the card, never a fixed sleep.
  test.use({ undoWindowSeconds: 5 })

  test.beforeEach(async ({ app }) => {
    await signIn(app.page, 'vendor')
    await expectSignedIn(app.page)
  })

  test('orders posted by the POS appear on the open board with no click, and are announced', async ({
    app,
  }) => {
    const { page } = app
    const intake = await intakeOf(page)
    const first = await post(intake, '/v1/orders', {
      payment_key: ELIGIBLE,
      shipping_method: 'delivery',
      payment_method: 'CASH',
      courier_type: 'restaurant',
      label: 'Masa 4',
    })
    expect([first.status, first.fromApp]).toEqual([201, true])
    expect(first.json).toMatchObject({
      payment_key: ELIGIBLE,
      short_code: '000-001',
      state: 'waiting',
    })
    const item = orderItem(page, ELIGIBLE)
    await expect(item).toContainText('Masa 4')
    await expect(item).toContainText(/POS · \d\d:\d\d/)
    await expect(page.getByTestId('board-announcer')).toContainText(
      'Yeni sipariş 000-001 panoya eklendi (POS).',
    )

    expect((await post(intake, '/v1/orders', { payment_key: SECOND })).status).toBe(201)
    await expect(orderItem(page, SECOND)).toContainText(/POS · /)
    // The same order again merges and answers 200: still one row.
    expect((await post(intake, '/v1/orders', { payment_key: SECOND, label: 'Paket 2' })).status).toBe(200)
    await expect(orderItem(page, SECOND)).toContainText('Paket 2')
    await expect(page.getByRole('list', { name: 'Siparişler' }).getByRole('listitem')).toHaveCount(2)
  })

  test('a hand-over asked for through the API goes out once and the page shows it', async ({ app, mock }) => {
    const { page } = app
    const intake = await intakeOf(page)
    await post(intake, '/v1/orders', {
      payment_key: ELIGIBLE,
      shipping_method: 'delivery',
      courier_type: 'restaurant',
    })
    await expect(orderItem(page, ELIGIBLE)).toBeVisible()
    const asked = await post(intake, `/v1/orders/${ELIGIBLE}/handover`, {})
    expect([asked.status, asked.fromApp]).toEqual([202, true])
    // The outbox holds it for the undo window first, as it does a press of the button (docs/decisions.md D40):
    // the card counts down and offers Geri al, and the API calls it on its way.
    const item = orderItem(page, ELIGIBLE)
    await expect(item).toContainText(/sn içinde gönderilecek/)
    await expect(item.getByRole('button', { name: 'Geri al: 000-001 (kuryeye verme)' })).toBeVisible()
    const during = await posRequest(intake.url, intake.key, { path: `/v1/orders/${ELIGIBLE}` })
    expect(during.json).toMatchObject({ state: 'sending' })
    // The board then shows it handed over on its card (a hand-over stays among the active orders for a minute).
    await expect(item).toContainText(/Restoran Kuryeye Verildi · \d\d:\d\d/, { timeout: 20_000 })
    await expect(orderItem(page, ELIGIBLE).getByRole('button', { name: 'Kuryeye Verildi' })).toHaveCount(0)
    expect((await mock.control.getOrder(ELIGIBLE))?.status_id).toBe(ORDER_STATUS.IN_DELIVERY)
    const view = await posRequest(intake.url, intake.key, { path: `/v1/orders/${ELIGIBLE}` })
    expect(view.json).toMatchObject({ state: 'handed-over' })
    // Asked again: answered with the view, nothing sent twice.
    expect((await post(intake, `/v1/orders/${ELIGIBLE}/handover`, {})).status).toBe(202)
    expect((await mock.control.counters()).requests.ontheway).toBe(1)
  })

  test('refuses what is not the POS, and the board stays as it was', async ({ app }) => {
    const { page } = app
    const intake = await intakeOf(page)
    const wrongKey = await post({ ...intake, key: 'wrong' }, '/v1/orders', { payment_key: ELIGIBLE })
    expect([wrongKey.status, wrongKey.fromApp]).toEqual([401, false])
    // The old bearer header: refused, even holding the right key (a key that is sent can be collected).
    const bearer = await fetch(`${intake.url}/v1/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${intake.key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ payment_key: ELIGIBLE }),
    })
    expect(bearer.status).toBe(401)
    const formBody = `payment_key=${ELIGIBLE}`
    const form = await fetch(`${intake.url}/v1/orders`, {
      method: 'POST',
      headers: {
        ...signRequest(intake.key, { method: 'POST', path: '/v1/orders', body: formBody }).headers,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: formBody,
    })
    expect(form.status).toBe(415)
    const twoIds = await post(intake, '/v1/orders', { payment_key: `${ELIGIBLE} ${SECOND}` })
    expect(twoIds.status).toBe(422)
    expect(form.headers.get('access-control-allow-origin')).toBeNull()
    const health = await fetch(`${intake.url}/v1/health`)
    expect(await health.json()).toMatchObject({ signed_in: true })
    await expect(page.getByText('Panoda sipariş yok')).toBeVisible()
  })
})
