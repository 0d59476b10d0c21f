import type { tr } from './tr.ts'

/** The dictionary's shape, taken from the Turkish texts: every language must fill in every key. */
export type Messages = { [K in keyof typeof tr]: (typeof tr)[K] }

/** The keys whose text is plain (not a function of a value). */
export type TextKey = { [K in keyof Messages]: Messages[K] extends string ? K : never }[keyof Messages]
