// @vitest-environment jsdom
// The keys behind a read (issue 30): the physical keys and Shift, matched to what was read, and whether they came
// at a scanner's pace.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { installKeyTrail, type KeyTrail } from './scan-keys.ts'
import { BURST_GAP_MS } from './scanner-redirect.ts'

let now = 0
let trail: KeyTrail
beforeEach(() => {
  now = 0
  trail = installKeyTrail(() => now)
})
afterEach(() => trail.stop())

function key(
  value: string,
  code: string,
  options: { gap?: number; shiftKey?: boolean; ctrlKey?: boolean } = {},
) {
  now += options.gap ?? 5
  window.dispatchEvent(
    new KeyboardEvent('keydown', {
      key: value,
      code,
      shiftKey: options.shiftKey === true,
      ctrlKey: options.ctrlKey === true,
    }),
  )
}

describe('the key trail', () => {
  it('gives the keys that typed a read, with Shift, once its Enter came, and before it', () => {
    key('K', 'KeyK', { shiftKey: true })
    key('*', 'Minus')
    key('0', 'Digit0')
    expect(trail.keysFor('K*0')).toEqual({
      keys: [
        { code: 'KeyK', shift: true },
        { code: 'Minus', shift: false },
        { code: 'Digit0', shift: false },
      ],
      burst: true,
    })
    key('Enter', 'Enter')
    expect(trail.keysFor('K*0')?.keys).toHaveLength(3)
    expect(trail.keysFor('*0')?.keys).toEqual([
      { code: 'Minus', shift: false },
      { code: 'Digit0', shift: false },
    ])
  })

  it('knows nothing of a read its keys do not spell (pasted, or typed elsewhere), nor of an empty one', () => {
    key('a', 'KeyA')
    key('b', 'KeyB')
    expect(trail.keysFor('xb')).toBeUndefined()
    expect(trail.keysFor('abc')).toBeUndefined()
    expect(trail.keysFor('')).toBeUndefined()
  })

  it('follows Backspace, and leaves out shortcuts and keys that type nothing', () => {
    key('a', 'KeyA')
    key('x', 'KeyX')
    key('Backspace', 'Backspace')
    key('v', 'KeyV', { ctrlKey: true })
    key('Shift', 'ShiftLeft')
    key('b', 'KeyB')
    expect(trail.keysFor('ab')?.keys.map((one) => one.code)).toEqual(['KeyA', 'KeyB'])
  })

  it('tells a scanner’s pace from a person’s', () => {
    key('a', 'KeyA')
    key('b', 'KeyB', { gap: BURST_GAP_MS - 1 })
    expect(trail.keysFor('ab')?.burst).toBe(true)
    key('c', 'KeyC', { gap: BURST_GAP_MS })
    expect(trail.keysFor('abc')?.burst).toBe(false)
    expect(trail.keysFor('c')?.burst).toBe(true)
  })

  it('hears nothing once stopped', () => {
    trail.stop()
    key('a', 'KeyA')
    expect(trail.keysFor('a')).toBeUndefined()
  })
})
