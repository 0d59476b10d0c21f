import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { DEMO_CREDENTIALS } from '../mock-platform/demo-data.ts'
import { expect, test } from '../support/fixtures.ts'
import { expectSignedIn, openReferenceStrip, signIn } from '../support/staff.ts'

test.describe('sign-in', () => {
  test('vendor-wide credentials show every branch and both method lists', async ({ app, mock }) => {
    const { page } = app
    await expect(page.getByLabel('Platform adresi')).toHaveValue(mock.baseUrl)
    await signIn(page, 'vendor')
    await expectSignedIn(page)
    await expect(page.getByText('Tüm şubeler')).toBeVisible()
    await openReferenceStrip(page)
    const branches = page.getByRole('region', { name: 'Şubeler' }).getByRole('listitem')
    await expect(branches).toHaveText(['Kadıköy Moda', 'Beşiktaş Çarşı', 'Çankaya Tunalı', 'Karşıyaka Çarşı'])
    await expect(page.getByRole('region', { name: 'Ödeme yöntemleri' }).getByRole('listitem')).toHaveText([
      'Nakit',
      'Kredi Kartı',
      'Banka Kartı',
    ])
    await expect(page.getByRole('region', { name: 'Teslimat yöntemleri' }).getByRole('listitem')).toHaveText([
      'Teslimat',
      'Gel Al',
    ])
    await expect(page.getByRole('region', { name: 'Ödeme yöntemleri' })).toContainText('Alındı:')
  })

  test('branch credentials show their one branch', async ({ app }) => {
    await signIn(app.page, 'branch')
    await expectSignedIn(app.page)
    await expect(app.page.getByText('Tek şube')).toBeVisible()
    await openReferenceStrip(app.page)
    await expect(app.page.getByRole('region', { name: 'Şubeler' }).getByRole('listitem')).toHaveText([
      'Kadıköy Moda',
    ])
  })

  test('wrong credentials are refused in plain words, with the platform answer', async ({ app, mock }) => {
    const { page } = app
    await page.getByLabel('Uygulama anahtarı').fill('demo-app-secret-3f9a2c')
    await page.getByLabel('Restoran anahtarı').fill('not-the-right-key')
    await page.getByRole('button', { name: 'Giriş yap' }).click()
    const alert = page.getByRole('alert')
    await expect(alert).toContainText('Anahtarlar hatalı')
    await expect(alert).toContainText('yetkisiz erişim')
    await expect(page.getByRole('button', { name: 'Giriş yap' })).toBeEnabled()
    expect((await mock.control.counters()).requests.login).toBe(1)
  })

  test('an http:// address is refused before anything is sent', async ({ app, mock }) => {
    await signIn(app.page, 'vendor', mock.baseUrl.replace('https://', 'http://'))
    await expect(app.page.getByRole('alert')).toContainText('https:// ile başlamalı')
    expect((await mock.control.counters()).requests.login).toBe(0)
  })

  test('empty keys are refused with their own message', async ({ app, mock }) => {
    await app.page.getByRole('button', { name: 'Giriş yap' }).click()
    await expect(app.page.getByRole('alert')).toContainText('boş olamaz')
    expect((await mock.control.counters()).requests.login).toBe(0)
  })

  test('an unreachable platform gets its own message', async ({ app }) => {
    await signIn(app.page, 'vendor', 'https://127.0.0.1:9/integrations')
    await expect(app.page.getByRole('alert')).toContainText('Platforma ulaşılamıyor', { timeout: 20_000 })
  })

  test('stored keys are never shown again, and sign-in works with them', async ({ app, mock }) => {
    const { page } = app
    await signIn(page, 'vendor')
    await expectSignedIn(page)
    await page.getByRole('button', { name: 'Çıkış yap' }).click()
    await page.getByRole('button', { name: 'Çıkış yap (anahtarlar kalsın)' }).click()
    await expect(page.getByRole('heading', { name: 'Platforma giriş' })).toBeVisible()
    await expect(page.getByLabel('Uygulama anahtarı')).toHaveValue('')
    await expect(page.getByLabel('Restoran anahtarı')).toHaveValue('')
    await expect(page.getByText('şifreli olarak kayıtlı')).toBeVisible()
    expect(await page.content()).not.toContain('demo-vendor-secret')
    await mock.control.resetCounters()
    await page.getByRole('button', { name: 'Giriş yap' }).click()
    await expectSignedIn(page)
    expect((await mock.control.counters()).requests.login).toBe(1)
  })

  test('signing out and forgetting the keys leaves nothing stored', async ({ app }) => {
    const { page, dataDir } = app
    await signIn(page, 'vendor')
    await expectSignedIn(page)
    // While signed in the keys are in the data folder (encrypted): the check below looks where they are kept.
    // One encrypted blob per account, under its opaque id (issue 29).
    await expect
      .poll(async () => (await storedKeyNames(dataDir)).some((name) => name.startsWith('secrets.')))
      .toBe(true)
    await page.getByRole('button', { name: 'Çıkış yap' }).click()
    await page.getByRole('button', { name: 'Çıkış yap ve anahtarları unut' }).click()
    await expect(page.getByRole('heading', { name: 'Platforma giriş' })).toBeVisible()
    await expect(page.getByText('şifreli olarak kayıtlı')).toHaveCount(0)
    await expect
      .poll(async () => (await storedKeyNames(dataDir)).filter((name) => /secret/i.test(name)))
      .toEqual([])
    const vendor = DEMO_CREDENTIALS.vendor
    expect(await filesHolding(dataDir, [vendor.app_secret_key, vendor.rest_secret_key])).toEqual([])
  })

  test('an address without the API path says the address is wrong, not an order number', async ({
    app,
    mock,
  }) => {
    await signIn(app.page, 'vendor', new URL(mock.baseUrl).origin)
    const alert = app.page.getByRole('alert')
    await expect(alert).toContainText('Platform adresi hatalı')
    await expect(alert).toContainText('API yolu dahil')
    await expect(alert).toContainText('URL hatalı')
    await expect(alert).not.toContainText('Sipariş')
    await expect(app.page.getByRole('button', { name: 'Giriş yap' })).toBeEnabled()
  })
})

/** The top-level names of every JSON store in the data folder (settings.json holds the encrypted keys). */
async function storedKeyNames(dataDir: string): Promise<string[]> {
  const names: string[] = []
  for (const file of await readdir(dataDir)) {
    if (!file.endsWith('.json')) continue
    const parsed = JSON.parse(await readFile(join(dataDir, file), 'utf8')) as unknown
    if (parsed !== null && typeof parsed === 'object') names.push(...Object.keys(parsed))
  }
  return names
}

/** Every file under the data folder whose bytes hold one of the texts. */
async function filesHolding(dataDir: string, texts: string[]): Promise<string[]> {
  const entries = await readdir(dataDir, { recursive: true, withFileTypes: true })
  const holding: string[] = []
  for (const entry of entries.filter((candidate) => candidate.isFile())) {
    const path = join(entry.parentPath, entry.name)
    const bytes = await readFile(path)
    if (texts.some((text) => bytes.includes(text))) holding.push(path)
  }
  return holding
}
