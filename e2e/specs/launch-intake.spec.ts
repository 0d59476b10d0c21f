// The link and the command line through Electron's own single-instance lock (docs/decisions.md D47): the
// running app is the one the fixture started; each second launch is the Electron binary run again by the POS
// or the system, on the same data folder. Only the Electron project runs these (the lock is Electron's);
// everything below the lock runs with real processes in src-main/electron/intake.launch.test.ts, in every run.
import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { DEMO_ORDER_IDS } from '../mock-platform/demo-data.ts'
import { findElectronBinary } from '../support/electron-binary.ts'
import { expect, test } from '../support/fixtures.ts'
import { expectSignedIn, orderItem, signIn } from '../support/staff.ts'

const REPOSITORY = resolve(import.meta.dirname, '..', '..')
const KEY = DEMO_ORDER_IDS.kadikoyCashDelivery

test.skip(
  ({ shell }) => shell === 'web',
  "the single-instance lock is Electron's (see intake.launch.test.ts)",
)

test.beforeEach(async ({ app }) => {
  await signIn(app.page, 'vendor')
  await expectSignedIn(app.page)
})

/** The app launched again, unpackaged as the fixture's, with `args`: what it printed and its exit code. */
async function secondLaunch(
  dataDir: string,
  args: string[],
): Promise<{ out: string; exitCode: number | null }> {
  const binary = findElectronBinary()
  if ('missing' in binary) throw new Error(binary.missing)
  const child = spawn(binary.path, ['.', `--data-dir=${dataDir}`, ...args], {
    cwd: REPOSITORY,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  const exitCode = await new Promise<number | null>((done) => child.once('close', done))
  return { out, exitCode }
}

test('pos-companion --add-order puts the order on the open board, prints it and exits 0', async ({ app }) => {
  const outcome = await secondLaunch(app.dataDir, ['--add-order', KEY, '--label', 'Masa 4'])
  expect(outcome.exitCode).toBe(0)
  expect(outcome.out).toContain(`on the board: ${KEY}`)
  await expect(orderItem(app.page, KEY)).toContainText('Masa 4')
})

test('a refused command line says why and exits 2; the board stays empty', async ({ app }) => {
  const outcome = await secondLaunch(app.dataDir, ['--add-order'])
  expect(outcome.exitCode).toBe(2)
  expect(outcome.out).toContain('--add-order')
  await expect(app.page.getByText('Panoda sipariş yok')).toBeVisible()
})

test('a pos-companion:// link puts the order on the open board', async ({ app }) => {
  const outcome = await secondLaunch(app.dataDir, [`pos-companion://order/${KEY}?label=Paket%202`])
  expect(outcome.exitCode).toBe(0)
  await expect(orderItem(app.page, KEY)).toContainText('Paket 2')
})
