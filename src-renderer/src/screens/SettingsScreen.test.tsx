import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SettingsUpdate } from '../../../src-shared/contract.ts'
import type { SessionStatus, Settings } from '../../../src-shared/domain.ts'
import type { Result } from '../../../src-shared/errors.ts'
import { renderWithApi, TEST_SETTINGS } from '../testing/render-with-api.tsx'
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
  renderWithApi(<SettingsScreen session={SESSION} />, { updateSettings }, settings)
  return updateSettings
}

describe('the update address setting', () => {
  it('is empty by default (automatic updates off) and says what it does', async () => {
    setup((update) => ({ ok: true, value: { ...TEST_SETTINGS, ...update } as Settings }))
    const field = await screen.findByLabelText<HTMLInputElement>('Güncelleme adresi')
    expect(field.value).toBe('')
    expect(field.getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.getByText(/Boş bırakılırsa otomatik güncelleme kapalıdır/)).toBeTruthy()
  })

  it('sends only the changed address, and null when it is cleared', async () => {
    const updateSettings = setup(
      (update) => ({ ok: true, value: { ...TEST_SETTINGS, ...update } as Settings }),
      {
        ...TEST_SETTINGS,
        updateUrl: 'https://updates.example.com/pos',
      },
    )
    const field = await screen.findByLabelText<HTMLInputElement>('Güncelleme adresi')
    expect(field.value).toBe('https://updates.example.com/pos')
    fireEvent.change(field, { target: { value: ' https://updates.example.com/v2 ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }))
    await screen.findByRole('status')
    expect(updateSettings).toHaveBeenLastCalledWith({ updateUrl: 'https://updates.example.com/v2' })

    fireEvent.change(field, { target: { value: '' } })
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }))
    await vi.waitFor(() => expect(updateSettings).toHaveBeenLastCalledWith({ updateUrl: null }))
  })

  it('shows the core’s refusal of an address that is not https', async () => {
    setup(() => ({
      ok: false,
      error: { code: 'invalid-input', problem: 'update-url-invalid', retryable: false },
    }))
    const field = await screen.findByLabelText<HTMLInputElement>('Güncelleme adresi')
    fireEvent.change(field, { target: { value: 'https://updates.example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }))
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Güncelleme adresi geçerli bir https:// adresi olmalı.',
    )
  })
})
