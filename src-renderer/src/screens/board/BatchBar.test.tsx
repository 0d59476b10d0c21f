// The batch bar (issue 28): the core's batch, as a ledger fact, with its bags and sums as the core gave them; a
// refused bag marked and in no total; an unknown cash "?" never a zero.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bag, batchOf, courierToday } from '../../../../test-support/renderer/day-end-fixtures.ts'
import { renderWithApi } from '../../../../test-support/renderer/render-with-api.tsx'
import { useSlipQueue } from '../../slip/slip-queue.ts'
import { BatchBar } from './BatchBar.tsx'
import type { OrderActions } from './OrderActionButtons.tsx'

const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value })
const actions = {
  handOver: vi.fn(),
  withdraw: vi.fn(),
  sendNow: vi.fn(),
  panelCheck: vi.fn(),
  remove: vi.fn(),
} as unknown as OrderActions

afterEach(() => {
  cleanup()
  useSlipQueue.setState(useSlipQueue.getInitialState(), true)
})

function renderBar(batches: ReturnType<typeof batchOf>[]) {
  const endCourierBatch = vi.fn(({ batchId }: { batchId: string }) =>
    ok({ ...batchOf({ batchId }), endedAt: new Date().toISOString() }),
  )
  renderWithApi(<BatchBar orders={[]} actions={actions} methodNames={new Map([['CASH', 'Nakit']])} />, {
    getCourierToday: () => ok(courierToday([], { batches })),
    endCourierBatch,
  })
  return endCourierBatch
}

describe('BatchBar', () => {
  it('marks a refused bag GÖNDERİLEMEDİ, leaves it out of the count and the cash, and says ? for the unknown', async () => {
    renderBar([
      batchOf({
        bags: [
          bag(1, { amountKurus: 19_990 }),
          bag(2, { amountKurus: 20_000, refused: true, state: 'refused' }),
          bag(3, { paymentMethod: undefined, tender: 'unknown', collect: false }),
        ],
        cashToCollectKurus: 19_990,
        unknownCount: 1,
        refused: 1,
      }),
    ])
    const bar = await screen.findByRole('region', { name: 'Ahmet’e veriliyor · 2 paket' })
    expect(within(bar).getByText(/Tahsil edilecek: 199,90 ₺/).textContent).toBe(
      'Tahsil edilecek: 199,90 ₺ + ? (1 paket: kontrol edin) · 1 paket GÖNDERİLEMEDİ',
    )
    const items = within(within(bar).getByRole('list')).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      '000-001199,90 ₺',
      '000-002GÖNDERİLEMEDİ',
      '000-003? kontrol edin',
    ])
    // Never a zero for the bag of unknown method.
    expect(within(bar).queryByText(/0,00 ₺/)).toBeNull()
  })

  it('shows no bar for an ended batch or one idle 15 minutes; Bitir ends it in the ledger', async () => {
    const ended = batchOf({ batchId: 'b-ended', endedAt: new Date().toISOString() })
    const idle = batchOf({
      batchId: 'b-idle',
      lastTouchedAt: new Date(Date.now() - 16 * 60_000).toISOString(),
    })
    const endCourierBatch = renderBar([ended, idle, batchOf({ batchId: 'b-open', name: 'Zeynep' })])
    const bar = await screen.findByRole('region', { name: 'Zeynep’e veriliyor · 0 paket' })
    fireEvent.click(within(bar).getByRole('button', { name: 'Bitir (Esc)' }))
    await waitFor(() =>
      expect(endCourierBatch).toHaveBeenCalledWith(expect.objectContaining({ batchId: 'b-open' })),
    )
  })
})
