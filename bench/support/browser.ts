// Chromium for the UI benchmarks, found the way the tests find it (scripts/test-prerequisites.ts): Playwright's
// own browser where it is installed, otherwise the system's.
import { chromium, type Browser } from '@playwright/test'
import { chromiumExecutable, hasChromium } from '../../scripts/test-prerequisites.ts'

export async function launchChromium(): Promise<Browser> {
  if (!hasChromium()) {
    throw new Error(
      'no Chromium: run `npx playwright install chromium`, install chromium, or set CHROMIUM_PATH',
    )
  }
  const executablePath = chromiumExecutable()
  return chromium.launch(executablePath ? { executablePath } : {})
}
