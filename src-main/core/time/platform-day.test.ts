import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../../test-support/core/manual-clock.ts'
import { onEachDayTurn } from './platform-day.ts'

describe('onEachDayTurn', () => {
  it('calls at each midnight of the platform time zone, read again for each turn, until cancelled', async () => {
    // 2026-11-21 23:00 in Istanbul (UTC+3).
    const clock = new ManualClock(Date.UTC(2026, 10, 21, 20, 0, 0))
    let zone = 'Europe/Istanbul'
    const turns: string[] = []
    const cancel = onEachDayTurn(
      clock,
      () => zone,
      () => turns.push(new Date(clock.now()).toISOString()),
    )

    await clock.advance(60 * 60_000 - 1)
    expect(turns).toEqual([])
    await clock.advance(1)
    expect(turns).toEqual(['2026-11-21T21:00:00.000Z'])

    // The turn already set stays at Istanbul's midnight; the one after it is read in the new zone.
    zone = 'UTC'
    await clock.advance(27 * 60 * 60_000)
    expect(turns).toEqual([
      '2026-11-21T21:00:00.000Z',
      '2026-11-22T21:00:00.000Z',
      '2026-11-23T00:00:00.000Z',
    ])

    cancel()
    expect(clock.pendingTimers).toBe(0)
    await clock.advance(3 * 24 * 60 * 60_000)
    expect(turns).toHaveLength(3)
  })
})
