// The drop folder end to end (D45, D69), on a real folder: staff name it in Settings, the POS writes one file per
// order and it appears on the board. Whatever else can write the folder (issue 20) gets nothing: a symbolic link,
// a hard link and a FIFO are moved out unread, the FIFO does not block the folder, Settings still answers, and
// Settings refuses the app's own data folder and asks before a folder other accounts can write. A folder swapped
// for a link after it was checked is no longer watched, and the status line says so (issue 27).
import { execFileSync } from 'node:child_process'
import {
  chmod,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { DEMO_ORDER_IDS } from '../mock-platform/demo-data.ts'
import { expect, test } from '../support/fixtures.ts'
import { expectSignedIn, orderItem, signIn } from '../support/staff.ts'
import { withTempFolder } from '../support/temp-folders.ts'

const ORDER = DEMO_ORDER_IDS.kadikoyCashDelivery
const SECRET_ORDER = DEMO_ORDER_IDS.kadikoyCreditCardDelivery

async function saveDropFolder(page: Page, folder: string): Promise<void> {
  await page.getByLabel('Sipariş klasörü (isteğe bağlı)').fill(folder)
  await page.getByRole('button', { name: 'Klasörü kaydet' }).click()
}

const chmodTo = (path: string, mode: number) =>
  new Promise<void>((resolve, reject) => chmod(path, mode, (error) => (error ? reject(error) : resolve())))

test.describe('the drop folder', () => {
  test.skip(process.platform === 'win32', 'FIFOs and POSIX modes')

  test.beforeEach(async ({ app }) => {
    await signIn(app.page, 'vendor')
    await expectSignedIn(app.page)
  })

  test('puts a dropped file on the board; a link, a hard link and a FIFO are refused unread and block nothing', async ({
    app,
  }) => {
    const { page } = app
    await withTempFolder('e2e-drop-', async (folder) => {
      await withTempFolder('e2e-victim-', async (victims) => {
        // Files the staff user owns, outside the folder: what a hostile writer would aim at.
        const secret = join(victims, 'secret.txt')
        writeFileSync(secret, SECRET_ORDER)
        await page.getByRole('button', { name: 'Ayarlar' }).click()
        await saveDropFolder(page, folder)
        await expect(page.getByText('Klasör izleniyor.')).toBeVisible()

        execFileSync('mkfifo', [join(folder, 'pipe.txt')])
        symlinkSync(secret, join(folder, 'link.txt'))
        linkSync(secret, join(folder, 'hard.txt'))
        writeFileSync(join(folder, 'order.json.tmp'), JSON.stringify({ payment_key: ORDER, label: 'Masa 7' }))
        execFileSync('mv', [join(folder, 'order.json.tmp'), join(folder, 'order.json')])

        await page.getByRole('button', { name: 'Geri' }).click()
        await expect(orderItem(page, ORDER)).toContainText('Masa 7')
        await expect(orderItem(page, ORDER)).toContainText(/Klasör · \d\d:\d\d/)
        // Everything was moved out of the folder; nothing was read through the links.
        await expect.poll(() => readdirSync(folder), { timeout: 10_000 }).toEqual([])
        await expect(orderItem(page, SECRET_ORDER)).toHaveCount(0)
        expect(readFileSync(secret, 'utf8')).toBe(SECRET_ORDER)

        // Settings still answers after the FIFO: turning the folder off is saved and shown.
        await page.getByRole('button', { name: 'Ayarlar' }).click()
        await saveDropFolder(page, '')
        await expect(page.getByText('Klasör izleniyor.')).toHaveCount(0)
        await expect(page.getByLabel('Sipariş klasörü (isteğe bağlı)')).toHaveValue('')

        // Kept in the app's own data folder, with why.
        const kept = join(app.dataDir, 'drop-folder')
        const [only] = readdirSync(kept).filter((name) => name !== 'created.json')
        // The app's own copies, named by when it kept them (issue 27).
        const keptNames = (sub: string) =>
          readdirSync(join(kept, only ?? '', sub))
            .map((name) => name.replace(/^\d{8}T\d{9}Z-[0-9a-f]{8}-/, ''))
            .sort()
        expect(keptNames('done')).toEqual(['order.json'])
        expect(keptNames('failed')).toEqual([
          'hard.txt',
          'hard.txt.reason.txt',
          'link.txt',
          'link.txt.reason.txt',
          'pipe.txt',
          'pipe.txt.reason.txt',
        ])
      })
    })
  })

  test('refuses the data folder, and watches a folder other accounts can write only once staff confirm it', async ({
    app,
  }) => {
    const { page } = app
    await page.getByRole('button', { name: 'Ayarlar' }).click()
    await saveDropFolder(page, app.dataDir)
    await expect(page.getByRole('alert')).toContainText('uygulamanın kendi veri klasörü')
    await expect(page.getByRole('button', { name: /yine de/ })).toHaveCount(0)
    expect(readdirSync(app.dataDir)).toContain('settings.json')

    await withTempFolder('e2e-shared-', async (folder) => {
      await chmodTo(folder, 0o777)
      await saveDropFolder(page, folder)
      await expect(page.getByRole('alert')).toContainText('başka hesaplar da yazabiliyor')
      await page.getByRole('button', { name: /yine de bu klasörü kullan/ }).click()
      await expect(page.getByText('Klasör izleniyor.')).toBeVisible()
      writeFileSync(join(folder, 'order.txt'), ORDER)
      await page.getByRole('button', { name: 'Geri' }).click()
      await expect(orderItem(page, ORDER)).toBeVisible()
    })
  })

  test('stops at once when the folder is swapped for a link to the data folder, and says so (issue 27)', async ({
    app,
  }) => {
    const { page } = app
    await withTempFolder('e2e-swap-', async (parent) => {
      const folder = join(parent, 'pos')
      mkdirSync(folder, { mode: 0o700 })
      await page.getByRole('button', { name: 'Ayarlar' }).click()
      await saveDropFolder(page, folder)
      await expect(page.getByText('Klasör izleniyor.')).toBeVisible()
      await page.getByRole('button', { name: 'Geri' }).click()
      const before = readdirSync(app.dataDir).sort()
      const settings = readFileSync(join(app.dataDir, 'settings.json'), 'utf8')

      // Whoever can write the parent swaps the folder for a link to the app's data folder.
      renameSync(folder, join(parent, 'pos-old'))
      symlinkSync(app.dataDir, folder)
      writeFileSync(join(parent, 'pos-old', 'order.txt'), ORDER)

      await expect(page.getByText(/POS klasörü denetlendikten sonra değiştirildi/)).toBeVisible({
        timeout: 15_000,
      })
      await page.getByRole('button', { name: 'Ayarlar' }).click()
      await expect(page.getByRole('alert')).toContainText('denetlendikten sonra değiştirildi')
      expect(readdirSync(app.dataDir).sort()).toEqual(before)
      expect(readFileSync(join(app.dataDir, 'settings.json'), 'utf8')).toBe(settings)
      await page.getByRole('button', { name: 'Geri' }).click()
      await expect(orderItem(page, ORDER)).toHaveCount(0)
      rmSync(folder)
    })
  })
})
