import { DEMO_ORDER_IDS } from '../mock-platform/demo-data.ts'
import { expect, test } from '../support/fixtures.ts'
import { addOrder, expectSignedIn, openReferenceStrip, signIn } from '../support/staff.ts'

test('the UI speaks English after the language setting, and keeps it after a restart', async ({ app }) => {
  let page = app.page
  await signIn(page, 'vendor')
  await expectSignedIn(page)
  await addOrder(page, DEMO_ORDER_IDS.kadikoyCashDelivery)
  await page.getByRole('button', { name: 'Ayarlar' }).click()
  await page.getByLabel('Dil', { exact: true }).selectOption('en')
  await page.getByRole('button', { name: 'Kaydet', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible()
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Handed to courier' })).toBeVisible()
  await openReferenceStrip(page)
  await expect(page.getByRole('heading', { name: 'Branches' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  page = await app.restart()
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible()
})

test('settings refuse a bad time zone and an http:// address, and change nothing', async ({ app }) => {
  const { page } = app
  await page.getByRole('button', { name: 'Ayarlar' }).click()
  await page.getByLabel('Platform saat dilimi').fill('Mars/Olympus')
  await page.getByRole('button', { name: 'Kaydet', exact: true }).click()
  await expect(page.getByRole('alert')).toContainText('Saat dilimi tanınmadı')
  await page.getByLabel('Platform saat dilimi').fill('Europe/Istanbul')
  await page.getByLabel('Platform adresi').fill('http://example.com')
  await page.getByRole('button', { name: 'Kaydet', exact: true }).click()
  await expect(page.getByRole('alert')).toContainText('https:// ile başlamalı')
  await page.getByLabel('Ek CA sertifika dosyası').fill('/no/such/file.pem')
  await page.getByLabel('Platform adresi').fill('')
  await page.getByRole('button', { name: 'Kaydet', exact: true }).click()
  await expect(page.getByRole('alert')).toContainText('Sertifika dosyası okunamadı')
})

test('automatic updates are an on/off switch with no address to type, and the choice survives a restart', async ({
  app,
}) => {
  let page = app.page
  await page.getByRole('button', { name: 'Ayarlar' }).click()
  await expect(page.getByLabel('Güncelleme adresi')).toHaveCount(0)
  const toggle = page.getByLabel('Otomatik güncelleme')
  await expect(toggle).not.toBeChecked()
  await toggle.check()
  await page.getByRole('button', { name: 'Kaydet', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Kaydedildi.' })).toBeVisible()
  page = await app.restart()
  await page.getByRole('button', { name: 'Ayarlar' }).click()
  await expect(page.getByLabel('Otomatik güncelleme')).toBeChecked()
})
