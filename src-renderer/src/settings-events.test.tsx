// settingsChanged (D64) in the renderer: a change saved elsewhere (another window or tab, the core itself)
// reaches this window's settings cache without its own save.
import { act, cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Api } from '../../src-shared/contract.ts'
import type { Settings } from '../../src-shared/domain.ts'
import { renderWithApi, TEST_SETTINGS } from '../../test-support/renderer/render-with-api.tsx'
import { keys, useCoreEvents, useSettings } from './queries.ts'

function Language() {
  useCoreEvents()
  const settings = useSettings()
  return <p>{settings.data?.language ?? 'loading'}</p>
}

/** A bridge whose events a test can fire, as the core does. */
function withEvents() {
  const listeners = new Map<string, (payload: unknown) => void>()
  const on = ((event: string, listener: (payload: unknown) => void) => {
    listeners.set(event, listener)
    return () => listeners.delete(event)
  }) as Api['on']
  return { on, emit: (event: string, payload: unknown) => listeners.get(event)?.(payload) }
}

afterEach(() => {
  cleanup()
  delete window.api
})

describe('settingsChanged in the renderer', () => {
  it('puts the settings the core now uses into the cache, without fetching them again', async () => {
    const events = withEvents()
    const getSettings = vi.fn(() => Promise.resolve({ ok: true as const, value: TEST_SETTINGS }))
    const { queryClient } = renderWithApi(<Language />, { on: events.on, getSettings })
    await screen.findByText(TEST_SETTINGS.language)
    const changed: Settings = { ...TEST_SETTINGS, language: 'en', intakePort: 47900 }
    act(() => events.emit('settingsChanged', changed))
    await screen.findByText('en')
    expect(queryClient.getQueryData(keys.settings)).toEqual(changed)
    expect(getSettings).toHaveBeenCalledTimes(1)
  })

  it('stops listening when the window unmounts', async () => {
    const events = withEvents()
    const { queryClient, unmount } = renderWithApi(<Language />, { on: events.on })
    await screen.findByText(TEST_SETTINGS.language)
    unmount()
    events.emit('settingsChanged', { ...TEST_SETTINGS, language: 'en' })
    expect(queryClient.getQueryData<Settings>(keys.settings)?.language).toBe(TEST_SETTINGS.language)
  })
})
