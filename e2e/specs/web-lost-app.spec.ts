// Web mode's process dies while its page is open (issue 30). Before: the page kept saying "Oturum açık", and a
// scan hung about 10 s, then blamed the platform and the internet. Now, within a few seconds: the page says the
// app cannot be reached and what to do, the header stops saying the session is open, and a scan is refused at
// once, never blaming the platform. A REAL web-mode process, killed with SIGKILL.
import { rm } from 'node:fs/promises'
import { DEMO_ORDER_IDS } from '../mock-platform/demo-data.ts'
import { expect, test } from '../support/fixtures.ts'
import { expectSignedIn, orderInput, scan, signIn } from '../support/staff.ts'
import { makeTempFolder } from '../support/temp-folders.ts'
import { launchWebMode } from '../support/web-mode.ts'

test.skip(
  ({ shell }) => shell === 'electron',
  'kills a spawned web-mode process; Electron’s window dies with it',
)

test('the page says it lost the app within seconds of a SIGKILL, and refuses a scan at once', async ({
  mock,
  webBrowser,
}, testInfo) => {
  if (!webBrowser) throw new Error('web mode needs a browser')
  const dataDir = await makeTempFolder('e2e-lost-app-')
  const context = await webBrowser.newContext()
  const running = await launchWebMode({ dataDir, apiBase: mock.baseUrl, extraCa: mock.caFile })
  try {
    const page = await context.newPage()
    await page.goto(running.url)
    await signIn(page, 'vendor')
    await expectSignedIn(page)

    await running.kill()
    const killedAt = Date.now()
    const notice = page
      .getByRole('alert')
      .filter({ hasText: 'Uygulamaya ulaşılamıyor: web modu durmuş olabilir.' })
    await expect(notice).toBeVisible({ timeout: 5000 })
    const noticedMs = Date.now() - killedAt
    testInfo.annotations.push({ type: 'lost app noticed after (ms)', description: String(noticedMs) })
    await expect(notice).toContainText('yazdığı yeni adresi')
    await expect(page.getByRole('status').filter({ hasText: 'Oturum açık' })).toHaveCount(0)
    await expect(page.locator('.session-indicator')).toHaveText('Uygulamaya ulaşılamıyor')

    // A scan now: refused at once (the old page waited 10 s for the socket), and the words are the app's, not
    // the platform's or the internet's. The waits are bounds, not measurements (bench/ measures).
    await orderInput(page).focus()
    const scannedAt = Date.now()
    await scan(page, DEMO_ORDER_IDS.kadikoyCashDelivery)
    const outcome = page.locator('.scan-outcome')
    await expect(outcome).toContainText('Uygulamaya ulaşılamıyor', { timeout: 2000 })
    const refusedMs = Date.now() - scannedAt
    testInfo.annotations.push({ type: 'scan refused after (ms)', description: String(refusedMs) })
    await expect(outcome).not.toContainText(/Platform|internet/i)
  } finally {
    await context.close()
    await running.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
})
