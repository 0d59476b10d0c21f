import { describe, expect, it } from 'vitest'
import {
  effectiveExpiry,
  isValidTimeZone,
  parseLocalDateTime,
  renewalTime,
  RENEW_BEFORE_EXPIRY_MS,
  TOKEN_LIFETIME_MS,
} from './token-expiry.ts'

const HOUR = 60 * 60 * 1000

describe('parseLocalDateTime (D2)', () => {
  it('reads the platform local time in Europe/Istanbul (UTC+3)', () => {
    expect(parseLocalDateTime('2026-11-22 15:00:00', 'Europe/Istanbul')).toBe(
      Date.UTC(2026, 10, 22, 12, 0, 0),
    )
  })

  it('follows the configured time zone, including daylight saving time', () => {
    expect(parseLocalDateTime('2026-07-01 12:00:00', 'Europe/Berlin')).toBe(Date.UTC(2026, 6, 1, 10, 0, 0))
    expect(parseLocalDateTime('2026-01-01 12:00:00', 'Europe/Berlin')).toBe(Date.UTC(2026, 0, 1, 11, 0, 0))
    expect(parseLocalDateTime('2026-01-01 12:00:00', 'UTC')).toBe(Date.UTC(2026, 0, 1, 12, 0, 0))
  })

  it('settles a time near a change of offset with the offset of that time (Berlin, the night clocks go forward)', () => {
    // 00:30 is still winter time (UTC+1); an hour later the offset is +2.
    expect(parseLocalDateTime('2026-03-29 00:30:00', 'Europe/Berlin')).toBe(Date.UTC(2026, 2, 28, 23, 30, 0))
    expect(parseLocalDateTime('2026-10-25 01:30:00', 'Europe/Berlin')).toBe(Date.UTC(2026, 9, 24, 23, 30, 0))
  })

  it('reads a date with spaces around it', () => {
    expect(parseLocalDateTime(' 2026-11-22 15:00:00\n', 'Europe/Istanbul')).toBe(
      Date.UTC(2026, 10, 22, 12, 0, 0),
    )
  })

  it.each([
    '',
    '2026-11-22T15:00:00',
    '2026-11-22 15:00',
    '2026-02-30 10:00:00',
    '2026-00-10 10:00:00',
    '2026-11-00 10:00:00',
    '2026-11-22 24:00:00',
    '2026-11-22 15:60:00',
    '2026-11-22 15:00:60',
    'x2026-11-22 15:00:00',
    '2026-11-22 15:00:00 UTC',
    'yarın',
  ])('refuses %j', (text) => {
    expect(parseLocalDateTime(text, 'Europe/Istanbul')).toBeUndefined()
  })

  it('refuses a zone this machine does not know rather than throw', () => {
    expect(parseLocalDateTime('2026-11-22 15:00:00', 'Mars/Olympus')).toBeUndefined()
  })
})

describe('effectiveExpiry (D2)', () => {
  const receivedAt = Date.UTC(2026, 10, 21, 12, 0, 0)

  it('takes the platform date when it is a little earlier than received-at + 24 h', () => {
    // 14:59:30 local = 11:59:30 UTC the next day: 30 s before received-at + 24 h.
    const result = effectiveExpiry('2026-11-22 14:59:30', receivedAt, 'Europe/Istanbul')
    expect(result).toEqual({ expiresAt: receivedAt + TOKEN_LIFETIME_MS - 30_000 })
  })

  it('takes received-at + 24 h when that is earlier', () => {
    const result = effectiveExpiry('2026-11-22 15:20:00', receivedAt, 'Europe/Istanbul')
    expect(result).toEqual({ expiresAt: receivedAt + TOKEN_LIFETIME_MS })
  })

  it('trusts received-at + 24 h and warns when the two differ by more than an hour', () => {
    // Written as if in UTC by a misconfigured platform: three hours off.
    const result = effectiveExpiry('2026-11-22 12:00:00', receivedAt, 'Europe/Istanbul')
    expect(result).toEqual({
      expiresAt: receivedAt + TOKEN_LIFETIME_MS,
      warning: 'clock-skew',
      skewMs: -3 * HOUR,
    })
  })

  it('still trusts a platform date exactly an hour after received-at + 24 h, taking the earlier', () => {
    // 16:00 local = 13:00 UTC the next day: one hour after received-at + 24 h, not more.
    expect(effectiveExpiry('2026-11-22 16:00:00', receivedAt, 'Europe/Istanbul')).toEqual({
      expiresAt: receivedAt + TOKEN_LIFETIME_MS,
    })
    expect(effectiveExpiry('2026-11-22 14:00:00', receivedAt, 'Europe/Istanbul')).toEqual({
      expiresAt: receivedAt + TOKEN_LIFETIME_MS - HOUR,
    })
  })

  it('trusts received-at + 24 h when the date cannot be read', () => {
    expect(effectiveExpiry('soon', receivedAt, 'Europe/Istanbul')).toEqual({
      expiresAt: receivedAt + TOKEN_LIFETIME_MS,
      warning: 'unparseable-expiration-date',
    })
    expect(effectiveExpiry('2026-11-22 15:00:00', receivedAt, 'Mars/Olympus')).toEqual({
      expiresAt: receivedAt + TOKEN_LIFETIME_MS,
      warning: 'unparseable-expiration-date',
    })
  })

  it('renews ten minutes before the effective expiry', () => {
    expect(renewalTime(receivedAt + TOKEN_LIFETIME_MS)).toBe(
      receivedAt + TOKEN_LIFETIME_MS - RENEW_BEFORE_EXPIRY_MS,
    )
    expect(RENEW_BEFORE_EXPIRY_MS).toBe(10 * 60 * 1000)
  })
})

describe('isValidTimeZone', () => {
  it('accepts IANA zones and refuses anything else', () => {
    expect(isValidTimeZone('Europe/Istanbul')).toBe(true)
    expect(isValidTimeZone('Mars/Olympus')).toBe(false)
    expect(isValidTimeZone('')).toBe(false)
  })
})
