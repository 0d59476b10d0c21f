// The hold control's rules on their own (D38); control-api.test.ts drives it over HTTPS.
import { describe, expect, it } from 'vitest'
import { HoldDroppedError, RequestHolds } from './holds.ts'

const live = () => new AbortController().signal
const none = { login: 0, branches: 0, variables: 0, ontheway: 0 }

describe('RequestHolds', () => {
  it('holds nothing until armed, then exactly as many requests as asked, in their route only', () => {
    const holds = new RequestHolds()
    expect(holds.take('ontheway')).toBeUndefined()
    holds.hold('ontheway', 2)
    expect(holds.take('login')).toBeUndefined()
    expect(holds.take('ontheway')).toBeDefined()
    expect(holds.take('ontheway')).toBeDefined()
    expect(holds.take('ontheway')).toBeUndefined()
    expect(holds.status()).toEqual({ armed: none, waiting: { ...none, ontheway: 2 } })
  })

  it('lets a held request go on release, and the release waits until that request was answered', async () => {
    const holds = new RequestHolds()
    holds.hold('ontheway', 1)
    const held = holds.take('ontheway')
    if (!held) throw new Error('expected a held request')
    let releaseSettled = false
    const releasing = holds.release('ontheway').then((count) => {
      releaseSettled = true
      return count
    })
    await held.released(live())
    // The request is on its way but has not answered: the release must still be waiting for it.
    expect(releaseSettled).toBe(false)
    held.done()
    expect(await releasing).toBe(1)
    expect(holds.status()).toEqual({ armed: none, waiting: none })
  })

  it('releases one route without touching another, and disarms the released route', async () => {
    const holds = new RequestHolds()
    holds.hold('login', 1)
    holds.hold('ontheway', 3)
    const login = holds.take('login')
    const put = holds.take('ontheway')
    put?.done()
    expect(await holds.release('ontheway')).toBe(1)
    expect(holds.take('ontheway')).toBeUndefined()
    expect(holds.status()).toEqual({ armed: none, waiting: { ...none, login: 1 } })
    login?.done()
    expect(await holds.release()).toBe(1)
  })

  it('ends held requests unanswered on dropAll (a reset), and disarms every route', async () => {
    const holds = new RequestHolds()
    holds.hold('branches', 2)
    const held = holds.take('branches')
    const waiting = held?.released(live())
    holds.dropAll()
    await expect(waiting).rejects.toBeInstanceOf(HoldDroppedError)
    expect(holds.take('branches')).toBeUndefined()
    expect(holds.status()).toEqual({ armed: none, waiting: none })
  })

  it('stops waiting when the server closes (its signal aborts)', async () => {
    const holds = new RequestHolds()
    holds.hold('login', 1)
    const closing = new AbortController()
    const waiting = holds.take('login')?.released(closing.signal)
    closing.abort(new Error('server closed'))
    await expect(waiting).rejects.toThrow('server closed')
  })
})
