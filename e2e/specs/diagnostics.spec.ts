import type { Page } from '@playwright/test'
import { DEMO_CREDENTIALS, DEMO_ORDER_IDS } from '../mock-platform/demo-data.ts'
import { expect, test } from '../support/fixtures.ts'
import { addOrder, expectSignedIn, signIn } from '../support/staff.ts'

declare global {
  interface Window {
    /** What the page put on the clipboard, kept by the stand-in below. */
    copiedForTest?: string
  }
}

/**
 * Replaces the page's clipboard write, so the test sees what was copied (reading the real clipboard back would
 * need a permission the app rightly never gets) or sees the write refused, as a locked-down machine does.
 */
async function standInClipboard(page: Page, refuse: boolean): Promise<void> {
  await page.evaluate((refuseWrites) => {
    Object.defineProperty(navigator.clipboard, 'writeText', {
      configurable: true,
      value: (text: string) => {
        if (refuseWrites)
          return Promise.reject(new DOMException('Write permission denied', 'NotAllowedError'))
        window.copiedForTest = text
        return Promise.resolve()
      },
    })
  }, refuse)
}

const SECRETS = [
  DEMO_CREDENTIALS.vendor.app_secret_key,
  DEMO_CREDENTIALS.vendor.rest_secret_key,
  DEMO_CREDENTIALS.branch.rest_secret_key,
]

async function openDiagnostics(page: Page): Promise<void> {
  await signIn(page, 'vendor')
  await expectSignedIn(page)
  await addOrder(page, DEMO_ORDER_IDS.kadikoyCashDelivery)
  await page.getByRole('button', { name: 'Ayarlar' }).click()
  await expect(page.getByRole('heading', { name: 'Tanılama' })).toBeVisible()
}

test('Tanılama copies a support bundle: versions, settings, session, order counts and log lines, no secret', async ({
  app,
}) => {
  const { page } = app
  await openDiagnostics(page)
  await standInClipboard(page, false)
  await page.getByRole('button', { name: 'Tanılama bilgilerini kopyala' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Tanılama bilgileri panoya kopyalandı.' }),
  ).toBeVisible()

  const copied = (await page.evaluate(() => window.copiedForTest)) ?? ''
  const bundle = JSON.parse(copied) as Record<string, unknown>
  expect(bundle).toMatchObject({
    app: { name: 'POS Companion' },
    session: { state: 'signed-in', scope: 'vendor' },
    orders: { total: 1, byHandoverState: { none: 1 } },
  })
  expect((bundle['recentLogLines'] as string[]).length).toBeGreaterThan(0)
  for (const secret of SECRETS) expect(copied).not.toContain(secret)
})

test('Tanılama shows the bundle to copy by hand when the clipboard is refused', async ({ app }) => {
  const { page } = app
  await openDiagnostics(page)
  await standInClipboard(page, true)
  await page.getByRole('button', { name: 'Tanılama bilgilerini kopyala' }).click()
  const text = page.getByLabel('Panoya kopyalanamadı. Aşağıdaki metni seçip kopyalayın (Ctrl+C).')
  await expect(text).toBeVisible()
  await expect(text).toBeFocused()
  const bundle = JSON.parse(await text.inputValue()) as Record<string, unknown>
  expect(bundle).toMatchObject({ session: { state: 'signed-in' } })
})
