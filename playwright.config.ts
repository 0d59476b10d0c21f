import { chromium, defineConfig } from '@playwright/test'
import { existsSync } from 'node:fs'

/**
 * Playwright's own Chromium where it is installed; otherwise the system's (Debian's `chromium`), because
 * `npx playwright install` cannot download a browser on every machine we test on.
 */
function chromiumExecutable(): string | undefined {
  if (existsSync(chromium.executablePath())) return undefined
  const candidates = [process.env['CHROMIUM_PATH'], '/usr/bin/chromium', '/usr/bin/chromium-browser']
  return candidates.find((path): path is string => path !== undefined && existsSync(path))
}

const executablePath = chromiumExecutable()

export default defineConfig({
  testDir: 'e2e',
  forbidOnly: Boolean(process.env['CI']),
  retries: 0,
  workers: 2,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-results.json' }]],
  use: { trace: 'retain-on-failure' },
  projects: [
    {
      name: 'web',
      testDir: 'e2e/web',
      use: {
        browserName: 'chromium',
        launchOptions: executablePath ? { executablePath } : {},
      },
    },
    { name: 'electron', testDir: 'e2e/electron' },
  ],
})
