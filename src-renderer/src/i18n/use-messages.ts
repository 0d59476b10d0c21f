import { useEffect } from 'react'
import type { Language } from '../../../src-shared/domain.ts'
import { useSettings } from '../queries.ts'
import { dictionaries, type Messages } from './index.ts'

/** The texts in the staff's language (Turkish until the settings say otherwise). */
export function useMessages(): { t: Messages; language: Language } {
  const settings = useSettings()
  const language = settings.data?.language ?? 'tr'
  useEffect(() => {
    document.documentElement.lang = language
  }, [language])
  return { t: dictionaries[language], language }
}
