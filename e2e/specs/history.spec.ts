import AxeBuilder from '@axe-core/playwright'
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { DEMO_ORDER_IDS } from '../mock-platform/demo-data.ts'
import type { MockPlatform } from '../mock-platform/server.ts'
import { expect, test } from '../support/fixtures.ts'
import { addOrder, expectSignedIn, orderItem, signIn } from '../support/staff.ts'

const ELIGIBLE = DEMO_ORDER_IDS.kadikoyCashDelivery

async function seriousViolations(page: Page): Promise<string[]> {
  return (await new AxeBuilder({ page }).analyze()).violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id)
}

/** One order handed over at the second attempt (a 429 first), then the `Geçmiş` screen opened. */
async function historyOfOneRetry(page: Page, mock: MockPlatform): Promise<void> {
  await addOrder(page, ELIGIBLE, {
    shipping: 'Teslimat',
    courier: 'Restoran kuryesi',
    label: 'Şükrü; masa 4',
  })
  await mock.control.injectFault({ route: 'ontheway', kind: 'rate-limit', retryAfterSeconds: 2 })
  await orderItem(page, ELIGIBLE).getByRole('button', { name: 'Kuryeye Verildi' }).click()
  await expect(orderItem(page, ELIGIBLE).getByRole('status')).toContainText('Yeniden denenecek')
  expect(await seriousViolations(page)).toEqual([])
  await expect(orderItem(page, ELIGIBLE)).toContainText('Restoran Kuryeye Verildi', { timeout: 15_000 })
  await page.getByRole('button', { name: 'Geçmiş' }).click()
}

test.describe('the hand-over history', () => {
  test.beforeEach(async ({ app }) => {
    await signIn(app.page, 'vendor')
    await expectSignedIn(app.page)
  })

  test('shows one row per order with its attempts folded inside, and filters by state', async ({
    app,
    mock,
  }) => {
    const { page } = app
    await historyOfOneRetry(page, mock)
    const table = page.getByRole('table', { name: 'Kuryeye teslim geçmişi' })
    const rows = table.getByRole('row')
    await expect(rows).toHaveCount(2)
    await expect(rows.nth(1)).toContainText('Kuryeye verildi')
    await expect(rows.nth(1)).toContainText('Şükrü; masa 4')
    await rows.nth(1).getByText('2 deneme').click()
    const attempts = rows.nth(1).getByRole('listitem')
    await expect(attempts).toHaveCount(2)
    await expect(attempts.nth(0)).toContainText('Yeniden denenecek')
    await expect(attempts.nth(0)).toContainText('HTTP 429')
    await expect(attempts.nth(1)).toContainText('Kuryeye verildi')
    // Today is the one day with history; a state with no order says so.
    await expect(page.getByLabel('Gün').locator('option')).toHaveCount(1)
    await page.getByLabel('Durum').selectOption({ label: 'Reddedildi' })
    await expect(page.getByText('Bu gün bu durumda sipariş yok.')).toBeVisible()
    await page.getByLabel('Durum').selectOption({ label: 'Kuryeye verildi' })
    await expect(rows).toHaveCount(2)
    expect(await seriousViolations(page)).toEqual([])

    await page.getByRole('button', { name: 'Geri' }).click()
    await expect(orderItem(page, ELIGIBLE)).toBeVisible()
  })

  test('downloads the history as a CSV for Excel', async ({ app, mock, shell }) => {
    test.skip(
      shell === 'electron',
      "Electron answers a download with the OS save dialog, which Playwright can't drive",
    )
    const { page } = app
    await historyOfOneRetry(page, mock)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSV olarak indir' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^pos-companion-gecmis-\d{8}\.csv$/)
    const bytes = await readFile(await download.path())
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = bytes.subarray(3).toString('utf8').split('\r\n')
    expect(lines[0]).toBe(
      'Tarih;Sipariş kodu;Sipariş numarası;Not;Deneme;Sonuç;HTTP durumu;Platformun yanıtı;Platformun mesajı;Hata;Sonraki deneme',
    )
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\d\\d\\.\\d\\d\\.\\d{4} \\d\\d:\\d\\d:\\d\\d;000-001;${ELIGIBLE};"Şükrü; masa 4";2;Kuryeye verildi;200;OK;;;$`,
      ),
    )
    // The error in the app's language, not its code.
    expect(lines[2]).toContain(
      ';1;Yeniden denenecek;429;çok fazla istek;Too many requests;Platform çok fazla istek aldı;',
    )
    expect(lines).toHaveLength(4)
  })
})
