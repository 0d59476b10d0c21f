import { expect, test } from '../support/fixtures.ts'
import {
  addPosCourier,
  cardsInSight,
  extraPosOrders,
  intakeOf,
  postPosOrders,
} from '../support/pos-orders.ts'
import { expectSignedIn, orderInput, signIn } from '../support/staff.ts'
import { withShiftedClock } from '../support/shifted-clock.ts'

/**
 * The alarm in a rush (issue 30): eight POS orders past their limit are one line at the top of the board, "8 sipariş
 * kuryeye verilmeyi bekliyor", with the list folded under it and **Hepsini sessize al**; the banner takes at most two
 * lines at 1024×768 and the cards still fit. A real web-mode process whose clock the test moves
 * (test-support/web/shifted-clock.ts, as attention-waiting.spec.ts does).
 */

const LATE = extraPosOrders(8)

test.skip(({ shell }) => shell !== 'web', 'the clock the test moves is web mode’s Node process')

test('eight late orders: one line, the list folded, Hepsini sessize al silences them all', async ({
  mock,
  webBrowser,
}) => {
  if (!webBrowser) throw new Error('web mode needs a browser')
  await withShiftedClock(
    {
      mock,
      browser: webBrowser,
      name: 'rush-alarm',
      settings: { undoWindowSeconds: 0, waitingLimitMinutes: 1, readyLimitMinutes: 1 },
    },
    async ({ page, offsetMs, moveClock }) => {
      await signIn(page, 'vendor')
      await expectSignedIn(page)
      await addPosCourier(page)
      // Signed at the app's time: the signature's window is a minute of the app's clock.
      await postPosOrders(await intakeOf(page), LATE, () => Math.floor((Date.now() + offsetMs()) / 1000))
      await expect(page.locator('.count-waiting dd')).toHaveText('8')

      // Two minutes on the app's clock: all eight crossed their limit and ring.
      await moveClock(121_000)
      const banner = page.getByRole('region', { name: 'Sipariş sizi bekliyor' })
      await expect(banner).toContainText('8 sipariş kuryeye verilmeyi bekliyor', { timeout: 15_000 })
      await expect(page.locator('.count-attention dd')).toHaveText('8')

      // One line, not eight: at most two lines of text high at 1024×768, and the cards still fit under it.
      await page.evaluate(() => window.scrollTo(0, 0))
      const lines = await banner.evaluate((section) => {
        const lineHeight = parseFloat(getComputedStyle(section).lineHeight)
        return section.getBoundingClientRect().height / lineHeight
      })
      expect(lines).toBeLessThanOrEqual(2.5)
      const bannerHeight = (await banner.boundingBox())?.height ?? Infinity
      // Two lines of 18 px text and the banner's own padding and border: well under the 450 px of eight lines.
      expect(bannerHeight).toBeLessThanOrEqual(2 * 18 * 1.4 + 24)
      expect((await cardsInSight(page)).length).toBeGreaterThanOrEqual(4)
      for (const card of await cardsInSight(page)) expect(card.alarm, card.code).toBe(true)

      // The list is folded under the line, and opens on request with each order's own Sessize al.
      await expect(banner.getByRole('listitem')).toHaveCount(0)
      await banner.getByRole('button', { name: 'Listeyi aç' }).click()
      await expect(banner.getByRole('listitem')).toHaveCount(8)
      await banner.getByRole('button', { name: 'Listeyi kapat' }).click()
      await expect(banner.getByRole('listitem')).toHaveCount(0)

      // One press silences all eight (not eight presses of F8); the cards stay marked, focus goes back.
      await banner.getByRole('button', { name: 'Hepsini sessize al' }).click()
      await expect(banner).toHaveCount(0)
      // Every card on the page says so (the list is windowed: those in and near sight are rendered).
      const rendered = await page.locator('li.order').count()
      expect(rendered).toBeGreaterThanOrEqual(4)
      await expect(page.locator('li.order .attention-silenced-note')).toHaveCount(rendered)
      await expect(page.getByRole('button', { name: /^Sessize al: / })).toHaveCount(0)
      await expect(orderInput(page)).toBeFocused()
      await expect(page).toHaveTitle('(8) POS Companion')
    },
  )
})
