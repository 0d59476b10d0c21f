import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BoardOrder } from '../../../../src-shared/domain.ts'
import { renderWithApi } from '../../../../test-support/renderer/render-with-api.tsx'
import { useBoardUi } from '../../state.ts'
import { BoardAnnouncer } from './BoardAnnouncer.tsx'
import { OrderSource, useAnnounceIncomingOrders } from './OrderSource.tsx'

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

  it('says which way in tried to change what the order said, and what (it was not changed)', () => {
    renderWithApi(
      <OrderSource
        order={{
          ...order(A, 'pos-api'),
          refusedChange: {
            source: 'drop-folder',
            fields: ['paymentMethod', 'courierType'],
            at: '2026-11-22T09:07:00.000Z',
          },
        }}
      />,
    )
    const line = screen.getByTitle(/^Geldiği yer: POS/)
    expect(line.textContent).toContain('Klasör değiştirmek istedi: ödeme, kurye (değiştirilmedi)')
  })

  it('says who corrected what the order said, beside a change another way in offered (issue 27.3)', () => {
    renderWithApi(
      <OrderSource
        order={{
          ...order(A, 'drop-folder'),
          corrected: {
            source: 'pos-api',
            fields: ['paymentMethod', 'amountKurus'],
            at: '2026-11-22T09:06:00.000Z',
          },
          refusedChange: { source: 'link', fields: ['label'], at: '2026-11-22T09:07:00.000Z' },
        }}
      />,
    )
    const line = screen.getByTitle(/^Geldiği yer: Klasör/)
    expect(line.textContent).toContain(' · POS düzeltti: ödeme, tutar · Bağlantı değiştirmek istedi: etiket')
    expect(line.getAttribute('title')).toContain('. POS düzeltti: ödeme, tutar. Bağlantı değiştirmek istedi')
  })

  it('treats an order kept from before the intake as typed', () => {
    renderWithApi(<OrderSource order={order(A)} />)
    expect(screen.getByTitle(/Elle \/ okuyucu/)).toBeTruthy()
  })
})

/** The board's announcing as OrderBoard wires it: one live region, fed by arrivals and state changes. */
function Announcing({ orders }: { orders: readonly BoardOrder[] | undefined }) {
  useAnnounceIncomingOrders(orders)
  return <BoardAnnouncer orders={orders} />
}

describe('orders arriving from outside, in the board’s one live region', () => {
  beforeEach(() => useBoardUi.setState({ announcement: { text: '', nonce: 0, at: 0 } }))

  it('is silent about the board it opened with and about typed orders, and announces one from the POS', () => {
    const view = render(<Announcing orders={[order(A, 'pos-api')]} />)
    const region = screen.getByTestId('board-announcer')
    expect(region.getAttribute('aria-live')).toBe('polite')
    expect(region.textContent).toBe('')
    view.rerender(<Announcing orders={[order(A, 'pos-api'), order(B, 'typed')]} />)
    expect(region.textContent).toBe('')
    view.rerender(<Announcing orders={[order(A, 'pos-api'), order(B, 'typed'), order(C, 'pos-api')]} />)
    expect(region.textContent).toBe('Yeni sipariş 555-555 panoya eklendi (POS).')
    // The board has one live region: no second one to be read over it.
    expect(document.querySelectorAll('[aria-live]')).toHaveLength(1)
  })

  it('announces a burst as one sentence', () => {
    const view = render(<Announcing orders={[]} />)
    view.rerender(<Announcing orders={[order(A, 'drop-folder'), order(B, 'link')]} />)
    expect(screen.getByTestId('board-announcer').textContent).toBe('2 yeni sipariş panoya eklendi.')
  })

  it('waits for the board to load before it knows what is news', () => {
    const view = render(<Announcing orders={undefined} />)
    view.rerender(<Announcing orders={[order(A, 'pos-api')]} />)
    expect(screen.getByTestId('board-announcer').textContent).toBe('')
  })

  it('keeps both when an order arrives in the same moment as another is handed over', () => {
    const waiting = order(A, 'typed')
    const view = render(<Announcing orders={[waiting]} />)
    const handedOver: BoardOrder = {
      ...waiting,
      handover: { state: 'handed-over', at: '2026-11-22T09:06:00.000Z' },
    }
    view.rerender(<Announcing orders={[handedOver, order(C, 'pos-api')]} />)
    const text = screen.getByTestId('board-announcer').textContent
    expect(text).toContain('Yeni sipariş 555-555 panoya eklendi (POS).')
    expect(text).toContain(': kuryeye verildi')
  })
})
