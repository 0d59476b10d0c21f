/**
 * What `npm test` needs beyond node_modules: a Chromium for the end-to-end suite and `pdftoppm` for the slip
 * tests. Where one is missing it fetches it the way a newcomer would: Playwright's own Chromium download first;
 * then, as root where apt exists, Debian's packages. Otherwise it stops with one line saying what to install.
 * `playwright.config.ts` finds its Chromium here too, so the check and the suite agree on which one is used.
 *
 * POS_NO_AUTO_INSTALL=1: never download or install; only say what is missing.
 */
import { chromium } from '@playwright/test'
import { spawnSync, type SpawnSyncOptions } from 'node:child_process'
import { existsSync } from 'node:fs'
import { delimiter, join, resolve } from 'node:path'

interface Prerequisite {
  /** What it is and what needs it, as the one-line message names it. */
  readonly what: string
  /** The Debian package that provides it. */
  readonly debianPackage: string
  readonly present: () => boolean
}

/**
 * Playwright's own Chromium where it is installed (undefined: Playwright finds it itself); otherwise the
 * system's (Debian's `chromium`), because `npx playwright install` cannot download a browser everywhere.
 */
export function chromiumExecutable(): string | undefined {
  if (existsSync(chromium.executablePath())) return undefined
  const candidates = [process.env['CHROMIUM_PATH'], '/usr/bin/chromium', '/usr/bin/chromium-browser']
  return candidates.find((path): path is string => path !== undefined && existsSync(path))
}

/** Whether Playwright's own Chromium or the system's is there. */
export const hasChromium = () => existsSync(chromium.executablePath()) || chromiumExecutable() !== undefined

const CHROMIUM: Prerequisite = {
  what: 'a Chromium for the end-to-end suite',
  debianPackage: 'chromium',
  present: hasChromium,
}

const TEST_PREREQUISITES: readonly Prerequisite[] = [
  CHROMIUM,
  { what: 'pdftoppm for the slip tests', debianPackage: 'poppler-utils', present: () => onPath('pdftoppm') },
]

/** True when everything is there (possibly after fetching it); false after saying in one line what is missing. */
export function ensureTestPrerequisites(wanted: readonly Prerequisite[] = TEST_PREREQUISITES): boolean {
  const autoInstall = process.env['POS_NO_AUTO_INSTALL'] !== '1'
  let missing = wanted.filter((item) => !item.present())
  if (autoInstall && missing.includes(CHROMIUM)) {
    downloadPlaywrightChromium()
    missing = missing.filter((item) => !item.present())
  }
  if (autoInstall && missing.length > 0 && canUseApt()) {
    aptInstall(missing.map((item) => item.debianPackage))
    missing = missing.filter((item) => !item.present())
  }
  if (missing.length === 0) return true
  const packages = missing.map((item) => item.debianPackage).join(' ')
  const orVariable = missing.includes(CHROMIUM) ? ', or set CHROMIUM_PATH to a Chromium binary' : ''
  console.error(
    `tests: missing ${missing.map((item) => item.what).join(' and ')}: install Debian's ${packages} ` +
      `(sudo apt-get install ${packages})${orVariable}`,
  )
  return false
}

/** Playwright's own download; where it worked and we may use apt, also the libraries that browser needs. */
function downloadPlaywrightChromium(): void {
  console.log("tests: no Chromium found; trying Playwright's download (npx playwright install chromium)")
  const cli = resolve('node_modules/@playwright/test/cli.js')
  const download = spawnSync(process.execPath, [cli, 'install', 'chromium'], { stdio: 'ignore' })
  if (download.status !== 0 || !canUseApt()) return
  spawnSync(process.execPath, [cli, 'install-deps', 'chromium'], { stdio: ['ignore', 'ignore', 'inherit'] })
}

function aptInstall(packages: readonly string[]): void {
  console.log(`tests: installing Debian's ${packages.join(' ')} (apt-get, as root)`)
  const options: SpawnSyncOptions = {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  }
  const update = spawnSync('apt-get', ['update', '-qq'], options)
  if (update.status === 0) spawnSync('apt-get', ['install', '-y', '-qq', ...packages], options)
}

const canUseApt = () => process.getuid?.() === 0 && onPath('apt-get')

function onPath(command: string): boolean {
  const folders = (process.env['PATH'] ?? '').split(delimiter).filter(Boolean)
  return folders.some((folder) => existsSync(join(folder, command)))
}
