// HTTP's Retry-After header (RFC 9110 section 10.2.3): a number of seconds, or an HTTP date.

/** How long the server asks us to wait, in ms (never negative); undefined when there is no usable header. */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined) return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) {
    const seconds = Number(text)
    return Number.isSafeInteger(seconds) ? seconds * 1000 : undefined
  }
  // Only a date that names its zone: `Date.parse` would read a bare date-time in the local zone.
  if (!/GMT$|UTC$|[+-]\d{4}$|Z$/.test(text)) return undefined
  const at = Date.parse(text)
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs)
}
