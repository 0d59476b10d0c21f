import AxeBuilder from '@axe-core/playwright'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import type { AddOrderInput } from '../../src-shared/contract.ts'
import { shortCodeOf } from '../../src-shared/order-rules.ts'
import { fitPageToSlip } from '../../src-renderer/src/slip/page-size.ts'
import { DEMO_BRANCH_IDS, DEMO_ORDER_IDS, ORDER_STATUS } from '../mock-platform/demo-data.ts'
import type { MockOrder } from '../mock-platform/contract.ts'
import type { MockPlatform } from '../mock-platform/server.ts'
import { expect, test } from '../support/fixtures.ts'
import { decodeQr, pdfPageSizesMm, renderPdf } from '../support/slip-pdf.ts'
import { expectSignedIn, orderInput, orderItem, scan, signIn } from '../support/staff.ts'

/**
 * Issue 21's batch scan-out, as staff do it at the till with a scanner: the courier's badge, three packages (the
 * slip's QR text, a short code, an id), a package refused, one taken back and scanned again, and the manifest
 * ("zimmet fişi") printed — the page the app hands to the print dialog, printed to PDF by Chromium, turned into an
 * image by poppler, its QR read back and its total read off the paper. And the page reloaded mid-batch (D77).
 */

const SLIP_CSS = new URL('../../src-renderer/src/slip/slip.css', import.meta.url)

const packageOrder = (n: number, payment_type: MockOrder['payment_type']): MockOrder => ({
  payment_key: `0d3e1f00-5a1b-4c2d-8e3f-30000000000${String(n)}`,
  courier_type: 'restaurant',
  status_id: ORDER_STATUS.CONFIRMED,
  payment_type,
  shipping_method: 'delivery',
  branch_id: DEMO_BRANCH_IDS.kadikoyModa,
})
const PACKAGES = [
  { order: packageOrder(1, 'CASH'), amountKurus: 19_990 },
  { order: packageOrder(2, 'CREDIT_CARD'), amountKurus: 25_000 },
  { order: packageOrder(3, 'CASH'), amountKurus: 20_000 },
]
/** Cash only: 199,90 + 200,00; the card order is paid in advance. */
const TOTAL_KURUS = 39_990

const words = (text: string) => text.replace(/\s+/g, ' ')

/** Serious and critical axe violations (accessibility.spec.ts's rule). */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

/** What the POS and the manager would have set up: the courier with a badge, the orders with their amounts. */
/** The platform holds the packages, staff sign in, and the till adds its courier and the POS's orders. */
async function setUpTheTill(page: Page, mock: MockPlatform): Promise<void> {
  await mock.control.upsertOrders(PACKAGES.map(({ order }) => order))
  await signIn(page, 'vendor')
  await expectSignedIn(page)
  const orders: AddOrderInput[] = [
    ...PACKAGES.map(({ order, amountKurus }) => ({
      text: order.payment_key,
      shippingMethod: order.shipping_method,
      paymentMethod: order.payment_type,
      courierType: order.courier_type,
      amountKurus,
    })),
    {
      text: DEMO_ORDER_IDS.kadikoyCashPickup,
      shippingMethod: 'pickup',
      paymentMethod: 'CASH',
      courierType: 'restaurant',
    },
  ]
  await page.evaluate(async (toAdd) => {
    const api = window.api
    if (!api) throw new Error('no bridge')
    const courier = await api.addCourier({
      requestId: crypto.randomUUID(),
      name: 'Ahmet Yılmaz',
      badge: 'K-01',
    })
    if (!courier.ok) throw new Error(`addCourier: ${courier.error.code}`)
    for (const input of toAdd) {
      const added = await api.addOrder(input)
      if (!added.ok) throw new Error(`addOrder: ${added.error.code}`)
    }
  }, orders)
  for (const { order } of PACKAGES) await expect(orderItem(page, order.payment_key)).toBeVisible()
}

test.describe('the batch scan-out', () => {
  test.skip(({ shell }) => shell === 'electron', 'web mode prints through the browser; the flow is the same')
  // The longest undo window Settings allow: Geri al must still be there on a loaded machine.
  test.use({ undoWindowSeconds: 10 })

  test('a badge, three packages, one refused, one taken back, and the manifest printed with its QR and total', async ({
    app,
    mock,
    webBrowser,
  }) => {
    if (!webBrowser) throw new Error('the web project launches Chromium')
    const { page } = app
    await page.setViewportSize({ width: 1024, height: 768 })
    await setUpTheTill(page, mock)
    await orderInput(page).focus()

    // The badge: the scanner types its QR text and Enter, wherever focus is.
    await scan(page, 'pos-companion-courier:K-01')
    const bar = page.getByRole('region', { name: /Ahmet Yılmaz’a veriliyor/ })
    await expect(bar.getByRole('heading')).toHaveText('Ahmet Yılmaz’a veriliyor · 0 paket')

    const [first, second, third] = PACKAGES.map(({ order }) => order.payment_key)
    if (!first || !second || !third) throw new Error('three packages')
    await scan(page, `https://example.test/siparis?id=${first}`)
    await expect(bar.getByRole('heading')).toHaveText('Ahmet Yılmaz’a veriliyor · 1 paket')
    await scan(page, shortCodeOf(second).replace('-', ''))
    await expect(bar.getByRole('heading')).toHaveText('Ahmet Yılmaz’a veriliyor · 2 paket')
    await scan(page, third)
    await expect(bar.getByRole('heading')).toHaveText('Ahmet Yılmaz’a veriliyor · 3 paket')
    await expect(bar).toContainText('Tahsil edilecek: 399,90 ₺')

    // One taken back in its undo window (from the bar), then scanned again: its own hand-over each time.
    await bar.getByRole('button', { name: `Geri al: ${shortCodeOf(third)} (kuryeye verme)` }).click()
    await expect(bar.getByRole('heading')).toHaveText('Ahmet Yılmaz’a veriliyor · 2 paket')
    await orderInput(page).focus()
    await scan(page, third)
    await expect(bar.getByRole('heading')).toHaveText('Ahmet Yılmaz’a veriliyor · 3 paket')

    // A pickup order is refused out loud, and nothing is sent for it.
    await scan(page, DEMO_ORDER_IDS.kadikoyCashPickup)
    await expect(page.getByRole('alert')).toContainText('Gel Al siparişi: kuryeye verilmez. Gönderilmedi.')
    await expect(bar.getByRole('heading')).toHaveText('Ahmet Yılmaz’a veriliyor · 3 paket')
    await expect(orderItem(page, DEMO_ORDER_IDS.kadikoyCashPickup)).not.toContainText(
      'Restoran Kuryeye Verildi',
    )

    expect(await seriousViolations(page)).toEqual([])
    await mkdir('test-results/screenshots', { recursive: true })
    await page.screenshot({ path: 'test-results/screenshots/courier-batch-1024.png' })

    // The manifest, as the print dialog would get it.
    await page.evaluate(() => {
      window.print = () => {
        const root = document.querySelector('.slip-print-root')
        Object.assign(window, { printedManifest: root?.innerHTML })
      }
    })
    await bar.getByRole('button', { name: 'Zimmet fişi yazdır' }).press('Enter')
    const printed = () =>
      page.evaluate(() => (window as unknown as { printedManifest?: string }).printedManifest)
    await expect.poll(printed).toContain('slip-manifest')
    const html = (await printed()) ?? ''

    // The courier goes: Esc ends the batch; the three hand-overs stand.
    await page.keyboard.press('Escape')
    await expect(bar).toHaveCount(0)
    for (const key of [first, second, third]) {
      await expect(orderItem(page, key)).toContainText('Kurye: Ahmet Yılmaz')
    }

    const css = await readFile(SLIP_CSS, 'utf8')
    const paper = await webBrowser.newPage()
    await paper.setContent(
      `<!doctype html><html lang="tr"><head><meta charset="utf-8"><style>${css}</style></head><body>${html}</body></html>`,
    )
    expect((await paper.evaluate(fitPageToSlip))?.widthMm).toBe(80)
    const pdf = await paper.pdf({ width: '80mm', preferCSSPageSize: true, printBackground: true })
    expect(pdfPageSizesMm(pdf)).toHaveLength(1)
    const rendered = await renderPdf(pdf)
    const qr = decodeQr(rendered.png)
    expect(qr).toMatch(
      new RegExp(`^ZIMMET;Ahmet Yılmaz;3;${String(TOTAL_KURUS)};\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z$`),
    )
    const text = words(rendered.text)
    expect(text).toContain('ZİMMET FİŞİ') // the slip's title is set in capitals, the Turkish way (lang="tr")
    expect(text).toContain('Kurye: Ahmet Yılmaz')
    expect(text).toContain('Tahsil edilecek toplam 399,90 ₺')
    for (const key of [first, second, third]) expect(text).toContain(shortCodeOf(key))
    await writeFile('test-results/screenshots/manifest.png', rendered.png)
    if (process.env['UPDATE_SCREENSHOTS'] === '1')
      await writeFile('docs/screenshots/manifest.png', rendered.png)
    await paper.close()
  })

  test('a reload mid-batch: the bar comes back with its courier and packages, and the batch goes on', async ({
    app,
    mock,
  }) => {
    const { page } = app
    await page.setViewportSize({ width: 1024, height: 768 })
    await setUpTheTill(page, mock)
    await orderInput(page).focus()
    const [first, second, third] = PACKAGES.map(({ order }) => order.payment_key)
    if (!first || !second || !third) throw new Error('three packages')
    const bar = page.getByRole('region', { name: /Ahmet Yılmaz’a veriliyor/ })
    await scan(page, 'pos-companion-courier:K-01')
    await scan(page, first)
    await expect(bar.getByRole('heading')).toHaveText('Ahmet Yılmaz’a veriliyor · 1 paket')
    await scan(page, second)
    await expect(bar.getByRole('heading')).toHaveText('Ahmet Yılmaz’a veriliyor · 2 paket')

    // Ctrl+R at the till (or the page reloaded after a crash): the same courier, the same packages.
    await page.reload()
    await expectSignedIn(page)
    await expect(bar.getByRole('heading')).toHaveText('Ahmet Yılmaz’a veriliyor · 2 paket')
    await expect(bar).toContainText('Tahsil edilecek: 199,90 ₺')
    // The next bag goes with that courier, and the bar counts it with the others.
    await expect(orderItem(page, third)).toBeVisible()
    await orderInput(page).focus()
    await scan(page, third)
    await expect(bar.getByRole('heading')).toHaveText('Ahmet Yılmaz’a veriliyor · 3 paket')
    await expect(bar).toContainText('Tahsil edilecek: 399,90 ₺')
    await expect(orderItem(page, third)).toContainText('Kurye: Ahmet Yılmaz')

    // Bitir is kept too: the next reload shows no bar, and the three hand-overs stand.
    await page.keyboard.press('Escape')
    await expect(bar).toHaveCount(0)
    await page.reload()
    await expectSignedIn(page)
    for (const key of [first, second, third]) {
      await expect(orderItem(page, key)).toContainText('Kurye: Ahmet Yılmaz')
    }
    await expect(bar).toHaveCount(0)
  })

  test('a card’s Kuryeye Verildi by keyboard: the picker, narrowed by typing, Enter picks', async ({
    app,
    mock,
  }) => {
    const { page } = app
    await page.setViewportSize({ width: 800, height: 600 })
    await setUpTheTill(page, mock)
    const [first] = PACKAGES
    if (!first) throw new Error('a package')
    const key = first.order.payment_key
    await orderInput(page).focus()
    // The scan finds the card and puts focus on its main button: Enter presses it.
    await scan(page, shortCodeOf(key))
    await expect(page.getByRole('button', { name: `Kuryeye Verildi: ${shortCodeOf(key)}` })).toBeFocused()
    await page.keyboard.press('Enter')
    const picker = page.getByRole('dialog', { name: `${shortCodeOf(key)}: kim götürüyor?` })
    await expect(picker).toBeVisible()
    await expect(picker.getByLabel('Kurye ara ya da kartını okut')).toBeFocused()
    expect(await seriousViolations(page)).toEqual([])
    await mkdir('test-results/screenshots', { recursive: true })
    await page.screenshot({ path: 'test-results/screenshots/courier-picker-800.png' })
    await page.keyboard.type('ahm')
    await page.keyboard.press('Enter')
    await expect(picker).toHaveCount(0)
    await expect(orderItem(page, key)).toContainText('Kurye: Ahmet Yılmaz')
    await expect(orderInput(page)).toBeFocused()
  })
})
