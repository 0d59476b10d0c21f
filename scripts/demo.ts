/**
 * `npm run demo`: the mock platform with its demo data, and the app signed in to it with a board of demo
 * orders. In Electron where its binary exists; otherwise (said in one line) in web mode, printing the URL.
 */
import { spawn, spawnSync } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { resolve } from 'node:path'
import { connectBridge } from '../e2e/support/bridge-client.ts'
import { findElectronBinary } from '../e2e/support/electron-binary.ts'
import { launchWebMode } from '../e2e/support/web-mode.ts'
import { randomUUID } from 'node:crypto'
import {
  DEMO_BRANCHES,
  DEMO_CASH_HANDED_IN,
  DEMO_COURIER_PACKAGES,
  DEMO_COURIERS,
  DEMO_CREDENTIALS,
  DEMO_ORDER_AMOUNTS,
  DEMO_ORDERS,
} from '../e2e/mock-platform/demo-data.ts'
import type { Api } from '../src-shared/contract.ts'
import { startMockPlatform } from '../e2e/mock-platform/server.ts'

const dataDir = resolve('.data/demo')
/** Ahmet's float, his fuel, and the change he hands back (beside his cash, DEMO_CASH_HANDED_IN). */
const DEMO_MOVEMENTS = [
  { kind: 'float', amountKurus: 10_000 },
  { kind: 'expense', amountKurus: 2_500, note: 'yakıt' },
  { kind: 'handed-in', amountKurus: 7_500, note: 'bozuk paranın kalanı' },
] as const
const credentials = DEMO_CREDENTIALS.vendor

console.log('demo: building the app (electron-vite build)…')
const build = spawnSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], {
  stdio: ['ignore', 'ignore', 'inherit'],
})
if (build.status !== 0) {
  console.error('demo: the build failed; see above')
  process.exit(1)
}

// A fresh start each time: the mock's orders start from their seed, so the app's board does too.
await rm(dataDir, { recursive: true, force: true })
const mock = await startMockPlatform({ dataDir: resolve('.mock-platform'), port: 0 })
console.log(`demo: mock platform at ${mock.baseUrl} (CA ${mock.caFile})`)

const electronBinary = findElectronBinary()
if ('path' in electronBinary) {
  const app = spawn(
    electronBinary.path,
    ['.', `--data-dir=${dataDir}`, `--api-base=${mock.baseUrl}`, `--extra-ca=${mock.caFile}`],
    { stdio: 'inherit' },
  )
  printDemoKeys('sign in with one of these')
  app.on('exit', () => void mock.close().then(() => process.exit(0)))
} else {
  console.log(`demo: no Electron binary here (${electronBinary.missing}); opening web mode instead.`)
  const web = await launchWebMode({ dataDir, apiBase: mock.baseUrl, extraCa: mock.caFile })
  await signInAndFillTheBoard(web.url)
  console.log(`demo: open ${web.url}`)
  console.log(`demo: POS intake API at ${web.intake.url ?? 'unavailable'} (key in ${web.intake.keyFile})`)
  console.log(
    'demo: signed in with the vendor-wide demo keys; the board holds the demo orders, three couriers have',
  )
  console.log(
    'demo: been out this morning (Gün sonu shows their settlement, Ahmet with change money and fuel; badges K-01…K-03). Ctrl+C stops.',
  )
  printDemoKeys('after signing out and forgetting the keys, sign in again with one of these')
  let stopping = false
  const stop = () => {
    // Ctrl+C can arrive twice: from the terminal and forwarded by scripts/with-node22.js.
    if (stopping) return
    stopping = true
    void web
      .stop()
      .then(() => mock.close())
      .then(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  // Web mode ending on its own (not by Ctrl+C here) is a failure worth an exit code.
  web.process.on('exit', () => {
    if (!stopping) void mock.close().then(() => process.exit(1))
  })
}

/** The demo's keys, in the same lines `npm run mock` prints. */
function printDemoKeys(intro: string): void {
  const branch = DEMO_BRANCHES.find((b) => b.id === DEMO_CREDENTIALS.branch.branchId)?.name ?? '?'
  const line = (keys: { app_secret_key: string; rest_secret_key: string }, scope: string) =>
    `demo:   app_secret_key=${keys.app_secret_key} rest_secret_key=${keys.rest_secret_key} scope=${scope}`
  console.log(`demo: ${intro}:`)
  console.log(line(DEMO_CREDENTIALS.vendor, `vendor (${DEMO_BRANCHES.length} branches)`))
  console.log(line(DEMO_CREDENTIALS.branch, `branch (${branch})`))
}

/** Does what a cashier would: signs in and adds the seed orders, through the same bridge the page uses. */
async function signInAndFillTheBoard(url: string): Promise<void> {
  const bridge = connectBridge(url)
  const { api } = bridge
  const signedIn = await api.signIn({
    platformAddress: mock.baseUrl,
    appSecretKey: credentials.app_secret_key,
    restSecretKey: credentials.rest_secret_key,
  })
  if (!signedIn.ok) throw new Error(`demo: sign-in failed: ${signedIn.error.code}`)
  for (const order of DEMO_ORDERS) {
    const amountKurus = DEMO_ORDER_AMOUNTS[order.payment_key]
    await api.addOrder({
      text: order.payment_key,
      courierType: order.courier_type,
      shippingMethod: order.shipping_method,
      paymentMethod: order.payment_type,
      ...(amountKurus === undefined ? {} : { amountKurus }),
    })
  }
  await playTheCouriersMorning(api)
  bridge.close()
}

/**
 * The courier's day so far (issue 21): the couriers with their badges, packages handed to them (each a real
 * hand-over to the mock), and the cash two of them handed in on their return.
 */
async function playTheCouriersMorning(api: Api): Promise<void> {
  const ok = <T>(
    result: { ok: true; value: T } | { ok: false; error: { code: string } },
    what: string,
  ): T => {
    if (!result.ok) throw new Error(`demo: ${what} failed: ${result.error.code}`)
    return result.value
  }
  await mock.control.upsertOrders(DEMO_COURIER_PACKAGES.map((item) => item.order))
  const couriers = []
  for (const courier of DEMO_COURIERS) {
    couriers.push(ok(await api.addCourier({ requestId: randomUUID(), ...courier }), 'adding a courier'))
  }
  // These presses are the past: sent at once, not after the undo window staff get for their own.
  const { undoWindowSeconds } = ok(await api.getSettings(), 'reading settings')
  ok(await api.updateSettings({ undoWindowSeconds: 0 }), 'a setting')
  try {
    for (const item of DEMO_COURIER_PACKAGES) {
      const { order, amountKurus } = item
      ok(
        await api.addOrder({
          text: order.payment_key,
          courierType: order.courier_type,
          shippingMethod: order.shipping_method,
          paymentMethod: order.payment_type,
          amountKurus,
          branch: order.branch_id,
        }),
        'adding an order',
      )
      const courierId = item.courier === null ? undefined : couriers[item.courier]?.id
      ok(
        await api.handOverOrder({ paymentKey: order.payment_key, ...(courierId ? { courierId } : {}) }),
        'a hand-over',
      )
    }
  } finally {
    ok(await api.updateSettings({ undoWindowSeconds }), 'a setting')
  }
  // The whole formula at once (issue 28): Ahmet took 100,00 ₺ of change money this morning and paid 25,00 ₺
  // of fuel from the bag; handing the rest of the change back with his cash leaves his account even:
  // expected = float + cash at the door − expenses, difference = handed in − expected.
  const ahmet = couriers[0]?.id
  if (ahmet !== undefined) {
    for (const movement of DEMO_MOVEMENTS) {
      ok(
        await api.recordCourierMovement({ requestId: randomUUID(), courierId: ahmet, ...movement }),
        'recording a movement',
      )
    }
  }
  for (const cash of DEMO_CASH_HANDED_IN) {
    const courierId = couriers[cash.courier]?.id
    if (courierId === undefined) continue
    ok(
      await api.recordCash({ requestId: randomUUID(), courierId, amountKurus: cash.amountKurus }),
      'recording cash',
    )
  }
}
