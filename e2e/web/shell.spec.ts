import { expect, test } from '@playwright/test'
import { serveBuiltRenderer } from './static-renderer.ts'

test('the built renderer loads in Chromium, in Turkish, under a strict CSP, without errors', async ({
  page,
}) => {
  const server = await serveBuiltRenderer()
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  try {
    await page.goto(server.url)
    await expect(page.getByRole('heading', { name: 'POS Companion' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr')
    const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("script-src 'self'")
    // Opened on its own there is no bridge: the shell says so in plain Turkish instead of crashing.
    await expect(page.getByRole('alert')).toHaveText(/Uygulama çekirdeğine ulaşılamadı/)
    expect(problems).toEqual([])
  } finally {
    await server.close()
  }
})
