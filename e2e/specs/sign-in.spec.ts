import { expect, test } from '../support/fixtures.ts'
import { expectSignedIn, signIn } from '../support/staff.ts'

test.describe('sign-in', () => {
  test('vendor-wide credentials show every branch and both method lists', async ({ app, mock }) => {
    const { page } = app
    await expect(page.getByLabel('Platform adresi')).toHaveValue(mock.baseUrl)
    await signIn(page, 'vendor')
    await expectSignedIn(page)
    await expect(page.getByText('Tüm şubeler')).toBeVisible()
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
    const { page } = app
    await signIn(page, 'vendor')
    await expectSignedIn(page)
    await page.getByRole('button', { name: 'Çıkış yap' }).click()
    await page.getByRole('button', { name: 'Çıkış yap ve anahtarları unut' }).click()
    await expect(page.getByRole('heading', { name: 'Platforma giriş' })).toBeVisible()
    await expect(page.getByText('şifreli olarak kayıtlı')).toHaveCount(0)
  })
})
