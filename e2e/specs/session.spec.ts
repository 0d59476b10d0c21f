import { DEMO_ORDER_IDS } from '../mock-platform/demo-data.ts'
import { expect, test } from '../support/fixtures.ts'
import { addOrder, expectReferenceListsLoaded, expectSignedIn, orderItem, signIn } from '../support/staff.ts'

test('when the token expires mid-session, the next action still succeeds with one new login', async ({
  app,
  mock,
}) => {
  const { page } = app
  await signIn(page, 'vendor')
  await expectSignedIn(page)
  await addOrder(page, DEMO_ORDER_IDS.kadikoyCashDelivery, {
    shipping: 'Teslimat',
    courier: 'Restoran kuryesi',
  })
  await expectReferenceListsLoaded(page)
  await mock.control.expireTokens()
  await mock.control.resetCounters()
  await orderItem(page, DEMO_ORDER_IDS.kadikoyCashDelivery)
    .getByRole('button', { name: 'Kuryeye Verildi' })
    .click()
  await expect(orderItem(page, DEMO_ORDER_IDS.kadikoyCashDelivery)).toContainText('Restoran Kuryeye Verildi')
  const counters = await mock.control.counters()
  expect(counters.requests.login).toBe(1)
  expect(counters.requests.ontheway).toBe(2)
  await expectSignedIn(page)
})

test('the board and the session survive a restart of the app', async ({ app, mock }) => {
  let page = app.page
  await signIn(page, 'vendor')
  await expectSignedIn(page)
  await addOrder(page, DEMO_ORDER_IDS.kadikoyCashDelivery, { label: 'Masa 4' })
  await addOrder(page, DEMO_ORDER_IDS.besiktasDebitCardDelivery)
  // Restart only once the app has taken both orders: a click still in flight is not yet an order on the board.
  await expect(orderItem(page, DEMO_ORDER_IDS.kadikoyCashDelivery)).toBeVisible()
  await expect(orderItem(page, DEMO_ORDER_IDS.besiktasDebitCardDelivery)).toBeVisible()
  await mock.control.resetCounters()
  page = await app.restart()
  await expectSignedIn(page)
  await expect(orderItem(page, DEMO_ORDER_IDS.kadikoyCashDelivery)).toContainText('Masa 4')
  await expect(orderItem(page, DEMO_ORDER_IDS.besiktasDebitCardDelivery)).toBeVisible()
  // The stored token was still good: no new login was needed.
  expect((await mock.control.counters()).requests.login).toBe(0)
})

test('a second 401 after a fresh login signs out with a clear reason, keeping the keys', async ({
  app,
  mock,
}) => {
  const { page } = app
  await signIn(page, 'vendor')
  await expectSignedIn(page)
  // The fault must meet the refresh, not the sign-in's own first fetch.
  await expectReferenceListsLoaded(page)
  await mock.control.injectFault({ route: 'variables', kind: 'token-rejected', times: 0 })
  await mock.control.resetCounters()
  await page.getByRole('button', { name: 'Yenile' }).click()
  await expect(page.getByText('Platform oturumu kabul etmedi')).toBeVisible()
  await expect(page.getByText('şifreli olarak kayıtlı')).toBeVisible()
  const counters = await mock.control.counters()
  expect(counters.requests.login).toBe(1)
  expect(counters.requests.variables).toBe(2)
})
