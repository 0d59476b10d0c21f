// 2. Click to "Restoran Kuryeye Verildi" visible: the real UI in web mode, timed inside the page; once on
// loopback, once with the platform answering 80 ms late (what staff feel: the app's share over the network).
import type { Page } from '@playwright/test'
import { medianAtMost, row, type BenchContext, type Benchmark, type Row } from './report.ts'
import { ELIGIBLE_DETAILS, freshOrders, signedInDataDir, value } from './support/fixtures.ts'
import { connectBridge, startWebServer, type BridgeClient } from './support/web-server.ts'

const WARM_UP = 3
const SAMPLES = 20
/** The platform's answer delay of the second series: a plausible shop line to a Turkish data centre. */
const NETWORK_MS = 80
/** What the app may add to that delay, click to text on screen (median). */
const APP_SHARE_MS = 20
const ORDERS_HEADING = 'Siparişler'
const HAND_OVER = 'Kuryeye Verildi'
const HANDED_OVER = 'Restoran Kuryeye Verildi'
/** The rush board folds handed-over orders into this group (closed); each timed order is the only one in it. */
const HANDED_OVER_GROUP = 'Verilenler (1)'

export const clickToVisible: Benchmark = {
  id: 'click',
  title: '2. Click to "Restoran Kuryeye Verildi".',
  definitions: [
    'Web mode signed in, the undo window set to 0 (the press is sent at once), the page open in Chromium, its',
    'board holding one fresh CONFIRMED restaurant-courier delivery order (added through the bridge, untimed).',
    'Inside the page: `button.click()` on an order\'s "Kuryeye Verildi" button, until a MutationObserver sees',
    '"Restoran Kuryeye Verildi" in that order\'s list item, or the order folded into a closed "Verilenler (1)"',
    'group (layout forced): the renderer, the WebSocket bridge,',
    `the core, the mock platform and back. ${String(SAMPLES)} orders, one sample each, after ${String(WARM_UP)} warm-up orders,`,
    'each removed through the bridge (untimed) once handed over before the next is added: the rush board sorts a',
    `handed-over order after waiting ones, out of the windowed list's view. "With ${String(NETWORK_MS)} ms network": the same with the mock delaying every answer by ${String(NETWORK_MS)} ms`,
    `(its latency setting); the target is ${String(NETWORK_MS)} + ${String(APP_SHARE_MS)} ms, i.e. the app adds at most ${String(APP_SHARE_MS)} ms.`,
  ],
  async run(context) {
    const dataDir = await signedInDataDir(context, 'click')
    const server = await startWebServer(context, dataDir)
    const browserContext = await context.browser.newContext()
    const bridge = connectBridge(server.url)
    try {
      value(await bridge.api.updateSettings({ undoWindowSeconds: 0 }), 'updateSettings')
      const page = await browserContext.newPage()
      await page.goto(server.url)
      await page.getByRole('heading', { name: ORDERS_HEADING }).waitFor()
      const loopback = await clickSeries(context, bridge, page, '')
      await context.mock.control.setLatency(NETWORK_MS)
      const delayed = await clickSeries(context, bridge, page, ` with ${String(NETWORK_MS)} ms network`)
      const rows: Row[] = [
        row('Click to "Restoran Kuryeye Verildi" visible (web mode, real UI)', 'ms', loopback, {
          target: medianAtMost(50),
        }),
        row(
          `… the same with ${String(NETWORK_MS)} ms network (every platform answer delayed)`,
          'ms',
          delayed,
          {
            target: medianAtMost(NETWORK_MS + APP_SHARE_MS),
          },
        ),
      ]
      return rows
    } finally {
      await context.mock.control.setLatency(0)
      bridge.close()
      await browserContext.close()
      await server.stop()
    }
  },
}

/** Fresh orders onto the board (the open page shows them), then one timed click per order; the samples in ms. */
async function clickSeries(
  context: BenchContext,
  bridge: BridgeClient,
  page: Page,
  label: string,
): Promise<number[]> {
  const keys = await freshOrders(context.mock, WARM_UP + SAMPLES)
  context.progress(`click to visible${label}: ${String(WARM_UP + SAMPLES)} clicks`)
  const samples: number[] = []
  // One order on the board at a time (added and removed untimed): the rush board sorts a handed-over order after
  // those still waiting, so with others on the board it would leave the windowed list's visible part.
  for (const [index, key] of keys.entries()) {
    value(await bridge.api.addOrder({ text: key, ...ELIGIBLE_DETAILS }), 'addOrder')
    await page
      .getByRole('listitem')
      .filter({ hasText: key })
      .getByRole('button', { name: HAND_OVER })
      .waitFor()
    const elapsed = await page.evaluate(clickAndWait, {
      key,
      handOver: HAND_OVER,
      handedOver: HANDED_OVER,
      handedOverGroup: HANDED_OVER_GROUP,
    })
    if (index >= WARM_UP) samples.push(elapsed)
    value(await bridge.api.removeOrder({ paymentKey: key }), 'removeOrder')
  }
  return samples
}

/**
 * Runs in the page: clicks the order's hand-over button and resolves with the ms until the page shows it handed
 * over: "Restoran Kuryeye Verildi" in its list item, or (the rush board) its card gone from the active list into
 * the closed handed-over group.
 */
function clickAndWait(input: { key: string; handOver: string; handedOver: string; handedOverGroup: string }) {
  const { key, handOver, handedOver, handedOverGroup } = input
  const itemOf = () => [...document.querySelectorAll('li')].find((item) => item.textContent.includes(key))
  const folded = () =>
    itemOf() === undefined &&
    [...document.querySelectorAll('summary')].some(
      (summary) => summary.textContent.trim() === handedOverGroup,
    )
  const item = itemOf()
  const button = [...(item?.querySelectorAll('button') ?? [])].find((b) => b.textContent.trim() === handOver)
  if (!item || !button) throw new Error(`no "${handOver}" button for ${key}`)
  return new Promise<number>((resolve, reject) => {
    let started = 0
    const observer = new MutationObserver(() => {
      const shown = itemOf()?.textContent.includes(handedOver) === true || folded()
      if (!shown) return
      document.body.getBoundingClientRect()
      const elapsed = performance.now() - started
      observer.disconnect()
      clearTimeout(timer)
      resolve(elapsed)
    })
    const timer = setTimeout(() => {
      observer.disconnect()
      reject(new Error(`"${handedOver}" did not appear for ${key}`))
    }, 10_000)
    // The whole page: the order may be drawn again elsewhere (another group of the board) once handed over.
    observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    started = performance.now()
    button.click()
  })
}
