import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { HistoryQuery } from '../../../src-shared/contract.ts'
import type { HistoryEntry, HistoryPage, OrderHistory } from '../../../src-shared/domain.ts'
import { renderWithApi } from '../../../test-support/renderer/render-with-api.tsx'
import { HistoryScreen } from './HistoryScreen.tsx'

const KEY = '0d3e1f00-5a1b-4c2d-8e3f-100000000001'
const entry = (seq: number, overrides: Partial<HistoryEntry> = {}): HistoryEntry => ({
  seq,
  paymentKey: KEY,
  attempt: seq + 1,
  at: '2026-11-21T12:00:00.000Z',
  result: 'will-retry',
  ...overrides,
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const row = (paymentKey: string, attempts: HistoryEntry[], label?: string): OrderHistory => {
  const last = attempts.at(-1) as HistoryEntry
  return { paymentKey, result: last.result, at: last.at, attempts, ...(label ? { label } : {}) }
}
const OTHER = '0d3e1f00-5a1b-4c2d-8e3f-100000000002'

/** A stand-in core: the rows of each day, filtered and paged as the core does. */
function history(byDay: Record<string, OrderHistory[]>, pageSize = 50) {
  const days = Object.keys(byDay).sort().reverse()
  return vi.fn((query: HistoryQuery): Promise<{ ok: true; value: HistoryPage }> => {
    const day = query.day ?? days[0] ?? null
    const rows = (day === null ? [] : (byDay[day] ?? [])).filter(
      (r) => query.state === undefined || r.result === query.state,
    )
    const offset = query.offset ?? 0
    const orders = rows.slice(offset, offset + Math.min(pageSize, query.limit))
    const next = offset + orders.length
    return Promise.resolve({
      ok: true,
      value: { day, days, orders, nextOffset: next < rows.length ? next : null, total: rows.length },
    })
  })
}

describe('HistoryScreen', () => {
  it('shows one row per order with its attempts folded inside, and pages from the core', async () => {
    const listHistory = history(
      {
        '2026-11-21': [
          row(
            KEY,
            [
              entry(0, {
                httpStatus: 503,
                error: {
                  code: 'server-error',
                  retryable: true,
                  httpStatus: 503,
                  platformError: 'sunucu hatası',
                },
              }),
              entry(1, { result: 'handed-over', httpStatus: 200, label: 'Masa 4' }),
            ],
            'Masa 4',
          ),
          row(OTHER, [entry(2, { paymentKey: OTHER, result: 'interrupted' })]),
        ],
      },
      1,
    )
    renderWithApi(<HistoryScreen />, { listHistory })
    const table = await screen.findByRole('table', { name: 'Kuryeye teslim geçmişi' })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(2)
    expect(rows[1]?.textContent).toContain('000-001 · Masa 4')
    expect(rows[1]?.textContent).toContain('Kuryeye verildi · OK · HTTP 200')
    expect(rows[1]?.textContent).toContain('2 deneme')
    // The earlier attempt is inside the row, with the platform's own words.
    expect(within(rows[1] as HTMLElement).getAllByRole('listitem')).toHaveLength(2)
    expect(rows[1]?.textContent).toContain('Yeniden denenecek')
    expect(rows[1]?.textContent).toContain('“sunucu hatası”')
    expect(screen.getByText('2 siparişten 1 tanesi gösteriliyor.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Daha eski kayıtlar' }))
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
    expect(listHistory).toHaveBeenLastCalledWith({ limit: 50, offset: 1 })
    expect(screen.queryByRole('button', { name: 'Daha eski kayıtlar' })).toBeNull()
  })

  it('filters by day and by state through the core', async () => {
    const listHistory = history({
      '2026-11-21': [row(KEY, [entry(0, { result: 'handed-over' })])],
      '2026-11-20': [
        row(KEY, [entry(1, { result: 'refused', error: { code: 'order-not-found', retryable: false } })]),
        row(OTHER, [entry(2, { paymentKey: OTHER, result: 'handed-over' })]),
      ],
    })
    renderWithApi(<HistoryScreen />, { listHistory })
    await screen.findByRole('table')
    const day = screen.getByLabelText<HTMLSelectElement>('Gün')
    expect([...day.options].map((option) => option.textContent)).toEqual(['21.11.2026', '20.11.2026'])
    fireEvent.change(day, { target: { value: '2026-11-20' } })
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3))
    expect(listHistory).toHaveBeenLastCalledWith({ day: '2026-11-20', limit: 50, offset: 0 })
    fireEvent.change(screen.getByLabelText('Durum'), { target: { value: 'refused' } })
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2))
    expect(listHistory).toHaveBeenLastCalledWith({
      day: '2026-11-20',
      state: 'refused',
      limit: 50,
      offset: 0,
    })
    expect(screen.getByRole('table').textContent).toContain('Sipariş bulunamadı')
    fireEvent.change(screen.getByLabelText('Durum'), { target: { value: 'unconfirmed' } })
    expect(await screen.findByText('Bu gün bu durumda sipariş yok.')).toBeTruthy()
  })

  it('downloads the CSV the core made, under a dated name', async () => {
    const csv = '\uFEFFTarih;Sipariş kodu\r\n'
    const exportHistoryCsv = vi.fn(() => Promise.resolve({ ok: true as const, value: csv }))
    const blobs: Blob[] = []
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob)
      return 'blob:test'
    })
    URL.revokeObjectURL = vi.fn()
    const clicked: HTMLAnchorElement[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this)
    })
    renderWithApi(<HistoryScreen />, {
      listHistory: history({ '2026-11-21': [row(KEY, [entry(0)])] }),
      exportHistoryCsv,
    })
    await screen.findByRole('table')
    fireEvent.click(screen.getByRole('button', { name: 'CSV olarak indir' }))
    await waitFor(() => expect(clicked).toHaveLength(1))
    expect(clicked[0]?.download).toMatch(/^pos-companion-gecmis-\d{8}\.csv$/)
    expect(clicked[0]?.href).toBe('blob:test')
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8')
    // The file starts with the UTF-8 BOM that tells Excel the encoding (Blob.text() would hide it).
    const bytes = new Uint8Array((await blobs[0]?.arrayBuffer()) ?? new ArrayBuffer(0))
    expect([...bytes]).toEqual([...new TextEncoder().encode(csv)])
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  })

  it('says so when there is nothing yet, and offers no export', async () => {
    renderWithApi(<HistoryScreen />, {
      listHistory: history({}),
    })
    expect(await screen.findByText('Henüz bir deneme yok.')).toBeTruthy()
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'CSV olarak indir' }).disabled).toBe(true)
  })
})
