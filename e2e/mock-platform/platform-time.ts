// The platform writes `expiration_date` as a local date-time without a zone (`YYYY-MM-DD HH:MM:SS`). Its zone
// is Europe/Istanbul; the conversion goes through Intl's time-zone data rather than a fixed +03:00, so the mock
// stays right if the zone's rules ever change.

const PLATFORM_TIME_ZONE = 'Europe/Istanbul'

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23', // never "24:00:00" at midnight
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

function wallClockAt(epochMs: number, timeZone: string): WallClock {
  const parts = formatterFor(timeZone).formatToParts(new Date(epochMs))
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value)
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  }
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0')

/** `epochMs` as the platform writes it: `YYYY-MM-DD HH:MM:SS` on the wall clock of `timeZone`. */
export function formatPlatformDateTime(epochMs: number, timeZone: string = PLATFORM_TIME_ZONE): string {
  const t = wallClockAt(epochMs, timeZone)
  return `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)} ${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`
}

const PLATFORM_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/

/** The inverse of formatPlatformDateTime (whole seconds); undefined when the text is not in that format. */
export function parsePlatformDateTime(
  text: string,
  timeZone: string = PLATFORM_TIME_ZONE,
): number | undefined {
  const match = PLATFORM_DATE_TIME.exec(text)
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
  // The zone's offset depends on the instant, which is what we are looking for: guess with the offset at the
  // wall-clock-as-UTC instant, then correct once with the offset at the guess.
  const firstGuess = asIfUtc - zoneOffsetMs(asIfUtc, timeZone)
  return asIfUtc - zoneOffsetMs(firstGuess, timeZone)
}

function zoneOffsetMs(epochMs: number, timeZone: string): number {
  const t = wallClockAt(epochMs, timeZone)
  const wallAsUtc = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second)
  return wallAsUtc - Math.floor(epochMs / 1000) * 1000
}
