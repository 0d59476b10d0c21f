import { wallClockAt } from '../time/wall-clock.ts'

/** D2: how long a token really lasts, and when to renew it. */
export const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000
export const RENEW_BEFORE_EXPIRY_MS = 10 * 60 * 1000
export const MAX_TRUSTED_SKEW_MS = 60 * 60 * 1000

export interface EffectiveExpiry {
  expiresAt: number
  /** Set when the platform's date could not be read or disagrees with our clock by more than an hour. */
  warning?: 'unparseable-expiration-date' | 'clock-skew'
  skewMs?: number
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/

/**
 * Effective expiry = the earlier of the platform's `expiration_date` (a local date-time in the platform's
 * time zone) and received-at + 24 h; if the two differ by more than an hour, trust received-at + 24 h.
 */
export function effectiveExpiry(
  expirationDate: string,
  receivedAt: number,
  timeZone: string,
): EffectiveExpiry {
  const byLifetime = receivedAt + TOKEN_LIFETIME_MS
  const stated = parseLocalDateTime(expirationDate, timeZone)
  if (stated === undefined) return { expiresAt: byLifetime, warning: 'unparseable-expiration-date' }
  const skewMs = stated - byLifetime
  if (Math.abs(skewMs) > MAX_TRUSTED_SKEW_MS) return { expiresAt: byLifetime, warning: 'clock-skew', skewMs }
  return { expiresAt: Math.min(stated, byLifetime) }
}

export function renewalTime(expiresAt: number): number {
  return expiresAt - RENEW_BEFORE_EXPIRY_MS
}

/**
 * `YYYY-MM-DD HH:MM:SS` in `timeZone` → epoch ms; undefined when it is not a real date-time, or when the zone
 * is not one this machine knows (settings are checked on input, but a hand-edited settings file is not).
 */
export function parseLocalDateTime(text: string, timeZone: string): number | undefined {
  const match = LOCAL_DATE_TIME.exec(text.trim())
  if (!match) return undefined
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const asIfUtc = Date.UTC(year, month - 1, day, hour, minute, second)
  // A real date-time reads back as written: Date.UTC rolls 30 February or 15:60 over into the next day or hour,
  // and reads years 0–99 as 1900–1999; those are refused rather than moved.
  if (new Date(asIfUtc).toISOString().slice(0, 19).replace('T', ' ') !== match[0]) return undefined
  if (!isValidTimeZone(timeZone)) return undefined
  // The zone's offset at that instant; a second pass settles times near an offset change.
  let utc = asIfUtc - zoneOffsetMs(asIfUtc, timeZone)
  utc = asIfUtc - zoneOffsetMs(utc, timeZone)
  return utc
}

/** The offset of `timeZone` from UTC at `instant`, in ms (Europe/Istanbul: +3 h). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const wall = wallClockAt(instant, timeZone)
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)
  return wallAsUtc - Math.floor(instant / 1000) * 1000
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    return true
  } catch {
    return false
  }
}
