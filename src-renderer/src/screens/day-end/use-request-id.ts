import { useRef } from 'react'

/**
 * The request id of one write as staff mean it (docs/decisions.md D65): the same id while they press again on the
 * same input (a retry after a lost answer is then a no-op in the core, never a second record), a new one once it
 * went through or the input changed.
 */
export function useRequestId(): { idFor: (input: string) => string; done: () => void } {
  const current = useRef<{ input: string; id: string } | undefined>(undefined)
  return {
    idFor: (input) => {
      if (current.current?.input !== input) current.current = { input, id: crypto.randomUUID() }
      return current.current.id
    },
    done: () => {
      current.current = undefined
    },
  }
}
