import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SettingsUpdate } from '../../../../src-shared/contract.ts'
import { renderWithApi, TEST_SETTINGS } from '../../../../test-support/renderer/render-with-api.tsx'
import { BoardStaySection } from './BoardStaySection.tsx'

afterEach(cleanup)

describe('BoardStaySection', () => {
  it("shows the day's turn by default and saves the minutes chosen at once", async () => {
    const updateSettings = vi.fn((update: SettingsUpdate) =>
      Promise.resolve({ ok: true as const, value: { ...TEST_SETTINGS, ...update } }),
    )
    renderWithApi(<BoardStaySection />, { updateSettings } as never)
    const select = await screen.findByLabelText<HTMLSelectElement>(
      'Kuryeye verilen sipariş panodan ne zaman kalksın?',
    )
    expect(select.selectedOptions[0]?.textContent).toBe('Gün dönümünde (gece yarısı)')
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Gün dönümünde (gece yarısı)',
      '30 dakika sonra',
      '1 saat sonra',
      '2 saat sonra',
      '4 saat sonra',
    ])
    fireEvent.change(select, { target: { value: '60' } })
    await waitFor(() => expect(updateSettings).toHaveBeenCalledWith({ handedOverStay: 60 }))
    await waitFor(() => expect(select.value).toBe('60'))
    fireEvent.change(select, { target: { value: 'day-turn' } })
    await waitFor(() => expect(updateSettings).toHaveBeenLastCalledWith({ handedOverStay: 'day-turn' }))
  })

  it('says why when the core refuses the change', async () => {
    const updateSettings = vi.fn(() =>
      Promise.resolve({ ok: false as const, error: { code: 'disk-full' as const, retryable: false } }),
    )
    renderWithApi(<BoardStaySection />, { updateSettings })
    fireEvent.change(await screen.findByRole('combobox'), { target: { value: '30' } })
    expect(await screen.findByText(/Disk dolu/)).toBeTruthy()
  })
})
