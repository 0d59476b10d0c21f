/**
 * What `npm test` does about a missing Chromium or pdftoppm, on a pretend machine: which files exist is a set
 * the fake installers add to, and the fake `spawnSync` records each command instead of running it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const files = new Set<string>()
const commands: string[] = []
/** What each fake command puts on the machine when it succeeds; a command not listed fails. */
let installs: Record<string, string[]> = {}

vi.mock('node:fs', () => ({ existsSync: (path: string) => files.has(path) }))
vi.mock('@playwright/test', () => ({ chromium: { executablePath: () => '/pw/chromium-1255/chrome' } }))
vi.mock('node:child_process', () => ({
  spawnSync: (command: string, args: string[]) => {
    const line = [
      command.endsWith('node') ? 'node' : command,
      ...args.filter((a) => !a.endsWith('cli.js')),
    ].join(' ')
    commands.push(line)
    const added = installs[line]
    added?.forEach((file) => files.add(file))
    return { status: added ? 0 : 1 }
  },
}))

const { ensureTestPrerequisites, chromiumExecutable } = await import('./test-prerequisites.ts')

const PLAYWRIGHT_DOWNLOAD = 'node install chromium'
const APT_UPDATE = 'apt-get update -qq'
let errors: string[]

beforeEach(() => {
  files.clear()
  commands.length = 0
  installs = { [APT_UPDATE]: [] }
  vi.stubEnv('PATH', '/usr/bin:/bin')
  vi.stubEnv('CHROMIUM_PATH', undefined)
  vi.stubEnv('POS_NO_AUTO_INSTALL', undefined)
  vi.spyOn(process, 'getuid').mockReturnValue(0)
  vi.spyOn(console, 'log').mockImplementation(() => undefined)
  errors = []
  vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line))
  files.add('/usr/bin/apt-get')
})

afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

describe('finding Chromium the way Playwright does', () => {
  it("leaves Playwright's own Chromium to Playwright when it is installed", () => {
    files.add('/pw/chromium-1255/chrome').add('/usr/bin/chromium')
    expect(chromiumExecutable()).toBeUndefined()
  })

  it('otherwise takes CHROMIUM_PATH before the system Chromium', () => {
    vi.stubEnv('CHROMIUM_PATH', '/opt/my-chromium')
    files.add('/opt/my-chromium').add('/usr/bin/chromium')
    expect(chromiumExecutable()).toBe('/opt/my-chromium')
  })
})

describe('fetching what is missing', () => {
  it('does nothing where Chromium and pdftoppm are there', () => {
    files.add('/usr/bin/chromium').add('/usr/bin/pdftoppm')

    expect(ensureTestPrerequisites()).toBe(true)
    expect(commands).toEqual([])
  })

  it("tries Playwright's download first, then installs Debian's packages as root", () => {
    installs['apt-get install -y -qq chromium poppler-utils'] = ['/usr/bin/chromium', '/usr/bin/pdftoppm']

    expect(ensureTestPrerequisites()).toBe(true)
    expect(commands).toEqual([
      PLAYWRIGHT_DOWNLOAD,
      APT_UPDATE,
      'apt-get install -y -qq chromium poppler-utils',
    ])
  })

  it("with Playwright's download working, also installs that browser's libraries as root and needs no chromium", () => {
    files.add('/usr/bin/pdftoppm')
    installs[PLAYWRIGHT_DOWNLOAD] = ['/pw/chromium-1255/chrome']
    installs['node install-deps chromium'] = []

    expect(ensureTestPrerequisites()).toBe(true)
    expect(commands).toEqual([PLAYWRIGHT_DOWNLOAD, 'node install-deps chromium'])
  })

  it('installs only pdftoppm when only it is missing', () => {
    files.add('/usr/bin/chromium')
    installs['apt-get install -y -qq poppler-utils'] = ['/usr/bin/pdftoppm']

    expect(ensureTestPrerequisites()).toBe(true)
    expect(commands).toEqual([APT_UPDATE, 'apt-get install -y -qq poppler-utils'])
  })

  it('not being root, uses no apt and says in one line what to install or which variable to set', () => {
    vi.spyOn(process, 'getuid').mockReturnValue(1000)

    expect(ensureTestPrerequisites()).toBe(false)
    expect(commands).toEqual([PLAYWRIGHT_DOWNLOAD])
    expect(errors).toEqual([
      'tests: missing a Chromium for the end-to-end suite and pdftoppm for the slip tests: install ' +
        "Debian's chromium poppler-utils (sudo apt-get install chromium poppler-utils), or set CHROMIUM_PATH " +
        'to a Chromium binary',
    ])
  })

  it('when apt fails, says what is still missing', () => {
    files.add('/usr/bin/chromium')

    expect(ensureTestPrerequisites()).toBe(false)
    expect(errors).toEqual([
      "tests: missing pdftoppm for the slip tests: install Debian's poppler-utils (sudo apt-get install poppler-utils)",
    ])
  })

  it('with POS_NO_AUTO_INSTALL=1, fetches nothing even as root', () => {
    vi.stubEnv('POS_NO_AUTO_INSTALL', '1')

    expect(ensureTestPrerequisites()).toBe(false)
    expect(commands).toEqual([])
    expect(errors).toHaveLength(1)
  })
})
