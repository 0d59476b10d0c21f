import type { Language } from '../../../src-shared/domain.ts'
import { en } from './en.ts'
import type { Messages } from './messages.ts'
import { tr } from './tr.ts'

export type { Messages }

export const dictionaries: Record<Language, Messages> = { tr, en }

/** Times as staff read them: hours and minutes in the language's own style. */
export function formatTime(iso: string, language: Language): string {
  return new Date(iso).toLocaleTimeString(language === 'tr' ? 'tr-TR' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
  })
}

export function formatDateTime(iso: string, language: Language): string {
  return new Date(iso).toLocaleString(language === 'tr' ? 'tr-TR' : 'en-GB', {
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })
}

/** A time to the second, for when something will happen by itself (a retry). */
export function formatClockTime(iso: string, language: Language): string {
  return new Date(iso).toLocaleTimeString(language === 'tr' ? 'tr-TR' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  })
}

/** A full date and time to the second, as a record (the history) needs it. */
export function formatRecordTime(iso: string, language: Language): string {
  return new Date(iso).toLocaleString(language === 'tr' ? 'tr-TR' : 'en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  })
}
