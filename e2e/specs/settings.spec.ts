import { DEMO_ORDER_IDS } from '../mock-platform/demo-data.ts'
import { expect, test } from '../support/fixtures.ts'
import { addOrder, expectSignedIn, signIn } from '../support/staff.ts'

test('the UI speaks English after the language setting, and keeps it after a restart', async ({ app }) => {
  let page = app.page
  await signIn(page, 'vendor')
  await expectSignedIn(page)
  await addOrder(page, DEMO_ORDER_IDS.kadikoyCashDelivery)
  await page.getByRole('button', { name: 'Ayarlar' }).click()
  await page.getByLabel('Dil', { exact: true }).selectOption('en')
  await page.getByRole('button', { name: 'Kaydet' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible()
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Handed to courier' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Branches' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  page = await app.restart()
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible()
})

test('settings refuse a bad time zone and an http:// address, and change nothing', async ({ app }) => {
  const { page } = app
  await page.getByRole('button', { name: 'Ayarlar' }).click()
  await page.getByLabel('Platform saat dilimi').fill('Mars/Olympus')
  await page.getByRole('button', { name: 'Kaydet' }).click()
  await expect(page.getByRole('alert')).toContainText('Saat dilimi tanınmadı')
  await page.getByLabel('Platform saat dilimi').fill('Europe/Istanbul')
  await page.getByLabel('Platform adresi').fill('http://example.com')
  await page.getByRole('button', { name: 'Kaydet' }).click()
  await expect(page.getByRole('alert')).toContainText('https:// ile başlamalı')
  await page.getByLabel('Ek CA sertifika dosyası').fill('/no/such/file.pem')
  await page.getByLabel('Platform adresi').fill('')
  await page.getByRole('button', { name: 'Kaydet' }).click()
  await expect(page.getByRole('alert')).toContainText('Sertifika dosyası okunamadı')
})

test('the update address takes https:// only, and an empty one keeps automatic updates off', async ({
  app,
}) => {
  let page = app.page
  await page.getByRole('button', { name: 'Ayarlar' }).click()
  await expect(page.getByLabel('Güncelleme adresi')).toHaveValue('')
  await page.getByLabel('Güncelleme adresi').fill('http://updates.example.com/pos')
  await page.getByRole('button', { name: 'Kaydet' }).click()
  await expect(page.getByRole('alert')).toContainText('Güncelleme adresi geçerli bir https:// adresi olmalı.')
  await page.getByLabel('Güncelleme adresi').fill('https://updates.example.com/pos/')
  await page.getByRole('button', { name: 'Kaydet' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Kaydedildi.' })).toBeVisible()
  page = await app.restart()
  await page.getByRole('button', { name: 'Ayarlar' }).click()
  await expect(page.getByLabel('Güncelleme adresi')).toHaveValue('https://updates.example.com/pos')
})
