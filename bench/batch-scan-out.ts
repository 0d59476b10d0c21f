// 12. Batch scan-out (issue 21, docs/decisions.md D72): a courier's badge and 10 packages scanned in the real UI
// (web mode), then the manifest printed; timed inside the page from the badge's Enter to the manifest of 10
// packages handed to the print dialog, and per package from its Enter to the bar counting it.
import type { Page } from '@playwright/test'
import { medianAtMost, row, type BenchContext, type Benchmark } from './report.ts'
import { within } from './support/bounded.ts'
import { freshOrders, signedInDataDir, value } from './support/fixtures.ts'
import { connectBridge, startWebServer } from './support/web-server.ts'

const PACKAGES = 10
const WARM_UP = 1
const SAMPLES = 8
const TYPED_BATCHES = 4
const BADGE = 'BENCH-1'
const ORDER_FIELD = 'Sipariş numarası'
/** The most one batch may take before the benchmark gives up and says where it stood. */
const STEP_SECONDS = 30

export const batchScanOut: Benchmark = {
  id: 'batch',
  title: '12. Batch scan-out: badge to manifest.',
  definitions: [
    'Web mode signed in (undo window 0), the page open in Chromium with the order field focused, one courier with',
    `a badge, ${String(PACKAGES)} new cash orders with amounts on the board for each batch. Badge to manifest: the`,
    "badge's QR text and the 10 packages' ids put into the order field and submitted one after another inside the",
    'page the way the scanner redirect submits a scan (no wait between them: a burst), then a click on Zimmet fişi',
    `yazdır once the bar counts them all; from the badge's submit until window.print is called with a manifest of`,
    `${String(PACKAGES)} lines on the page (${String(SAMPLES)} batches after ${String(WARM_UP)} warm-up). Per package: batches`,
    'typed by Playwright (36 keys and Enter per package, as fast as it types), from each Enter keydown until the',
    `bar's title counts that package (${String(TYPED_BATCHES)} batches after ${String(WARM_UP)} warm-up).`,
  ],
  async run(context) {
    const dataDir = await signedInDataDir(context, 'batch')
    const server = await startWebServer(context, dataDir)
    const browserContext = await context.browser.newContext()
    const bridge = connectBridge(server.url)
    try {
      const { api } = bridge
      value(
        await api.addCourier({ requestId: crypto.randomUUID(), name: 'Bench Kurye', badge: BADGE }),
        'addCourier',
      )
      const batches = WARM_UP + SAMPLES + WARM_UP + TYPED_BATCHES
      const keys = await freshOrders(context.mock, PACKAGES * batches)
      for (const [index, key] of keys.entries()) {
        value(
          await api.addOrder({
            text: key,
            courierType: 'restaurant',
            shippingMethod: 'delivery',
            paymentMethod: 'CASH',
            amountKurus: 10_000 + index,
          }),
          'addOrder',
        )
      }
      const page = await browserContext.newPage()
      await page.goto(server.url)
      await page.getByLabel(ORDER_FIELD).focus()
      await badgeKnown(page)
      const inBatches = Array.from({ length: batches }, (_, batch) =>
        keys.slice(batch * PACKAGES, (batch + 1) * PACKAGES),
      )
      const totals = await submittedSeries(context, page, inBatches.slice(0, WARM_UP + SAMPLES))
      const perPackage = await typedSeries(context, page, inBatches.slice(WARM_UP + SAMPLES))
      return [
        row(`Badge scan to the manifest of ${String(PACKAGES)} packages ready to print`, 'ms', totals, {
          target: medianAtMost(500),
        }),
        row('A package typed (36 keys + Enter) to the bar counting it', 'ms', perPackage, {
          target: medianAtMost(50),
        }),
      ]
    } finally {
      bridge.close()
      await browserContext.close()
      await server.stop()
    }
  },
}

/** Badge to manifest, the reads submitted inside the page. */
async function submittedSeries(
  context: BenchContext,
  page: Page,
  batches: readonly (readonly string[])[],
): Promise<number[]> {
  const totals: number[] = []
  for (const [index, keys] of batches.entries()) {
    context.progress(`batch scan-out: submitted batch ${String(index + 1)} of ${String(batches.length)}`)
    const elapsed = await within(
      `submitted batch ${String(index + 1)} (${await barTitle(page)})`,
      STEP_SECONDS,
      page.evaluate(submitBatch, { badge: `pos-companion-courier:${BADGE}`, keys }),
    ).catch(async (error: unknown) => {
      throw new Error(
        `${String(error instanceof Error ? error.message : error)}; the bar then: ${await barTitle(page)}`,
      )
    })
    await endBatch(page)
    if (index >= WARM_UP) totals.push(elapsed)
  }
  return totals
}

/** Per package, the reads typed by Playwright. */
async function typedSeries(
  context: BenchContext,
  page: Page,
  batches: readonly (readonly string[])[],
): Promise<number[]> {
  const perPackage: number[] = []
  for (const [index, keys] of batches.entries()) {
    context.progress(`batch scan-out: typed batch ${String(index + 1)} of ${String(batches.length)}`)
    await page.evaluate(recordBatch)
    await page.keyboard.type(`pos-companion-courier:${BADGE}`)
    await page.keyboard.press('Enter')
    for (const key of keys) {
      await page.keyboard.type(key)
      await page.keyboard.press('Enter')
    }
    await page.waitForFunction((count) => {
      const title = document.querySelector('.batch-bar-title')?.textContent ?? ''
      return title.endsWith(`· ${String(count)} paket`)
    }, PACKAGES)
    const times = await page.evaluate(packageTimes)
    await endBatch(page)
    if (index >= WARM_UP) perPackage.push(...times)
  }
  return perPackage
}

/**
 * Waits until the page knows the courier's badge: a badge scanned before the couriers are loaded opens no
 * batch, and a series started then waited for a bar that never came (the hang of issue 31).
 */
async function badgeKnown(page: Page): Promise<void> {
  const deadline = performance.now() + STEP_SECONDS * 1000
  for (;;) {
    await page.getByLabel(ORDER_FIELD).fill(`pos-companion-courier:${BADGE}`)
    await page.getByLabel(ORDER_FIELD).press('Enter')
    const opened = await page
      .waitForSelector('.batch-bar', { timeout: 2000 })
      .then(() => true)
      .catch(() => false)
    if (opened) break
    if (performance.now() > deadline)
      throw new Error(`the badge opened no batch within ${String(STEP_SECONDS)} s: ${await barTitle(page)}`)
  }
  await endBatch(page)
}

/** What the batch bar says, for a failure's message. */
async function barTitle(page: Page): Promise<string> {
  const title = await page
    .evaluate(() => document.querySelector('.batch-bar-title')?.textContent ?? 'no batch bar')
    .catch(() => 'the page did not answer')
  return title
}

async function endBatch(page: Page): Promise<void> {
  await page.keyboard.press('Escape')
  await page.waitForFunction(() => document.querySelector('.batch-bar') === null)
  await page.getByLabel(ORDER_FIELD).focus()
}

/**
 * Runs in the page: submits the badge and the packages as the scanner redirect submits a scan (the field's value
 * set the way typing sets it, then the form submitted), waits for the bar to count them all, presses Zimmet fişi
 * yazdır, and answers the ms from the badge's submit until the manifest of them all is handed to print.
 */
async function submitBatch({ badge, keys }: { badge: string; keys: readonly string[] }): Promise<number> {
  const field = document.querySelector<HTMLInputElement>('input.order-input')
  if (!field?.form) throw new Error('no order field')
  const form = field.form
  const submit = (text: string) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, text)
    field.dispatchEvent(new Event('input', { bubbles: true }))
    form.requestSubmit()
  }
  const printed = new Promise<{ at: number; lines: number }>((resolve) => {
    window.print = () =>
      resolve({
        at: performance.now(),
        lines: document.querySelectorAll('.slip-print-root .manifest-line').length,
      })
  })
  const counted = new Promise<void>((resolve) => {
    const check = () => {
      const title = document.querySelector('.batch-bar-title')?.textContent ?? ''
      if (!title.endsWith(`· ${String(keys.length)} paket`)) return
      observer.disconnect()
      resolve()
    }
    const observer = new MutationObserver(check)
    observer.observe(document.body, { childList: true, subtree: true, characterData: true })
  })
  const started = performance.now()
  submit(badge)
  // React renders the badge's batch before the first package is read, as it would between two real scans.
  await new Promise((resolve) => setTimeout(resolve, 0))
  for (const key of keys) submit(key)
  await counted
  const print = [...document.querySelectorAll<HTMLButtonElement>('.batch-bar button')].find(
    (button) => button.textContent === 'Zimmet fişi yazdır',
  )
  if (!print) throw new Error('no Zimmet fişi yazdır')
  print.click()
  const { at, lines } = await printed
  if (lines !== keys.length) throw new Error(`the manifest held ${String(lines)} packages`)
  return at - started
}

interface BatchRecord {
  enters: number[]
  counted: Map<number, number>
}

/** Runs in the page: notes every Enter and each count the bar's title reaches. */
function recordBatch(): void {
  const record: BatchRecord = { enters: [], counted: new Map() }
  Object.assign(window, { batchRecord: record })
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Enter') record.enters.push(performance.now())
    },
    { capture: true },
  )
  new MutationObserver(() => {
    const match = / (\d+) paket$/.exec(document.querySelector('.batch-bar-title')?.textContent ?? '')
    const count = Number(match?.[1] ?? 0)
    if (count > 0 && !record.counted.has(count)) record.counted.set(count, performance.now())
  }).observe(document.body, { childList: true, subtree: true, characterData: true })
}

/** Runs in the page: each counted package's ms from its Enter (the badge's Enter comes first). */
function packageTimes(): number[] {
  const record = (window as unknown as { batchRecord: BatchRecord }).batchRecord
  const [, ...packageEnters] = record.enters
  return [...record.counted.entries()].flatMap(([count, at]) => {
    const enter = packageEnters[count - 1]
    return enter === undefined ? [] : [at - enter]
  })
}
