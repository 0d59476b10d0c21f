import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultDataDir, parseCliOptions } from './cli-options.ts'

const environment = { env: {}, platform: 'linux' as const, homeDir: '/home/staff', repoRoot: '/repo' }

describe('parseCliOptions', () => {
  it('defaults to any free port, the OS data folder and the built renderer next to the repository', () => {
    expect(parseCliOptions([], environment)).toEqual({
      ok: true,
      options: {
        port: 0,
        apiBase: undefined,
        extraCaFile: undefined,
        dataDir: join('/home/staff', '.config', 'pos-companion'),
        language: undefined,
        rendererDir: resolve('/repo', 'out', 'renderer'),
        help: false,
      },
    })
  })

  it('reads every flag, normalizing the platform address', () => {
    const parsed = parseCliOptions(
      [
        '--port',
        '5391',
        '--api-base=https://p.example/',
        '--extra-ca',
        'ca.pem',
        '--data-dir',
        'd',
        '--lang',
        'en',
        '--renderer-dir',
        'r',
      ],
      environment,
    )
    expect(parsed).toEqual({
      ok: true,
      options: {
        port: 5391,
        apiBase: 'https://p.example',
        extraCaFile: resolve('ca.pem'),
        dataDir: resolve('d'),
        language: 'en',
        rendererDir: resolve('r'),
        help: false,
      },
    })
  })

  it('refuses bad values with one line', () => {
    for (const args of [
      ['--port', '-1'],
      ['--port', '1e3'],
      ['--api-base', 'ftp://x'],
      ['--lang', 'fr'],
      ['--data-dir', ''],
      ['--port'],
    ]) {
      const parsed = parseCliOptions(args, environment)
      expect(parsed.ok, args.join(' ')).toBe(false)
      if (!parsed.ok) expect(parsed.problem).not.toContain('\n')
    }
  })
})

describe('defaultDataDir', () => {
  it('follows each OS’s convention', () => {
    expect(
      defaultDataDir({
        env: { APPDATA: 'C:\\Users\\s\\AppData\\Roaming' },
        platform: 'win32',
        homeDir: 'C:\\Users\\s',
      }),
    ).toBe(join('C:\\Users\\s\\AppData\\Roaming', 'pos-companion'))
    expect(defaultDataDir({ env: {}, platform: 'darwin', homeDir: '/Users/s' })).toBe(
      join('/Users/s', 'Library', 'Application Support', 'pos-companion'),
    )
    expect(defaultDataDir({ env: { XDG_CONFIG_HOME: '/xdg' }, platform: 'linux', homeDir: '/home/s' })).toBe(
      join('/xdg', 'pos-companion'),
    )
    expect(
      defaultDataDir({ env: { XDG_CONFIG_HOME: 'relative' }, platform: 'linux', homeDir: '/home/s' }),
    ).toBe(join('/home/s', '.config', 'pos-companion'))
  })
})
