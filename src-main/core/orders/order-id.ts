import { invalidInput } from '../app-failure.ts'

// Not part of a longer run of hex digits: a 33-digit string holds no payment_key.
const UUID = /(?<![0-9a-f])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![0-9a-f])/gi

/**
 * D7: finds the one payment_key in typed, pasted or scanned text (a bare id, a link, a scanner's line).
 * Text with no id, or with several different ids, is refused: guessing which order was meant could hand
 * over the wrong one.
 */
export function extractOrderId(text: string): string {
  const found = new Set((text.match(UUID) ?? []).map((id) => id.toLowerCase()))
  if (found.size === 0) throw invalidInput('no-order-id')
  if (found.size > 1) throw invalidInput('several-order-ids')
  const [id] = found
  return id as string
}
