// The courier's day for the manager (issue 21), in web mode as staff use it: a courier's return with the cash
// handed in and the difference shown as typed, a correction, the day-end screen, its print (the app's own print
// layer laid out by Chromium, PDF → image via poppler) and its CSV; the app restarted in the middle changes
// nothing. The packages are handed over through the bridge first, as the board's hand-over side would.
import AxeBuilder from '@axe-core/playwright'
import { randomUUID } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import type { CallName } from '../../src-shared/contract.ts'
import type { Courier, DayEndView } from '../../src-shared/couriers.ts'
import { DEMO_COURIER_PACKAGES } from '../mock-platform/demo-data.ts'
import type { MockPlatform } from '../mock-platform/server.ts'
import { expect, test } from '../support/fixtures.ts'
import { pdfPageSizesMm, renderPdf } from '../support/slip-pdf.ts'
import { expectSignedIn, signIn } from '../support/staff.ts'

/** Serious and critical axe violations, in a form that reads well in a failure report. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

/**
 * The morning (the demo's): Ahmet Yılmaz two cash packages (274,50 + 185,50 = 460,00 ₺ to collect) and one paid
 * by card; Mehmet Demir one cash package (330,00 ₺) and one by debit card, and he handed in 317,50 ₺; one cash
 * package (125,00 ₺) handed over without naming a courier, which is in no courier's difference (D76).
 */
const MORNING = DEMO_COURIER_PACKAGES.filter((item) => item.courier !== 2)
const words = (text: string) => text.replace(/\s+/g, ' ')

/** A call through the page's own bridge, as the board's hand-over side makes it. */
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

async function handOverTheMorning(page: Page, mock: MockPlatform) {
  await mock.control.upsertOrders(MORNING.map((item) => item.order))
  const couriers: Courier[] = []
  for (const [index, name] of ['Ahmet Yılmaz', 'Mehmet Demir'].entries()) {
    const badge = `K-0${String(index + 1)}`
    couriers.push(await call<Courier>(page, 'addCourier', { requestId: randomUUID(), name, badge }))
  }
  for (const { order, amountKurus, courier } of MORNING) {
    await call(page, 'addOrder', {
      text: order.payment_key,
      courierType: order.courier_type,
      shippingMethod: order.shipping_method,
      paymentMethod: order.payment_type,
      amountKurus,
      branch: order.branch_id,
    })
    const courierId = courier === null ? undefined : couriers[courier]?.id
    await call(page, 'handOverOrder', { paymentKey: order.payment_key, ...(courierId ? { courierId } : {}) })
  }
  await call(page, 'recordCash', { requestId: randomUUID(), courierId: couriers[1]?.id, amountKurus: 31_750 })
  // Counted once the platform confirmed each hand-over.
  await expect.poll(async () => (await call<DayEndView>(page, 'getDayEnd', {})).allOrders.packages).toBe(6)
}

async function openDayEnd(page: Page) {
  await page.getByRole('button', { name: 'Gün sonu' }).click()
  await expect(page.getByRole('heading', { name: 'Kurye gün sonu' })).toBeVisible()
  return page.getByRole('table', { name: 'Kurye gün sonu' })
}

/** One row of Gün sonu's table, by its header. */
function rowOf(page: Page, name: string) {
  return page.getByRole('table', { name: 'Kurye gün sonu' }).getByRole('row', { name: new RegExp(name) })
}

/** The table as staff read it, row by row. */
async function tableText(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Kurye gün sonu' })
  return (await table.getByRole('row').allInnerTexts()).map((row) => words(row).trim())
}

/** What the browser's print dialog gets: the print layer and every style on the page, at the moment of print. */
async function capturePrint(page: Page) {
  await page.evaluate(() => {
    window.print = () => {
      const root = document.querySelector('.slip-print-root')
      const css = [...document.styleSheets, ...document.adoptedStyleSheets]
        .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
        .join('\n')
      Object.assign(window, { printed: { html: root?.outerHTML ?? '', css } })
    }
  })
  return async () => {
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printed?: unknown }).printed !== undefined))
      .toBe(true)
    return page.evaluate(() => (window as unknown as { printed: { html: string; css: string } }).printed)
  }
}

test.describe("the courier's return and the day end", () => {
  test.skip(
    ({ shell }) => shell === 'electron',
    'web mode prints through the browser; Electron through its bridge',
  )

  test('a return with the difference as typed, a correction, the day end, its print and CSV, across a restart', async ({
    app,
    mock,
    webBrowser,
  }) => {
    // A restart, a print and a CSV on a machine that may be busy.
    test.setTimeout(90_000)
    let page = app.page
    await page.setViewportSize({ width: 1024, height: 768 })
    await signIn(page, 'vendor')
    await expectSignedIn(page)
    await handOverTheMorning(page, mock)

    const table = await openDayEnd(page)
    // Still out with his bags: "yolda", never "açık var" (issue 28).
    await expect(table.getByRole('row', { name: /Ahmet Yılmaz/ })).toContainText('yolda: 3 paket taşıyor')
    await expect(table.getByRole('row', { name: /Ahmet Yılmaz/ })).not.toContainText('açık var')

    // The return: what staff type is read at each keystroke.
    await page.getByRole('button', { name: 'Ahmet Yılmaz: dönüşü kaydet' }).press('Enter')
    let dialog = page.getByRole('dialog', { name: 'Dönüş: Ahmet Yılmaz' })
    await expect(dialog.getByText('Beklenen: 460,00 ₺')).toBeVisible()
    const amount = dialog.getByLabel('Teslim edilen nakit')
    await expect(amount).toBeFocused()
    await page.keyboard.type('1.234')
    await expect(dialog.getByText(/“1\.234” belirsiz/)).toBeVisible()
    await page.keyboard.press('Enter')
    await expect(dialog.getByText('Bu gün henüz teslim kaydı yok.')).toBeVisible()
    await amount.fill('')
    await page.keyboard.type('447,5')
    await expect(dialog.getByText('açık var: -12,50 ₺')).toBeVisible()
    await page.keyboard.press('Enter')
    await expect(dialog.getByRole('status')).toHaveText('Teslim: 447,50 ₺ kaydedildi.')
    await expect(dialog.getByText('açık var: -12,50 ₺')).toBeVisible()

    // The app restarts in the middle: the record is on disk, the settlement reads the same.
    await page.keyboard.press('Escape')
    // The table refetches after the record (fire-and-forget invalidation): read it once it shows the record.
    // Per row: packages, cash at the door, float, expenses, expected, handed in, the difference (issue 28).
    await expect(rowOf(page, 'Ahmet Yılmaz')).toContainText(
      /3\s*460,00 ₺\s*0,00 ₺\s*0,00 ₺\s*460,00 ₺\s*447,50 ₺\s*açık var: -12,50 ₺/,
    )
    await expect(rowOf(page, 'Mehmet Demir')).toContainText(
      /2\s*330,00 ₺\s*0,00 ₺\s*0,00 ₺\s*330,00 ₺\s*317,50 ₺\s*açık var: -12,50 ₺/,
    )
    await expect(rowOf(page, 'Kuryeler toplamı')).toContainText(
      /5\s*790,00 ₺\s*0,00 ₺\s*0,00 ₺\s*790,00 ₺\s*765,00 ₺\s*açık var: -25,00 ₺/,
    )
    await expect(rowOf(page, 'Kuryesi belirsiz')).toContainText(/1\s*125,00 ₺/)
    const before = await tableText(page)
    page = await app.restart()
    await page.setViewportSize({ width: 1024, height: 768 })
    await expectSignedIn(page)
    await openDayEnd(page)
    await expect.poll(() => tableText(page)).toEqual(before)

    // A mistake: the courier had handed in 460,00 ₺. A new record stands in place of the first; both stay.
    await page.getByRole('button', { name: 'Ahmet Yılmaz: dönüşü kaydet' }).click()
    dialog = page.getByRole('dialog', { name: 'Dönüş: Ahmet Yılmaz' })
    await dialog.getByRole('button', { name: /kaydını \(447,50 ₺\) düzelt/ }).click()
    await page.keyboard.type('460')
    await page.keyboard.press('Enter')
    const records = dialog.getByRole('region', { name: 'Bu günün teslim kayıtları' })
    await expect(records.getByRole('listitem')).toHaveCount(2)
    await expect(records.locator('del')).toContainText('447,50 ₺')
    await expect(records.getByRole('listitem').nth(0)).toContainText('düzeltildi → 460,00 ₺')
    await expect(records.getByRole('listitem').nth(1)).toContainText('düzeltme (önceki 447,50 ₺)')
    await expect(dialog.getByText('Beklenen: 0,00 ₺')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(
      page.getByRole('table', { name: 'Kurye gün sonu' }).getByRole('row', { name: /Ahmet/ }),
    ).toContainText('kasa tam')
    await expect(rowOf(page, 'Ahmet Yılmaz')).toContainText(/460,00 ₺\s*460,00 ₺\s*kasa tam/)
    await expect(rowOf(page, 'Kuryeler toplamı')).toContainText(/790,00 ₺\s*777,50 ₺\s*açık var: -12,50 ₺/)

    // Print: the app's print layer, laid out by Chromium with the page's own styles, to PDF and to an image.
    const printed = await capturePrint(page)
    await page.getByRole('button', { name: 'Yazdır' }).click()
    const { html, css } = await printed()
    if (!webBrowser) throw new Error('the web project launches Chromium')
    const paper = await webBrowser.newPage()
    await paper.setContent(
      `<!doctype html><html lang="tr"><head><meta charset="utf-8"><style>${css}</style></head><body>${html}</body></html>`,
    )
    await paper.emulateMedia({ media: 'print' })
    const pdf = await paper.pdf({ preferCSSPageSize: true, printBackground: true })
    await paper.close()
    const pages = pdfPageSizesMm(pdf)
    expect(pages).toHaveLength(1)
    expect(pages[0]?.widthMm).toBeCloseTo(80, 0)
    const rendered = await renderPdf(pdf)
    const text = words(rendered.text)
    for (const part of [
      'KURYE GÜN SONU',
      'Kapıda tahsil: Nakit',
      'Ahmet Yılmaz 3 paket · tahsil 460,00 ₺ Beklenen: 460,00 ₺ Teslim: 460,00 ₺ kasa tam',
      'Mehmet Demir 2 paket · tahsil 330,00 ₺ Beklenen: 330,00 ₺ Teslim: 317,50 ₺ açık var: -12,50 ₺',
      'Kuryeler toplamı 5 paket · tahsil 790,00 ₺ Beklenen: 790,00 ₺ Teslim: 777,50 ₺ açık var: -12,50 ₺',
      'Kuryesi belirsiz: 1 paket · tahsil 125,00 ₺',
      'Kadıköy Moda: 3 paket · tahsil 604,50 ₺',
      'Kontrol eden (imza)',
    ]) {
      expect(text).toContain(part)
    }
    await mkdir('test-results/screenshots', { recursive: true })
    await writeFile('test-results/screenshots/day-end-slip.png', rendered.png)
    if (process.env['UPDATE_SCREENSHOTS'] === '1')
      await writeFile('docs/screenshots/day-end-slip.png', rendered.png)

    // The CSV: Excel's way (BOM, `;`, CRLF), the courier's line with the same figures.
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'CSV olarak indir' }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^pos-companion-gun-sonu-\d{8}\.csv$/)
    const csv = await readFile(await file.path(), 'utf8')
    expect(csv.startsWith('\uFEFF')).toBe(true)
    const lines = csv.slice(1).split('\r\n')
    expect(lines[0]?.split(';')).toContain('Tahsil edilecek nakit (₺)')
    const courierTotal = lines.find((line) => line.includes('Ahmet Yılmaz') && line.includes('Kurye toplamı'))
    expect(courierTotal?.split(';')).toEqual(
      expect.arrayContaining(['3', '460,00', '460,00', '0,00', 'Kasa tam']),
    )
    expect(lines.filter((line) => line.includes('Düzeltildi (sayılmaz)'))).toHaveLength(1)
  })

  test('axe finds nothing serious on Gün sonu, the return and Kuryeler, and 800×600 needs no sideways scroll', async ({
    app,
    mock,
  }) => {
    // Three axe passes on a machine that may be busy.
    test.setTimeout(60_000)
    const page = app.page
    await page.setViewportSize({ width: 800, height: 600 })
    await signIn(page, 'vendor')
    await expectSignedIn(page)
    await handOverTheMorning(page, mock)

    await openDayEnd(page)
    expect(await seriousViolations(page)).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800)

    await page.getByRole('button', { name: 'Ahmet Yılmaz: dönüşü kaydet' }).click()
    await page.keyboard.type('1.234')
    await expect(page.getByText(/“1\.234” belirsiz/)).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    // Tab and Shift+Tab stay inside the dialog, round all its controls.
    const dialog = page.getByRole('dialog', { name: 'Dönüş: Ahmet Yılmaz' })
    const inDialog = () => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)
    for (let press = 0; press < 20; press++) {
      await page.keyboard.press('Tab')
      expect(await inDialog()).toBe(true)
    }
    await dialog.getByRole('radio', { name: 'Teslim' }).focus()
    await page.keyboard.press('Shift+Tab')
    expect(await inDialog()).toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800)
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'Geri' }).click()
    await page.getByRole('button', { name: 'Ayarlar' }).click()
    await page.getByRole('button', { name: 'Kurye ekle' }).click()
    await expect(page.getByText('Kurye adı boş olamaz.')).toBeVisible()
    await page.getByRole('button', { name: 'Ahmet Yılmaz: düzenle' }).click()
    await page.getByRole('button', { name: 'Ahmet Yılmaz ayrıldı olarak işaretle' }).click()
    await expect(page.getByRole('alertdialog')).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800)
  })
})
