import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SettingsUpdate } from '../../../src-shared/contract.ts'
import type { SessionStatus, Settings } from '../../../src-shared/domain.ts'
import type { Result } from '../../../src-shared/errors.ts'
import { renderWithApi, TEST_SETTINGS } from '../../../test-support/renderer/render-with-api.tsx'
import { SettingsScreen } from './SettingsScreen.tsx'

const SESSION: SessionStatus = {
  state: 'signed-out',
  reason: 'never-signed-in',
  credentialsStored: false,
  secretStorage: 'os-keychain',
  platformAddress: null,
}

afterEach(cleanup)

function setup(answer: (update: SettingsUpdate) => Result<Settings>, settings: Settings = TEST_SETTINGS) {
  const updateSettings = vi.fn((update: SettingsUpdate) => Promise.resolve(answer(update)))
  // The Kuryeler card lists the couriers: none here.
  const listCouriers = () => Promise.resolve({ ok: true as const, value: [] })
  renderWithApi(<SettingsScreen session={SESSION} />, { updateSettings, listCouriers }, settings)
  return updateSettings
}

describe('automatic updates', () => {
  it('are off by default, a plain on/off switch that says what it does', async () => {
    setup((update) => ({ ok: true, value: { ...TEST_SETTINGS, ...update } as Settings }))
    const toggle = await screen.findByLabelText<HTMLInputElement>('Otomatik güncelleme')
    expect(toggle.type).toBe('checkbox')
    expect(toggle.checked).toBe(false)
    expect(document.getElementById(toggle.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /yayıncısının sürüm kanalından/,
    )
    // No field to type an update address into: where updates come from is fixed when the app is built.
    expect(screen.queryByLabelText(/Güncelleme adresi/)).toBeNull()
    expect(document.querySelectorAll('input[type="url"]')).toHaveLength(1) // the platform address only
  })

  it('sends only the switch when it changes, on then off', async () => {
    const updateSettings = setup((update) => ({
      ok: true,
      value: { ...TEST_SETTINGS, ...update } as Settings,
    }))
    const toggle = await screen.findByLabelText<HTMLInputElement>('Otomatik güncelleme')
    fireEvent.click(toggle)
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }))
    await screen.findByRole('status')
    expect(updateSettings).toHaveBeenLastCalledWith({ autoUpdate: true })
  })
})

describe('the platform address', () => {
  /** Stands in for the core's rule (D8): it refuses what is not https:// and accepts what is. */
  const httpsOnly = (update: SettingsUpdate): Result<Settings> =>
    update.platformAddress !== undefined &&
    update.platformAddress !== null &&
    !update.platformAddress.startsWith('https://')
      ? { ok: false, error: { code: 'invalid-input', problem: 'not-https', retryable: false } }
      : { ok: true, value: { ...TEST_SETTINGS, ...update } as Settings }

  it('shows the core’s refusal of an http:// address, and saves an https:// one', async () => {
    const updateSettings = setup(httpsOnly)
    const field = await screen.findByLabelText<HTMLInputElement>('Platform adresi')
    fireEvent.change(field, { target: { value: ' http://platform.example.com/integrations ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }))
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Platform adresi https:// ile başlamalı.',
    )
    expect(updateSettings).toHaveBeenLastCalledWith({
      platformAddress: 'http://platform.example.com/integrations',
    })

    fireEvent.change(field, { target: { value: 'https://platform.example.com/integrations' } })
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }))
    await screen.findByRole('status')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(updateSettings).toHaveBeenLastCalledWith({
      platformAddress: 'https://platform.example.com/integrations',
    })
  })
})
