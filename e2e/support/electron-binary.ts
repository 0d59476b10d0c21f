import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/**
 * The path of the Electron binary, or why there is none. We look the way the `electron` package does, but
 * without requiring it: requiring it with no binary starts a download, which cannot work where downloads
 * are blocked. With no binary, the Electron suite is skipped and says so.
 */
export function findElectronBinary(): { path: string } | { missing: string } {
  const packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'))
  const pathFile = join(packageDir, 'path.txt')
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined
  const override = process.env['ELECTRON_OVERRIDE_DIST_PATH']
  const candidate = override
    ? join(override, relative ?? 'electron')
    : relative
      ? join(packageDir, 'dist', relative)
      : undefined
  if (candidate && existsSync(candidate)) return { path: candidate }
  return {
    missing: candidate
      ? `${candidate} does not exist`
      : 'the electron package was installed without its binary (downloads are blocked here)',
  }
}
