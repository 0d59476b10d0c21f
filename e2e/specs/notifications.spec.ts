import { DEMO_ORDER_IDS } from '../mock-platform/demo-data.ts'
import { expect, test } from '../support/fixtures.ts'
import { addOrder, expectSignedIn, orderItem, signIn } from '../support/staff.ts'

/** An order id the mock platform does not know: its hand-over fails with "sipariş bulunamadı". */
const UNKNOWN = '11111111-2222-4333-8444-555555555555'

test.describe('a notification about an order', () => {
  test.skip(
    ({ shell }) => shell === 'electron',
    'web mode shows the browser’s notifications; the desktop app’s come from its main process (all-day.spec.ts)',
  )

  test('brings its order on screen when clicked: back from Settings, the filter cleared, the keyboard on it', async ({
    app,
  }) => {
    const { page } = app
    await signIn(page, 'vendor')
    await expectSignedIn(page)
    // The browser's notifications, recorded instead of shown, permission given (as staff give it in Settings).
    await page.evaluate(() => {
      const shown: Array<{ title: string; onclick: (() => void) | null }> = []
      class RecordedNotification {
        static permission = 'granted'
        onclick: (() => void) | null = null
        title: string
        constructor(title: string) {
          this.title = title
          shown.push(this)
        }
      }
      Object.assign(window, { Notification: RecordedNotification, shownNotifications: shown })
    })
    await addOrder(page, DEMO_ORDER_IDS.kadikoyCashDelivery)
    await addOrder(page, UNKNOWN)
    await orderItem(page, UNKNOWN).getByRole('button', { name: 'Kuryeye Verildi' }).click()
    await expect(orderItem(page, UNKNOWN).getByRole('alert')).toContainText('sipariş bulunamadı')
    const titles = () =>
      page.evaluate(() =>
        (window as unknown as { shownNotifications: Array<{ title: string }> }).shownNotifications.map(
          (notice) => notice.title,
        ),
      )
    await expect.poll(titles).toEqual(['Sipariş 555-555: teslim başarısız'])

    // Staff filtered the board to another order, then went to Settings.
    await page.getByRole('searchbox', { name: 'Panoda ara' }).fill('000-001')
    await expect(orderItem(page, UNKNOWN)).toHaveCount(0)
    await page.getByRole('button', { name: 'Ayarlar' }).click()

    await page.evaluate(() =>
      (
        window as unknown as { shownNotifications: Array<{ onclick: () => void }> }
      ).shownNotifications[0]?.onclick(),
    )
    await expect(page.getByRole('searchbox', { name: 'Panoda ara' })).toHaveValue('')
    await expect(page.getByRole('button', { name: 'Tekrar dene: 555-555' })).toBeFocused()
  })
})
