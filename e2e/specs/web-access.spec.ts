// Web mode's launch token in a real browser (D15): it leaves no cookie and no address behind, and
// a reload of the tab still reaches the app.
import { expect, test } from '../support/fixtures.ts'
import { expectSignedIn, signIn } from '../support/staff.ts'

test.describe('web mode’s launch token', () => {
  test('is dropped from the address bar, set as no cookie, and a reload still reaches the core', async ({
    app,
    mock,
    shell,
  }) => {
    test.skip(shell !== 'web', 'web mode only')
    const { page } = app
    // The page talks to the core: it shows the address the core was started with.
    await expect(page.getByLabel('Platform adresi')).toHaveValue(mock.baseUrl)
    expect(page.url()).not.toContain('token')
    expect(await page.context().cookies()).toEqual([])
    await page.reload()
    await expect(page.getByLabel('Platform adresi')).toHaveValue(mock.baseUrl)
    await signIn(page, 'vendor')
    await expectSignedIn(page)
    expect(page.url()).not.toContain('token')
    expect(await page.context().cookies()).toEqual([])
  })
})
