// The core's settingsChanged event: what lets the desktop shell follow Settings (start with the computer,
// notifications, language) the moment they are saved instead of reading them again on a timer.
import { describe, expect, it } from 'vitest'
import type { EventName } from '../../../src-shared/channels.ts'
import type { Settings } from '../../../src-shared/domain.ts'
import { testCore } from '../../../test-support/core/core-on-mock.ts'
import type { Core } from '../create-core.ts'
import { contractEvent } from '../outgoing-events.ts'
import { silentLogger } from '../ports.ts'

function settingsEvents(core: Core): Settings[] {
  const heard: Settings[] = []
  core.subscribe((event: EventName, payload) => {
    if (event !== 'settingsChanged') return
    // What the bridges would let through: the payload is the contract's.
    expect(contractEvent(event, payload, silentLogger)).toBeDefined()
    heard.push(payload as Settings)
  })
  return heard
}

describe('settingsChanged', () => {
  it('tells of a saved change before the call answers, with the settings now in effect', async () => {
    const core = await testCore()
    const heard = settingsEvents(core)
    const answer = core.handlers.updateSettings({ startWithComputer: true })
    expect(heard).toEqual([])
    const result = await answer
    expect(heard).toHaveLength(1)
    expect(heard[0]?.startWithComputer).toBe(true)
    expect(result).toEqual({ ok: true, value: heard[0] })
  })

  it("carries the command line's one-run overrides, as getSettings does", async () => {
    const core = await testCore({ settingsOverrides: { language: 'en' } })
    const heard = settingsEvents(core)
    await core.handlers.updateSettings({ sounds: true })
    expect(heard[0]).toMatchObject({ language: 'en', sounds: true })
    expect(await core.handlers.getSettings(undefined)).toEqual({ ok: true, value: heard[0] })
  })

  it('says nothing when a change is refused, and the settings stay as they were', async () => {
    const core = await testCore()
    const heard = settingsEvents(core)
    const refused = await core.handlers.updateSettings({ platformTimeZone: 'Mars/Olympus' })
    expect(refused.ok).toBe(false)
    expect(heard).toEqual([])
  })
})
