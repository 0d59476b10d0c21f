// The card's slip buttons and the app's one slip printer (D52): a press prints through the printer, and the
// slip after a hand-over is printed whether or not its card is on screen.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { BoardOrder } from '../../../src-shared/domain.ts'
import { shortCodeOf } from '../../../src-shared/order-rules.ts'
import type { SlipPrintResult } from '../../../src-shared/print-bridge.ts'
import { renderWithApi, TEST_SETTINGS } from '../../../test-support/renderer/render-with-api.tsx'
import { keys } from '../queries.ts'
import { SlipButton } from './SlipButton.tsx'
import { useSlipQueue } from './slip-queue.ts'
import { SlipPrinter } from './SlipPrinter.tsx'

// jsdom lays nothing out and has no constructed style sheets: the page is "measured" from the slip on the page,
// so a print with no slip drawn still fails the test.
vi.mock('./page-size.ts', () => ({
  fitPageToSlip: () => {
    const slip = document.querySelector<HTMLElement>('.slip-print-root .slip[data-paper-mm]')
    return slip ? { widthMm: Number(slip.dataset['paperMm']), heightMm: 120 } : null
  },
}))

const KEY = '0d3e1f00-5a1b-4c2d-8e3f-100000000001'
const OTHER = '0d3e1f00-5a1b-4c2d-8e3f-100000000002'
const order = (overrides: Partial<BoardOrder> = {}): BoardOrder => ({
  paymentKey: KEY,
  addedAt: '2026-11-22T10:00:00.000Z',
  courierType: 'restaurant',
  shippingMethod: 'delivery',
  paymentMethod: 'CASH',
  handover: { state: 'none' },
  ...overrides,
})
const sending = (paymentKey = KEY) =>
  order({ paymentKey, handover: { state: 'sending', since: '2026-11-22T10:01:00.000Z' } })
const handedOver = (paymentKey = KEY) =>
  order({ paymentKey, handover: { state: 'handed-over', at: '2026-11-22T10:01:01.000Z' } })

function desktopBridge(print: () => Promise<SlipPrintResult> = () => Promise.resolve({ result: 'printed' })) {
  return {
    printSlip: vi.fn(print),
    saveSlipPdf: vi.fn(() => Promise.resolve({ result: 'saved' as const })),
    listPrinters: vi.fn(() => Promise.resolve([])),
  }
}

/** The printer as the app mounts it, with the board the core would list; `card` also draws that order's card. */
function renderPrinter(
  board: BoardOrder[],
  options: { card?: BoardOrder; settings?: typeof TEST_SETTINGS } = {},
) {
  const api = {
    listOrders: () => Promise.resolve({ ok: true as const, value: board }),
    getMethods: () =>
      Promise.resolve({
        ok: true as const,
        value: { paymentMethods: [{ key: 'CASH', name: 'Nakit' }], shippingMethods: [], fetchedAt: '' },
      }),
  }
  const rendered = renderWithApi(
    <>
      {options.card && <SlipButton order={options.card} />}
      <SlipPrinter signedIn />
    </>,
    api,
    options.settings ?? TEST_SETTINGS,
  )
  /** The board as the core first listed it, and the settings, have arrived (a change must not race them). */
  const boardListed = () =>
    waitFor(() => {
      expect(rendered.queryClient.getQueryState(keys.orders)?.status).toBe('success')
      expect(rendered.queryClient.getQueryState(keys.settings)?.status).toBe('success')
    })
  /** The board as the core's orderChanged events leave it. */
  const setBoard = (next: BoardOrder[]) => {
    act(() => {
      rendered.queryClient.setQueryData(keys.orders, next)
    })
  }
  return { boardListed, setBoard }
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)))

beforeEach(() => {
  delete window.printBridge
  useSlipQueue.setState({ jobs: [], failed: new Set() })
})
afterEach(() => {
  cleanup()
  delete window.printBridge
})

describe('the slip buttons', () => {
  it('print the slip at the paper width from Settings through the desktop app, and remove it after', async () => {
    const bridge = desktopBridge()
    window.printBridge = bridge
    renderPrinter([order()], { card: order(), settings: { ...TEST_SETTINGS, slipPaperWidth: 58 } })
    fireEvent.click(await screen.findByRole('button', { name: 'Fiş yazdır' }))
    await waitFor(() => expect(bridge.printSlip).toHaveBeenCalledWith({ widthMm: 58, heightMm: 120 }))
    await waitFor(() => expect(document.querySelector('.slip-print-root')).toBeNull())
    expect(bridge.printSlip).toHaveBeenCalledTimes(1)
  })

  it('save a PDF named after the short code', async () => {
    const bridge = desktopBridge()
    window.printBridge = bridge
    renderPrinter([order()], { card: order() })
    fireEvent.click(await screen.findByRole('button', { name: 'PDF olarak kaydet' }))
    await waitFor(() => expect(bridge.saveSlipPdf).toHaveBeenCalledTimes(1))
    expect(bridge.saveSlipPdf.mock.calls[0]).toEqual([
      { page: { widthMm: 80, heightMm: 120 }, fileCode: shortCodeOf(KEY) },
    ])
  })

  it('use the browser’s print dialog in web mode, with the slip on the page', async () => {
    let slipShown = false
    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      slipShown = document.querySelector('.slip-print-root .slip') !== null
    })
    renderPrinter([order()], { card: order() })
    fireEvent.click(await screen.findByRole('button', { name: 'Fiş yazdır' }))
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1))
    expect(slipShown).toBe(true)
    print.mockRestore()
  })

  it('say so on the card when the slip did not print, and wait while it is queued', async () => {
    let answer: (result: SlipPrintResult) => void = () => undefined
    const bridge = desktopBridge(() => new Promise((resolve) => (answer = resolve)))
    window.printBridge = bridge
    renderPrinter([order()], { card: order() })
    fireEvent.click(await screen.findByRole('button', { name: 'Fiş yazdır' }))
    await waitFor(() => expect(bridge.printSlip).toHaveBeenCalledTimes(1))
    expect(screen.getByRole('button', { name: 'Fiş yazdır' })).toHaveProperty('disabled', true)
    act(() => answer({ result: 'failed', reason: 'printer' }))
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Fiş yazdırılamadı. Yazıcıyı ve Ayarlar’daki seçimi kontrol edin.',
    )
    expect(screen.getByRole('button', { name: 'Fiş yazdır' })).toHaveProperty('disabled', false)
  })

  it('are not shown for a pickup order', async () => {
    renderPrinter([], { card: order({ shippingMethod: 'pickup' }) })
    await settle()
    expect(screen.queryByRole('button', { name: 'Fiş yazdır' })).toBeNull()
  })
})

describe('the slip printed by itself after a hand-over', () => {
  const enabled = { ...TEST_SETTINGS, printAfterHandover: true }

  it('prints once when a hand-over goes through, with no card on screen', async () => {
    const bridge = desktopBridge()
    window.printBridge = bridge
    const { boardListed, setBoard } = renderPrinter([sending()], { settings: enabled })
    await boardListed()
    setBoard([handedOver()])
    await waitFor(() => expect(bridge.printSlip).toHaveBeenCalledTimes(1))
    setBoard([{ ...handedOver(), label: 'Masa 4' }])
    await settle()
    expect(bridge.printSlip).toHaveBeenCalledTimes(1)
  })

  it('prints two hand-overs that land together one after the other, each with its own slip', async () => {
    const printed: string[] = []
    const answers: Array<() => void> = []
    const bridge = desktopBridge(
      () =>
        new Promise((resolve) => {
          printed.push(document.querySelector('.slip-print-root')?.textContent ?? '')
          answers.push(() => resolve({ result: 'printed' }))
        }),
    )
    window.printBridge = bridge
    const { boardListed, setBoard } = renderPrinter([sending(KEY), sending(OTHER)], { settings: enabled })
    await boardListed()
    setBoard([handedOver(KEY), handedOver(OTHER)])
    await waitFor(() => expect(bridge.printSlip).toHaveBeenCalledTimes(1))
    await settle()
    expect(bridge.printSlip).toHaveBeenCalledTimes(1)
    act(() => answers[0]?.())
    await waitFor(() => expect(bridge.printSlip).toHaveBeenCalledTimes(2))
    act(() => answers[1]?.())
    expect(printed[0]).toContain(shortCodeOf(KEY))
    expect(printed[1]).toContain(shortCodeOf(OTHER))
  })

  it('prints nothing when Settings say no, for an order already handed over at start, or for a pickup', async () => {
    const bridge = desktopBridge()
    window.printBridge = bridge
    const off = renderPrinter([sending()])
    await off.boardListed()
    off.setBoard([handedOver()])
    await settle()
    cleanup()
    const pickup = (state: BoardOrder) => ({ ...state, paymentKey: OTHER, shippingMethod: 'pickup' })
    const on = renderPrinter([handedOver(), pickup(sending())], { settings: enabled })
    await on.boardListed()
    on.setBoard([{ ...handedOver(), label: 'Masa 4' }, pickup(handedOver())])
    await settle()
    expect(bridge.printSlip).not.toHaveBeenCalled()
  })
})
