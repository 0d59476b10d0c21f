// Chromium for the UI benchmarks, found the way playwright.config.ts finds it: Playwright's own browser where
// it is installed, otherwise the system's.
import { existsSync } from 'node:fs'
import { chromium, type Browser } from '@playwright/test'

export async function launchChromium(): Promise<Browser> {
  const own = chromium.executablePath()
  if (existsSync(own)) return chromium.launch()
  const candidates = [process.env['CHROMIUM_PATH'], '/usr/bin/chromium', '/usr/bin/chromium-browser']
  const executablePath = candidates.find((path): path is string => path !== undefined && existsSync(path))
  if (executablePath === undefined) {
    throw new Error(
      'no Chromium: run `npx playwright install chromium`, install chromium, or set CHROMIUM_PATH',
    )
  }
  return chromium.launch({ executablePath })
}
