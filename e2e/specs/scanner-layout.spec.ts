// A scanner on another keyboard language, and keys that are no scan (issue 30), in web mode as staff meet them:
// a keyboard-wedge scanner left at US on a Turkish-Q computer types `*` for `-` (with the key codes such a
// scanner sends), for an order's id and for a courier's badge; and an amount typed at a scanner's pace in the
// courier's return dialog is saved as typed, never taken for a scan.
import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import type { CallName } from '../../src-shared/contract.ts'
import type { Courier } from '../../src-shared/couriers.ts'
import { shortCodeOf } from '../../src-shared/order-rules.ts'
import { DEMO_COURIER_PACKAGES, DEMO_ORDER_IDS } from '../mock-platform/demo-data.ts'
import { expect, test } from '../support/fixtures.ts'
import { scanThroughLayout } from '../support/scanner-keys.ts'
import { expectSignedIn, orderInput, orderItem, signIn } from '../support/staff.ts'

/** A call through the page's own bridge. */
async function call<T>(page: Page, name: CallName, input?: unknown): Promise<T> {
  const answer = (await page.evaluate(
    ([callName, payload]) => {
      if (!window.api) throw new Error('no bridge on the page')
      const method = window.api[callName] as (input?: unknown) => Promise<unknown>
      return payload === undefined ? method() : method(payload)
    },
    [name, input] as const,
  )) as { ok: true; value: T } | { ok: false; error: unknown }
  if (!answer.ok) throw new Error(`${name} failed: ${JSON.stringify(answer.error)}`)
  return answer.value
}

test.describe('a scanner set to US on a Turkish-Q computer', () => {
  test.skip(
    ({ shell }) => shell === 'electron',
    'the key events are sent through Chromium’s DevTools protocol',
  )

  test('adds an order scanned with `*` for `-`, and names the courier of a badge scanned the same way', async ({
    app,
  }) => {
    const { page } = app
    await signIn(page, 'vendor')
    await expectSignedIn(page)
    await call<Courier>(page, 'addCourier', { requestId: randomUUID(), name: 'Ahmet Yılmaz', badge: 'K-07' })
    await orderInput(page).focus()

    const id = DEMO_ORDER_IDS.kadikoyCashDelivery
    await scanThroughLayout(page, id, 'tr-q')
    await expect(orderItem(page, id)).toBeVisible()
    const outcome = page.locator('.scan-outcome')
    await expect(outcome).toContainText(`okundu: ${id.replaceAll('-', '*')}`)
    await expect(outcome).toContainText(`${id} olarak okundu`)
    await expect(outcome).toContainText('Okuyucunun klavye dili farklı olabilir')
    await expect(outcome).toContainText(
      'Okuyucu ABD (US) klavye gibi yazıyor, bu bilgisayarın klavye dili Türkçe Q',
    )

    // The badge K-07 arrives as `K*07`: it starts the courier's batch scan-out, as the badge does.
    await orderInput(page).focus()
    await scanThroughLayout(page, 'K-07', 'tr-q')
    await expect(outcome).toContainText('okundu: K*07')
    await expect(page.getByRole('region', { name: /Ahmet Yılmaz’a veriliyor/ })).toBeVisible()
  })

  test('a badge scanned with `*` while the courier picker asks picks its courier; another order closes it', async ({
    app,
    mock,
  }) => {
    const { page } = app
    await signIn(page, 'vendor')
    await expectSignedIn(page)
    await call<Courier>(page, 'addCourier', { requestId: randomUUID(), name: 'Ahmet Yılmaz', badge: 'K-07' })
    const [first, second] = DEMO_COURIER_PACKAGES
    if (!first || !second) throw new Error('the demo has packages')
    await mock.control.upsertOrders([first.order, second.order])
    for (const { order } of [first, second]) {
      await call(page, 'addOrder', {
        text: order.payment_key,
        courierType: order.courier_type,
        shippingMethod: order.shipping_method,
        paymentMethod: order.payment_type,
      })
    }
    const picker = page.getByRole('dialog', { name: /kim götürüyor\?/ })
    const firstCode = shortCodeOf(first.order.payment_key)

    // Another order scanned while the picker asks: staff moved on; the picker closes and nothing is sent.
    await page.getByRole('button', { name: `Kuryeye Verildi: ${firstCode}` }).click()
    await expect(picker).toBeVisible()
    await scanThroughLayout(page, second.order.payment_key, 'tr-q')
    await expect(picker).toBeHidden()
    await expect(page.locator('.scan-outcome')).toContainText(
      `${shortCodeOf(second.order.payment_key)} zaten panoda`,
    )
    expect((await mock.control.counters()).handedOver).toBe(0)

    // The badge `K*07` from the same scanner: the order goes with that courier.
    await page.getByRole('button', { name: `Kuryeye Verildi: ${firstCode}` }).click()
    await expect(picker).toBeVisible()
    await scanThroughLayout(page, 'K-07', 'tr-q')
    await expect(picker).toBeHidden()
    await expect(orderItem(page, first.order.payment_key)).toContainText('Ahmet Yılmaz')
    await expect.poll(async () => (await mock.control.counters()).handedOver).toBe(1)
  })

  test('the scanner test in Settings names both keyboard languages', async ({ app }) => {
    const { page } = app
    await signIn(page, 'vendor')
    await expectSignedIn(page)
    await page.getByRole('button', { name: 'Ayarlar' }).click()
    const section = page.getByRole('region', { name: 'Okuyucu testi' })
    await section.getByLabel('Okutulan kod').focus()
    await scanThroughLayout(page, 'okuyucu-testi:QUIZ/am-09', 'tr-q')
    const said = section.getByRole('alert')
    await expect(said).toContainText('Gelen: okuyucu*testıŞQUIZ.am*09')
    await expect(said).toContainText(
      'okuyucu ABD (US) klavye gibi yazıyor, bu bilgisayarın klavye dili Türkçe Q',
    )
  })
})

test.describe('only a scan is taken as a scan', () => {
  test.skip(({ shell }) => shell === 'electron', 'the same redirect runs in both shells; typed here once')

  test('an amount typed at a scanner’s pace in the return dialog is saved as typed', async ({
    app,
    mock,
  }) => {
    const { page } = app
    await signIn(page, 'vendor')
    await expectSignedIn(page)
    const [cash] = DEMO_COURIER_PACKAGES
    if (!cash) throw new Error('the demo has packages')
    await mock.control.upsertOrders([cash.order])
    const courier = await call<Courier>(page, 'addCourier', {
      requestId: randomUUID(),
      name: 'Ahmet Yılmaz',
      badge: 'K-01',
    })
    await call(page, 'addOrder', {
      text: cash.order.payment_key,
      courierType: cash.order.courier_type,
      shippingMethod: cash.order.shipping_method,
      paymentMethod: cash.order.payment_type,
      amountKurus: cash.amountKurus,
    })
    await call(page, 'handOverOrder', { paymentKey: cash.order.payment_key, courierId: courier.id })

    // The courier's line on the board's strip opens the return dialog over the board (its redirect listening).
    await page.getByRole('button', { name: /Ahmet Yılmaz.*dönüşü kaydet/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Dönüş: Ahmet Yılmaz' })
    const amount = dialog.getByLabel('Teslim edilen nakit')
    await expect(amount).toBeFocused()
    // `159,90` and Enter, 2 ms a key: as fast as a scanner.
    await page.keyboard.type('159,90\n', { delay: 2 })
    await expect(dialog.getByRole('status')).toContainText('159,90 ₺ kaydedildi')
    await expect(dialog).toBeVisible()
    await expect(orderInput(page)).toHaveValue('')
  })
})
