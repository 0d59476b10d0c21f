import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { BoardOrder } from '../../../../src-shared/domain.ts'
import { renderWithApi } from '../../../../test-support/renderer/render-with-api.tsx'
import { IncomingOrderAnnouncer, OrderSource } from './OrderSource.tsx'

afterEach(cleanup)

const order = (key: string, source?: BoardOrder['source']): BoardOrder => ({
  paymentKey: key,
  addedAt: '2026-11-22T09:05:00.000Z',
  handover: { state: 'none' },
  ...(source === undefined ? {} : { source }),
})
const A = '3f2b7c9e-1a4d-4e8b-9c2f-5d6e7f8a9b0c'
const B = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'
const C = '11111111-2222-4333-8444-555555555555'

describe('OrderSource', () => {
  it.each([
    ['pos-api', 'POS'],
    ['link', 'Bağlantı'],
    ['command-line', 'Komut satırı'],
    ['drop-folder', 'Klasör'],
    ['typed', 'Elle / okuyucu'],
  ] as const)('names %s as %s, with the time it came', async (source, name) => {
    renderWithApi(<OrderSource order={order(A, source)} />)
    const time = await screen.findByText((_, element) => element?.tagName === 'TIME')
    expect(time.getAttribute('datetime')).toBe('2026-11-22T09:05:00.000Z')
    expect(time.parentElement?.textContent.startsWith(`${name} · `)).toBe(true)
  })

  it('treats an order kept from before the intake as typed', () => {
    renderWithApi(<OrderSource order={order(A)} />)
    expect(screen.getByTitle(/Elle \/ okuyucu/)).toBeTruthy()
  })
})

describe('IncomingOrderAnnouncer', () => {
  it('is silent about the board it opened with and about typed orders, and announces one from the POS', () => {
    const view = render(<IncomingOrderAnnouncer orders={[order(A, 'pos-api')]} />)
    const region = screen.getByTestId('incoming-orders')
    expect(region.getAttribute('aria-live')).toBe('polite')
    expect(region.textContent).toBe('')
    view.rerender(<IncomingOrderAnnouncer orders={[order(A, 'pos-api'), order(B, 'typed')]} />)
    expect(region.textContent).toBe('')
    view.rerender(
      <IncomingOrderAnnouncer orders={[order(A, 'pos-api'), order(B, 'typed'), order(C, 'pos-api')]} />,
    )
    expect(region.textContent).toBe('Yeni sipariş 555-555 panoya eklendi (POS).')
  })

  it('announces a burst as one sentence', () => {
    const view = render(<IncomingOrderAnnouncer orders={[]} />)
    view.rerender(<IncomingOrderAnnouncer orders={[order(A, 'drop-folder'), order(B, 'link')]} />)
    expect(screen.getByTestId('incoming-orders').textContent).toBe('2 yeni sipariş panoya eklendi.')
  })

  it('waits for the board to load before it knows what is news', () => {
    const view = render(<IncomingOrderAnnouncer orders={undefined} />)
    view.rerender(<IncomingOrderAnnouncer orders={[order(A, 'pos-api')]} />)
    expect(screen.getByTestId('incoming-orders').textContent).toBe('')
  })
})
