import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  E2E_BUILD_MARK,
  isE2eBuild,
  isRefusedSwitch,
  readLaunchOptions,
  refusedSwitch,
} from './launch-options.ts'

describe('readLaunchOptions', () => {
  it('reads the flags the e2e suite and the demo pass', () => {
    const warnings: string[] = []
    const options = readLaunchOptions(
      [
        '/app/electron',
        '.',
        '--data-dir=/tmp/x',
        '--api-base=https://127.0.0.1:8443/integrations/',
        '--extra-ca=/tmp/ca.pem',
        '--lang=en',
      ],
      (message) => warnings.push(message),
    )
    expect(options).toEqual({
      dataDir: '/tmp/x',
      initialSettings: {
        platformAddress: 'https://127.0.0.1:8443/integrations',
        extraCaFile: '/tmp/ca.pem',
        language: 'en',
      },
    })
    expect(warnings).toEqual([])
  })

  it('ignores an http:// address, an unknown language and an empty path, with a warning for each', () => {
    const warnings: string[] = []
    const options = readLaunchOptions(
      ['--api-base=http://example.com', '--lang=de', '--data-dir=', '--extra-ca='],
      (message) => warnings.push(message),
    )
    expect(options).toEqual({ initialSettings: {} })
    expect(warnings).toEqual([
      'launch: --api-base must be an https:// address; ignored',
      'launch: --lang must be tr or en; ignored',
      'launch: --extra-ca needs a path; ignored',
      'launch: --data-dir needs a path; ignored',
    ])
  })

  it('takes nothing from Chromium flags or bare arguments', () => {
    expect(
      readLaunchOptions(['--inspect=9229', 'https://evil.example', '--no-sandbox'], () => undefined),
    ).toEqual({
      initialSettings: {},
    })
  })
})

describe('refusedSwitch (issue 20.9): the Chromium switches that would let a command line run code or debug the app', () => {
  const SWITCHES = [
    'remote-debugging-port',
    'remote-debugging-pipe',
    'gpu-launcher',
    'renderer-cmd-prefix',
    'utility-cmd-prefix',
    'browser-subprocess-path',
    'js-flags',
  ]

  it.each(SWITCHES)('refuses --%s, bare, with a value, with one dash and in capitals', (name) => {
    for (const arg of [`--${name}`, `--${name}=9222`, `-${name}=x`, `--${name.toUpperCase()}=x`]) {
      expect(refusedSwitch(['/opt/pos-companion', arg], 'linux')).toBe(name)
    }
  })

  it('refuses one wherever it stands, even after a link or --', () => {
    const link = 'pos-companion://order/3f2b7c9e-1a4d-4e8b-9c2f-5d6e7f8a9b0c'
    expect(refusedSwitch(['/app', link, '--gpu-launcher=calc'], 'linux')).toBe('gpu-launcher')
    expect(refusedSwitch(['/app', '--', '--js-flags=--allow-natives-syntax'], 'linux')).toBe('js-flags')
  })

  it('takes /switch as a switch on Windows only, as Chromium does', () => {
    expect(refusedSwitch(['C:\\app.exe', '/remote-debugging-port=9222'], 'win32')).toBe(
      'remote-debugging-port',
    )
    expect(refusedSwitch(['/app', '/remote-debugging-port=9222'], 'linux')).toBeUndefined()
  })

  it('lets the app’s own flags, other Chromium switches and look-alikes through', () => {
    expect(
      refusedSwitch(
        [
          '/app',
          '--data-dir=/tmp/x',
          '--add-order=3f2b7c9e-1a4d-4e8b-9c2f-5d6e7f8a9b0c',
          '--label=--js-flags',
          '--courier=Ahmet',
          '--amount-kurus=100',
          '--hidden',
          '--lang=en',
          '--gpu-launcher-x',
          '--allow-file-access-from-files',
          '--disable-gpu',
          '--force-device-scale-factor=1.25',
          '--enable-logging',
          '--user-data-dir=/tmp/y',
          '-psn_0_12345',
          'js-flags',
          'proxy-server',
        ],
        'linux',
      ),
    ).toBeUndefined()
  })
})

describe('refusedSwitch (issue 27.4): every switch that weakens TLS, sends traffic elsewhere or opens a debugger', () => {
  it.each([
    // TLS weakened: certificate errors ignored, insecure origins trusted, a CA of the command line's, keys logged.
    'ignore-certificate-errors',
    'ignore-certificate-errors-spki-list',
    'ignore-urlfetcher-cert-requests',
    'allow-insecure-localhost',
    'allow-running-insecure-content',
    'unsafely-treat-insecure-origin-as-secure',
    'disable-web-security',
    'ssl-key-log-file',
    'ssl-version-min',
    'cipher-suite-blacklist',
    'extra-ca',
    // Traffic sent elsewhere: a proxy, rewritten names, another platform address.
    'proxy-server',
    'proxy-pac-url',
    'proxy-bypass-list',
    'proxy-auto-detect',
    'winhttp-proxy-resolver',
    'host-resolver-rules',
    'host-rules',
    'api-base',
    // What crosses the network written to a file.
    'log-net-log',
    'net-log-capture-mode',
    // A debugger, and the next switch of its family.
    'remote-debugging-address',
    'remote-debugging-targets',
    'remote-debugging-io-pipes',
    'remote-allow-origins',
    'inspect',
    'inspect-brk',
    'inspect-port',
    'inspect-brk-node',
    'inspect-publish-uid',
    // Another program in front of the app's processes, an extension.
    'plugin-launcher',
    'ppapi-plugin-launcher',
    'gpu-cmd-prefix',
    'load-extension',
    // The renderer's sandbox off.
    'no-sandbox',
    'disable-gpu-sandbox',
    'disable-setuid-sandbox',
    'disable-seccomp-filter-sandbox',
    'no-zygote-sandbox',
  ])('refuses --%s, bare, with a value, with one dash and in capitals', (name) => {
    for (const arg of [`--${name}`, `--${name}=1`, `-${name}=x`, `--${name.toUpperCase()}`]) {
      expect(refusedSwitch(['/opt/pos-companion', arg], 'linux')).toBe(name)
    }
    expect(refusedSwitch(['C:\\app.exe', `/${name}=x`], 'win32')).toBe(name)
    expect(isRefusedSwitch(name)).toBe(true)
  })

  it('refuses the family, not a list: a switch of a known family the list never named', () => {
    for (const name of [
      'remote-debugging-something-new',
      'proxy-something-new',
      'inspect-wait',
      'ssl-anything',
    ]) {
      expect(isRefusedSwitch(name)).toBe(true)
    }
  })
})

describe('isE2eBuild', () => {
  it('is true only when the app’s own package.json carries the e2e mark', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pos-e2e-mark-'))
    try {
      expect(isE2eBuild(dir)).toBe(false)
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ main: 'out/main/main.js' }))
      expect(isE2eBuild(dir)).toBe(false)
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ [E2E_BUILD_MARK]: 'yes' }))
      expect(isE2eBuild(dir)).toBe(false)
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ [E2E_BUILD_MARK]: true }))
      expect(isE2eBuild(dir)).toBe(true)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
