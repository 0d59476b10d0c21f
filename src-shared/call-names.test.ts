import { describe, expect, it, vi } from 'vitest'
import { CALL_NAMES, CALL_TAKES_INPUT, callsOver } from './call-names.ts'
import { calls } from './contract.ts'

describe('the bridge call list', () => {
  it('names exactly the contract calls', () => {
    expect([...CALL_NAMES].sort()).toEqual(Object.keys(calls).sort())
  })

  it('says a call takes an input exactly when its input schema refuses undefined', () => {
    for (const name of CALL_NAMES) {
      expect([name, CALL_TAKES_INPUT[name]]).toEqual([name, !calls[name].input.safeParse(undefined).success])
    }
  })

  it('sends each call by its own name, with its input only where it takes one', async () => {
    const send = vi.fn((call: string, input?: unknown) => Promise.resolve({ call, input }))
    const api = callsOver(send)
    expect(Object.keys(api).sort()).toEqual(Object.keys(calls).sort())
    await api.signOut({ forgetCredentials: true })
    expect(send).toHaveBeenLastCalledWith('signOut', { forgetCredentials: true })
    await (api.getSession as (stray: unknown) => Promise<unknown>)('click event')
    expect(send).toHaveBeenLastCalledWith('getSession')
  })
})
