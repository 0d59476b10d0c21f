// The rules of a restaurant account (issue 29) that more than one side applies, free of zod so the renderer's
// forms can check as staff type. An account is a dimension of the data, never a mode: there is no "current
// account", and every order, call and secret names its own.
import { checkLine } from './courier-rules.ts'

/** At most this many accounts (brands) in one app. */
export const MAX_ACCOUNTS = 8

/** A short name ("Kısa ad") is at most this many characters (code points, after NFC). */
export const SHORT_NAME_MAX = 30

/** The colours an account's brand tag may take: a fixed palette, so every tag stays readable in both themes. */
export const ACCOUNT_COLOURS = [
  'red',
  'orange',
  'amber',
  'green',
  'teal',
  'blue',
  'indigo',
  'purple',
] as const
export type AccountColour = (typeof ACCOUNT_COLOURS)[number]

type ShortNameProblem =
  'account-name-empty' | 'account-name-too-long' | 'account-name-not-one-line' | 'account-name-bad-characters' // control, bidi and other format or default-ignorable characters

export type ShortNameCheck = { ok: true; name: string } | { ok: false; problem: ShortNameProblem }

/** A short name: one line of at most SHORT_NAME_MAX characters, as courier names are kept (courier-rules). */
export function checkShortName(text: string): ShortNameCheck {
  const line = checkLine(text, SHORT_NAME_MAX)
  return line.ok ? { ok: true, name: line.text } : { ok: false, problem: `account-name-${line.problem}` }
}

/** Two short names are the same account's when they differ only in letter case, Turkish rules (İ/i, I/ı). */
export function shortNameKey(name: string): string {
  return name.normalize('NFC').toLocaleLowerCase('tr')
}
