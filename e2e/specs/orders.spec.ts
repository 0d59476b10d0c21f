import { DEMO_ORDER_IDS, ORDER_STATUS } from '../mock-platform/demo-data.ts'
import { expect, test } from '../support/fixtures.ts'
import { addOrder, expectSignedIn, orderInput, orderItem, signIn } from '../support/staff.ts'

const ELIGIBLE = DEMO_ORDER_IDS.kadikoyCashDelivery
const restaurantDelivery = { shipping: 'Teslimat', courier: 'Restoran kuryesi' }

test.describe('the order board', () => {
  test.beforeEach(async ({ app }) => {
    await signIn(app.page, 'vendor')
    await expectSignedIn(app.page)
  })

  test('adds a typed order and keeps the input ready for the next one', async ({ app }) => {
    const { page } = app
    await addOrder(page, ELIGIBLE, { ...restaurantDelivery, payment: 'Nakit', label: 'Masa 4' })
    const item = orderItem(page, ELIGIBLE)
    await expect(item).toContainText('000-001')
    await expect(item).toContainText('Masa 4')
    await expect(item).toContainText('Teslimat · Nakit')
    await expect(item).toContainText('Kurye nakit tahsil edecek')
    await expect(page.getByRole('status').filter({ hasText: 'okundu: ' })).toContainText('000-001 eklendi.')
    await expect(orderInput(page)).toHaveValue('')
    await expect(orderInput(page)).toBeFocused()
  })

  test('finds the id in pasted text', async ({ app }) => {
    await orderInput(app.page).focus()
    await app.page.keyboard.insertText(
      `Sipariş linki: https://panel.example.com/orders/${ELIGIBLE.toUpperCase()}?tab=1`,
    )
    await app.page.keyboard.press('Enter')
    await expect(orderItem(app.page, ELIGIBLE)).toBeVisible()
  })

  test('takes scanner input ending in Enter, one scan after another', async ({ app }) => {
    const { page } = app
    await orderInput(page).focus()
    await page.keyboard.type(`${ELIGIBLE}\n`, { delay: 2 })
    await expect(orderItem(page, ELIGIBLE)).toBeVisible()
    await expect(orderInput(page)).toBeFocused()
    await page.keyboard.type(`${DEMO_ORDER_IDS.kadikoyCreditCardDelivery}\n`, { delay: 2 })
    await expect(orderItem(page, DEMO_ORDER_IDS.kadikoyCreditCardDelivery)).toBeVisible()
    await expect(page.getByRole('list', { name: 'Siparişler' }).getByRole('listitem')).toHaveCount(2)
  })

  test('refuses text without an order number, and text with two', async ({ app }) => {
    await addOrder(app.page, 'hello')
    await expect(app.page.getByRole('alert')).toContainText('sipariş numarası bulunamadı')
    await addOrder(app.page, `${ELIGIBLE} ${DEMO_ORDER_IDS.kadikoyCreditCardDelivery}`)
    await expect(app.page.getByRole('alert')).toContainText('birden fazla sipariş numarası')
    await expect(app.page.getByText('Panoda sipariş yok')).toBeVisible()
  })

  test('"Kuryeye Verildi" hands the order over and the platform has it IN_DELIVERY', async ({
    app,
    mock,
  }) => {
    const { page } = app
    await addOrder(page, ELIGIBLE, restaurantDelivery)
    await orderItem(page, ELIGIBLE).getByRole('button', { name: 'Kuryeye Verildi' }).click()
    await expect(orderItem(page, ELIGIBLE)).toContainText(/Restoran Kuryeye Verildi · \d\d:\d\d/)
    await expect(orderItem(page, ELIGIBLE).getByRole('button', { name: 'Kuryeye Verildi' })).toHaveCount(0)
    expect((await mock.control.getOrder(ELIGIBLE))?.status_id).toBe(ORDER_STATUS.IN_DELIVERY)
  })

  test("an unknown order shows the platform's `sipariş bulunamadı` with a retry", async ({ app }) => {
    const unknown = '11111111-2222-4333-8444-555555555555'
    await addOrder(app.page, unknown)
    await orderItem(app.page, unknown).getByRole('button', { name: 'Kuryeye Verildi' }).click()
    const item = orderItem(app.page, unknown)
    await expect(item.getByRole('alert')).toContainText('Sipariş bulunamadı')
    await expect(item.getByRole('alert')).toContainText('sipariş bulunamadı')
    await expect(item.getByRole('button', { name: 'Tekrar dene' })).toBeVisible()
  })

  test("an order the platform refuses as not eligible shows the platform's words", async ({ app, mock }) => {
    const id = DEMO_ORDER_IDS.kadikoyPlatformCourierDelivery
    await addOrder(app.page, id)
    await orderItem(app.page, id).getByRole('button', { name: 'Kuryeye Verildi' }).click()
    await expect(orderItem(app.page, id).getByRole('alert')).toContainText('kurye tipi uygun değil')
    await expect(orderItem(app.page, id).getByRole('alert')).toContainText('HTTP 409')
    expect((await mock.control.getOrder(id))?.status_id).toBe(ORDER_STATUS.CONFIRMED)
  })

  test('orders known to be pickup or platform-courier offer no button and say why', async ({ app, mock }) => {
    const { page } = app
    await addOrder(page, DEMO_ORDER_IDS.kadikoyCashPickup, { shipping: 'Gel Al' })
    await addOrder(page, DEMO_ORDER_IDS.kadikoyPlatformCourierDelivery, { courier: 'Platform kuryesi' })
    await expect(orderItem(page, DEMO_ORDER_IDS.kadikoyCashPickup)).toContainText('Gel Al siparişi')
    await expect(orderItem(page, DEMO_ORDER_IDS.kadikoyPlatformCourierDelivery)).toContainText(
      'Platform kuryesi',
    )
    await expect(page.getByRole('button', { name: 'Kuryeye Verildi' })).toHaveCount(0)
    expect((await mock.control.counters()).requests.ontheway).toBe(0)
  })

  test('a double press sends once, and says why the second did nothing', async ({ app, mock }) => {
    const { page } = app
    await addOrder(page, ELIGIBLE, restaurantDelivery)
    await mock.control.setLatency(1500, 'ontheway')
    await mock.control.resetCounters()
    const item = orderItem(page, ELIGIBLE)
    const button = item.getByRole('button', { name: 'Kuryeye Verildi' })
    // Two presses in the same moment, before the screen can change: as fast as a hand can do it.
    await button.evaluate((element: HTMLElement) => {
      element.click()
      element.click()
    })
    const sending = item.getByRole('button', { name: 'Gönderiliyor: 000-001 (Kuryeye Verildi)' })
    await expect(sending).toHaveText('Gönderiliyor…')
    await expect(sending).toBeDisabled()
    await expect(item.getByRole('status')).toHaveText('Bu sipariş zaten gönderiliyor; lütfen bekleyin.')
    await expect(item).toContainText('Restoran Kuryeye Verildi')
    await expect(item).not.toContainText('zaten gönderiliyor')
    expect((await mock.control.counters()).requests.ontheway).toBe(1)
  })

  test('retries by itself while the platform answers 503, then hands the order over once', async ({
    app,
    mock,
  }) => {
    // The real backoff (2 s, doubling, full jitter) runs: three failures wait at most 2 + 4 + 8 s.
    test.setTimeout(60_000)
    const { page } = app
    await addOrder(page, ELIGIBLE, restaurantDelivery)
    await mock.control.injectFault({ route: 'ontheway', kind: 'status', status: 503, times: 3 })
    await mock.control.resetCounters()
    const item = orderItem(page, ELIGIBLE)
    await item.getByRole('button', { name: 'Kuryeye Verildi' }).click()
    await expect(item.getByRole('status')).toContainText(/Yeniden denenecek: \d\d:\d\d:\d\d/)
    await expect(item.getByRole('status')).toContainText('Platformda bir sorun var')
    await expect(item.getByRole('status')).toContainText('HTTP 503')
    // While it waits for its next try, staff may try now instead.
    await expect(item.getByRole('button', { name: 'Şimdi dene: 000-001' })).toBeEnabled()
    await expect(item).toContainText(/Restoran Kuryeye Verildi · \d\d:\d\d/, { timeout: 30_000 })
    const counters = await mock.control.counters()
    expect(counters.requests.ontheway).toBe(4)
    expect(counters.handedOver).toBe(1)
    expect((await mock.control.getOrder(ELIGIBLE))?.status_id).toBe(ORDER_STATUS.IN_DELIVERY)
  })

  test('an order can be removed from the board', async ({ app }) => {
    await addOrder(app.page, ELIGIBLE)
    // Kaldır is in the card's menu, apart from the main button (issue 30).
    await app.page.getByRole('button', { name: 'Diğer işlemler: 000-001' }).click()
    await app.page.getByRole('button', { name: '000-001 siparişini panodan kaldır' }).click()
    await expect(orderItem(app.page, ELIGIBLE)).toHaveCount(0)
    await expect(app.page.getByText('Panoda sipariş yok')).toBeVisible()
  })
})
