// 9. Scan to card visible: a scanner's burst of 36 keystrokes and Enter in the real UI (web mode), timed inside
// the page from the Enter to the new order's card on screen (docs/decisions.md D41).
import type { Page } from '@playwright/test'
import { medianAtMost, row, type BenchContext, type Benchmark } from './report.ts'
import { freshOrders, signedInDataDir, value } from './support/fixtures.ts'
import { connectBridge, startWebServer } from './support/web-server.ts'

const WARM_UP = 3
const SAMPLES = 30
const ORDER_FIELD = 'Sipariş numarası'

export const scanToVisible: Benchmark = {
  id: 'scan',
  title: '9. Scan to the order card visible.',
  definitions: [
    'Web mode signed in, the page open in Chromium with the order field focused. A scan is the order id (36',
    'characters) typed by Playwright as one burst of keystrokes with no delay, then Enter, as a scanner sends it.',
    'Inside the page: from the Enter keydown until a MutationObserver sees a list item holding that id (layout',
    `forced): the renderer's read, the WebSocket bridge, the core's add, its answer and the board's render. ${String(SAMPLES)}`,
    `fresh orders, one sample each, after ${String(WARM_UP)} warm-up scans; the board grows by one card per scan.`,
  ],
  async run(context) {
    const dataDir = await signedInDataDir(context, 'scan')
    const server = await startWebServer(context, dataDir)
    const browserContext = await context.browser.newContext()
    const bridge = connectBridge(server.url)
    try {
      value(await bridge.api.getSession(), 'getSession')
      const page = await browserContext.newPage()
      await page.goto(server.url)
      await page.getByLabel(ORDER_FIELD).focus()
      const samples = await scanSeries(context, page)
      return [
        row('Scan (36 keys + Enter) to the card visible (web mode, real UI)', 'ms', samples, {
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

async function scanSeries(context: BenchContext, page: Page): Promise<number[]> {
  const keys = await freshOrders(context.mock, WARM_UP + SAMPLES)
  context.progress(`scan to visible: ${String(keys.length)} scans`)
  const samples: number[] = []
  for (const [index, key] of keys.entries()) {
    const shown = page.evaluate(waitForCard, key)
    await page.keyboard.type(key)
    await page.keyboard.press('Enter')
    const elapsed = await shown
    if (index >= WARM_UP) samples.push(elapsed)
  }
  return samples
}

/** Runs in the page: resolves with the ms from the next Enter keydown until a list item holds `key`. */
function waitForCard(key: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    let enterAt = 0
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter') enterAt = performance.now()
    }
    window.addEventListener('keydown', onKey, true)
    const observer = new MutationObserver(() => {
      const card = [...document.querySelectorAll('li')].find((item) => item.textContent.includes(key))
      if (!card || enterAt === 0) return
      card.getBoundingClientRect()
      const elapsed = performance.now() - enterAt
      done()
      resolve(elapsed)
    })
    const timer = setTimeout(() => {
      done()
      reject(new Error(`no card for ${key}`))
    }, 10_000)
    const done = () => {
      observer.disconnect()
      clearTimeout(timer)
      window.removeEventListener('keydown', onKey, true)
    }
    observer.observe(document.body, { childList: true, subtree: true, characterData: true })
  })
}
