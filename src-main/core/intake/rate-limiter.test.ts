import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../../test-support/core/manual-clock.ts'
import { INTAKE_RATE_LIMIT, SlidingWindowLimiter } from './rate-limiter.ts'

/** Takes `count` turns and says how many were let through. */
function takeMany(limiter: SlidingWindowLimiter, count: number): number {
  let allowed = 0
  for (let index = 0; index < count; index += 1) if (limiter.take().allowed) allowed += 1
  return allowed
}

describe('SlidingWindowLimiter', () => {
  it('lets 50 requests a second through by default and refuses the 51st', () => {
    expect(INTAKE_RATE_LIMIT).toEqual({ limit: 50, windowMs: 1000 })
    const limiter = new SlidingWindowLimiter(new ManualClock())
    expect(takeMany(limiter, 50)).toBe(50)
    expect(limiter.take()).toEqual({ allowed: false, retryAfterSeconds: 1 })
  })

  it('frees a turn exactly one window after the request that took it, not a millisecond before', async () => {
    const clock = new ManualClock()
    const limiter = new SlidingWindowLimiter(clock, { limit: 2, windowMs: 1000 })
    expect(takeMany(limiter, 1)).toBe(1)
    await clock.advance(400)
    expect(takeMany(limiter, 1)).toBe(1)
    await clock.advance(599)
    expect(limiter.take().allowed).toBe(false)
    await clock.advance(1)
    // The first request has left the window; the second (at 400) has not.
    expect(takeMany(limiter, 2)).toBe(1)
    await clock.advance(400)
    expect(takeMany(limiter, 2)).toBe(1)
  })

  it('slides: a burst at the end of one second and the start of the next cannot add up to twice the limit', async () => {
    const clock = new ManualClock()
    const limiter = new SlidingWindowLimiter(clock, { limit: 3, windowMs: 1000 })
    await clock.advance(900)
    expect(takeMany(limiter, 3)).toBe(3)
    await clock.advance(200)
    expect(takeMany(limiter, 3)).toBe(0)
  })

  it('does not count the requests it refused', async () => {
    const clock = new ManualClock()
    const limiter = new SlidingWindowLimiter(clock, { limit: 2, windowMs: 1000 })
    expect(takeMany(limiter, 2)).toBe(2)
    expect(takeMany(limiter, 10)).toBe(0)
    await clock.advance(1000)
    expect(takeMany(limiter, 5)).toBe(2)
  })

  it('says in whole seconds, rounded up, when the oldest turn comes free', async () => {
    const clock = new ManualClock()
    const limiter = new SlidingWindowLimiter(clock, { limit: 1, windowMs: 5000 })
    expect(limiter.take()).toEqual({ allowed: true })
    await clock.advance(1500)
    expect(limiter.take()).toEqual({ allowed: false, retryAfterSeconds: 4 })
    await clock.advance(2500)
    expect(limiter.take()).toEqual({ allowed: false, retryAfterSeconds: 1 })
    await clock.advance(999)
    expect(limiter.take()).toEqual({ allowed: false, retryAfterSeconds: 1 })
    await clock.advance(1)
    expect(limiter.take()).toEqual({ allowed: true })
  })
})
