import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SettingsUpdate } from '../../../../src-shared/contract.ts'
import { renderWithApi, TEST_SETTINGS } from '../../../../test-support/renderer/render-with-api.tsx'
import { AttentionSection } from './AttentionSection.tsx'

afterEach(cleanup)

function setup(settings = TEST_SETTINGS) {
  const updateSettings = vi.fn((update: SettingsUpdate) =>
    Promise.resolve({ ok: true as const, value: { ...settings, ...update } }),
  )
  renderWithApi(<AttentionSection />, { updateSettings } as never, settings)
  return { updateSettings }
}

describe('AttentionSection', () => {
  it('shows the defaults (15 min, 5 min from ready, the sound on) and saves each choice at once', async () => {
    const { updateSettings } = setup()
    const waiting = await screen.findByLabelText<HTMLSelectElement>(/ne kadar bekleyince uyarılsın/)
    expect(waiting.selectedOptions[0]?.textContent).toBe('15 dakika')
    const ready = screen.getByLabelText<HTMLSelectElement>(/“Hazır” dedikten sonra/)
    expect(ready.selectedOptions[0]?.textContent).toBe('5 dakika')
    const sound = screen.getByLabelText<HTMLInputElement>('Uyarı sesi')
    expect(sound.checked).toBe(true)
    fireEvent.change(waiting, { target: { value: 'off' } })
    await waitFor(() => expect(updateSettings).toHaveBeenCalledWith({ waitingLimitMinutes: null }))
    fireEvent.change(ready, { target: { value: '10' } })
    await waitFor(() => expect(updateSettings).toHaveBeenLastCalledWith({ readyLimitMinutes: 10 }))
    fireEvent.click(sound)
    await waitFor(() => expect(updateSettings).toHaveBeenLastCalledWith({ alarmSound: false }))
  })

  it('shows a limit set outside the choices as it is', async () => {
    setup({ ...TEST_SETTINGS, waitingLimitMinutes: 1 })
    const waiting = await screen.findByLabelText<HTMLSelectElement>(/ne kadar bekleyince uyarılsın/)
    expect(waiting.selectedOptions[0]?.textContent).toBe('1 dakika')
  })
})
