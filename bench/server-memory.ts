// 7. The web-mode server's resident memory, at idle and after 10,000 hand-overs through the bridge.
import { setTimeout as sleep } from 'node:timers/promises'
import type { EventPayload } from '../src-shared/contract.ts'
import { everyRunAtMost, row, type Benchmark } from './report.ts'
import { within } from './support/bounded.ts'
import { ELIGIBLE_DETAILS, freshOrders, isRefused, signedInDataDir, value } from './support/fixtures.ts'
import { connectBridge, startWebServer, type RunningWebServer } from './support/web-server.ts'

const HAND_OVERS = 10_000
const IN_FLIGHT = 8
const SETTLE_MS = 2000
/**
 * When the resting figure is read, after the last hand-over. V8's memory reducer starts about 8 s after
 * allocation calms down and hands the rush's garbage back to the OS over the next seconds (seen here: 266 MB
 * until 10 s after, then 128 MB and flat to 45 s).
 */
const AT_REST_MS = 30_000
/** The most one hand-over may take before the benchmark gives up on a lost event. */
const HAND_OVER_SECONDS = 30
const READS = 5
const READ_EVERY_MS = 200

export const serverMemory: Benchmark = {
  id: 'memory',
  title: '7. Web-mode server memory.',
  // 10,000 hand-overs through the bridge and half a minute at rest.
  budgetSeconds: 900,
  definitions: [
    'The resident set of web mode as `npm run web` starts it, `node out/web/main.js` (VmRSS in /proc/<pid>/status on Linux,',
    '`ps -o rss=` elsewhere). Idle: started on a signed-in data folder, one bridge client connected, no page,',
    `no orders, ${String(SETTLE_MS / 1000)} s after start. Then ${HAND_OVERS.toLocaleString('en-US')} fresh orders are added and handed over through the`,
    `WebSocket bridge (as scripts/demo.ts talks to it; ${String(IN_FLIGHT)} at a time), each until its orderChanged event says`,
    `handed over (they stay on the board); read again ${String(SETTLE_MS / 1000)} s later, still holding the rush's garbage, and ${String(AT_REST_MS / 1000)} s later, at rest`,
    "(V8's memory reducer has given it back; the target is judged there). Each figure is",
    `${String(READS)} reads ${String(READ_EVERY_MS)} ms apart of one process; "peak" is its high-water mark (VmHWM) at the end.`,
  ],
  async run(context) {
    const dataDir = await signedInDataDir(context, 'memory')
    const keys = await freshOrders(context.mock, HAND_OVERS)
    const server = await startWebServer(context, dataDir)
    const bridge = connectBridge(server.url)
    try {
      value(await bridge.api.getSession(), 'getSession')
      await sleep(SETTLE_MS)
      context.measured([
        row('Web-mode server RSS at idle', 'MB', await reads(server), { target: everyRunAtMost(100) }),
      ])

      context.progress(`server memory: ${HAND_OVERS.toLocaleString('en-US')} hand-overs through the bridge`)
      const pending = new Map<string, { resolve: () => void; reject: (error: Error) => void }>()
      const off = bridge.api.on('orderChanged', (payload: EventPayload<'orderChanged'>) => {
        const waiter = pending.get(payload.paymentKey)
        const state = payload.order?.handover.state
        if (!waiter || state === undefined) return
        if (state === 'handed-over') waiter.resolve()
        if (isRefused(state)) waiter.reject(new Error(`hand-over of ${payload.paymentKey} failed`))
      })
      const handOver = async (paymentKey: string) => {
        value(await bridge.api.addOrder({ text: paymentKey, ...ELIGIBLE_DETAILS }), 'addOrder')
        const done = new Promise<void>((resolve, reject) => pending.set(paymentKey, { resolve, reject }))
        const order = value(await bridge.api.handOverOrder({ paymentKey }), 'handOverOrder')
        if (order.handover.state !== 'handed-over')
          await within(`the hand-over of ${paymentKey}`, HAND_OVER_SECONDS, done)
        pending.delete(paymentKey)
      }
      await context.mock.control.resetCounters()
      const queue = [...keys]
      let done = 0
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
            await handOver(key)
            done += 1
            if (done % 1000 === 0) context.progress(`server memory: ${String(done)} hand-overs done`)
          }
        }),
      )
      off()
      const handedOver = (await context.mock.control.counters()).handedOver
      if (handedOver < HAND_OVERS) throw new Error(`the mock saw ${String(handedOver)} hand-overs`)
      const lastHandOver = performance.now()
      await sleep(SETTLE_MS)
      const justAfter = await reads(server)
      await sleep(Math.max(0, AT_REST_MS - (performance.now() - lastHandOver)))
      const atRest = await reads(server)
      const peak = (await server.memory()).peak
      return [
        row(
          `Web-mode server RSS ${String(SETTLE_MS / 1000)} s after ${HAND_OVERS.toLocaleString('en-US')} hand-overs`,
          'MB',
          justAfter,
        ),
        row(
          `Web-mode server RSS after ${HAND_OVERS.toLocaleString('en-US')} hand-overs, at rest (${String(AT_REST_MS / 1000)} s)`,
          'MB',
          atRest,
          { target: everyRunAtMost(150) },
        ),
        ...(peak === undefined ? [] : [row('… its peak RSS (VmHWM)', 'MB', [peak / 1e6])]),
      ]
    } finally {
      bridge.close()
      await server.stop()
    }
  },
}

async function reads(server: RunningWebServer): Promise<number[]> {
  const values: number[] = []
  for (let read = 0; read < READS; read++) {
    if (read > 0) await sleep(READ_EVERY_MS)
    values.push((await server.memory()).rss / 1e6)
  }
  return values
}
