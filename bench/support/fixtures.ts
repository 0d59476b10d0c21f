// What several benchmarks need: fresh orders on the mock, a signed-in web-mode data folder, a board to seed.
import { randomUUID } from 'node:crypto'
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { DEMO_BRANCH_IDS, DEMO_CREDENTIALS, ORDER_STATUS } from '../../e2e/mock-platform/demo-data.ts'
import type { MockPlatform } from '../../e2e/mock-platform/server.ts'
import type { EventPayload, SignInInput } from '../../src-shared/contract.ts'
import { BoardOrder } from '../../src-shared/domain.ts'
import type { Result } from '../../src-shared/errors.ts'
import { createCore, type Core } from '../../src-main/core/create-core.ts'
import { fakeCipher, inMemoryCoreParts, MemoryStore } from '../../test-support/core/memory-adapters.ts'
import { createNodeFetch } from '../../src-main/web/node-fetch.ts'
import type { BenchContext } from '../report.ts'
import { connectBridge, startWebServer } from './web-server.ts'

export function value<T>(result: Result<T>, what: string): T {
  if (!result.ok) throw new Error(`${what} failed: ${JSON.stringify(result.error)}`)
  return result.value
}

export function vendorSignIn(mock: MockPlatform): SignInInput {
  return {
    platformAddress: mock.baseUrl,
    appSecretKey: DEMO_CREDENTIALS.vendor.app_secret_key,
    restSecretKey: DEMO_CREDENTIALS.vendor.rest_secret_key,
  }
}

/** What the staff would tell the app of such an order: the restaurant's courier, delivery, cash. */
export const ELIGIBLE_DETAILS = {
  courierType: 'restaurant',
  shippingMethod: 'delivery',
  paymentMethod: 'CASH',
} as const

/** `count` new CONFIRMED restaurant-courier delivery orders on the mock, one hand-over each; their keys. */
export async function freshOrders(mock: MockPlatform, count: number): Promise<string[]> {
  const keys = Array.from({ length: count }, () => randomUUID())
  const branches = Object.values(DEMO_BRANCH_IDS)
  for (let start = 0; start < keys.length; start += 500) {
    await mock.control.upsertOrders(
      keys.slice(start, start + 500).map((payment_key, index) => ({
        payment_key,
        courier_type: 'restaurant',
        status_id: ORDER_STATUS.CONFIRMED,
        payment_type: 'CASH',
        shipping_method: 'delivery',
        branch_id: branches[(start + index) % branches.length] ?? DEMO_BRANCH_IDS.kadikoyModa,
      })),
    )
  }
  return keys
}

/** Starts web mode on a new data folder, signs in through the bridge and stops: a stored session. */
export async function signedInDataDir(context: BenchContext, name: string): Promise<string> {
  const dataDir = await mkdtemp(join(context.workDir, `${name}-`))
  const server = await startWebServer(context, dataDir)
  const bridge = connectBridge(server.url)
  try {
    value(await bridge.api.signIn(vendorSignIn(context.mock)), 'sign-in')
    // The benchmarks time the hand-over itself, not the undo window in front of it (docs/decisions.md D40).
    value(await bridge.api.updateSettings({ undoWindowSeconds: 0 }), 'updateSettings')
  } finally {
    bridge.close()
    await server.stop()
  }
  return dataDir
}

/** A copy of a data folder, to start from the same state more than once. */
export async function copyDataDir(context: BenchContext, from: string, name: string): Promise<string> {
  const to = await mkdtemp(join(context.workDir, `${name}-`))
  await cp(from, to, { recursive: true })
  return to
}

const BOARD_KEY = 'board.orders'
const PAYMENT_METHODS = ['CASH', 'CREDIT_CARD', 'DEBIT_CARD'] as const

/**
 * `count` board orders shaped exactly as the core stores them today: one order is added through a real core
 * and copied, so that a field the board gains later comes along; the result is checked against BoardOrder.
 */
export async function boardOrdersLikeTheCore(count: number): Promise<BoardOrder[]> {
  const parts = inMemoryCoreParts()
  const core = await createCore({
    appName: 'POS Companion',
    appVersion: '0.0.0-bench',
    shell: 'web',
    store: new MemoryStore(),
    ...parts,
    cipher: fakeCipher('strong'),
    createFetch: () => createNodeFetch(),
  })
  value(
    await core.handlers.addOrder({ text: randomUUID(), ...ELIGIBLE_DETAILS, label: 'Masa 1' }),
    'addOrder',
  )
  core.dispose()
  // The stored value as it is (a parse would drop fields the schema does not list), checked separately:
  // the board's own log holds one `put` line per change (docs/decisions.md D56).
  const stored = parts.boardLog.read().map((line) => (line as { order?: unknown }).order)
  z.array(BoardOrder).length(1).parse(stored)
  const template = (stored as BoardOrder[])[0]
  if (!template) throw new Error('the core stored no order')
  const start = Date.now() - count * 1000
  const orders = Array.from({ length: count }, (_, index) => ({
    ...template,
    paymentKey: randomUUID(),
    paymentMethod: PAYMENT_METHODS[index % PAYMENT_METHODS.length] ?? 'CASH',
    label: `Masa ${String((index % 40) + 1)}`,
    addedAt: new Date(start + index * 1000).toISOString(),
  }))
  z.array(BoardOrder).parse(orders)
  return orders
}

/**
 * Puts `orders` on the board of a (stopped) web-mode data folder, where versions before D56 kept it: in its
 * settings.json. The next start moves them into the board's own log, as it would an older app's board.
 */
export async function seedBoard(dataDir: string, orders: readonly BoardOrder[]): Promise<void> {
  const file = join(dataDir, 'settings.json')
  const state = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>
  state[BOARD_KEY] = orders
  await writeFile(file, JSON.stringify(state, null, 2), { mode: 0o600 })
}

/** Hand-over states that end without the platform's `status: true` (as strings: the set may grow). */
const REFUSED_STATES: readonly string[] = ['failed', 'unconfirmed']

export function isRefused(state: string): boolean {
  return REFUSED_STATES.includes(state)
}

export interface HandOverWatch {
  /** Resolves once every key is handed over; rejects when one fails or time runs out. */
  settled: Promise<void>
  /** Stops listening (and the timer); `settled` then never settles. */
  stop(): void
}

/**
 * Follows the core's orderChanged events until each key's hand-over state is `handed-over`. Start it before
 * the hand-over: whether the state changes during the call or later (a durable outbox), it is seen.
 */
export function watchHandOvers(core: Core, keys: readonly string[], timeoutMs = 30_000): HandOverWatch {
  const waiting = new Set(keys)
  let stop: () => void = () => undefined
  const settled = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop()
      reject(new Error(`${String(waiting.size)} hand-overs did not finish in ${String(timeoutMs)} ms`))
    }, timeoutMs)
    const unsubscribe = core.subscribe((event, payload) => {
      if (event !== 'orderChanged') return
      const { paymentKey, order } = payload as EventPayload<'orderChanged'>
      if (!waiting.has(paymentKey) || order === null) return
      if (isRefused(order.handover.state)) {
        stop()
        reject(new Error(`hand-over of ${paymentKey} failed: ${JSON.stringify(order.handover)}`))
      } else if (order.handover.state === 'handed-over') {
        waiting.delete(paymentKey)
        if (waiting.size > 0) return
        stop()
        resolve()
      }
    })
    stop = () => {
      clearTimeout(timer)
      unsubscribe()
    }
  })
  if (waiting.size === 0) stop()
  return { settled: waiting.size === 0 ? Promise.resolve() : settled, stop }
}

/** The undo window off (D40): a press is sent at once, so a benchmark times the hand-over, not the window. */
export async function sendPressesAtOnce(core: Core): Promise<void> {
  value(await core.handlers.updateSettings({ undoWindowSeconds: 0 }), 'updateSettings')
}

/** Hands one order (already on the board) over through the core; resolves when it is handed over. */
export async function handOverThroughCore(core: Core, paymentKey: string): Promise<void> {
  const watch = watchHandOvers(core, [paymentKey], 10_000)
  try {
    const order = value(await core.handlers.handOverOrder({ paymentKey }), 'handOverOrder')
    if (isRefused(order.handover.state)) {
      throw new Error(`hand-over of ${paymentKey} failed: ${JSON.stringify(order.handover)}`)
    }
    if (order.handover.state !== 'handed-over') await watch.settled
  } finally {
    watch.stop()
  }
}
