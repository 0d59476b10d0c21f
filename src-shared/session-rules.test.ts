import { describe, expect, it } from 'vitest'
import { SessionStatus } from './domain.ts'
import { isSignedIn } from './session-rules.ts'

describe('isSignedIn', () => {
  it('is true while a token is live or being renewed, and for no other state', () => {
    const states = SessionStatus.options.flatMap((option) => {
      const state = option.shape.state
      return 'options' in state ? [...state.options] : [state.value]
    })
    expect(states).toHaveLength(4)
    expect(states.filter((state) => isSignedIn({ state }))).toEqual(['signed-in', 'renewing'])
    expect(isSignedIn(undefined)).toBe(false)
  })
})
