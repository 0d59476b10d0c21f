// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BURST_GAP_MS, installScannerRedirect } from './scanner-redirect.ts'

let now = 0
let timers: { at: number; run: () => void }[] = []
let stop: () => void = () => undefined
let field: HTMLInputElement
let note: HTMLInputElement
let button: HTMLButtonElement
const scans: string[] = []

beforeEach(() => {
  document.body.innerHTML = `<form id="scan"><input id="order"></form><input id="note"><button id="b">x</button>`
  field = document.getElementById('order') as HTMLInputElement
  note = document.getElementById('note') as HTMLInputElement
  button = document.getElementById('b') as HTMLButtonElement
  const form = document.getElementById('scan') as HTMLFormElement
  form.requestSubmit = () => void scans.push(field.value)
  scans.length = 0
  timers = []
  stop = installScannerRedirect({
    orderField: () => field,
    now: () => now,
    setTimer: (ms, run) => {
      const timer = { at: now + ms, run }
      timers.push(timer)
      return () => (timers = timers.filter((t) => t !== timer))
    },
  })
})
afterEach(() => stop())

/**
 * Presses a key on `target` as the browser would: a keydown, and the character typed unless prevented. `code`
 * and `shiftKey`: the physical key, when a test is about which one.
 */
function press(target: HTMLElement, key: string, gap: number, code?: { code: string; shiftKey: boolean }) {
  now += gap
  for (const timer of timers.filter((t) => t.at <= now)) {
    timers = timers.filter((t) => t !== timer)
    timer.run()
  }
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...code })
  const typed = target.dispatchEvent(event)
  const focused = document.activeElement
  const takesText = focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement
  if (typed && key.length === 1 && takesText) focused.value += key
}

/**
 * `ABC-123` from a US-set scanner at a scanner's pace, then Enter, into `input`: the keys it presses (KeyA with
 * Shift, …, Minus, Digit1…3), each heard as the text the computer's own layout types for it.
 */
function scanAbc123Into(input: HTMLInputElement, letters: [string, string, string], minus: string): void {
  const keys: [string, string, boolean][] = [
    [letters[0], 'KeyA', true],
    [letters[1], 'KeyB', true],
    [letters[2], 'KeyC', true],
    [minus, 'Minus', false],
    ['1', 'Digit1', false],
    ['2', 'Digit2', false],
    ['3', 'Digit3', false],
  ]
  input.focus()
  for (const [key, code, shiftKey] of keys) press(input, key, 5, { code, shiftKey })
  press(input, 'Enter', 5)
}

const ID = '0d3e1f00-5a1b-4c2d-8e3f-100000000001'

describe('the scanner burst, wherever focus is', () => {
  it('goes from a button to the order field, every key of it', () => {
    button.focus()
    for (const key of ID) press(document.activeElement as HTMLElement, key, 5)
    expect(field.value).toBe(ID)
    expect(document.activeElement).toBe(field)
  })

  it('is taken out of the note field, which keeps what it had, and submitted from the order field', () => {
    note.value = 'Masa'
    note.focus()
    for (const key of ID) press(note, key, 5)
    press(note, 'Enter', 5)
    expect(note.value).toBe('Masa')
    expect(scans).toEqual([ID])
    expect(document.activeElement).toBe(field)
  })

  it('leaves a person typing in the note field alone, every key of it', () => {
    note.focus()
    for (const key of 'Masa 12') press(note, key, BURST_GAP_MS * 4)
    press(note, 'Enter', BURST_GAP_MS * 4)
    expect(note.value).toBe('Masa 12')
    expect(scans).toEqual([])
  })

  it('gives a fast burst without Enter back to the field it was typed in', () => {
    note.focus()
    for (const key of 'abc') press(note, key, 5)
    press(note, 'x', 500)
    expect(note.value).toBe('abcx')
  })

  it('takes an id typed slower than a burst out of the note field when its Enter comes', () => {
    note.value = 'Masa'
    note.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    note.focus()
    for (const key of ID) press(note, key, BURST_GAP_MS * 2)
    press(note, 'Enter', BURST_GAP_MS * 2)
    expect(note.value).toBe('Masa')
    expect(scans).toEqual([ID])
  })

  it('takes an id out of the note field when the burst began only halfway through it', () => {
    note.value = 'Masa'
    note.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    note.focus()
    for (let index = 0; index < ID.length; index++) {
      press(note, ID.charAt(index), index < 12 ? BURST_GAP_MS * 2 : 5)
    }
    press(note, 'Enter', 5)
    expect(note.value).toBe('Masa')
    expect(scans).toEqual([ID])
  })
})

describe('people at the keyboard (issue 23.7)', () => {
  /** A fast typist: 80–120 ms between keys, in an order that is not a pattern. */
  const TYPIST_GAPS = [80, 120, 95, 80, 110, 85, 100, 120, 90, 80, 105, 115]
  const gapAt = (index: number) => TYPIST_GAPS[index % TYPIST_GAPS.length] ?? 100

  it('leaves a fast typist (80–120 ms a key) writing a note alone, every key of it, Enter included', () => {
    const text = 'Masa 12, kapıda kartla ödeyecek 0532'
    note.value = 'Not: '
    note.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    note.focus()
    for (let index = 0; index < text.length; index++) press(note, text.charAt(index), gapAt(index))
    press(note, 'Enter', 90)
    // Any timer still pending (a held burst's flush) runs too, before the check.
    press(note, 'Shift', 1000)
    expect(note.value).toBe(`Not: ${text}`)
    expect(field.value).toBe('')
    expect(scans).toEqual([])
    expect(document.activeElement).toBe(note)
  })

  it('keeps every key of a typist whose fingers overlap now and then (two keys 20 ms apart)', () => {
    const text = 'the kitchen'
    note.focus()
    for (let index = 0; index < text.length; index++) {
      press(note, text.charAt(index), index % 3 === 1 ? 20 : gapAt(index))
    }
    press(note, 'Shift', 1000)
    expect(note.value).toBe(text)
    expect(scans).toEqual([])
  })

  it('lets Space press a focused button: the page gets the key, the order field does not', () => {
    button.focus()
    const event = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true })
    button.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(false)
    expect(field.value).toBe('')
    expect(document.activeElement).toBe(button)
  })

  it.each([
    ['a checkbox', '<input type="checkbox" id="control">'],
    ['a radio button', '<input type="radio" id="control">'],
    ['a select', '<select id="control"><option>a</option></select>'],
    ['a link', '<a href="#x" id="control">x</a>'],
    ['a summary', '<details><summary id="control">more</summary></details>'],
  ])('leaves Space to %s (it toggles, opens or scrolls), not to the order field', (_name, html) => {
    document.body.insertAdjacentHTML('beforeend', html)
    const control = document.getElementById('control') as HTMLElement
    control.focus()
    const event = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true })
    control.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(false)
    expect(field.value).toBe('')
    expect(document.activeElement).toBe(control)
  })

  it('still moves a scan that starts on a checkbox to the order field', () => {
    document.body.insertAdjacentHTML('beforeend', '<input type="checkbox" id="control">')
    const control = document.getElementById('control') as HTMLElement
    control.focus()
    for (const key of ID) press(document.activeElement as HTMLElement, key, 5)
    expect(field.value).toBe(ID)
  })
})

// Each fails on a mutant Stryker reported (issue 23), named beside it.
describe('a scan that is not an order id, held back in another text field', () => {
  const CODE = 'K7Q2M9' // the shortest a scan can be

  // textInputOf: a textarea no longer taken for a text field; the burst's own Enter path emptied.
  it('is taken out of a textarea note, which keeps what it had, and submitted from the order field', () => {
    document.body.insertAdjacentHTML('beforeend', '<textarea id="long-note"></textarea>')
    const textarea = document.getElementById('long-note') as HTMLTextAreaElement
    textarea.value = 'Masa'
    textarea.focus()
    for (const key of CODE) press(textarea, key, 5)
    press(textarea, 'Enter', 5)
    expect(textarea.value).toBe('Masa')
    expect(scans).toEqual([CODE])
    expect(document.activeElement).toBe(field)
  })

  // MIN_SCAN_LENGTH: `>=` made `true`; one key fewer than a scan is typing. The flush at that Enter dropped.
  it('leaves a five-key burst and its Enter to the field it was typed in, the keys back at once', () => {
    note.focus()
    for (const key of CODE.slice(0, 5)) press(note, key, 5)
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })
    note.dispatchEvent(enter)
    expect(enter.defaultPrevented).toBe(false)
    expect(note.value).toBe(CODE.slice(0, 5))
    expect(scans).toEqual([])
  })

  // The burst gap and the flush delay: a burst test inverted, or the delay shrunk to `BURST_GAP_MS / 3`.
  it('takes a slow scanner (40 ms a key) for a scanner', () => {
    note.focus()
    for (const key of CODE) press(note, key, 40)
    press(note, 'Enter', 40)
    expect(note.value).toBe('')
    expect(scans).toEqual([CODE])
  })

  // typeInto: the `input` event blanked, so a React-controlled field would not follow its new value.
  it('tells the fields as typing would (an input event), so React state follows the values set', () => {
    // React hears input events at its root, so they must bubble up to it: listened for on the document.
    const seen: string[] = []
    const listening = new AbortController()
    document.addEventListener(
      'input',
      (event) => {
        const input = event.target as HTMLInputElement
        seen.push(`${input.id}=${input.value}`)
      },
      { signal: listening.signal },
    )
    note.value = 'Masa'
    note.focus()
    for (const key of CODE) press(note, key, 5)
    press(note, 'Enter', 5)
    listening.abort()
    expect(seen).toEqual(['note=Masa', `order=${CODE}`])
  })
})

describe("the browser's own clock and timers (no stand-ins)", () => {
  beforeEach(() => {
    stop()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    stop = installScannerRedirect({ orderField: () => field })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  function key(target: HTMLElement, value: string, gap: number) {
    vi.advanceTimersByTime(gap)
    const event = new KeyboardEvent('keydown', { key: value, bubbles: true, cancelable: true })
    if (target.dispatchEvent(event) && value.length === 1) (target as HTMLInputElement).value += value
  }

  // The clock `performance.now` blanked (no burst ever told), or windowTimer's cancel made a no-op (the first
  // key's flush cut the scan in two). An order id survived both: its Enter takes it out as a stray id.
  it('holds a long scan that is no order id (a badge QR) whole, and submits it from the order field', () => {
    const qr = 'pos-companion-courier:AHMET-KURYE-01' // 36 keys, 5 ms apart: longer than 3 burst gaps
    note.value = 'Masa'
    note.focus()
    for (const value of qr) key(note, value, 5)
    key(note, 'Enter', 5)
    expect(scans).toEqual([qr])
    expect(note.value).toBe('Masa')
  })

  // windowTimer: emptied; or its cancel made a no-op, so the first key's flush cut a long scan in two.
  it('holds a scan longer than the flush delay whole, and gives a burst without Enter back', () => {
    const long = ID // 36 keys, 5 ms apart: longer than 3 burst gaps
    note.focus()
    for (const value of long) key(note, value, 5)
    key(note, 'Enter', 5)
    expect(scans).toEqual([long])
    expect(note.value).toBe('')

    note.focus()
    for (const value of 'abc') key(note, value, 5)
    vi.advanceTimersByTime(BURST_GAP_MS * 3)
    expect(note.value).toBe('abc')
  })
})

describe('keys the redirect leaves to the page', () => {
  // startOrderFieldText: `field.value + event.key` as `-` (unseen while the test id began with a `0`).
  it('adds a key pressed outside a text field to what the order field already holds', () => {
    field.value = 'ab'
    button.focus()
    press(button, 'x', 500)
    expect(field.value).toBe('abx')
  })

  // The shortcut test: Ctrl, Meta, Alt, and a composition, each dropped from the condition.
  it.each([
    ['Ctrl', { ctrlKey: true }],
    ['Meta', { metaKey: true }],
    ['Alt', { altKey: true }],
    ['an input method composing', { isComposing: true }],
  ])('leaves a key with %s to the page', (_name, modifier) => {
    button.focus()
    const event = new KeyboardEvent('keydown', { key: 'c', bubbles: true, cancelable: true, ...modifier })
    button.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(false)
    expect(field.value).toBe('')
    expect(document.activeElement).toBe(button)
  })

  // keepFromPage emptied, or its preventDefault or stopPropagation dropped.
  it("keeps a scan's Enter from the page: it is neither acted on nor heard past the window", () => {
    const heard: string[] = []
    document.addEventListener('keydown', (event) => heard.push(event.key))
    note.focus()
    for (const key of 'K7Q2M9') press(note, key, 5)
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })
    note.dispatchEvent(enter)
    expect(enter.defaultPrevented).toBe(true)
    expect(heard).not.toContain('Enter')
  })

  // flush(): its guard made `true` (a flush with nothing held then throws) or the call on the order field dropped.
  it('lets keys typed into the order field itself through, ending a burst held elsewhere', () => {
    note.focus()
    for (const key of 'ab') press(note, key, 5)
    field.focus()
    press(field, 'c', 5)
    press(field, 'd', 5)
    expect(note.value).toBe('ab')
    expect(field.value).toBe('cd')
  })

  // The stray id's Enter kept from the page (its keepFromPage dropped).
  it("keeps a stray id's Enter from the page", () => {
    note.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    note.focus()
    for (const key of ID) press(note, key, BURST_GAP_MS * 2)
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })
    note.dispatchEvent(enter)
    expect(enter.defaultPrevented).toBe(true)
    expect(scans).toEqual([ID])
  })

  // onFocusIn: what a field held when it got focus not recorded, so an id already there was taken for a scan.
  it('leaves alone an id that was in a field before it got focus, and an Enter with nothing typed', () => {
    note.value = `iade ${ID}`
    note.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    note.focus()
    press(note, 'Enter', 500)
    press(note, '!', 500)
    press(note, 'Enter', 500)
    expect(note.value).toBe(`iade ${ID}!`)
    expect(scans).toEqual([])
  })
})

describe('which fields take text, and what an order id is', () => {
  // TEXT_TYPES: each member blanked, or the set emptied. A type the browser does not know reads as `text`.
  it.each(['text', 'search', 'url', 'email', 'tel', 'password', 'barcode'])(
    'holds a scan back from an input of type %s and submits it from the order field',
    (type) => {
      document.body.insertAdjacentHTML('beforeend', `<input id="typed" type="${type}">`)
      const input = document.getElementById('typed') as HTMLInputElement
      input.focus()
      for (const key of '123456') press(input, key, 5)
      press(input, 'Enter', 5)
      expect(scans).toEqual(['123456'])
      expect(input.value).toBe('')
    },
  )

  // ORDER_ID: a group's length dropped or its class inverted would take an almost-id for one.
  it.each([
    ['a short first group', '0d3e1f0-5a1b-4c2d-8e3f-100000000001'],
    ['a short second group', '0d3e1f00-5a1-4c2d-8e3f-100000000001'],
    ['a short third group', '0d3e1f00-5a1b-4c2-8e3f-100000000001'],
    ['a short fourth group', '0d3e1f00-5a1b-4c2d-8e3-100000000001'],
    ['a short last group', '0d3e1f00-5a1b-4c2d-8e3f-10000000000'],
    ['a one-digit second group', '0d3e1f00-5-4c2d-8e3f-100000000001'],
    ['a one-digit third group', '0d3e1f00-5a1b-4-8e3f-100000000001'],
    ['a one-digit fourth group', '0d3e1f00-5a1b-4c2d-8-100000000001'],
    ['letters past f in the first group', 'xxxxxxxx-5a1b-4c2d-8e3f-100000000001'],
    ['letters past f in the second group', '0d3e1f00-xxxx-4c2d-8e3f-100000000001'],
    ['letters past f in the third group', '0d3e1f00-5a1b-xxxx-8e3f-100000000001'],
    ['letters past f in the fourth group', '0d3e1f00-5a1b-4c2d-xxxx-100000000001'],
    ['letters past f in the last group', '0d3e1f00-5a1b-4c2d-8e3f-xxxxxxxxxxxx'],
  ])('leaves alone text typed slowly that is not an order id: %s', (_name, text) => {
    note.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    note.focus()
    for (const key of text) press(note, key, BURST_GAP_MS * 2)
    press(note, 'Enter', BURST_GAP_MS * 2)
    expect(note.value).toBe(text)
    expect(scans).toEqual([])
  })
})

// Each fails on a mutant Stryker reported (issue 23), named beside it.
describe('a person at the keyboard, at the edges of a burst', () => {
  /** Every input event the page hears: the browser's own are not sent by `press`, so these are the redirect's. */
  function inputEvents() {
    const seen: string[] = []
    const listening = new AbortController()
    document.addEventListener('input', (event) => seen.push((event.target as HTMLElement).id), {
      signal: listening.signal,
    })
    return { seen, stop: () => listening.abort() }
  }

  // flush's `held.keys.length > 1` made `true` or `>= 1`: each slow key was "given back" as an empty change.
  it('touches no field while a person types slowly: the page hears no input event from the redirect', () => {
    const events = inputEvents()
    note.focus()
    for (const key of 'Masa 12') press(note, key, 100)
    press(note, 'Shift', 1000)
    events.stop()
    expect(note.value).toBe('Masa 12')
    expect(events.seen).toEqual([])
  })

  // The burst test `at - held.lastAt < BURST_GAP_MS` as `<=`.
  it('shows at once a key that comes a whole burst gap after the last', () => {
    note.focus()
    press(note, 'a', 500)
    press(note, 'b', BURST_GAP_MS)
    expect(note.value).toBe('ab')
  })

  // The burst test's `held.field === input` made `true`: a key in the search joined a burst held in the note.
  it('ends a burst held in one field at a key in another: each field keeps its own keys', () => {
    document.body.insertAdjacentHTML('beforeend', '<input id="search" type="search">')
    const search = document.getElementById('search') as HTMLInputElement
    note.focus()
    press(note, 'a', 500)
    press(note, 'b', 5)
    search.focus()
    press(search, 'c', 5)
    press(search, 'Shift', 1000)
    expect(note.value).toBe('ab')
    expect(search.value).toBe('c')
  })

  // Enter's stray-id test: `held.field === input` made `true`, counting keys held in another field.
  it("judges an Enter by its own field's text, never with keys held back in another", () => {
    document.body.insertAdjacentHTML('beforeend', '<input id="search" type="search">')
    const search = document.getElementById('search') as HTMLInputElement
    search.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    search.focus()
    // All of an id but its last two digits, typed slowly; then a short burst in the note ends with those two.
    for (const key of ID.slice(0, -2)) press(search, key, 100)
    note.focus()
    for (const key of `x${ID.slice(-2)}`) press(note, key, 5)
    search.focus()
    press(search, 'Enter', 5)
    press(search, 'Shift', 1000)
    expect(scans).toEqual([])
    expect(search.value).toBe(ID.slice(0, -2))
    expect(note.value).toBe(`x${ID.slice(-2)}`)
  })

  // The stray id's `heldRest` when nothing is held (`''` as another text): it was typed into the note.
  it('takes an id typed slowly out of the note when its Enter comes long after the last key', () => {
    note.value = 'Masa'
    note.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    note.focus()
    for (const key of ID) press(note, key, 100)
    press(note, 'Enter', 1000)
    expect(note.value).toBe('Masa')
    expect(scans).toEqual([ID])
  })

  // The held burst's Enter test `at - held.lastAt < BURST_GAP_MS * 3` made `true` or `<=`. A busy page may run a
  // late Enter before the burst's flush timer: the Enter is still too late to end a scan.
  it.each([BURST_GAP_MS * 3, 1000])(
    "leaves a burst's Enter %i ms late to the field, though its flush has not run yet",
    (late) => {
      note.focus()
      for (const key of 'K7Q2M9') press(note, key, 5)
      now += late
      const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })
      note.dispatchEvent(enter)
      expect(enter.defaultPrevented).toBe(false)
      expect(scans).toEqual([])
      expect(note.value).toBe('K7Q2M9')
    },
  )

  // The focusin listener's capture flag: a page that stops a focus event must not hide what the field held.
  it('remembers what a field held when it got focus, though the page stops that focus event', () => {
    note.addEventListener('focusin', (event) => event.stopPropagation())
    note.value = `iade ${ID}`
    note.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    note.focus()
    press(note, '!', 500)
    press(note, 'Enter', 500)
    expect(note.value).toBe(`iade ${ID}!`)
    expect(scans).toEqual([])
  })

  // The stop's flush dropped: keys held back when the board closed were lost.
  it('gives a held burst back to its field when the redirect stops, once', () => {
    note.focus()
    for (const key of 'abc') press(note, key, 5)
    expect(note.value).toBe('a')
    stop()
    expect(note.value).toBe('abc')
    press(note, 'Shift', 1000)
    expect(note.value).toBe('abc')
  })

  // submitScan's `field.form?.requestSubmit()` without the `?.`: an order field in no form threw.
  it('leaves a scan in an order field that sits in no form, with no error', () => {
    document.body.append(field)
    const errors: unknown[] = []
    const listening = new AbortController()
    window.addEventListener('error', (event) => errors.push(event.error), { signal: listening.signal })
    note.focus()
    for (const key of 'K7Q2M9') press(note, key, 5)
    press(note, 'Enter', 5)
    listening.abort()
    expect(errors).toEqual([])
    expect(field.value).toBe('K7Q2M9')
    expect(document.activeElement).toBe(field)
    expect(note.value).toBe('')
  })
})

describe('only a scan is taken as a scan (issue 30)', () => {
  /** Types `text` at a scanner's pace, 5 ms a key, then Enter; answers whether the page got the Enter. */
  function typeFast(target: HTMLElement, text: string): boolean {
    for (const key of text) press(target, key, 5)
    now += 5
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })
    return target.dispatchEvent(enter)
  }

  it('leaves an amount typed fast and its Enter to a dialog: nothing held, nothing moved, focus stays', () => {
    document.body.insertAdjacentHTML(
      'beforeend',
      '<div role="dialog" aria-modal="true"><form><input id="amount"><button id="save">Kaydet</button></form></div>',
    )
    const amount = document.getElementById('amount') as HTMLInputElement
    amount.focus()
    expect(typeFast(amount, '159,90')).toBe(true)
    expect(amount.value).toBe('159,90')
    expect(scans).toEqual([])
    expect(field.value).toBe('')
    expect(document.activeElement).toBe(amount)
  })

  it('leaves even an order id scanned into a dialog to the dialog', () => {
    document.body.insertAdjacentHTML('beforeend', '<dialog open><input id="in-dialog"></dialog>')
    const input = document.getElementById('in-dialog') as HTMLInputElement
    input.focus()
    expect(typeFast(input, ID)).toBe(true)
    expect(input.value).toBe(ID)
    expect(scans).toEqual([])
  })

  it('takes a scan out of the courier picker (a dialog marked as the board’s), but not an amount', () => {
    document.body.insertAdjacentHTML(
      'beforeend',
      '<div role="dialog" aria-modal="true" data-scans="order-field"><input id="picker-field"></div>',
    )
    const pickerField = document.getElementById('picker-field') as HTMLInputElement
    pickerField.focus()
    expect(typeFast(pickerField, ID)).toBe(false)
    expect(pickerField.value).toBe('')
    expect(scans).toEqual([ID])
    expect(document.activeElement).toBe(field)
    pickerField.focus()
    expect(typeFast(pickerField, '159,90')).toBe(true)
    expect(pickerField.value).toBe('159,90')
    expect(scans).toEqual([ID])
  })

  it('sends no key from behind an open modal dialog to the order field', () => {
    document.body.insertAdjacentHTML('beforeend', '<div role="dialog" aria-modal="true"><input id="m"></div>')
    button.focus()
    press(button, 'x', 500)
    expect(field.value).toBe('')
    expect(document.activeElement).toBe(button)
  })

  it.each([
    ['inputmode decimal', '<input id="amount" inputmode="decimal">', '159900'],
    ['inputmode numeric', '<input id="amount" inputmode="numeric">', '123456'],
    ['type number', '<input id="amount" type="number">', '123456'],
  ])(
    'leaves a field with %s alone, though what is typed fast reads as a short code',
    (_name, html, typed) => {
      document.body.insertAdjacentHTML('beforeend', html)
      const amount = document.getElementById('amount') as HTMLInputElement
      amount.focus()
      expect(typeFast(amount, typed)).toBe(true)
      expect(amount.value).toBe(typed)
      expect(scans).toEqual([])
    },
  )

  it('gives an amount typed fast in a plain field back to it, with its Enter: it reads as no scan', () => {
    note.focus()
    expect(typeFast(note, '159,90')).toBe(true)
    expect(note.value).toBe('159,90')
    expect(scans).toEqual([])
    expect(document.activeElement).toBe(note)
  })

  it('still takes a badge, a short code and a scan in another keyboard language out of a plain field', () => {
    for (const scan of ['K7Q2M9', 'ABC-123', '0f8fad5b*d9cb*469f*a165*70867728950e']) {
      note.value = ''
      note.focus()
      expect(typeFast(note, scan)).toBe(false)
      expect(note.value).toBe('')
    }
    expect(scans).toEqual(['K7Q2M9', 'ABC-123', '0f8fad5b*d9cb*469f*a165*70867728950e'])
  })

  it('takes an id typed slowly in another keyboard language out of a field when its Enter comes', () => {
    const mangled = '0f8fad5b*d9cb*469f*a165*70867728950e'
    note.value = 'Masa'
    note.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    note.focus()
    for (const key of mangled) press(note, key, BURST_GAP_MS * 2)
    press(note, 'Enter', BURST_GAP_MS * 2)
    expect(note.value).toBe('Masa')
    expect(scans).toEqual([mangled])
  })

  it("takes a burst as a scan by its keys' codes when its text alone names nothing (a US scanner on Turkish-F)", () => {
    // `ABC-123` from a US scanner on Turkish-F: A→U, B→Ç, C→V, -→/ ; rebuilt from KeyA, KeyB, KeyC, Minus…
    scanAbc123Into(note, ['U', 'Ç', 'V'], '/')
    expect(scans).toEqual(['UÇV/123'])
    expect(note.value).toBe('')
  })
})

// Each fails on a mutant Stryker reported (issue 30), named beside it.
describe('what reads as a scan, and where keys are the staff’s own', () => {
  // readsAsScan: `reading.kind !== undefined` made `false`, so only a badge's shape was a scan.
  it("takes a courier's badge QR out of the note and submits it from the order field", () => {
    const qr = 'pos-companion-courier:C-AHMET'
    note.value = 'Masa'
    note.focus()
    for (const key of qr) press(note, key, 5)
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })
    note.dispatchEvent(enter)
    expect(enter.defaultPrevented).toBe(true)
    expect(scans).toEqual([qr])
    expect(note.value).toBe('Masa')
  })

  // The held keys' codes: the first key's or a later key's `{ code, shift }` emptied, the first dropped from the
  // list, or the codes not passed to readScan. On a layout the tables do not know (Russian), only the keys tell.
  it('takes a burst as a scan by its keys alone when the computer types in a layout the board does not know', () => {
    // `ABC-123` from a US scanner on a Russian keyboard: KeyA→Ф, KeyB→И, KeyC→С.
    scanAbc123Into(note, ['Ф', 'И', 'С'], '-')
    expect(scans).toEqual(['ФИС-123'])
    expect(note.value).toBe('')
    expect(document.activeElement).toBe(field)
  })

  // isStaffOwn: a target that is no element (the document itself) taken for the staff's own.
  it("starts the order field's text with a key the document itself hears", () => {
    const event = new KeyboardEvent('keydown', { key: '0', bubbles: true, cancelable: true })
    document.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    expect(field.value).toBe('0')
    expect(document.activeElement).toBe(field)
  })

  // isStaffOwn: a dialog that is not modal (and not marked as the board's) no longer kept its keys.
  it.each([
    ['a dialog', '<div role="dialog"><input id="in-dialog"><button id="in-dialog-button">x</button></div>'],
    [
      'an alert dialog',
      '<div role="alertdialog"><input id="in-dialog"><button id="in-dialog-button">x</button></div>',
    ],
  ])('leaves keys in %s that is not modal to it, even an order id', (_name, html) => {
    document.body.insertAdjacentHTML('beforeend', html)
    const input = document.getElementById('in-dialog') as HTMLInputElement
    input.focus()
    for (const key of ID) press(input, key, 5)
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })
    input.dispatchEvent(enter)
    expect(enter.defaultPrevented).toBe(false)
    expect(input.value).toBe(ID)
    expect(scans).toEqual([])
    const dialogButton = document.getElementById('in-dialog-button') as HTMLButtonElement
    dialogButton.focus()
    press(dialogButton, 'x', 500)
    expect(field.value).toBe('')
    expect(document.activeElement).toBe(dialogButton)
  })
})

// strayIdIn (D41: an order id that appeared in a field since it got focus is a scan, at any speed).
describe('an order id typed slowly into a field that already held text', () => {
  const OTHER = '7a2b9c00-1d2e-4f30-9a4b-200000000002'

  // Was a bug: any id the field held at focus made every id typed since read as typing. Also the held id's test
  // dropped or inverted, so the id the field held was taken out instead.
  it('takes out an id typed since focus, though the field held another order id then', () => {
    note.value = `iade ${ID}`
    note.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    note.focus()
    for (const key of ` ${OTHER}`) press(note, key, 100)
    press(note, 'Enter', 100)
    expect(scans).toEqual([OTHER])
    expect(note.value).toBe(`iade ${ID} `)
  })

  // Was a bug: only the id inside a scanned order link was taken, its `?account=` left in the note, so the order
  // went to the board without the brand the POS named.
  it('takes out a whole order link typed since focus, with its account, not only the id in it', () => {
    const link = `pos-companion://order/${OTHER}?account=Burger%20Evi`
    note.value = 'iade'
    note.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    note.focus()
    for (const key of ` ${link}`) press(note, key, 100)
    press(note, 'Enter', 100)
    expect(scans).toEqual([link])
    expect(note.value).toBe('iade ')
  })

  it('takes out a link with no query whole, to its last character', () => {
    const link = `pos-companion://order/${OTHER}`
    note.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    note.focus()
    for (const key of link) press(note, key, 100)
    press(note, 'Enter', 100)
    expect(scans).toEqual([link])
    expect(note.value).toBe('')
  })

  it.each([
    ['a space', ' '],
    ['nothing', ''],
  ])(
    'takes out only a new id typed before an order link the note held, with %s between, and leaves the link',
    (_, gap) => {
      const held = `${gap}pos-companion://order/${ID}?account=Burger%20Evi`
      note.value = held
      note.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
      note.focus()
      note.setSelectionRange(0, 0)
      for (const key of OTHER) press(note, key, 100)
      note.value = `${OTHER}${held}`
      press(note, 'Enter', 100)
      expect(scans).toEqual([OTHER])
      expect(note.value).toBe(held)
    },
  )

  it('takes out only a new id typed after a link that names no order', () => {
    const broken = 'pos-companion://order/?account=Burger%20Evi'
    note.value = broken
    note.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    note.focus()
    for (const key of ` ${OTHER}`) press(note, key, 100)
    press(note, 'Enter', 100)
    expect(scans).toEqual([OTHER])
    expect(note.value).toBe(`${broken} `)
  })

  // The branch for an id as it came made `false`: the first piece that reads as an id through another keyboard
  // language was taken instead.
  it('takes an id as it came before text that reads as one only through another keyboard language', () => {
    const mangled = '0f8fad5b*d9cb*469f*a165*70867728950e'
    note.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    note.focus()
    for (const key of `${mangled} ${ID}`) press(note, key, 100)
    press(note, 'Enter', 100)
    expect(scans).toEqual([ID])
    expect(note.value).toBe(`${mangled} `)
  })
})
