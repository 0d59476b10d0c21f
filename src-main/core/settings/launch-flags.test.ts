import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readLaunchFlags, type LaunchFlagName } from './launch-flags.ts'

const given =
  (values: Partial<Record<LaunchFlagName, string>>) =>
  (name: LaunchFlagName): string | undefined =>
    values[name]

describe('readLaunchFlags (both shells)', () => {
  it('reads the four common flags: a normalised https address, a language, resolved paths', () => {
    expect(
      readLaunchFlags(
        given({ 'api-base': 'https://p.example/', lang: 'en', 'extra-ca': 'ca.pem', 'data-dir': 'd' }),
      ),
    ).toEqual({
      flags: {
        dataDir: resolve('d'),
        settingsOverrides: {
          platformAddress: 'https://p.example',
          language: 'en',
          extraCaFile: resolve('ca.pem'),
        },
      },
      problems: [],
    })
  })

  it('gives nothing and no problem when no flag is given', () => {
    expect(readLaunchFlags(given({}))).toEqual({
      flags: { dataDir: undefined, settingsOverrides: {} },
      problems: [],
    })
  })

  it('leaves out each unusable value and names it in one line', () => {
    const { flags, problems } = readLaunchFlags(
      given({ 'api-base': 'http://p.example', lang: 'de', 'extra-ca': '', 'data-dir': '' }),
    )
    expect(flags).toEqual({ dataDir: undefined, settingsOverrides: {} })
    expect(problems).toEqual([
      '--api-base must be an https:// address',
      '--lang must be tr or en',
      '--extra-ca needs a path',
      '--data-dir needs a path',
    ])
  })

  it('leaves out an address or a path longer than the settings hold (getSettings would answer outside the contract)', () => {
    const { flags, problems } = readLaunchFlags(
      given({ 'api-base': `https://p.example/${'a'.repeat(2100)}`, 'extra-ca': `/${'c'.repeat(4100)}` }),
    )
    expect(flags.settingsOverrides).toEqual({})
    expect(problems).toEqual(['--api-base is too long', '--extra-ca is too long'])
  })
})
