import { createContext, useContext, useEffect, type ReactNode } from 'react'
import type { Language } from '../../../src-shared/domain.ts'
import { useSettings } from '../queries.ts'
import { dictionaries, type Messages } from './index.ts'

interface MessagesContext {
  t: Messages
  language: Language
}

const Context = createContext<MessagesContext>({ t: dictionaries.tr, language: 'tr' })

/**
 * Reads the language once for the whole tree and marks the document with it. Components take the texts from
 * context: a board of thousands of orders must not hold thousands of settings subscriptions (or set
 * `<html lang>` thousands of times, each time restyling the page).
 */
export function MessagesProvider({ children }: { children: ReactNode }) {
  const settings = useSettings()
  const language = settings.data?.language ?? 'tr'
  useEffect(() => {
    document.documentElement.lang = language
  }, [language])
  return <Context value={{ t: dictionaries[language], language }}>{children}</Context>
}

/** The texts in the staff's language (Turkish until the settings say otherwise). */
export function useMessages(): MessagesContext {
  return useContext(Context)
}
