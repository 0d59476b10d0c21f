// 8. The POS intake (D45): a POST to web mode's intake API until the order is on the open page, and a
// burst of 500 orders from the API (all on the board, none twice, the page still answering).
import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import type { WebModeIntake } from '../e2e/support/web-mode.ts'
import { everyRunExactly, medianAtMost, row, type Benchmark } from './report.ts'
import { signedInDataDir, value } from './support/fixtures.ts'
import { connectBridge, epochNow, startWebServer } from './support/web-server.ts'
import { signRequest } from '../test-support/core/intake-signing.ts'

const WARM_UP = 3
const SAMPLES = 20
const BURST = 500
const ORDERS_HEADING = 'Siparişler'

export const intakeToVisible: Benchmark = {
  id: 'intake',
  title: '8. POS intake: POST to visible, and a burst of 500.',
  definitions: [
    'Web mode signed in, the page open in Chromium. POST to visible: epoch time before `fetch` posts',
    '`/v1/orders` with the key, until a MutationObserver in the page sees the new payment_key on the board',
    `(layout forced; the page's performance.timeOrigin + now()), ${String(SAMPLES)} orders after`,
    `${String(WARM_UP)} warm-up ones. Burst: ${String(BURST)} new orders posted as fast as the API's 50 a`,
    'second allows (each 429 waits its Retry-After), until the last is on the board; then the board is read',
    'through the bridge (every order once). Page stall: the longest gap between 10 ms timers in the page',
    'during the burst, beyond the 10 ms asked for.',
  ],
  async run(context) {
    const dataDir = await signedInDataDir(context, 'intake')
    const web = await startWebServer(context, dataDir)
    const browserContext = await context.browser.newContext()
    try {
      const intake = web.intake
      if (intake.url === null) throw new Error('web mode did not serve the intake API')
      const page = await browserContext.newPage()
      await page.goto(web.url)
      await page.getByRole('heading', { name: ORDERS_HEADING }).waitFor()
      context.progress(`intake: ${String(WARM_UP + SAMPLES)} posts to visible`)
      const samples: number[] = []
      for (let index = 0; index < WARM_UP + SAMPLES; index += 1) {
        const elapsed = await postUntilVisible(page, intake, randomUUID())
        if (index >= WARM_UP) samples.push(elapsed)
      }
      context.progress(`intake: a burst of ${String(BURST)}`)
      const burst = await burstOf(page, intake, BURST)
      const bridge = connectBridge(web.url)
      let onBoard: string[]
      try {
        onBoard = value(await bridge.api.listOrders(), 'listOrders').map((order) => order.paymentKey)
      } finally {
        bridge.close()
      }
      const missing = burst.keys.filter((key) => !onBoard.includes(key)).length
      const twice = onBoard.length - new Set(onBoard).size
      return [
        row('Intake POST to order visible on the page (web mode)', 'ms', samples, {
          target: medianAtMost(50),
        }),
        row(`Burst of ${String(BURST)} from the API, first POST to the last on the board`, 's', [
          burst.seconds,
        ]),
        row('Burst: orders missing from the board', 'orders', [missing], {
          decimals: 0,
          target: everyRunExactly(0),
        }),
        row('Burst: orders on the board twice', 'orders', [twice], {
          decimals: 0,
          target: everyRunExactly(0),
        }),
        row("Burst: the page's longest stall", 'ms', [burst.stallMs], { target: medianAtMost(100) }),
      ]
    } finally {
      await browserContext.close()
      await web.stop()
    }
  },
}

/** Signed as a POS signs it (docs/intake-api.md): the key itself is never sent (D68). */
function post(intake: WebModeIntake, paymentKey: string): Promise<Response> {
  const body = JSON.stringify({ payment_key: paymentKey })
  const { headers } = signRequest(intake.key, { method: 'POST', path: '/v1/orders', body })
  return fetch(`${intake.url ?? ''}/v1/orders`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body,
  })
}

/** Posts until the API takes it, waiting out each 429's Retry-After. */
async function postAccepted(intake: WebModeIntake, paymentKey: string): Promise<void> {
  for (;;) {
    const answer = await post(intake, paymentKey)
    await answer.arrayBuffer()
    if (answer.status === 201 || answer.status === 200) return
    if (answer.status !== 429) throw new Error(`intake answered ${String(answer.status)}`)
    const seconds = Number(answer.headers.get('retry-after') ?? '1')
    await new Promise((resolve) => setTimeout(resolve, Math.max(seconds, 0.05) * 1000))
  }
}

async function postUntilVisible(page: Page, intake: WebModeIntake, key: string): Promise<number> {
  await page.evaluate(armWatch, key)
  const started = epochNow()
  await postAccepted(intake, key)
  const seenAt = await page.evaluate(
    () => (window as unknown as { __intakeSeen: Promise<number> }).__intakeSeen,
  )
  return seenAt - started
}

async function burstOf(page: Page, intake: WebModeIntake, count: number) {
  const keys = Array.from({ length: count }, () => randomUUID())
  const last = keys[keys.length - 1] ?? ''
  await page.evaluate(armStallMeter)
  await page.evaluate(armWatch, last)
  const started = epochNow()
  // Ten at a time: a POS sends as it prints, not all at once; the rate limit paces the rest.
  for (let index = 0; index < keys.length; index += 10) {
    await Promise.all(keys.slice(index, index + 10).map((key) => postAccepted(intake, key)))
  }
  const seenAt = await page.evaluate(
    () => (window as unknown as { __intakeSeen: Promise<number> }).__intakeSeen,
  )
  const stallMs = await page.evaluate(() =>
    (window as unknown as { __stopStallMeter: () => number }).__stopStallMeter(),
  )
  return { keys, seconds: (seenAt - started) / 1000, stallMs }
}

/** In the page: resolves `__intakeSeen` with the epoch time the key first shows on the board. */
function armWatch(key: string): void {
  const holder = window as unknown as { __intakeSeen: Promise<number> }
  const seen = () => document.querySelector('main')?.textContent.includes(key) ?? false
  holder.__intakeSeen = new Promise<number>((resolve, reject) => {
    const observer = new MutationObserver(() => {
      if (!seen()) return
      document.body.getBoundingClientRect()
      observer.disconnect()
      clearTimeout(timer)
      resolve(performance.timeOrigin + performance.now())
    })
    const timer = setTimeout(() => {
      observer.disconnect()
      reject(new Error(`${key} never showed on the board`))
    }, 60_000)
    observer.observe(document.body, { childList: true, subtree: true, characterData: true })
  })
}

/** In the page: the longest gap between 10 ms timers until `__stopStallMeter()`, beyond the 10 ms. */
function armStallMeter(): void {
  let last = performance.now()
  let worst = 0
  const timer = setInterval(() => {
    const now = performance.now()
    worst = Math.max(worst, now - last - 10)
    last = now
  }, 10)
  ;(window as unknown as { __stopStallMeter: () => number }).__stopStallMeter = () => {
    clearInterval(timer)
    return worst
  }
}
