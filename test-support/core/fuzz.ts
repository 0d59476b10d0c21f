import fc from 'fast-check'

/**
 * Shared settings for the property tests: a modest run count keeps the whole suite quick on two cores, and a
 * failure prints the seed and the shrunk counterexample to replay it.
 */
export const FUZZ_RUNS = { numRuns: 200 } as const

/** A few runs for properties whose every run does real I/O (a socket, a file). */
export const FUZZ_RUNS_IO = { numRuns: 100 } as const

/** Text as outside data comes: any Unicode, control characters and lone surrogates included. */
export const anyText = (maxLength = 200) =>
  fc.oneof(
    fc.string({ maxLength, unit: 'binary' }),
    fc.string({ maxLength, unit: 'grapheme' }),
    fc.string({ maxLength }),
    // UTF-16 code units one by one: lone surrogates, as a broken scanner or a truncated paste can produce.
    fc.string({ maxLength, unit: fc.nat({ max: 0xffff }).map((code) => String.fromCharCode(code)) }),
  )

/** A lower-case UUID the way the platform writes a payment_key. */
export const paymentKey = fc.uuid().map((id) => id.toLowerCase())
