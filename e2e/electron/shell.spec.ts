import { _electron as electron, expect, test } from '@playwright/test'
import { findElectronBinary } from './electron-binary.ts'

const binary = findElectronBinary()
if ('missing' in binary) {
  console.log(`[electron e2e] SKIPPED: no Electron binary on this machine (${binary.missing}).`)
}

test.describe('Electron shell', () => {
  test.skip('missing' in binary, 'no Electron binary on this machine: the Electron e2e suite is skipped')

  test('opens one sandboxed window whose preload exposes only the contract', async () => {
    if (!('path' in binary)) return
    const app = await electron.launch({ executablePath: binary.path, args: ['.'] })
    try {
      const window = await app.firstWindow()
      await expect(window.getByRole('heading', { name: 'POS Companion' })).toBeVisible()
      await expect(window.getByRole('status')).toHaveText(/masaüstü/)
      const exposed = await window.evaluate(() => ({
        keys: Object.keys((window as unknown as { api: object }).api),
        hasRequire: 'require' in window,
        hasProcess: 'process' in window,
      }))
      expect(exposed).toEqual({ keys: ['getAppInfo'], hasRequire: false, hasProcess: false })
    } finally {
      await app.close()
    }
  })
})
