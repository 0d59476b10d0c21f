import { describe, expect, it } from 'vitest'
import { parseRetryAfter } from './platform-error.ts'

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0)

describe('parseRetryAfter', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('0', NOW)).toBe(0)
    expect(parseRetryAfter(' 120 ', NOW)).toBe(120_000)
  })

  it('reads an HTTP date as the time left until it, never negative', () => {
    expect(parseRetryAfter('Sat, 21 Nov 2026 12:00:30 GMT', NOW)).toBe(30_000)
    expect(parseRetryAfter('Sat, 21 Nov 2026 11:00:00 GMT', NOW)).toBe(0)
  })

  it('ignores what it cannot read', () => {
    for (const value of [null, undefined, '', 'soon', '-5', '1.5', '2026-11-21 12:00:30', '9'.repeat(400)]) {
      expect(parseRetryAfter(value, NOW)).toBeUndefined()
    }
  })
})
