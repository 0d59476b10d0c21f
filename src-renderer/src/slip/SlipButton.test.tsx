import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { useEffect, useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { BoardOrder } from '../../../src-shared/domain.ts'
import { shortCodeOf } from '../../../src-shared/order-rules.ts'
import { renderWithApi, TEST_SETTINGS } from '../../../test-support/renderer/render-with-api.tsx'
import { SlipButton } from './SlipButton.tsx'

// jsdom lays nothing out and has no constructed style sheets: the page is "measured" from the slip on the page,
// so a print with no slip drawn still fails the test.
vi.mock('./page-size.ts', () => ({
  fitPageToSlip: () => {
    const slip = document.querySelector<HTMLElement>('.slip-print-root .slip[data-paper-mm]')
    return slip ? { widthMm: Number(slip.dataset['paperMm']), heightMm: 120 } : null
  },
}))

const KEY = '0d3e1f00-5a1b-4c2d-8e3f-100000000001'
const names = new Map([['CASH', 'Nakit']])
const order = (overrides: Partial<BoardOrder> = {}): BoardOrder => ({
  paymentKey: KEY,
  addedAt: '2026-11-22T10:00:00.000Z',
  courierType: 'restaurant',
  shippingMethod: 'delivery',
  paymentMethod: 'CASH',
  handover: { state: 'none' },
  ...overrides,
})

/** The card as the board shows it: the order changes under it, as the core's events arrive. */
const card: { setOrder: (next: BoardOrder) => void } = { setOrder: () => undefined }
function Card({ initial }: { initial: BoardOrder }) {
  const [current, set] = useState(initial)
  useEffect(() => {
    card.setOrder = set
  }, [])
  return <SlipButton order={current} methodNames={names} />
}

function desktopBridge() {
  return {
    printSlip: vi.fn(() => Promise.resolve({ result: 'printed' as const })),
    saveSlipPdf: vi.fn(() => Promise.resolve({ result: 'saved' as const })),
    listPrinters: vi.fn(() => Promise.resolve([])),
  }
}

beforeEach(() => {
  delete window.printBridge
})
afterEach(() => {
  cleanup()
  delete window.printBridge
})

describe('SlipButton', () => {
  it('prints the slip at the paper width from Settings through the desktop app, and removes it after', async () => {
    const bridge = desktopBridge()
    window.printBridge = bridge
    renderWithApi(
      <SlipButton order={order()} methodNames={names} />,
      {},
      { ...TEST_SETTINGS, slipPaperWidth: 58 },
    )
    fireEvent.click(await screen.findByRole('button', { name: 'Fiş yazdır' }))
    await waitFor(() => expect(bridge.printSlip).toHaveBeenCalledWith({ widthMm: 58, heightMm: 120 }))
    await waitFor(() => expect(document.querySelector('.slip-print-root')).toBeNull())
  })

  it('saves a PDF named after the short code', async () => {
    const bridge = desktopBridge()
    window.printBridge = bridge
    renderWithApi(<SlipButton order={order()} methodNames={names} />)
    fireEvent.click(await screen.findByRole('button', { name: 'PDF olarak kaydet' }))
    await waitFor(() => expect(bridge.saveSlipPdf).toHaveBeenCalledTimes(1))
    expect(bridge.saveSlipPdf.mock.calls[0]).toEqual([
      { page: { widthMm: 80, heightMm: 120 }, fileCode: shortCodeOf(KEY) },
    ])
  })

  it('uses the browser’s print dialog in web mode, with the slip on the page', async () => {
    let slipShown = false
    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      slipShown = document.querySelector('.slip-print-root .slip') !== null
    })
    renderWithApi(<SlipButton order={order()} methodNames={names} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Fiş yazdır' }))
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1))
    expect(slipShown).toBe(true)
    print.mockRestore()
  })

  it('prints by itself once right after a successful hand-over when Settings say so', async () => {
    const bridge = desktopBridge()
    window.printBridge = bridge
    const settings = { ...TEST_SETTINGS, printAfterHandover: true }
    const sending = order({ handover: { state: 'sending', since: '2026-11-22T10:01:00.000Z' } })
    renderWithApi(<Card initial={sending} />, {}, settings)
    await screen.findByRole('button', { name: 'Fiş yazdır' })
    const done = order({ handover: { state: 'handed-over', at: '2026-11-22T10:01:01.000Z' } })
    act(() => card.setOrder(done))
    await waitFor(() => expect(bridge.printSlip).toHaveBeenCalledTimes(1))
    act(() => card.setOrder({ ...done, label: 'Masa 4' }))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(bridge.printSlip).toHaveBeenCalledTimes(1)
  })

  it('does not print by itself when the setting is off, and shows no button for a pickup order', async () => {
    const bridge = desktopBridge()
    window.printBridge = bridge
    const sending = order({ handover: { state: 'sending', since: '2026-11-22T10:01:00.000Z' } })
    renderWithApi(<Card initial={sending} />)
    await screen.findByRole('button', { name: 'Fiş yazdır' })
    act(() => card.setOrder(order({ handover: { state: 'handed-over', at: '2026-11-22T10:01:01.000Z' } })))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(bridge.printSlip).not.toHaveBeenCalled()
    act(() => card.setOrder(order({ shippingMethod: 'pickup' })))
    expect(screen.queryByRole('button', { name: 'Fiş yazdır' })).toBeNull()
  })
})
