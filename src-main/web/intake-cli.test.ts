import { describe, expect, it } from 'vitest'
import { parseCliOptions } from './cli-options.ts'

const environment = { env: {}, platform: 'linux' as const, homeDir: '/home/staff', repoRoot: '/repo' }

describe('web mode --intake-port', () => {
  it('leaves the Settings port in charge when not given', () => {
    const parsed = parseCliOptions([], environment)
    expect(parsed.ok && 'intakePort' in parsed.options).toBe(false)
  })

  it.each([
    ['0', 0],
    ['47810', 47810],
    ['65535', 65535],
  ])('takes %s', (text, port) => {
    const parsed = parseCliOptions(['--intake-port', text], environment)
    expect(parsed.ok && parsed.options.intakePort).toBe(port)
  })

  it.each(['', '-1', '65536', '12ab', '1e3', ' 80', '999999'])('refuses %j with one line', (text) => {
    expect(parseCliOptions([`--intake-port=${text}`], environment)).toEqual({
      ok: false,
      problem: '--intake-port must be 0 to 65535',
    })
  })
})
