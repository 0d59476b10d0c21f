import type { Language } from '../domain.ts'
import { en } from './en.ts'
import { tr, type Texts } from './tr.ts'

export type { Texts }

/** The one catalogue of words said outside the page, per language. */
export const texts: Record<Language, Texts> = { tr, en }
