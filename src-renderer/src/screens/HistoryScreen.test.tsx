import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { HistoryEntry, HistoryPage } from '../../../src-shared/domain.ts'
import { renderWithApi } from '../testing/render-with-api.tsx'
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

function pages(...list: HistoryPage[]) {
  const listHistory = vi.fn(({ beforeSeq }: { beforeSeq?: number }) => {
    // The page that continues below `beforeSeq`: its newest entry is the one just before it.
    const page = beforeSeq === undefined ? list[0] : list.find((p) => p.entries[0]?.seq === beforeSeq - 1)
    return Promise.resolve({
      ok: true as const,
      value: page ?? { entries: [], nextBeforeSeq: null, total: 0 },
    })
  })
  return listHistory
}

describe('HistoryScreen', () => {
  it('lists every attempt newest first with its result and the platform words, and pages back', async () => {
    const listHistory = pages(
      {
        entries: [
          entry(2, { result: 'handed-over', httpStatus: 200, label: 'Masa 4' }),
          entry(1, {
            httpStatus: 503,
            error: { code: 'server-error', retryable: true, httpStatus: 503, platformError: 'sunucu hatası' },
          }),
        ],
        nextBeforeSeq: 1,
        total: 3,
      },
      { entries: [entry(0, { result: 'interrupted' })], nextBeforeSeq: null, total: 3 },
    )
    renderWithApi(<HistoryScreen />, { listHistory } as never)
    const table = await screen.findByRole('table', { name: 'Kuryeye teslim geçmişi' })
    const rows = within(table).getAllByRole('row')
    expect(rows[1]?.textContent).toContain('000-001 · Masa 4')
    expect(rows[1]?.textContent).toContain('Kuryeye verildi')
    expect(rows[1]?.textContent).toContain('OK · HTTP 200')
    expect(rows[2]?.textContent).toContain('Yeniden denenecek')
    expect(rows[2]?.textContent).toContain('“sunucu hatası”')
    expect(screen.getByText('3 kayıttan 2 tanesi gösteriliyor.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Daha eski kayıtlar' }))
    await screen.findByText('Yarıda kaldı (uygulama kapandı)')
    expect(listHistory).toHaveBeenLastCalledWith({ limit: 50, beforeSeq: 1 })
    expect(screen.queryByRole('button', { name: 'Daha eski kayıtlar' })).toBeNull()
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
      listHistory: pages({ entries: [entry(0)], nextBeforeSeq: null, total: 1 }),
      exportHistoryCsv,
    } as never)
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
      listHistory: pages({ entries: [], nextBeforeSeq: null, total: 0 }),
    } as never)
    expect(await screen.findByText('Henüz bir deneme yok.')).toBeTruthy()
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'CSV olarak indir' }).disabled).toBe(true)
  })
})
