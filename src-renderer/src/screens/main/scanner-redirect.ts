// A scanner types an order's id as a burst of keystrokes a few ms apart and ends it with Enter. Wherever focus
// is, that burst belongs to the order field (docs/decisions.md D41): on a button or anywhere outside a text
// field the first key moves to the order field; inside another text field (the note, the board's search) the
// burst is held back, the field is given back what it had, and the scan goes to the order field. A person
// typing slower than the burst gap types as always.

/** Keys closer than this are a scanner's (people type 80 ms apart at the fastest). */
export const BURST_GAP_MS = 35
/** A scan is at least a short code long. */
export const MIN_SCAN_LENGTH = 6

export interface ScannerRedirectOptions {
  orderField: () => HTMLInputElement | null
  now?: () => number
  setTimer?: (ms: number, run: () => void) => () => void
}

type TextInput = HTMLInputElement | HTMLTextAreaElement

const TEXT_TYPES = new Set(['text', 'search', 'url', 'email', 'tel', 'password', 'number', ''])

function textInputOf(target: EventTarget | null): TextInput | undefined {
  if (target instanceof HTMLTextAreaElement) return target
  if (target instanceof HTMLInputElement && TEXT_TYPES.has(target.type)) return target
  return undefined
}

/** Sets a React-controlled field's value the way typing would, so React's state follows. */
export function typeInto(field: TextInput, value: string): void {
  const prototype =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value)
  field.dispatchEvent(new Event('input', { bubbles: true }))
}

/** Listens on the whole window; returns the function that stops it. */
export function installScannerRedirect(options: ScannerRedirectOptions): () => void {
  const now = options.now ?? (() => performance.now())
  const setTimer =
    options.setTimer ??
    ((ms: number, run: () => void) => {
      const id = window.setTimeout(run, ms)
      return () => window.clearTimeout(id)
    })
  // A burst held back inside another text field: the field, its value before the burst, the keys so far.
  let held: { field: TextInput; before: string; keys: string; lastAt: number } | undefined
  let cancelFlush: () => void = () => undefined

  /** Not a scan after all (no Enter came): the held keys are typed where they were meant to go. */
  const flush = () => {
    cancelFlush()
    if (held && held.keys.length > 1) typeInto(held.field, held.field.value + held.keys.slice(1))
    held = undefined
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return
    const field = options.orderField()
    if (!field || event.target === field) {
      flush()
      return
    }
    const at = now()
    if (event.key === 'Enter') {
      if (held && held.keys.length >= MIN_SCAN_LENGTH && at - held.lastAt < BURST_GAP_MS * 3) {
        event.preventDefault()
        event.stopPropagation()
        const scan = held.keys
        cancelFlush()
        typeInto(held.field, held.before)
        held = undefined
        typeInto(field, scan)
        field.focus()
        field.form?.requestSubmit()
        return
      }
      flush()
      return
    }
    if (event.key.length !== 1) return
    const input = textInputOf(event.target)
    if (!input) {
      // A button, a select, the page: nothing here takes text, so the key starts the order field's text.
      if (event.key === ' ' && event.target instanceof HTMLButtonElement) return
      event.preventDefault()
      typeInto(field, field.value + event.key)
      field.focus()
      return
    }
    if (held && held.field === input && at - held.lastAt < BURST_GAP_MS) {
      event.preventDefault()
      held.keys += event.key
      held.lastAt = at
    } else {
      flush()
      // The first key is typed as usual: only the second, a few ms later, tells a burst.
      held = { field: input, before: input.value, keys: event.key, lastAt: at }
    }
    cancelFlush()
    cancelFlush = setTimer(BURST_GAP_MS * 3, flush)
  }
  window.addEventListener('keydown', onKeyDown, true)
  return () => {
    cancelFlush()
    window.removeEventListener('keydown', onKeyDown, true)
  }
}
