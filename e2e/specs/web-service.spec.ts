// Web mode as a service (docs/decisions.md D54): a service manager stops it with SIGTERM, possibly in the
// middle of a hand-over. A REAL web-mode process gets SIGTERM while a pressed hand-over is still owed; it must
// exit cleanly (code 0), the journal must keep the intent, and the next start must send it, once.
import { rm } from 'node:fs/promises'
import { DEMO_ORDER_IDS, ORDER_STATUS } from '../mock-platform/demo-data.ts'
import { expect, test } from '../support/fixtures.ts'
import { addOrder, expectSignedIn, orderItem, signIn } from '../support/staff.ts'
import { makeTempFolder } from '../support/temp-folders.ts'
import { launchWebMode } from '../support/web-mode.ts'

const ORDER = DEMO_ORDER_IDS.kadikoyCashDelivery
const restaurantDelivery = { shipping: 'Teslimat', courier: 'Restoran kuryesi' }

test.skip(
  ({ shell }) => shell === 'electron',
  'signals a spawned web-mode process; Electron is driven by Playwright',
)

test('SIGTERM mid-hand-over exits cleanly and loses nothing: the next start sends it once', async ({
  mock,
  webBrowser,
}) => {
  if (!webBrowser) throw new Error('web mode needs a browser')
  const dataDir = await makeTempFolder('e2e-sigterm-')
  const context = await webBrowser.newContext()
  const launch = () => launchWebMode({ dataDir, apiBase: mock.baseUrl, extraCa: mock.caFile })
  try {
    const first = await launch()
    const page = await context.newPage()
    await page.goto(first.url)
    await signIn(page, 'vendor')
    await expectSignedIn(page)
    // The order's details may sit behind a disclosure in the add form: opened when it is there.
    const details = page.getByText('Ayrıntı ekle (isteğe bağlı)')
    if ((await details.count()) > 0) await details.click()
    await addOrder(page, ORDER, restaurantDelivery)

    // The PUT meets a revoked token and the re-login is held: the hand-over is pressed, written, and owed.
    await mock.control.revokeTokens()
    await mock.control.hold('login')
    await mock.control.resetCounters()
    await orderItem(page, ORDER).getByRole('button', { name: 'Kuryeye Verildi' }).click()
    // (After the press's undo window, when there is one: the signal is the held login, not a time.)
    await expect.poll(async () => (await mock.control.holds()).waiting.login, { timeout: 15_000 }).toBe(1)

    await page.close()
    await first.stop()
    expect(first.process.exitCode).toBe(0)
    expect(first.process.signalCode).toBeNull()
    expect((await mock.control.counters()).handedOver).toBe(0)

    const second = await launch()
    try {
      const again = await context.newPage()
      await again.goto(second.url)
      // The platform's own counters are the truth: handed over once, by the second process.
      await expect.poll(async () => (await mock.control.counters()).handedOver, { timeout: 15_000 }).toBe(1)
      expect((await mock.control.getOrder(ORDER))?.status_id).toBe(ORDER_STATUS.IN_DELIVERY)
    } finally {
      await second.stop()
    }
  } finally {
    await context.close()
    await rm(dataDir, { recursive: true, force: true })
  }
})
