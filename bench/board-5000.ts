// 5. The board with 5,000 orders: first render, one more order, and the renderer's JS heap.
import { randomUUID } from 'node:crypto'
import type { BoardOrder } from '../src-shared/domain.ts'
import { medianAtMost, row, type Benchmark } from './report.ts'
import {
  boardOrdersLikeTheCore,
  copyDataDir,
  ELIGIBLE_DETAILS,
  seedBoard,
  signedInDataDir,
  value,
} from './support/fixtures.ts'
import {
  boardIsComplete,
  boardProbe,
  readBoardProbe,
  watchedOrderShown,
  watchForOrder,
} from './support/page-probes.ts'
import { connectBridge, startWebServer } from './support/web-server.ts'

const ORDERS = 5000
const RUNS = 5
/** No further launch starts once this much time has gone: a slow board must not stretch the whole run. */
const BUDGET_MS = 45_000
const MIN_RUNS = 2
const ADDS_PER_RUN = 10
const LIST_LABEL = 'Siparişler'
const ADDED_WITHIN_MS = 5 * 60_000

/**
 * The orders as added over the last few minutes, oldest first: none has waited past the waiting limit (15
 * minutes by default), so none needs staff and a new order, the newest, is the list's first item. Orders
 * waiting longer are listed first (D70), and the added one would sit below 5,000 of them, never drawn.
 */
function addedLately(orders: readonly BoardOrder[]): BoardOrder[] {
  const start = Date.now() - ADDED_WITHIN_MS
  const step = ADDED_WITHIN_MS / orders.length
  return orders.map((order, index) => ({ ...order, addedAt: new Date(start + index * step).toISOString() }))
}

export const board5000: Benchmark = {
  id: 'board',
  title: '5. The board with 5,000 orders.',
  definitions: [
    `${ORDERS.toLocaleString('en-US')} orders (shaped by the core itself, restaurant-courier delivery, each with a label, added over the last`,
    `${String(ADDED_WITHIN_MS / 60_000)} minutes so that none has waited too long and needs staff) are written into a`,
    "signed-in web-mode data folder's settings.json before launch; then the page is opened in Chromium.",
    '"First render" is measured in the page: from the moment the core\'s answer to listOrders (all orders, one',
    "WebSocket message) reaches the page, before the app handles it, until the board's list stands for every",
    'order (it is windowed: its first item says it is 1 of all) and is laid out (a MutationObserver, layout',
    "forced) — JSON parsing, React Query, React's render and commit,",
    'style and layout; not paint. "Page open to full board" is the same end from navigation start.',
    `"One more order": an order added through the bridge from outside the page (${String(ADDS_PER_RUN)} per run),`,
    'from its orderChanged event reaching the page until it is the list\'s first item, laid out. "JS heap" is',
    "Runtime.getHeapUsage's usedSize after a forced garbage collection, with the board shown and the orders",
    `added. Up to ${String(RUNS)} launches; after the ${String(MIN_RUNS)}nd, none starts once ${String(BUDGET_MS / 1000)} s have gone (a slow board gives fewer runs).`,
  ],
  async run(context) {
    const template = await signedInDataDir(context, 'board')
    const orders = await boardOrdersLikeTheCore(ORDERS)
    const firstRender: number[] = []
    const pageToBoard: number[] = []
    const addOne: number[] = []
    const heap: number[] = []
    const began = performance.now()
    for (let run = 0; run < RUNS && (run < MIN_RUNS || performance.now() - began < BUDGET_MS); run++) {
      context.progress(`board of ${String(ORDERS)}: launch ${String(run + 1)} of ${String(RUNS)}`)
      const dataDir = await copyDataDir(context, template, 'board-run')
      await seedBoard(dataDir, addedLately(orders))
      const server = await startWebServer(context, dataDir)
      const browserContext = await context.browser.newContext()
      const bridge = connectBridge(server.url)
      try {
        const page = await browserContext.newPage()
        await page.addInitScript(boardProbe, { expected: ORDERS, listLabel: LIST_LABEL })
        await page.goto(server.url)
        await page.waitForFunction(boardIsComplete, undefined, { timeout: 120_000 })
        const loaded = await page.evaluate(readBoardProbe)
        if (loaded.answerAt === undefined || loaded.completeAt === undefined)
          throw new Error('board not timed')
        firstRender.push(loaded.completeAt - loaded.answerAt)
        pageToBoard.push(loaded.completeAt)

        for (let add = 0; add < ADDS_PER_RUN; add++) {
          const key = randomUUID()
          await page.evaluate(watchForOrder, key)
          value(await bridge.api.addOrder({ text: key, ...ELIGIBLE_DETAILS }), 'addOrder')
          await page.waitForFunction(watchedOrderShown, undefined, { timeout: 10_000 })
          const added = await page.evaluate(readBoardProbe)
          if (added.eventAt === undefined || added.shownAt === undefined)
            throw new Error('addition not timed')
          addOne.push(added.shownAt - added.eventAt)
        }

        const cdp = await browserContext.newCDPSession(page)
        await cdp.send('HeapProfiler.collectGarbage')
        const usage = await cdp.send('Runtime.getHeapUsage')
        heap.push(usage.usedSize / 1e6)
        await cdp.detach()
      } finally {
        bridge.close()
        await browserContext.close()
        await server.stop()
      }
    }
    return [
      row(`Board of ${ORDERS.toLocaleString('en-US')}: first render`, 'ms', firstRender, {
        decimals: 0,
        target: medianAtMost(200),
      }),
      row(`… page open to full board`, 'ms', pageToBoard, { decimals: 0 }),
      row(`Board of ${ORDERS.toLocaleString('en-US')}: one more order`, 'ms', addOne, {
        target: medianAtMost(16),
      }),
      row(`Board of ${ORDERS.toLocaleString('en-US')}: renderer JS heap`, 'MB', heap),
    ]
  },
}
