// Web mode whose clock a test moves: test-support/web/shifted-clock.ts, loaded into its Node process, adds the
// offset in POS_TEST_CLOCK_FILE to every clock the app reads. For the alarm's limits and a courier's next day.
import { writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { expect, type Browser, type Page } from '@playwright/test'
import type { MockPlatform } from '../mock-platform/server.ts'
import { withTempFolder } from './temp-folders.ts'
import { launchWebMode, type WebModeProcess } from './web-mode.ts'

const SHIFTED_CLOCK = resolve(import.meta.dirname, '..', '..', 'test-support', 'web', 'shifted-clock.ts')

export interface ShiftedTill {
  app: WebModeProcess
  /** At 1024×768, signed out. */
  page: Page
  /** How far the app's clock is ahead of the real one. */
  offsetMs: () => number
  /**
   * Moves the app's clock on, and waits until the app reads the new time (its support bundle's time): by then
   * every timer that came due has fired, and what it pushed has reached the page.
   */
  moveClock: (ms: number) => Promise<void>
}

/** Web mode on a fresh data folder holding `settings`, its clock the test's to move; stopped after `body`. */
export async function withShiftedClock(
  options: {
    mock: MockPlatform
    browser: Browser
    name: string
    settings: Record<string, unknown>
    /** Done to the page before it opens the app (an init script). */
    beforeOpen?: (page: Page) => Promise<void>
  },
  body: (till: ShiftedTill) => Promise<void>,
): Promise<void> {
  const { mock, browser, name, settings, beforeOpen } = options
  await withTempFolder(`e2e-${name}-clock-`, async (clockFolder) => {
    await withTempFolder(`e2e-${name}-`, async (dataDir) => {
      const clockFile = join(clockFolder, 'offset-ms')
      let offset = 0
      writeFileSync(clockFile, '0')
      writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ settings }))
      const app = await launchWebMode({
        dataDir,
        apiBase: mock.baseUrl,
        extraCa: mock.caFile,
        nodeArgs: ['--import', SHIFTED_CLOCK],
        env: { POS_TEST_CLOCK_FILE: clockFile },
      })
      const context = await browser.newContext({ viewport: { width: 1024, height: 768 } })
      try {
        const page = await context.newPage()
        await beforeOpen?.(page)
        await page.goto(app.url)
        const moveClock = async (ms: number) => {
          offset += ms
          writeFileSync(clockFile, String(offset))
          const ahead = () =>
            page.evaluate(async () => {
              const bundle = await window.api?.getDiagnostics()
              return bundle?.ok ? Date.parse(bundle.value.generatedAt) - Date.now() : 0
            })
          await expect.poll(ahead).toBeGreaterThan(offset - 5_000)
        }
        await body({ app, page, offsetMs: () => offset, moveClock })
      } finally {
        await context.close()
        await app.stop()
      }
    })
  })
}
