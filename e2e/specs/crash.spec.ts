// Crash safety of the hand-over outbox (D17): a REAL web-mode process is killed with SIGKILL at chosen
// moments of a hand-over against the mock platform, started again on the same data folder, and the platform's
// own counters must show the order handed over exactly once. Web shell only: SIGKILL of a process we spawned
// ourselves is what web mode gives us; Electron's e2e driver owns its process and closes it politely.
import { rm } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { DEMO_ORDER_IDS, ORDER_STATUS } from '../mock-platform/demo-data.ts'
import { expect, saveUndoWindow, test } from '../support/fixtures.ts'
import { makeTempFolder } from '../support/temp-folders.ts'
import { addOrder, expectSignedIn, orderItem, signIn } from '../support/staff.ts'
import { Till } from '../support/web-mode.ts'

const ORDER = DEMO_ORDER_IDS.kadikoyCashDelivery
const OTHER = DEMO_ORDER_IDS.kadikoyCreditCardDelivery
const restaurantDelivery = { shipping: 'Teslimat', courier: 'Restoran kuryesi' }

test.describe('the hand-over outbox survives SIGKILL', () => {
  test.skip(
    ({ shell }) => shell === 'electron',
    'kills a spawned web-mode process; Electron is driven by Playwright',
  )

  let till: Till
  let dataDir: string

  test.beforeEach(async ({ mock, webBrowser }) => {
    if (!webBrowser) throw new Error('web mode needs a browser')
    dataDir = await makeTempFolder('e2e-crash-')
    // Sent at once: these tests kill the process around the send, not inside the undo window.
    saveUndoWindow(dataDir, 0)
    till = new Till(dataDir, mock, await webBrowser.newContext())
    const page = await till.start()
    await signIn(page, 'vendor')
    await expectSignedIn(page)
    await addOrder(page, ORDER, restaurantDelivery)
  })

  test.afterEach(async () => {
    await till.stop()
    await till.context.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  async function press(page: Page, paymentKey: string = ORDER): Promise<void> {
    await orderItem(page, paymentKey).getByRole('button', { name: 'Kuryeye Verildi' }).click()
  }

  // Each moment is made by holding a request in the mock until the test releases it, and each step waits on a
  // signal (a request held, an order's status, a text on screen), never on a fixed time (D38).

  test('killed after the intent was written, before the platform took it: sent after the restart, once', async ({
    mock,
  }) => {
    // The PUT meets a revoked token (401: the platform acts on nothing) and the re-login is held: the process
    // dies with the action written down and not yet done.
    await mock.control.revokeTokens()
    await mock.control.hold('login')
    await mock.control.resetCounters()
    await press(till.page as Page)
    await expect.poll(async () => (await mock.control.holds()).waiting.login).toBe(1)
    expect((await mock.control.counters()).handedOver).toBe(0)
    await till.kill()

    // The hold was for one request: the restarted process signs in straight away. (The held login is dropped
    // by the next test's reset, unanswered.)
    const page = await till.start()
    await expect(orderItem(page, ORDER)).toContainText(/Restoran Kuryeye Verildi · \d\d:\d\d/)
    const counters = await mock.control.counters()
    expect(counters.handedOver).toBe(1)
    expect((await mock.control.getOrder(ORDER))?.status_id).toBe(ORDER_STATUS.IN_DELIVERY)
  })

  test('killed while the platform held the PUT: the resend is answered and the order handed over once', async ({
    mock,
  }) => {
    await mock.control.hold('ontheway')
    await mock.control.resetCounters()
    await press(till.page as Page)
    await expect.poll(async () => (await mock.control.holds()).waiting.ontheway).toBe(1)
    await till.kill()

    // The killed process's PUT is still held by the platform; the restarted one's goes straight through.
    const page = await till.start()
    await expect(orderItem(page, ORDER)).toContainText(/Restoran Kuryeye Verildi · \d\d:\d\d/)
    expect((await mock.control.counters()).handedOver).toBe(1)
    // Then the held PUT reaches the platform's handler too (the release answers once it has): it must find
    // nothing left to do.
    expect(await mock.control.release('ontheway')).toBe(1)
    const counters = await mock.control.counters()
    expect(counters.requests.ontheway).toBe(2)
    expect(counters.handedOver).toBe(1)
    await expect(orderItem(page, ORDER)).toContainText('Restoran Kuryeye Verildi')
  })

  test('killed after the platform acted but before its answer arrived: unconfirmed, never a second hand-over', async ({
    mock,
  }) => {
    await mock.control.hold('ontheway')
    await mock.control.resetCounters()
    await press(till.page as Page)
    await expect.poll(async () => (await mock.control.holds()).waiting.ontheway).toBe(1)
    await till.kill()
    // The platform acts on the PUT only now, with nobody left to read its answer.
    expect(await mock.control.release('ontheway')).toBe(1)
    expect((await mock.control.getOrder(ORDER))?.status_id).toBe(ORDER_STATUS.IN_DELIVERY)

    const page = await till.start()
    const item = orderItem(page, ORDER)
    await expect(item.getByRole('alert')).toContainText('Doğrulanamadı')
    await expect(item.getByRole('alert')).toContainText('sipariş durumu uygun değil')
    await expect(item).not.toContainText('Restoran Kuryeye Verildi')
    const counters = await mock.control.counters()
    expect(counters.requests.ontheway).toBe(2)
    expect(counters.handedOver).toBe(1)
  })

  test('an order the platform confirmed is not sent again after a crash', async ({ mock }) => {
    await press(till.page as Page)
    await expect(orderItem(till.page as Page, ORDER)).toContainText('Restoran Kuryeye Verildi')
    await till.kill()
    await mock.control.resetCounters()

    const page = await till.start()
    await expectSignedIn(page)
    await expect(orderItem(page, ORDER)).toContainText('Restoran Kuryeye Verildi')
    // A barrier: anything the restarted outbox would resend goes out at its start, before this press.
    await addOrder(page, OTHER, restaurantDelivery)
    await press(page, OTHER)
    await expect(orderItem(page, OTHER)).toContainText('Restoran Kuryeye Verildi')
    const counters = await mock.control.counters()
    expect(counters.requests.ontheway).toBe(1)
    expect(counters.handedOver).toBe(1)
  })
})
