import { expect, type Page } from '@playwright/test'
import { DEMO_CREDENTIALS } from '../mock-platform/demo-data.ts'

export type CredentialSet = keyof typeof DEMO_CREDENTIALS

/** What a cashier does, in the words on the screen (Turkish, the default). */
export async function signIn(page: Page, set: CredentialSet = 'vendor', address?: string): Promise<void> {
  const credentials = DEMO_CREDENTIALS[set]
  if (address !== undefined) await page.getByLabel('Platform adresi').fill(address)
  await page.getByLabel('Uygulama anahtarı').fill(credentials.app_secret_key)
  await page.getByLabel('Restoran anahtarı').fill(credentials.rest_secret_key)
  await page.getByRole('button', { name: 'Giriş yap' }).click()
}

export async function expectSignedIn(page: Page): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: 'Oturum açık' })).toBeVisible()
}

/** The branch and method lists have arrived: nothing of the sign-in is still on its way to the platform. */
export async function expectReferenceListsLoaded(page: Page): Promise<void> {
  await openReferenceStrip(page)
  await expect(page.getByRole('region', { name: 'Şubeler' }).getByRole('listitem').first()).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Ödeme yöntemleri' }).getByRole('listitem').first(),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Yenile' })).toBeEnabled()
}

/** The branches and methods fold into a strip above the board: opened, as staff would to read them. */
export async function openReferenceStrip(page: Page): Promise<void> {
  const strip = page.locator('details.reference-strip')
  if ((await strip.getAttribute('open')) === null) await strip.locator('summary').click()
}

/** The order form's optional details are folded away: opened when a spec fills them. */
async function openOrderDetails(page: Page): Promise<void> {
  const details = page.locator('details.details-toggle')
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click()
}

export function orderInput(page: Page) {
  return page.getByLabel('Sipariş numarası')
}

export async function addOrder(
  page: Page,
  text: string,
  details: { shipping?: string; payment?: string; courier?: string; label?: string } = {},
): Promise<void> {
  if (Object.keys(details).length > 0) await openOrderDetails(page)
  if (details.shipping) await page.getByLabel('Teslimat yöntemi').selectOption({ label: details.shipping })
  if (details.payment) await page.getByLabel('Ödeme yöntemi').selectOption({ label: details.payment })
  if (details.courier)
    await page.getByLabel('Kurye', { exact: true }).selectOption({ label: details.courier })
  if (details.label) await page.getByLabel('Not (ör. masa, müşteri adı)').fill(details.label)
  await orderInput(page).fill(text)
  await page.getByRole('button', { name: 'Ekle', exact: true }).click()
}

/** The board's list item for an order, found by its full payment_key. */
export function orderItem(page: Page, paymentKey: string) {
  return page.getByRole('list', { name: 'Siparişler' }).getByRole('listitem').filter({ hasText: paymentKey })
}

/** A scanner: the id typed as one fast burst of keystrokes and Enter, wherever focus is. */
export async function scan(page: Page, text: string): Promise<void> {
  await page.keyboard.type(`${text}\n`, { delay: 2 })
}

/** The card's main button ("Kuryeye Verildi: 000-001"), whose name says which order it acts on. */
export function handOverButton(page: Page, code: string) {
  return page.getByRole('button', { name: `Kuryeye Verildi: ${code}` })
}
