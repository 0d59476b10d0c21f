import { defineConfig } from '@playwright/test'
import type { Shell } from './e2e/support/fixtures.ts'
import { chromiumExecutable } from './scripts/test-prerequisites.ts'

const executablePath = chromiumExecutable()

export default defineConfig<{ shell: Shell }>({
  testDir: 'e2e',
  // The second one gives the run its temp root, and fails the run if a test left a folder in it.
  globalSetup: ['./e2e/support/global-setup.ts', './e2e/support/temp-root-setup.ts'],
  // A stray `.only` would quietly run a fraction of the suite and still say "passed": refused everywhere.
  forbidOnly: true,
  retries: 0,
  workers: 2,
  timeout: 30_000,
  // Playwright empties its output folder at start: keep it apart from the unit tests' report.
  outputDir: 'test-results/e2e',
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-results.json' }]],
  // An action or a navigation that can never happen fails on its own line, naming its locator, instead of using up
  // the whole test's time (a CI log shows only "Test timeout exceeded" otherwise).
  use: { trace: 'retain-on-failure', actionTimeout: 20_000, navigationTimeout: 30_000 },
  // The same specs run in both shells: in web mode (the core under Node, the renderer in Chromium) and in
  // Electron, where a binary exists (elsewhere each Electron test is skipped and says why).
  projects: [
    {
      name: 'web',
      testDir: 'e2e/specs',
      use: { shell: 'web', browserName: 'chromium', launchOptions: executablePath ? { executablePath } : {} },
    },
    { name: 'electron', testDir: 'e2e/specs', use: { shell: 'electron' } },
  ],
})
