import { mkdir, writeFile } from 'node:fs/promises'
import { _electron as electron, type Browser, type Page } from '@playwright/test'
import type { BoardOrder } from '../../src-shared/domain.ts'
import { shortCodeOf } from '../../src-shared/order-rules.ts'
import type { CourierSlipProps, PaperWidth } from '../../src-renderer/src/slip/CourierSlip.tsx'
import { fitPageToSlip, type SlipPage } from '../../src-renderer/src/slip/page-size.ts'
import { slipPdfOptions } from '../../src-main/electron/all-day/slip-print.ts'
import { DEMO_ORDER_IDS, PAYMENT_METHODS, SHIPPING_METHODS } from '../mock-platform/demo-data.ts'
import { findElectronBinary } from '../support/electron-binary.ts'
import { expect, test } from '../support/fixtures.ts'
import { decodeQr, pdfPageSizesMm, renderPdf } from '../support/slip-pdf.ts'
import { addOrder, expectSignedIn, orderItem, signIn } from '../support/staff.ts'
import { slipPageHtml } from '../support/slip-render.ts'
import { withTempFolder } from '../support/temp-folders.ts'

/**
 * The courier slip, printed for real: the component and its CSS laid out by Chromium, printed to PDF at the
 * paper's width, the PDF turned into a 300 dpi image by poppler, and the QR code read back by a decoder.
 */

const methodNames = new Map([...PAYMENT_METHODS, ...SHIPPING_METHODS].map(({ key, name }) => [key, name]))

const cashOrder: BoardOrder = {
  paymentKey: DEMO_ORDER_IDS.kadikoyCashDelivery,
  addedAt: '2026-11-22T10:00:00.000Z',
  shippingMethod: 'delivery',
  paymentMethod: 'CASH',
  courierType: 'restaurant',
  label: 'Zil çalışmıyor, arayın',
  handover: { state: 'handed-over', at: '2026-11-22T10:32:00.000Z' },
}

const cardOrder: BoardOrder = {
  paymentKey: DEMO_ORDER_IDS.kadikoyCreditCardDelivery,
  addedAt: '2026-11-22T10:00:00.000Z',
  shippingMethod: 'delivery',
  paymentMethod: 'CREDIT_CARD',
  courierType: 'restaurant',
  handover: { state: 'handed-over', at: '2026-11-22T10:40:00.000Z' },
}

const slipOf = (
  order: BoardOrder,
  paperWidth: PaperWidth,
  language: 'tr' | 'en' = 'tr',
): CourierSlipProps => ({
  order,
  methodNames,
  branchName: 'Kadıköy Moda',
  language,
  paperWidth,
  printedAt: '2026-11-22T10:45:00.000Z',
})

/** The PDF's text with line breaks and runs of spaces as single spaces: a narrow roll wraps lines anywhere. */
const words = (text: string) => text.replace(/\s+/g, ' ')

/** The slip on its own page, sized to the paper by the app's own fitPageToSlip (run inside Chromium). */
async function openSlip(browser: Browser, props: CourierSlipProps): Promise<Page> {
  const page = await browser.newPage()
  await page.setContent(await slipPageHtml(props))
  const size = await page.evaluate(fitPageToSlip)
  expect(size?.widthMm).toBe(props.paperWidth)
  return page
}

test.describe('the courier slip printed by Chromium', () => {
  test.skip(
    ({ shell }) => shell === 'electron',
    'the slip is printed by Chromium in the web project; Electron prints the same page through printToPDF (slip-print.ts), which needs the Electron binary',
  )

  for (const paperWidth of [80, 58] as const) {
    test(`prints at ${paperWidth} mm, on one page, with a QR code that reads back as the payment_key`, async ({
      webBrowser,
    }) => {
      if (!webBrowser) throw new Error('the web project launches Chromium')
      const page = await openSlip(webBrowser, slipOf(cashOrder, paperWidth))
      const pdf = await page.pdf({ width: `${paperWidth}mm`, preferCSSPageSize: true, printBackground: true })

      const pages = pdfPageSizesMm(pdf)
      expect(pages).toHaveLength(1)
      expect(pages[0]?.widthMm).toBeCloseTo(paperWidth, 0)

      const rendered = await renderPdf(pdf)
      expect(decodeQr(rendered.png)).toBe(cashOrder.paymentKey)
      const text = words(rendered.text)
      expect(text).toContain('Kurye nakit tahsil edecek')
      expect(text).toContain(shortCodeOf(cashOrder.paymentKey))
      expect(text).toContain('Şube: Kadıköy Moda')
      expect(text).toContain('Teslimat şekli: Teslimat')
      expect(text).toContain('Ödeme: Nakit')
      expect(text).toContain('Not: Zil çalışmıyor, arayın')
      expect(text).toContain('Kuryeye verildi:')

      if (paperWidth === 80) {
        await mkdir('test-results/screenshots', { recursive: true })
        await writeFile('test-results/screenshots/slip.png', rendered.png)
        if (process.env['UPDATE_SCREENSHOTS'] === '1')
          await writeFile('docs/screenshots/slip.png', rendered.png)
      }
      await page.close()
    })
  }

  test('the paper size comes from the slip, not from a default A4 page', async ({ webBrowser }) => {
    if (!webBrowser) throw new Error('the web project launches Chromium')
    const page = await openSlip(webBrowser, slipOf(cardOrder, 58))
    const pages = pdfPageSizesMm(await page.pdf({ format: 'A4', preferCSSPageSize: true }))
    expect(pages).toHaveLength(1)
    expect(pages[0]?.widthMm).toBeCloseTo(58, 0)
    await page.close()
  })

  test('says the courier collects cash only for a cash order', async ({ webBrowser }) => {
    if (!webBrowser) throw new Error('the web project launches Chromium')
    const page = await openSlip(webBrowser, slipOf(cardOrder, 80))
    const rendered = await renderPdf(await page.pdf({ width: '80mm', preferCSSPageSize: true }))
    expect(decodeQr(rendered.png)).toBe(cardOrder.paymentKey)
    expect(words(rendered.text)).toContain('Ödeme: Kredi Kartı')
    expect(words(rendered.text)).not.toMatch(/nakit/i)
    await expect(page.locator('.slip-cash')).toHaveCount(0)
    await page.close()

    const cash = await openSlip(webBrowser, slipOf(cashOrder, 80))
    await expect(cash.locator('.slip-cash')).toHaveText('Kurye nakit tahsil edecek')
    expect(await cash.locator('.slip-cash').evaluate((element) => getComputedStyle(element).fontWeight)).toBe(
      '700',
    )
    await cash.close()
  })

  test('speaks the app language: English when the app is in English', async ({ webBrowser }) => {
    if (!webBrowser) throw new Error('the web project launches Chromium')
    const page = await openSlip(webBrowser, slipOf(cashOrder, 80, 'en'))
    const rendered = await renderPdf(await page.pdf({ width: '80mm', preferCSSPageSize: true }))
    expect(words(rendered.text)).toContain('The courier collects cash')
    expect(words(rendered.text)).toContain('Handed to the courier:')
    expect(words(rendered.text)).not.toContain('Kurye nakit')
    await page.close()
  })
})

test.describe('the courier slip printed by Electron', () => {
  const binary = findElectronBinary()
  test.skip(({ shell }) => shell !== 'electron', 'Electron prints the slip in the electron project')
  test.skip(
    'missing' in binary,
    `no Electron binary on this machine (${'missing' in binary ? binary.missing : ''})`,
  )

  for (const paperWidth of [80, 58] as const) {
    test(`printToPDF at ${paperWidth} mm with the options slip-print.ts gives, QR read back`, async () => {
      if ('missing' in binary) throw new Error('unreachable: skipped above')
      const html = await slipPageHtml(slipOf(cashOrder, paperWidth))
      await withTempFolder('e2e-slip-electron-', async (dataDir) => {
        const app = await electron.launch({
          executablePath: binary.path,
          args: ['.', `--data-dir=${dataDir}`],
        })
        try {
          // A hidden window of its own holds the slip page, as the app's print window will.
          const page = await app.evaluate(
            async ({ BrowserWindow }, { html, fit }) => {
              const window = new BrowserWindow({ show: false })
              await window.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`)
              const size = (await window.webContents.executeJavaScript(`(${fit})()`)) as SlipPage
              return { id: window.id, size }
            },
            { html, fit: fitPageToSlip.toString() },
          )
          expect(page.size.widthMm).toBe(paperWidth)
          const base64 = await app.evaluate(
            async ({ BrowserWindow }, { id, options }) => {
              const window = BrowserWindow.fromId(id)
              if (!window) throw new Error('the slip window is gone')
              const pdf = await window.webContents.printToPDF(options)
              window.destroy()
              return pdf.toString('base64')
            },
            { id: page.id, options: slipPdfOptions(paperWidth, page.size) },
          )
          const pdf = Buffer.from(base64, 'base64')
          const pages = pdfPageSizesMm(pdf)
          expect(pages).toHaveLength(1)
          expect(pages[0]?.widthMm).toBeCloseTo(paperWidth, 0)
          const rendered = await renderPdf(pdf)
          expect(decodeQr(rendered.png)).toBe(cashOrder.paymentKey)
          expect(words(rendered.text)).toContain('Kurye nakit tahsil edecek')
        } finally {
          await app.close()
        }
      })
    })
  }
})

/** Signed in, with the cash delivery on the board as a restaurant-courier order. */
async function signedInWithCashOrder(page: Page): Promise<void> {
  await signIn(page, 'vendor')
  await expectSignedIn(page)
  // The order's details may sit behind a disclosure in the add form: opened when it is there.
  const details = page.getByText('Ayrıntı ekle (isteğe bağlı)')
  if ((await details.count()) > 0) await details.click()
  await addOrder(page, cashOrder.paymentKey, {
    shipping: 'Teslimat',
    payment: 'Nakit',
    courier: 'Restoran kuryesi',
  })
}

test.describe('the courier slip from the order board', () => {
  test.skip(
    ({ shell }) => shell === 'electron',
    'web mode prints through the browser; Electron through its bridge',
  )

  test('Fiş yazdır prints that order’s slip, alone on a page sized to the paper', async ({ app }) => {
    const { page } = app
    await signedInWithCashOrder(page)

    // What the browser's print dialog would get, recorded at the moment it is asked for, in print media.
    await page.emulateMedia({ media: 'print' })
    await page.evaluate(() => {
      window.print = () => {
        const slips = [...document.querySelectorAll<HTMLElement>('.slip-print-root .slip')]
        const pageRule = document.adoptedStyleSheets
          .map((sheet) => sheet.cssRules[0]?.cssText ?? '')
          .find((text) => text.startsWith('@page slip-'))
        const root = document.getElementById('root')
        Object.assign(window, {
          printed: {
            keys: slips.map((slip) => slip.querySelector('.slip-key')?.textContent),
            paperMm: slips[0]?.dataset['paperMm'],
            cash: slips[0]?.textContent.includes('Kurye nakit tahsil edecek'),
            pageRule,
            appHidden: root ? getComputedStyle(root).display === 'none' : false,
          },
        })
      }
    })
    // Fiş yazdır is in the card's menu (issue 30).
    const card = orderItem(page, cashOrder.paymentKey)
    await card.getByRole('button', { name: `Diğer işlemler: ${shortCodeOf(cashOrder.paymentKey)}` }).click()
    await card.getByRole('button', { name: 'Fiş yazdır' }).click()
    const printed = () => page.evaluate(() => (window as unknown as { printed?: unknown }).printed)
    await expect.poll(printed).toMatchObject({
      keys: [cashOrder.paymentKey],
      paperMm: '80',
      cash: true,
      pageRule: expect.stringMatching(/^@page slip-80mm \{ size: 80mm \d+mm; margin: 0(px)?; \}$/),
      appHidden: true,
    })
    // The print layer is gone once printed: the board is as it was.
    await expect(page.locator('.slip-print-root')).toHaveCount(0)
  })

  test('the slip prints by itself when a held hand-over goes through while staff are in Settings', async ({
    app,
    mock,
  }) => {
    const { page } = app
    await signedInWithCashOrder(page)
    await page.getByRole('button', { name: 'Ayarlar' }).click()
    const printAfter = page.getByLabel('Teslimden sonra fişi kendiliğinden yazdır')
    // Saved as it is ticked; the box follows the saved setting.
    await printAfter.click()
    await expect(printAfter).toBeChecked()
    await page.getByRole('button', { name: 'Geri', exact: true }).click()

    // Every print the page asks for, with the slip's order at that moment.
    await page.evaluate(() => {
      const printed: Array<string | null | undefined> = []
      Object.assign(window, { printed })
      window.print = () => {
        printed.push(document.querySelector('.slip-print-root .slip-key')?.textContent)
      }
    })
    await mock.control.hold('ontheway')
    await orderItem(page, cashOrder.paymentKey).getByRole('button', { name: 'Kuryeye Verildi' }).click()
    await expect.poll(async () => (await mock.control.holds()).waiting.ontheway).toBe(1)
    // Staff walk away to Settings; the platform answers only now.
    await page.getByRole('button', { name: 'Ayarlar' }).click()
    await expect(printAfter).toBeVisible()
    await mock.control.release('ontheway')
    const printed = () => page.evaluate(() => (window as unknown as { printed: unknown[] }).printed)
    await expect.poll(printed).toEqual([cashOrder.paymentKey])
    await page.getByRole('button', { name: 'Geri', exact: true }).click()
    await expect(orderItem(page, cashOrder.paymentKey)).toContainText('Restoran Kuryeye Verildi')
    // Once: coming back to the board does not print it again.
    expect(await printed()).toEqual([cashOrder.paymentKey])
  })
})
