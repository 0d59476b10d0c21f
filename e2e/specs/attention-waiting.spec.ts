import type { Page } from '@playwright/test'
import { DEMO_ORDER_IDS } from '../mock-platform/demo-data.ts'
import { expect, test } from '../support/fixtures.ts'
import { expectSignedIn, handOverButton, orderItem, signIn } from '../support/staff.ts'
import { withShiftedClock } from '../support/shifted-clock.ts'
import { posRequest } from '../../test-support/core/intake-signing.ts'

/**
 * The waiting limit's alarm end to end (docs/decisions.md D70): a real web-mode process whose clock the test moves
 * (test-support/web/shifted-clock.ts, loaded with `node --import`; no sleep waits for a minute to pass), the
 * POS's orders through the signed intake, and the page's Web Audio calls recorded.
 */

const FIRST = DEMO_ORDER_IDS.kadikoyCashDelivery
const SECOND = DEMO_ORDER_IDS.kadikoyCreditCardDelivery
const PICKUP = DEMO_ORDER_IDS.kadikoyCashPickup
/** The alarm's higher tone (sounds.ts): three in each burst; the short sounds never use it. */
const ALARM_TONE = 988

test.skip(({ shell }) => shell !== 'web', 'the clock the test moves is web mode’s Node process')

test('an order past its one-minute limit rings until Sessize al; a new crossing rings until its hand-over', async ({
  mock,
  webBrowser,
}) => {
  if (!webBrowser) throw new Error('web mode needs a browser')
  await withShiftedClock(
    {
      mock,
      browser: webBrowser,
      name: 'alarm',
      settings: { undoWindowSeconds: 0, waitingLimitMinutes: 1 },
      beforeOpen: recordTones,
    },
    async ({ app, page, offsetMs, moveClock }) => {
      await signIn(page, 'vendor')
      await expectSignedIn(page)
      const intakeUrl = app.intake.url
      if (intakeUrl === null) throw new Error('the intake did not listen')
      /** The POS puts an order on the board, signed at the app's time (the signature's window is a minute). */
      const posOrder = async (paymentKey: string, shipping: 'delivery' | 'pickup') => {
        const answer = await posRequest(intakeUrl, app.intake.key, {
          method: 'POST',
          path: '/v1/orders',
          timestamp: Math.floor((Date.now() + offsetMs()) / 1000),
          json: { payment_key: paymentKey, shipping_method: shipping, courier_type: 'restaurant' },
        })
        expect(answer.status).toBe(201)
        await expect(orderItem(page, paymentKey)).toBeVisible()
      }
      const alarms = () =>
        page.evaluate(
          (tone) => (window as unknown as { tones: number[] }).tones.filter((f) => f === tone).length,
          ALARM_TONE,
        )

      await posOrder(FIRST, 'delivery')
      const first = orderItem(page, FIRST)
      expect(await alarms()).toBe(0)

      // A minute and a second on the app's clock: the order crossed its limit.
      await moveClock(61_000)
      await expect(first.getByRole('status').filter({ hasText: 'Bekleme süresi doldu' })).toBeVisible()
      await expect.poll(alarms).toBe(3)
      await expect(page).toHaveTitle('(1) POS Companion')
      await expect(page.locator('.count-attention dd')).toHaveText('1')
      // Nobody acts: it rings again 20 s later.
      await moveClock(20_000)
      await expect.poll(alarms).toBe(6)

      // Sessize al: that order stops ringing, and stays marked.
      await first.getByRole('button', { name: 'Sessize al: 000-001' }).click()
      await expect(first).toContainText('Sessize alındı')
      await moveClock(60_000)
      await posOrder(PICKUP, 'pickup')
      expect(await alarms()).toBe(6)

      // Another order crosses: a new crossing rings again, and stops after its hand-over.
      await posOrder(SECOND, 'delivery')
      await moveClock(61_000)
      await expect.poll(alarms).toBe(9)
      await handOverButton(page, '000-002').click()
      await expect(orderItem(page, SECOND)).toContainText('Restoran Kuryeye Verildi')
      await moveClock(60_000)
      // The pickup waiting since before never rings either.
      expect(await alarms()).toBe(9)
      // The silenced first order still needs a hand: the title says so.
      await expect(page).toHaveTitle('(1) POS Companion')
    },
  )
})

/** Every tone the page starts, by frequency: the Web Audio calls the alarm makes. */
async function recordTones(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const tones: number[] = []
    Object.assign(window, { tones })
    const proto = OscillatorNode.prototype
    const start = Object.getOwnPropertyDescriptor(AudioScheduledSourceNode.prototype, 'start')?.value as (
      this: OscillatorNode,
      when?: number,
    ) => void
    proto.start = function (this: OscillatorNode, when?: number) {
      tones.push(this.frequency.value)
      start.call(this, when)
    }
  })
}
