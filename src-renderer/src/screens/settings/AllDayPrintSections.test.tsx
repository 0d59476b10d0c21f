import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Api } from '../../../../src-shared/contract.ts'
import { renderWithApi, TEST_SETTINGS } from '../../../../test-support/renderer/render-with-api.tsx'
import { AllDaySection } from './AllDaySection.tsx'
import { PrintSection } from './PrintSection.tsx'

function saving() {
  const updateSettings = vi.fn<Api['updateSettings']>(() =>
    Promise.resolve({ ok: true as const, value: TEST_SETTINGS }),
  )
  return { updateSettings }
}

afterEach(() => {
  cleanup()
  delete window.printBridge
})

describe('PrintSection', () => {
  it('in the desktop app, offers the OS printers and saves the one chosen', async () => {
    window.printBridge = {
      printSlip: vi.fn(),
      saveSlipPdf: vi.fn(),
      listPrinters: () => Promise.resolve(['EPSON TM-T20III', 'Office A4']),
    }
    const api = saving()
    renderWithApi(<PrintSection />, api)
    const printer = await screen.findByLabelText('Yazıcı')
    await screen.findByRole('option', { name: 'EPSON TM-T20III' })
    fireEvent.change(printer, { target: { value: 'EPSON TM-T20III' } })
    await waitFor(() => expect(api.updateSettings).toHaveBeenCalledWith({ slipPrinter: 'EPSON TM-T20III' }))
    fireEvent.change(screen.getByLabelText('Kağıt genişliği'), { target: { value: '58' } })
    await waitFor(() => expect(api.updateSettings).toHaveBeenCalledWith({ slipPaperWidth: 58 }))
    fireEvent.click(screen.getByLabelText('Sormadan yazdır'))
    await waitFor(() => expect(api.updateSettings).toHaveBeenCalledWith({ printWithoutAsking: true }))
  })

  it('in web mode, has no printer choice (the browser’s dialog has one) but keeps paper and auto print', async () => {
    const api = saving()
    renderWithApi(<PrintSection />, api)
    await screen.findByLabelText('Kağıt genişliği')
    expect(screen.queryByLabelText('Yazıcı')).toBeNull()
    expect(screen.queryByLabelText('Sormadan yazdır')).toBeNull()
    fireEvent.click(screen.getByLabelText('Teslimden sonra fişi kendiliğinden yazdır'))
    await waitFor(() => expect(api.updateSettings).toHaveBeenCalledWith({ printAfterHandover: true }))
  })
})

describe('AllDaySection', () => {
  it('turns notifications off, and offers starting with the computer only in the desktop app', async () => {
    const api = saving()
    renderWithApi(<AllDaySection />, api)
    fireEvent.click(await screen.findByLabelText('Bildirimler'))
    await waitFor(() => expect(api.updateSettings).toHaveBeenCalledWith({ notifications: false }))
    expect(screen.queryByLabelText('Bilgisayarla birlikte başlat')).toBeNull()
    cleanup()
    window.printBridge = { printSlip: vi.fn(), saveSlipPdf: vi.fn(), listPrinters: vi.fn() }
    renderWithApi(<AllDaySection />, api)
    fireEvent.click(await screen.findByLabelText('Bilgisayarla birlikte başlat'))
    await waitFor(() => expect(api.updateSettings).toHaveBeenCalledWith({ startWithComputer: true }))
  })
})
