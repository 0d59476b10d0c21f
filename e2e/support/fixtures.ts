import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  test as base,
  _electron as electron,
  expect,
  type Browser,
  type Page,
  type TestInfo,
} from '@playwright/test'
import { startMockPlatform, type MockPlatform } from '../mock-platform/server.ts'
import { findElectronBinary } from './electron-binary.ts'
import { withTempFolder } from './temp-folders.ts'
import { launchWebMode, type WebModeProcess } from './web-mode.ts'

export type Shell = 'web' | 'electron'

/** The app under test, whichever shell runs it: a page on the app, and a way to restart it on the same data. */
interface AppUnderTest {
  page: Page
  dataDir: string
  /** Stops the app and starts it again on the same data folder; `page` is the new app's page. */
  restart(): Promise<Page>
}

interface Fixtures {
  mock: MockPlatform
  app: AppUnderTest
  /**
   * The undo window after "Kuryeye Verildi" the app starts with (docs/decisions.md D40). 0 for specs that are
   * about what comes after the send; the rush specs set the app's default, 5.
   */
  undoWindowSeconds: number
}

interface WorkerFixtures {
  shell: Shell
  workerMock: MockPlatform
  /** Chromium for web mode, launched only there: the Electron project drives Electron's own window. */
  webBrowser: Browser | undefined
}

const electronBinary = findElectronBinary()

/**
 * Each test gets the mock platform reset to its seed and the app on a fresh data folder, signed out, with the
 * mock's address and test CA given on the command line (the staff still type the keys).
 */
export const test = base.extend<Fixtures, WorkerFixtures>({
  shell: ['web', { option: true, scope: 'worker' }],

  webBrowser: [
    async ({ shell, playwright, launchOptions }, use) => {
      if (shell === 'electron') {
        await use(undefined)
        return
      }
      const browser = await playwright.chromium.launch(launchOptions)
      await use(browser)
      await browser.close()
    },
    { scope: 'worker' },
  ],

  workerMock: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      await withTempFolder('e2e-mock-', async (dataDir) => {
        const mock = await startMockPlatform({ dataDir, port: 0 })
        try {
          await use(mock)
        } finally {
          await mock.close()
        }
      })
    },
    { scope: 'worker' },
  ],

  mock: async ({ workerMock }, use) => {
    await workerMock.control.reset()
    await use(workerMock)
  },

  undoWindowSeconds: [0, { option: true }],

  app: async ({ shell, mock, webBrowser, undoWindowSeconds }, use, testInfo) => {
    // Skip before anything is made: a skipped test must leave nothing behind (the run's teardown checks).
    if (shell === 'electron' && 'missing' in electronBinary) {
      testInfo.skip(true, `no Electron binary on this machine (${electronBinary.missing})`)
      return
    }
    await withTempFolder('e2e-app-', async (dataDir) => {
      saveUndoWindow(dataDir, undoWindowSeconds)
      if (shell === 'electron') {
        if ('missing' in electronBinary) throw new Error('unreachable: skipped above')
        await useElectronApp(electronBinary.path, dataDir, mock, use)
      } else {
        if (!webBrowser) throw new Error('web mode needs a browser')
        await useWebApp(webBrowser, dataDir, mock, use, testInfo)
      }
    })
  },
})

export { expect }

/**
 * The undo window a data folder's app starts with, saved as staff would have chosen it in Settings
 * (electron-store and web mode keep the same file). Call before the app's first start on that folder.
 */
export function saveUndoWindow(dataDir: string, undoWindowSeconds: number): void {
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ settings: { undoWindowSeconds } }))
}

async function useElectronApp(
  executablePath: string,
  dataDir: string,
  mock: MockPlatform,
  use: (app: AppUnderTest) => Promise<void>,
): Promise<void> {
  const launch = () =>
    electron.launch({
      executablePath,
      args: ['.', `--data-dir=${dataDir}`, `--api-base=${mock.baseUrl}`, `--extra-ca=${mock.caFile}`],
    })
  let running = await launch()
  try {
    const app: AppUnderTest = {
      page: await running.firstWindow(),
      dataDir,
      async restart() {
        await running.close()
        running = await launch()
        app.page = await running.firstWindow()
        return app.page
      },
    }
    await use(app)
  } finally {
    await running.close()
  }
}

async function useWebApp(
  webBrowser: Browser,
  dataDir: string,
  mock: MockPlatform,
  use: (app: AppUnderTest) => Promise<void>,
  testInfo: TestInfo,
): Promise<void> {
  const context = await webBrowser.newContext()
  const launch = () => launchWebMode({ dataDir, apiBase: mock.baseUrl, extraCa: mock.caFile })
  let running: WebModeProcess = await launch()
  try {
    const open = async () => {
      const page = await context.newPage()
      await page.goto(running.url)
      return page
    }
    const app: AppUnderTest = {
      page: await open(),
      dataDir,
      async restart() {
        await app.page.close()
        await running.stop()
        running = await launch()
        app.page = await open()
        return app.page
      },
    }
    await use(app)
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('web-mode.log', { body: running.stderr(), contentType: 'text/plain' })
    }
  } finally {
    await context.close()
    await running.stop()
  }
}
