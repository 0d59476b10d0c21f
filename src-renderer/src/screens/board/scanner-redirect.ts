// A scanner types an order's id as a burst of keystrokes a few ms apart and ends it with Enter. Wherever focus
// is, that burst belongs to the order field (docs/decisions.md D41): on a button or anywhere outside a text
// field the first key (never Space, which presses or ticks what has focus) moves to the order field; inside another text field (the note, the board's search) the
// burst is held back, the field is given back what it had, and the scan goes to the order field. A person
// typing slower than the burst gap types as always.
//
// Only a scan is taken as a scan (issue 30): keys in a dialog, or in a field that takes an amount or a number,
// are never touched, however fast they come (`159,90` and Enter typed quickly is an amount); and a burst held
// in another field goes to the order field only when it reads as something a scan brings (read-scan.ts: an
// order id, a short code, a badge, a link, in whatever keyboard language it arrived). Anything else is given
// back to its field, with its Enter.
import { checkBadgeCode } from '../../../../src-shared/courier-rules.ts'
import { readScan } from './read-scan.ts'
import type { ScanKey } from './scan-layouts.ts'

/** Keys closer than this are a scanner's (a scanner types 5–20 ms apart, people rarely under 80 ms). */
export const BURST_GAP_MS = 50
/** A scan is at least a short code long. */
const MIN_SCAN_LENGTH = 6

export interface ScannerRedirectDeps {
  orderField: () => HTMLInputElement | null
  now?: () => number
  setTimer?: (ms: number, run: () => void) => () => void
}

type TextInput = HTMLInputElement | HTMLTextAreaElement

// The type list and the id pattern sit inside the functions that read them: Stryker's mutants of module-level
// values never take effect here (docs/development.md, "static mutants").
function textInputOf(target: EventTarget | null): TextInput | undefined {
  if (target instanceof HTMLTextAreaElement) return target
  // An input with no type, or one the browser does not know, reads as `text`.
  const textTypes = [
    'text',
    'search',
    'url',
    'email',
    'tel',
    'password',
    // Stryker disable next-line StringLiteral: a number field's keys are the staff's own (isStaffOwn) and never get here
    'number',
  ]
  if (target instanceof HTMLInputElement && textTypes.includes(target.type)) return target
  return undefined
}

/**
 * Sets a React-controlled field's value the way typing would, so React's state follows: through the element
 * type's own `value` setter (React watches the element's), then an input event.
 */
function typeInto(field: TextInput, value: string): void {
  const prototype =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype
  Reflect.set(prototype, 'value', value, field)
  field.dispatchEvent(new Event('input', { bubbles: true }))
}

function windowTimer(ms: number, run: () => void): () => void {
  const id = window.setTimeout(run, ms)
  return () => window.clearTimeout(id)
}

/** A key that is part of a scan: the page never sees it. */
function keepFromPage(event: KeyboardEvent): void {
  event.preventDefault()
  event.stopPropagation()
}

/**
 * A key on a button, a select, the page: nothing there takes text, so the key starts the order field's text.
 * Except Space: no scan starts with one, and there it presses a button, ticks a checkbox or radio, opens a select
 * or a summary, scrolls the page.
 */
function startOrderFieldText(event: KeyboardEvent, field: HTMLInputElement): void {
  if (event.key === ' ') return
  event.preventDefault()
  typeInto(field, field.value + event.key)
  field.focus()
}

/** Listens on the whole window; returns the function that stops it. */
export function installScannerRedirect(deps: ScannerRedirectDeps): () => void {
  const now = deps.now ?? (() => performance.now())
  const setTimer = deps.setTimer ?? windowTimer
  // A burst held back inside another text field: the field, its value before the burst, the keys so far.
  let held: { field: TextInput; before: string; keys: string; codes: ScanKey[]; lastAt: number } | undefined
  // The flush timer of the burst held now. Only a new key cancels it: once nothing is held, its flush does nothing.
  let cancelFlush: () => void = () => undefined

  /** Not a scan after all (no Enter came): the held keys are typed where they were meant to go. */
  const flush = () => {
    if (held && held.keys.length > 1) typeInto(held.field, held.field.value + held.keys.slice(1))
    held = undefined
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return
    const field = deps.orderField()
    if (!field || event.target === field || isStaffOwn(event.target)) {
      flush()
      return
    }
    const at = now()
    if (event.key === 'Enter') {
      const input = textInputOf(event.target)
      // An order id that arrived in this field since it got focus, typed at any speed: it is a scan.
      const heldRest = held && held.field === input ? held.keys.slice(1) : ''
      // Stryker disable next-line StringLiteral: a field with nothing recorded held no id, as any text without one
      const stray = input ? strayIdIn(input.value + heldRest, typedSince.get(input) ?? '') : undefined
      if (input && stray) {
        held = undefined
        keepFromPage(event)
        typeInto(input, stray.rest)
        submitScan(field, stray.scan)
        return
      }
      if (
        held &&
        held.keys.length >= MIN_SCAN_LENGTH &&
        at - held.lastAt < BURST_GAP_MS * 3 &&
        readsAsScan(held.keys, held.codes)
      ) {
        keepFromPage(event)
        const scan = held.keys
        typeInto(held.field, held.before)
        held = undefined
        submitScan(field, scan)
        return
      }
      flush()
      return
    }
    if (event.key.length !== 1) return
    const input = textInputOf(event.target)
    if (!input) {
      startOrderFieldText(event, field)
      return
    }
    if (held && held.field === input && at - held.lastAt < BURST_GAP_MS) {
      event.preventDefault()
      held.keys += event.key
      held.codes.push({ code: event.code, shift: event.shiftKey })
      held.lastAt = at
    } else {
      flush()
      // The first key is typed as usual: only the second, a few ms later, tells a burst.
      const codes = [{ code: event.code, shift: event.shiftKey }]
      held = { field: input, before: input.value, keys: event.key, codes, lastAt: at }
    }
    cancelFlush()
    cancelFlush = setTimer(BURST_GAP_MS * 3, flush)
  }
  // What each other text field held when it got focus: an id that appeared there since is a stray scan.
  const typedSince = new WeakMap<TextInput, string>()
  const onFocusIn = (event: FocusEvent) => {
    const input = textInputOf(event.target)
    if (input) typedSince.set(input, input.value)
  }
  // Both in the capture phase, before the page's own handlers can stop the event or act on the key.
  const listening = new AbortController()
  window.addEventListener('keydown', onKeyDown, { capture: true, signal: listening.signal })
  window.addEventListener('focusin', onFocusIn, { capture: true, signal: listening.signal })
  return () => {
    listening.abort()
    // A burst held at this moment is no scan (its Enter will not be heard): its keys go back to their field.
    flush()
  }
}

/**
 * Keys staff type that no scan takes: those in a dialog (`role="dialog"`, `<dialog>`), or anywhere while a modal
 * one is open (the page behind it is not theirs to type into), and those in a field for an amount or a number.
 * A dialog marked `data-scans="order-field"` (the courier picker, which a badge or another order answers) is the
 * board's: its scans still go to the order field.
 */
function isStaffOwn(target: EventTarget | null): boolean {
  // Stryker disable next-line OptionalChaining: both calls below pass an element, each tested first
  const scansGoOn = (dialog: Element | null) => dialog?.getAttribute('data-scans') === 'order-field'
  const modal = document.querySelector('[aria-modal="true"], dialog[open]')
  if (modal && !scansGoOn(modal)) return true
  if (!(target instanceof Element)) return false
  const dialog = target.closest('[role="dialog"], [role="alertdialog"], dialog')
  if (dialog && !scansGoOn(dialog)) return true
  return (
    target instanceof HTMLInputElement &&
    (target.type === 'number' || target.inputMode === 'decimal' || target.inputMode === 'numeric')
  )
}

/**
 * Whether keys held back in another field read as a scan: something the board knows, in any keyboard language,
 * or a badge's shape (letters, digits and hyphens; the courier list decides whose it is).
 */
function readsAsScan(keys: string, codes: readonly ScanKey[]): boolean {
  const reading = readScan(keys, { keys: codes })
  return reading.kind !== undefined || checkBadgeCode(reading.text).ok
}

/**
 * An order id that appeared in a field's text since it got focus, and the text without it: with the order link
 * around it when it came in one (its `?account=` names the brand). Also one a scanner typed in another keyboard
 * language (issue 30: `*` for `-`): the 36 characters it made of the id, as they came.
 */
function strayIdIn(value: string, before: string): { scan: string; rest: string } | undefined {
  const orderId = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i
  const match = orderId.exec(value)
  // One the field held at focus is no scan, yet another typed beside it is: the search below finds that one.
  if (match && !before.includes(match[0])) {
    const scan = linkAround(value, match.index, match[0].length) ?? match[0]
    return { scan, rest: value.replace(scan, '') }
  }
  const idLength = 36
  // Stryker disable next-line ArithmeticOperator: a piece past the end is shorter than an id, and no layout reads fewer characters as more
  for (let start = 0; start + idLength <= value.length; start++) {
    const piece = value.slice(start, start + idLength)
    if (!before.includes(piece) && readScan(piece).kind === 'order-id') {
      return { scan: piece, rest: value.slice(0, start) + value.slice(start + idLength) }
    }
  }
  return undefined
}

/** The order link (up to the next space) that holds the order id at `start`, `length` long, if one does. */
function linkAround(value: string, start: number, length: number): string | undefined {
  const end = start + length
  // A link that starts before the id's end starts before the id: none starts inside it (its `p` is no hex digit).
  for (const link of value.matchAll(/pos-companion:\/\/order\/\S*/gi))
    if (link.index < end && end <= link.index + link[0].length) return link[0]
  return undefined
}

/** The scan goes to the order field and is submitted from there, as if scanned into it. */
function submitScan(field: HTMLInputElement, scan: string): void {
  typeInto(field, scan)
  field.focus()
  field.form?.requestSubmit()
}
