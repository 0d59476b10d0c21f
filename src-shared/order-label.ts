// What staff wrote beside an order on the POS, as the board, the slip, History and the CSV show it (issue 20.10).
// One rule for every way a label comes in: the page's addOrder, the intake API and the drop folder, an order link
// and --add-order.
import { z } from 'zod'

// Control characters (C0, DEL, C1) and the line/paragraph separators: never part of a label on a ticket.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/
// Unicode format characters: bidi overrides and isolates (U+202A–202E, U+2066–2069), zero-width characters and
// marks (U+200B–200F), the BOM (U+FEFF), the soft hyphen… and every other default-ignorable code point, shown as
// nothing: the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), the grapheme joiner (U+034F), variation
// selectors, tags (issue 27.4). They make a label read otherwise than it was sent. This also refuses the joiner
// inside emoji sequences (👨‍🍳) and an emoji's presentation selector: a label is for a table or a name.
const FORMAT = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u

/** One line of 1–120 characters, trimmed and in NFC, with no control or format characters. */
export const OrderLabel = z
  .string()
  .trim()
  .normalize('NFC')
  .min(1)
  .max(120)
  .refine((text) => !CONTROL.test(text) && !FORMAT.test(text))
