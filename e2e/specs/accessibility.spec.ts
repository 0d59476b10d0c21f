import AxeBuilder from '@axe-core/playwright'
import { mkdir } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { DEMO_ORDER_IDS } from '../mock-platform/demo-data.ts'
import { expect, test } from '../support/fixtures.ts'
import { addPosCourier, intakeOf, POS_RUSH, postPosOrders } from '../support/pos-orders.ts'
import {
  addOrder,
  expectSignedIn,
  handOverButton,
  openReferenceStrip,
  orderInput,
  orderItem,
  scan,
  signIn,
} from '../support/staff.ts'

/** Serious and critical axe violations, in a form that reads well in a failure report. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

/**
 * The user guide's screenshots (docs/development.md, "The screenshots"), taken here on every run;
 * `UPDATE_SCREENSHOTS=1` also writes them to docs/screenshots/.
 */
async function screenshot(page: Page, name: string, shell: string) {
  if (shell !== 'web') return
  await mkdir('test-results/screenshots', { recursive: true })
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true })
  if (process.env['UPDATE_SCREENSHOTS'] === '1')
    await page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage: true })
}

test('every screen has no serious or critical accessibility violation', async ({ app, shell }) => {
  // Five axe scans, the POS's orders and two hand-overs: 19 s on a quiet machine, over 30 s with both cores busy.
  test.setTimeout(60_000)
  const { page } = app
  await page.setViewportSize({ width: 1280, height: 860 })
  await expect(page.getByRole('heading', { name: 'Platforma giriş' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await screenshot(page, 'sign-in', shell)

  // An error state on the sign-in screen.
  await page.getByRole('button', { name: 'Giriş yap' }).click()
  await expect(page.getByRole('alert')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await signIn(page, 'vendor')
  await expectSignedIn(page)
  // Orders as the POS sends them, and one typed by hand that the platform does not know.
  await addPosCourier(page)
  await postPosOrders(await intakeOf(page), [
    ...POS_RUSH.slice(0, 2),
    {
      payment_key: DEMO_ORDER_IDS.kadikoyCashPickup,
      shipping_method: 'pickup',
      payment_method: 'CASH',
      courier_type: 'restaurant',
      label: 'Gel al: Ayşe K.',
      amount_kurus: 12_500,
    },
  ])
  await addOrder(page, '11111111-2222-4333-8444-555555555555')
  await orderItem(page, DEMO_ORDER_IDS.kadikoyCreditCardDelivery)
    .getByRole('button', { name: 'Kuryeye Verildi' })
    .click()
  await orderItem(page, '11111111-2222-4333-8444-555555555555')
    .getByRole('button', { name: 'Kuryeye Verildi' })
    .click()
  // No courier named for the typed one: the picker asks, and it goes with nobody named.
  await page.getByRole('button', { name: 'Kuryesiz ver: 555-555' }).click()
  await expect(orderItem(page, DEMO_ORDER_IDS.kadikoyCreditCardDelivery)).toContainText(
    'Restoran Kuryeye Verildi',
  )
  await expect(orderItem(page, '11111111-2222-4333-8444-555555555555').getByRole('alert')).toBeVisible()
  await openReferenceStrip(page)
  await expect(page.getByRole('region', { name: 'Şubeler' }).getByRole('listitem')).toHaveCount(4)
  expect(await seriousViolations(page)).toEqual([])
  await screenshot(page, 'main', shell)

  await page.getByRole('button', { name: 'Çıkış yap' }).click()
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole('button', { name: 'Vazgeç' }).click()

  await page.getByRole('button', { name: 'Ayarlar' }).click()
  await expect(page.getByRole('heading', { name: 'Ayarlar' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})

test('every control is at least 44 px tall and wide enough to touch', async ({ app }) => {
  const { page } = app
  await signIn(page, 'vendor')
  await expectSignedIn(page)
  await addOrder(page, DEMO_ORDER_IDS.kadikoyCashDelivery)
  // The card's menu open too: its buttons are touched as often as the others (issue 30).
  await page.getByRole('button', { name: 'Diğer işlemler: 000-001' }).click()
  const sizes = await page.locator('button, input:not([type=checkbox]), select').evaluateAll((elements) =>
    // What is on screen: a closed menu's buttons have no size until it opens.
    elements
      .filter((element) => element.checkVisibility())
      .map((element) => {
        const box = element.getBoundingClientRect()
        return {
          name: element.textContent || element.getAttribute('aria-label') || element.id,
          height: box.height,
          width: box.width,
        }
      }),
  )
  expect(sizes.filter((size) => size.height < 44 || size.width < 44)).toEqual([])
})

test.describe('the rush board', () => {
  test.use({ undoWindowSeconds: 5 })

  test('has no serious or critical violation at 1366×768, 1024×768 and 800×600, with a mix of states', async ({
    app,
    mock,
    shell,
  }) => {
    // Six scans, a refusal, a retry backoff and four full axe scans: 17 s on a quiet 2-core machine, 23 s
    // with both cores busy, too near the default 30 s.
    test.setTimeout(60_000)
    const { page } = app
    await signIn(page, 'vendor')
    await expectSignedIn(page)
    // The POS's orders (an address as the label, the amount, the courier, "Hazır"), as a rush brings them.
    await addPosCourier(page)
    await postPosOrders(await intakeOf(page), POS_RUSH)
    const ids = DEMO_ORDER_IDS
    for (const order of POS_RUSH) await expect(orderItem(page, order.payment_key)).toBeVisible()
    // One refused (already on its way), one retrying, one in its undo window, the rest waiting.
    await handOverButton(page, '000-006').click()
    await expect(orderItem(page, ids.besiktasInDelivery)).toContainText('zaten yolda', { timeout: 15_000 })
    await mock.control.injectFault({ route: 'ontheway', kind: 'status', status: 503, times: 20 })
    await handOverButton(page, '000-002').click()
    await expect(orderItem(page, ids.kadikoyCreditCardDelivery)).toContainText('Yeniden denenecek', {
      timeout: 15_000,
    })
    await handOverButton(page, '000-005').click()
    await orderInput(page).focus()
    await scan(page, '000-009')
    await expect(handOverButton(page, '000-009')).toBeFocused()
    for (const [width, height] of [
      [1366, 768],
      [1024, 768],
      [800, 600],
    ] as const) {
      await page.setViewportSize({ width, height })
      expect(await seriousViolations(page)).toEqual([])
      if (width !== 1366 && shell === 'web') {
        // The user guide's pictures of the board in a rush: the window as staff see it, not the whole page.
        const name = width === 1024 ? 'board-rush' : 'board-rush-800'
        await page.evaluate(() => window.scrollTo(0, 0))
        await mkdir('test-results/screenshots', { recursive: true })
        await page.screenshot({ path: `test-results/screenshots/${name}.png` })
        if (process.env['UPDATE_SCREENSHOTS'] === '1') {
          await page.screenshot({ path: `docs/screenshots/${name}.png` })
        }
      }
    }
    await page.getByRole('button', { name: 'Çıkış yap' }).click()
    expect(await seriousViolations(page)).toEqual([])
  })
})
