// Property tests for D2: whatever the platform writes as `expiration_date`, and whatever time zone the settings
// hold, the effective expiry is a real instant within an hour of received-at + 24 h, never a throw.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { anyText, FUZZ_RUNS } from '../../../test-support/core/fuzz.ts'
import {
  effectiveExpiry,
  MAX_TRUSTED_SKEW_MS,
  parseLocalDateTime,
  TOKEN_LIFETIME_MS,
  zoneOffsetMs,
} from './token-expiry.ts'

/** Receipt times across the years the app will plausibly run (and some it will not). */
const receivedAt = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) })
const timeZone = fc.oneof(
  fc.constantFrom('Europe/Istanbul', 'UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata'),
  anyText(40),
)

/** `YYYY-MM-DD HH:MM:SS` of an instant's wall-clock time in a zone, as the platform writes it. */
function localDateTime(instant: number, zone: string): string {
  const wall = new Date(instant + zoneOffsetMs(instant, zone))
  const pad = (value: number, width = 2) => String(value).padStart(width, '0')
  return (
    `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())} ` +
    `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`
  )
}

describe('effectiveExpiry, fuzzed', () => {
  it('is never later than received-at + 24 h nor earlier than an hour before that, whatever it is given', () => {
    fc.assert(
      fc.property(anyText(60), receivedAt, timeZone, (expirationDate, at, zone) => {
        const expiry = effectiveExpiry(expirationDate, at, zone)
        expect(Number.isFinite(expiry.expiresAt)).toBe(true)
        expect(expiry.expiresAt).toBeLessThanOrEqual(at + TOKEN_LIFETIME_MS)
        expect(expiry.expiresAt).toBeGreaterThanOrEqual(at + TOKEN_LIFETIME_MS - MAX_TRUSTED_SKEW_MS)
      }),
      FUZZ_RUNS,
    )
  })

  it('trusts a well-formed date within the hour, and flags a larger skew', () => {
    fc.assert(
      fc.property(
        receivedAt.map((at) => Math.floor(at / 1000) * 1000),
        fc
          .integer({ min: -3 * MAX_TRUSTED_SKEW_MS, max: 3 * MAX_TRUSTED_SKEW_MS })
          .map((ms) => ms - (ms % 1000)),
        (at, skewMs) => {
          const stated = at + TOKEN_LIFETIME_MS + skewMs
          const expiry = effectiveExpiry(localDateTime(stated, 'Europe/Istanbul'), at, 'Europe/Istanbul')
          if (Math.abs(skewMs) > MAX_TRUSTED_SKEW_MS) {
            expect(expiry).toMatchObject({ expiresAt: at + TOKEN_LIFETIME_MS, warning: 'clock-skew', skewMs })
          } else {
            expect(expiry).toEqual({ expiresAt: Math.min(stated, at + TOKEN_LIFETIME_MS) })
          }
        },
      ),
      FUZZ_RUNS,
    )
  })
})

describe('parseLocalDateTime, fuzzed', () => {
  it('answers any text in any zone with a finite instant or undefined', () => {
    fc.assert(
      fc.property(
        fc.oneof(anyText(40), fc.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)),
        timeZone,
        (text, zone) => {
          const parsed = parseLocalDateTime(text, zone)
          if (parsed !== undefined) expect(Number.isFinite(parsed)).toBe(true)
        },
      ),
      FUZZ_RUNS,
    )
  })

  it('refuses a date it cannot place: a day that does not exist, or a year before 100', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (year, month, day) => {
          const pad = (value: number, width = 2) => String(value).padStart(width, '0')
          // setUTCFullYear, unlike Date.UTC, takes years below 100 as they are.
          const noon = new Date(0)
          noon.setUTCFullYear(year, month - 1, day)
          noon.setUTCHours(12)
          const real = noon.getUTCMonth() === month - 1 && noon.getUTCDate() === day
          const parsed = parseLocalDateTime(`${pad(year, 4)}-${pad(month)}-${pad(day)} 12:00:00`, 'UTC')
          expect(parsed).toBe(year < 100 || !real ? undefined : noon.getTime())
        },
      ),
      FUZZ_RUNS,
    )
  })

  it('reads back every whole second it wrote, in the platform zone and in UTC', () => {
    fc.assert(
      fc.property(
        receivedAt.map((at) => Math.floor(at / 1000) * 1000),
        fc.constantFrom('Europe/Istanbul', 'UTC'),
        (instant, zone) => {
          expect(parseLocalDateTime(localDateTime(instant, zone), zone)).toBe(instant)
        },
      ),
      FUZZ_RUNS,
    )
  })
})
