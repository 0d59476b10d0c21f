// Several restaurant accounts in one app (issue 29), in web mode against the mock platform, whose second account
// ("Pide Evi") cannot hand over the demo's orders and whose demo account cannot hand over Pide Evi's: a token
// borrowed from the other account is answered `404 sipariş bulunamadı`, and the card would say so. So "each
// order handed over, and the platform counted exactly as many on-the-way calls as hand-overs" proves that no
// request carried another account's token.
import { rm } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import {
  DEMO_ORDER_IDS,
  ORDER_STATUS,
  SECOND_ACCOUNT_CREDENTIALS,
  SECOND_ACCOUNT_ORDER_IDS,
  SECOND_ACCOUNT_VENDOR,
} from '../mock-platform/demo-data.ts'
import type { MockPlatform } from '../mock-platform/server.ts'
import { expect, saveUndoWindow, test } from '../support/fixtures.ts'
import {
  addPosCourier,
  cardsInSight,
  intakeOf,
  POS_COURIER,
  POS_RUSH,
  postPosOrders,
} from '../support/pos-orders.ts'
import { addOrder, expectSignedIn, orderItem, signIn } from '../support/staff.ts'
import { makeTempFolder } from '../support/temp-folders.ts'
import { Till } from '../support/web-mode.ts'

const IDS = DEMO_ORDER_IDS
const PIDE = SECOND_ACCOUNT_ORDER_IDS
/** The first sign-in makes the first account under this name (the core's FIRST_ACCOUNT_NAME). */
const FIRST = 'Restoran'
const SENT = { timeout: 20_000 }

/** Settings → Hesaplar → "Hesap ekle": Pide Evi with its own keys, signed in, as staff would. */
async function addPideEvi(page: Page, address: string): Promise<void> {
  await page.getByRole('button', { name: 'Ayarlar' }).click()
  const form = page.getByRole('form', { name: 'Hesap ekle' })
  await form.getByLabel('Kısa ad').fill('Pide Evi')
  await form.getByLabel('Platform adresi').fill(address)
  await form.getByLabel('Uygulama anahtarı').fill(SECOND_ACCOUNT_CREDENTIALS.app_secret_key)
  await form.getByLabel('Restoran anahtarı').fill(SECOND_ACCOUNT_CREDENTIALS.rest_secret_key)
  await form.getByRole('button', { name: 'Hesap ekle' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Pide Evi eklendi ve giriş yaptı.' })).toBeVisible()
  const list = page.getByRole('list', { name: 'Hesaplar' })
  await expect(list.getByRole('listitem')).toHaveCount(2)
  await page.getByRole('button', { name: 'Geri' }).first().click()
}

/** The POS's rush for the first account, and Pide Evi's two orders named by short name in another case. */
async function postBothBrands(page: Page): Promise<void> {
  await addPosCourier(page)
  const intake = await intakeOf(page)
  await postPosOrders(intake, POS_RUSH)
  await postPosOrders(intake, [
    {
      payment_key: PIDE.pideCashDelivery,
      shipping_method: 'delivery',
      payment_method: 'CASH',
      courier_type: 'restaurant',
      label: 'Caferağa Mah. Moda Cad. No: 3, Kadıköy',
      amount_kurus: 21_500,
      courier: POS_COURIER.name,
      account: 'PİDE EVİ',
    } as never,
  ])
}

/** The mock's name for the demo's own account (its tokens carry no vendor). */
const DEMO_VENDOR = 'demo'

/**
 * Straight from the platform's side: every on-the-way request since the counters were reset, by the token it
 * carried and the order it named, and whose token that was. Each order's requests carried only its own
 * account's tokens (expired and renewed ones included), and each order had at least one.
 */
async function expectOwnTokensOnly(mock: MockPlatform, orders: Record<string, string>): Promise<void> {
  const [counters, tokens] = await Promise.all([mock.control.counters(), mock.control.listTokens()])
  const accountOfToken = new Map(tokens.map((token) => [token.access_token, token.vendor ?? DEMO_VENDOR]))
  const byOrder: Record<string, Record<string, number>> = {}
  for (const [token, counts] of Object.entries(counters.onTheWayByToken)) {
    for (const [order, count] of Object.entries(counts)) {
      const account = accountOfToken.get(token) ?? `unknown token ${JSON.stringify(token.slice(0, 6))}`
      const seen = (byOrder[order] ??= {})
      seen[account] = (seen[account] ?? 0) + count
    }
  }
  const accounts = Object.fromEntries(
    Object.entries(byOrder).map(([order, seen]) => [order, Object.keys(seen)]),
  )
  expect(accounts, JSON.stringify(byOrder)).toEqual(
    Object.fromEntries(Object.entries(orders).map(([order, account]) => [order.toLowerCase(), [account]])),
  )
}

const tagOf = (page: Page, paymentKey: string) => orderItem(page, paymentKey).locator('.brand-tag')

test.describe('two restaurant accounts on one board', () => {
  test.skip(({ shell }) => shell === 'electron', 'web mode: the mock second account and a spawned process')

  test('POS orders by account, a typed order to the default, each handed over with its own account once', async ({
    app,
    mock,
  }) => {
    const { page } = app
    await signIn(page, 'vendor')
    await expectSignedIn(page)
    await addPideEvi(page, mock.baseUrl)
    await postBothBrands(page)
    await expect(page.locator('li.order')).toHaveCount(POS_RUSH.length + 1)
    await expect(tagOf(page, IDS.kadikoyCashDelivery)).toHaveText(FIRST)
    await expect(tagOf(page, PIDE.pideCashDelivery)).toHaveText('Pide Evi')

    // Typed: it goes to the default account, shown on its card; one press moves it while nothing was sent.
    await addOrder(page, PIDE.pideCreditCardDelivery, { shipping: 'Teslimat', courier: 'Restoran kuryesi' })
    await expect(tagOf(page, PIDE.pideCreditCardDelivery)).toHaveText(FIRST)
    await page
      .getByRole('button', { name: /Pide Evi hesabına geçir$/ })
      .first()
      .click()
    await expect(tagOf(page, PIDE.pideCreditCardDelivery)).toHaveText('Pide Evi')

    // The filter by account, with each account's count.
    const filter = page.getByRole('combobox', { name: 'Hesap' })
    await expect(filter.locator('option')).toHaveText([
      'Tüm hesaplar',
      `${FIRST} (${POS_RUSH.length})`,
      'Pide Evi (2)',
    ])
    await filter.selectOption({ label: 'Pide Evi (2)' })
    await expect(page.locator('li.order')).toHaveCount(2)
    await filter.selectOption({ label: 'Tüm hesaplar' })

    await mock.control.resetCounters()
    const pressed = [IDS.kadikoyCashDelivery, PIDE.pideCashDelivery, PIDE.pideCreditCardDelivery]
    for (const key of pressed) {
      await orderItem(page, key).getByRole('button', { name: 'Kuryeye Verildi' }).click()
      // The typed order names no courier yet: the picker asks who takes it.
      if (key === PIDE.pideCreditCardDelivery) {
        const picker = page.getByRole('dialog', { name: '000-002: kim götürüyor?' })
        await expect(picker).toBeVisible()
        await page.keyboard.type('ahm')
        await page.keyboard.press('Enter')
        await expect(picker).toHaveCount(0)
      }
    }
    for (const key of pressed) {
      await expect(orderItem(page, key)).toContainText('Restoran Kuryeye Verildi', SENT)
      expect((await mock.control.getOrder(key))?.status_id).toBe(ORDER_STATUS.IN_DELIVERY)
    }
    // As many on-the-way calls as hand-overs: none went with the other account's token (it would be a 404).
    const counters = await mock.control.counters()
    expect(counters.handedOver).toBe(pressed.length)
    expect(counters.requests.ontheway).toBe(pressed.length)
    await expectOwnTokensOnly(mock, {
      [IDS.kadikoyCashDelivery]: DEMO_VENDOR,
      [PIDE.pideCashDelivery]: SECOND_ACCOUNT_VENDOR,
      [PIDE.pideCreditCardDelivery]: SECOND_ACCOUNT_VENDOR,
    })
    // Once sent, the order's account is no longer a button: its hand-over went with that account only.
    await expect(orderItem(page, PIDE.pideCashDelivery).locator('button.brand-tag')).toHaveCount(0)
  })

  for (const [width, height, cards] of [
    [1024, 768, 4],
    [800, 600, 2],
  ] as const) {
    test(`at ${width}×${height} at least ${cards} POS orders stay fully visible with their brand tags`, async ({
      app,
      mock,
    }) => {
      const { page } = app
      await signIn(page, 'vendor')
      await expectSignedIn(page)
      await addPideEvi(page, mock.baseUrl)
      await page.setViewportSize({ width, height })
      await postBothBrands(page)
      await expect(page.locator('li.order')).toHaveCount(POS_RUSH.length + 1)
      await page.evaluate(() => window.scrollTo(0, 0))
      const inSight = await cardsInSight(page)
      expect(inSight.length, JSON.stringify(inSight)).toBeGreaterThanOrEqual(cards)
      test.info().annotations.push({ type: 'cards in sight', description: String(inSight.length) })
      // The tag sits on the code's line: it adds no line to the card.
      const lines = await page.evaluate(() =>
        [...document.querySelectorAll('li.order')].map((item) => {
          const code = item.querySelector('.order-code')?.getBoundingClientRect()
          const tag = item.querySelector('.brand-tag')?.getBoundingClientRect()
          return code && tag
            ? { codeTop: code.top, codeBottom: code.bottom, tagTop: tag.top, tagBottom: tag.bottom }
            : null
        }),
      )
      for (const line of lines) {
        expect(line).not.toBeNull()
        expect(line?.tagTop ?? 0).toBeGreaterThanOrEqual((line?.codeTop ?? 0) - 1)
        expect(line?.tagBottom ?? 0).toBeLessThanOrEqual((line?.codeBottom ?? 0) + 1)
      }
    })
  }
})

test.describe('two accounts through expiry and a crash', () => {
  test.skip(({ shell }) => shell === 'electron', 'kills a spawned web-mode process')

  let till: Till
  let dataDir: string

  test.beforeEach(async ({ mock, webBrowser }) => {
    if (!webBrowser) throw new Error('web mode needs a browser')
    dataDir = await makeTempFolder('e2e-accounts-')
    saveUndoWindow(dataDir, 0)
    till = new Till(dataDir, mock, await webBrowser.newContext())
    const page = await till.start()
    await signIn(page, 'vendor')
    await expectSignedIn(page)
    await addPideEvi(page, mock.baseUrl)
    await postBothBrands(page)
  })

  test.afterEach(async () => {
    await till.stop()
    await till.context.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  test('every token expired at once, SIGKILL mid-hand-over, a restart: each order goes with its own account once', async ({
    mock,
  }) => {
    const page = till.page as Page
    // Every token expires at once: each account signs in again by itself. The first on-the-way call after that
    // is held: the process dies with both hand-overs written down and one at the platform.
    await mock.control.expireTokens()
    await mock.control.resetCounters()
    await mock.control.hold('ontheway')
    await orderItem(page, PIDE.pideCashDelivery).getByRole('button', { name: 'Kuryeye Verildi' }).click()
    await orderItem(page, IDS.kadikoyCashDelivery).getByRole('button', { name: 'Kuryeye Verildi' }).click()
    await expect.poll(async () => (await mock.control.holds()).waiting.ontheway).toBe(1)
    // The other call is answered, and its answer written down, before the kill: killed between the platform's
    // answer and the journal, the replay would rightly be unconfirmed (409), and the run would race.
    await expect(page.locator('li.order').filter({ hasText: /Restoran Kuryeye Verildi/ })).toHaveCount(
      1,
      SENT,
    )
    await till.kill()

    const again = await till.start()
    for (const key of [PIDE.pideCashDelivery, IDS.kadikoyCashDelivery]) {
      await expect(orderItem(again, key)).toContainText(/Restoran Kuryeye Verildi/, SENT)
      expect((await mock.control.getOrder(key))?.status_id).toBe(ORDER_STATUS.IN_DELIVERY)
    }
    await expect(tagOf(again, PIDE.pideCashDelivery)).toHaveText('Pide Evi')
    // The held call reaches the platform too: it finds its order already on its way (no second hand-over), and
    // no call anywhere was answered "sipariş bulunamadı", as a borrowed token would be.
    await mock.control.release('ontheway')
    const counters = await mock.control.counters()
    expect(counters.handedOver).toBe(2)
    await expect(again.getByText('sipariş bulunamadı')).toHaveCount(0)
    // Counted per token and per order on the platform: through the expiry, the renewals, the kill and the
    // replay, no request for one account's order carried the other account's token.
    await expectOwnTokensOnly(mock, {
      [IDS.kadikoyCashDelivery]: DEMO_VENDOR,
      [PIDE.pideCashDelivery]: SECOND_ACCOUNT_VENDOR,
    })
  })
})
