import type { ScanKey } from './scan-layouts.ts'
import { BURST_GAP_MS } from './scanner-redirect.ts'

/** The keys that typed a read, and whether they came at a scanner's pace. */
export interface TypedKeys {
  keys: ScanKey[]
  burst: boolean
}

export interface KeyTrail {
  /** The keys that typed `read`, when the last keys pressed (up to the last Enter, or before it) spell it. */
  keysFor(read: string): TypedKeys | undefined
  stop(): void
}

interface Pressed extends ScanKey {
  key: string
  at: number
}

/** A read is never longer than this; older keys are dropped. */
const KEPT_KEYS = 300

/**
 * The physical keys (KeyboardEvent.code) behind what was typed, wherever focus was (issue 30): a scan that
 * arrives mangled by a keyboard language is rebuilt from them (read-scan.ts). Listens on the whole window, in
 * the capture phase, and keeps the keys since the last Enter and those before it.
 */
export function installKeyTrail(now: () => number = () => performance.now()): KeyTrail {
  // Stryker disable next-line ArrayDeclaration: a placeholder entry has no one-character key, so spells no read
  let current: Pressed[] = []
  // Stryker disable next-line ArrayDeclaration: a placeholder entry has no one-character key, so spells no read
  let last: Pressed[] = []
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return
    if (event.key === 'Enter') {
      last = current
      // Stryker disable next-line ArrayDeclaration: a placeholder entry has no one-character key, so spells no read
      current = []
    } else if (event.key === 'Backspace') {
      current.pop()
    } else if (event.key.length === 1) {
      current.push({ key: event.key, code: event.code, shift: event.shiftKey, at: now() })
      if (current.length > KEPT_KEYS) current.shift()
    }
  }
  const listening = new AbortController()
  window.addEventListener('keydown', onKeyDown, { capture: true, signal: listening.signal })
  return {
    keysFor(read) {
      if (read === '') return undefined
      // Before this Enter was heard (a scan submitted from its own keydown), or after.
      for (const run of [current, last]) {
        const typed = run.slice(-read.length)
        // Each key typed one character, so keys that spell the read are as many as its characters.
        if (typed.map((key) => key.key).join('') === read) {
          const burst = typed.every(
            // Stryker disable next-line OptionalChaining: index is at least 1 here, so typed[index - 1] is a key
            (key, index) => index === 0 || key.at - (typed[index - 1]?.at ?? 0) < BURST_GAP_MS,
          )
          return { keys: typed.map(({ code, shift }) => ({ code, shift })), burst }
        }
      }
      return undefined
    },
    stop: () => listening.abort(),
  }
}
