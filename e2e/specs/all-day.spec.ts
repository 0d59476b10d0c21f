import { _electron as electron, type ElectronApplication, type Page } from '@playwright/test'
import { DEMO_ORDER_IDS } from '../mock-platform/demo-data.ts'
import type { MockPlatform } from '../mock-platform/server.ts'
import { findElectronBinary } from '../support/electron-binary.ts'
import { expect, test } from '../support/fixtures.ts'
import { addOrder, expectSignedIn, orderItem, signIn } from '../support/staff.ts'
import { withTempFolder } from '../support/temp-folders.ts'

/**
 * The all-day behaviour of the Electron shell, end to end: closing the window while a hand-over is owed keeps
 * the app running in the tray, and a failed hand-over raises an OS notification once. The decisions behind
 * them are unit-tested in src-main/electron/all-day; these check that the shell really wires them.
 */

const binary = findElectronBinary()
const ELIGIBLE = DEMO_ORDER_IDS.kadikoyCashDelivery
const UNKNOWN = '11111111-2222-4333-8444-555555555555'
const restaurantDelivery = { shipping: 'Teslimat', courier: 'Restoran kuryesi' }

test.skip(
  ({ shell }) => shell !== 'electron',
  'tray, OS notifications and closing to the tray belong to the Electron shell: this spec runs in the electron project',
)
test.skip(
  'missing' in binary,
  `no Electron binary on this machine (${'missing' in binary ? binary.missing : ''})`,
)

/** Starts the real app (as the fixtures do) and hands over the ElectronApplication, which evaluate needs. */
async function withElectronApp(
  mock: MockPlatform,
  body: (app: ElectronApplication, page: Page) => Promise<void>,
): Promise<void> {
  if ('missing' in binary) throw new Error('unreachable: skipped above')
  await withTempFolder('e2e-all-day-', async (dataDir) => {
    const app = await electron.launch({
      executablePath: binary.path,
      args: ['.', `--data-dir=${dataDir}`, `--api-base=${mock.baseUrl}`, `--extra-ca=${mock.caFile}`],
    })
    try {
      const page = await app.firstWindow()
      await signIn(page)
      await expectSignedIn(page)
      await body(app, page)
    } finally {
      await app.close()
    }
  })
}

test('closing the window while a hand-over is owed keeps the app running, hidden in the tray', async ({
  mock,
}) => {
  test.setTimeout(60_000) // two backoffs (2 s, then up to 4 s, with jitter) on top of the app's start
  await withElectronApp(mock, async (app, page) => {
    await mock.control.injectFault({ route: 'ontheway', kind: 'status', status: 503, times: 2 })
    await addOrder(page, ELIGIBLE, restaurantDelivery)
    await orderItem(page, ELIGIBLE).getByRole('button', { name: 'Kuryeye Verildi' }).click()
    await expect(orderItem(page, ELIGIBLE).getByRole('status')).toContainText(/Yeniden denenecek/)

    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.close())
    await expect
      .poll(() =>
        app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().map((w) => w.isVisible())),
      )
      .toEqual([false])

    // Sending went on while hidden: the platform answers the third attempt, and the hand-over lands.
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.show())
    await expect(orderItem(page, ELIGIBLE).getByRole('status')).toContainText('Restoran Kuryeye Verildi', {
      timeout: 25_000,
    })
  })
})

test('a failed hand-over raises one OS notification', async ({ mock }) => {
  await withElectronApp(mock, async (app, page) => {
    // Records what the main process shows instead of showing it (a test run has no one to read it).
    await app.evaluate(({ Notification }) => {
      const shown: string[] = []
      Object.assign(globalThis, { shownNotifications: shown })
      Notification.prototype.show = function (this: Electron.Notification) {
        shown.push(this.title)
      }
    })
    await addOrder(page, UNKNOWN)
    await orderItem(page, UNKNOWN).getByRole('button', { name: 'Kuryeye Verildi' }).click()
    await expect(orderItem(page, UNKNOWN).getByRole('alert')).toContainText('sipariş bulunamadı')
    const shown = () =>
      app.evaluate(() => (globalThis as unknown as { shownNotifications: string[] }).shownNotifications)
    await expect.poll(shown).toEqual(['Sipariş 555-555: teslim başarısız'])
  })
})
