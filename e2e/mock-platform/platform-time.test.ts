import { describe, expect, it } from 'vitest'

import { formatPlatformDateTime, parsePlatformDateTime } from './platform-time.ts'

describe('platform date-time', () => {
  it('writes Istanbul wall-clock time, across midnight and year end', () => {
    expect(formatPlatformDateTime(Date.UTC(2024, 11, 31, 21, 0, 0))).toBe('2025-01-01 00:00:00')
    expect(formatPlatformDateTime(Date.UTC(2025, 6, 15, 9, 5, 7))).toBe('2025-07-15 12:05:07')
  })

  it('honours another zone, including its daylight saving time', () => {
    expect(formatPlatformDateTime(Date.UTC(2025, 6, 1, 12, 0, 0), 'Europe/Berlin')).toBe(
      '2025-07-01 14:00:00',
    )
    expect(formatPlatformDateTime(Date.UTC(2025, 0, 1, 12, 0, 0), 'Europe/Berlin')).toBe(
      '2025-01-01 13:00:00',
    )
  })

  it('parses back to the same instant (whole seconds)', () => {
    for (const instant of [
      Date.UTC(2025, 0, 1, 21, 30, 0),
      Date.UTC(2026, 2, 29, 1, 30, 0),
      1_700_000_000_000,
    ]) {
      expect(parsePlatformDateTime(formatPlatformDateTime(instant))).toBe(instant)
      expect(parsePlatformDateTime(formatPlatformDateTime(instant, 'Europe/Berlin'), 'Europe/Berlin')).toBe(
        instant,
      )
    }
  })

  it('rejects text in any other format', () => {
    expect(parsePlatformDateTime('2025-01-01T00:00:00')).toBeUndefined()
    expect(parsePlatformDateTime('2025-01-01 00:00')).toBeUndefined()
    expect(parsePlatformDateTime('')).toBeUndefined()
  })
})
