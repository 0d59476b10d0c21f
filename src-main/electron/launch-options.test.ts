import { describe, expect, it } from 'vitest'
import { readLaunchOptions } from './launch-options.ts'

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
