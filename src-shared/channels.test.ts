import { describe, expect, it } from 'vitest'
import { channelOf } from './channels.ts'
import { calls, isCallName } from './contract.ts'

describe('the bridge calls', () => {
  it("are exactly the contract's, and nothing that merely looks like a name", () => {
    expect(Object.keys(calls).every(isCallName)).toBe(true)
    expect(['markOnTheWay', 'constructor', '__proto__', 'hasOwnProperty', 42].some(isCallName)).toBe(false)
  })

  it('take only a contract name where a channel is made (a misspelling does not compile)', () => {
    expect(channelOf('handOverOrder')).toBe('pos:handOverOrder')
    // @ts-expect-error a misspelled call is not a CallName
    expect(channelOf('handOverOrdr')).toBe('pos:handOverOrdr')
  })
})
