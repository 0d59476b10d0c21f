// @vitest-environment jsdom
// The key trail (issue 30), written against the mutants scan-keys.test.ts let live: the next scan's keys coming
// before a read is handled, the bound on keys kept, keys a field stops, and the default clock.
import { afterEach, describe, expect, it } from 'vitest'
import { installKeyTrail, type KeyTrail } from './scan-keys.ts'

let trail: KeyTrail | undefined
afterEach(() => trail?.stop())

function press(value: string, code: string, target: EventTarget = window) {
  target.dispatchEvent(new KeyboardEvent('keydown', { key: value, code, bubbles: true }))
}

function typeText(text: string) {
  for (const char of text) press(char, `Key${char.toUpperCase()}`)
}

describe('the key trail, against its mutants', () => {
  it('keeps a scan’s keys past its Enter while the next scan’s first keys arrive', () => {
    let now = 0
    trail = installKeyTrail(() => (now += 5))
    typeText('ab')
    press('Enter', 'Enter')
    typeText('c')
    expect(trail.keysFor('ab')?.keys.map((key) => key.code)).toEqual(['KeyA', 'KeyB'])
    expect(trail.keysFor('c')?.keys.map((key) => key.code)).toEqual(['KeyC'])
  })

  it('keeps the last 300 keys: a read of 300 is found, one of 301 is not', () => {
    trail = installKeyTrail(() => 0)
    const text = 'x'.repeat(150) + 'y'.repeat(151)
    typeText(text)
    expect(trail.keysFor(text.slice(1))?.keys).toHaveLength(300)
    expect(trail.keysFor(text)).toBeUndefined()
  })

  it('hears keys a field stops from reaching the window', () => {
    trail = installKeyTrail(() => 0)
    const field = document.createElement('input')
    document.body.append(field)
    field.addEventListener('keydown', (event) => event.stopPropagation())
    press('k', 'KeyK', field)
    field.remove()
    expect(trail.keysFor('k')?.keys).toEqual([{ code: 'KeyK', shift: false }])
  })

  it('times keys by the page’s clock when given none: keys pressed at once are a burst', () => {
    trail = installKeyTrail()
    typeText('ab')
    expect(trail.keysFor('ab')?.burst).toBe(true)
  })
})
