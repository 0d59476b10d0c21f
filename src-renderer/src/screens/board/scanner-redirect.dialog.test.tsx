// Only a scan is taken as a scan (issue 30), with the real return dialog over a board whose scanner redirect
// listens: `159,90` and Enter typed at a scanner's pace into its amount, and a correction's, are saved as typed.
// Before, the redirect held the keys back, took them for a scan, and nothing was saved.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CallInput } from '../../../../src-shared/contract.ts'
import type { CashRecord, CourierListed } from '../../../../src-shared/couriers.ts'
import {
  cashLine,
  courierLine,
  dayEndView,
  TODAY,
  todayOf,
} from '../../../../test-support/renderer/day-end-fixtures.ts'
import { renderWithApi } from '../../../../test-support/renderer/render-with-api.tsx'
import { ReturnDialog } from '../day-end/ReturnDialog.tsx'
import { installScannerRedirect } from './scanner-redirect.ts'

const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value })
const ahmet: CourierListed = {
  id: 'c-ahmet',
  name: 'Ahmet',
  retired: false,
  addedAt: '2026-11-20T08:00:00.000Z',
}
const written = (input: CallInput<'recordCourierMovement'>): CashRecord => ({
  id: input.corrects === undefined ? 'cash-new' : 'cash-fix',
  seq: 9,
  at: '2026-11-25T15:00:00.000Z',
  courierId: input.courierId,
  kind: input.kind,
  amountKurus: input.amountKurus,
  day: TODAY,
})

let now = 0
let stop: () => void = () => undefined
const scans: string[] = []

beforeEach(() => {
  now = 0
  scans.length = 0
})
afterEach(() => {
  stop()
  cleanup()
})

/** The board's order field and its redirect, with the real return dialog over them. */
function renderOverBoard(cash: ReturnType<typeof cashLine>[] = []) {
  const day = dayEndView([courierLine('c-ahmet', 'Ahmet', 3, 39_990, cash)])
  const api = {
    getCourierToday: vi.fn(() => ok(todayOf(day))),
    getDayEnd: vi.fn(() => ok(day)),
    listCouriers: vi.fn(() => ok([ahmet])),
    recordCourierMovement: vi.fn((input: CallInput<'recordCourierMovement'>) => ok(written(input))),
  }
  const rendered = renderWithApi(
    <>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          scans.push(screen.getByLabelText<HTMLInputElement>('Sipariş numarası').value)
        }}
      >
        <input aria-label="Sipariş numarası" />
      </form>
      <ReturnDialog courierId="c-ahmet" onClose={() => undefined} />
    </>,
    api,
  )
  stop = installScannerRedirect({
    orderField: () => screen.getByLabelText<HTMLInputElement>('Sipariş numarası'),
    now: () => now,
    setTimer: () => () => undefined,
  })
  return { api, ...rendered }
}

/** Keys 5 ms apart, as a scanner (or a fast hand) types: each typed unless the page prevents it; then Enter. */
function typeFast(field: HTMLInputElement, text: string) {
  for (const key of text) {
    now += 5
    const typed = fireEvent.keyDown(field, { key })
    if (typed) fireEvent.change(field, { target: { value: field.value + key } })
  }
  now += 5
  if (fireEvent.keyDown(field, { key: 'Enter' })) fireEvent.submit(field.closest('form') as HTMLFormElement)
}

describe('an amount typed at a scanner’s pace in the return dialog', () => {
  it('is saved as typed, and focus stays in the dialog', async () => {
    const { api } = renderOverBoard()
    await screen.findByText('Beklenen: 399,90 ₺')
    const amount = screen.getByLabelText<HTMLInputElement>('Teslim edilen nakit')
    typeFast(amount, '159,90')
    await waitFor(() => expect(api.recordCourierMovement).toHaveBeenCalledOnce())
    expect(api.recordCourierMovement.mock.calls[0]?.[0]).toMatchObject({ amountKurus: 15_990 })
    expect(scans).toEqual([])
    expect(screen.getByLabelText<HTMLInputElement>('Sipariş numarası').value).toBe('')
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true)
  })

  it('is saved as typed in a correction too', async () => {
    const { api } = renderOverBoard([cashLine('cash-1', 20_000)])
    await screen.findByText('Beklenen: 199,90 ₺')
    const records = screen.getByRole('region', { name: 'Bu günün teslim kayıtları' })
    fireEvent.click(within(records).getByRole('button', { name: /düzelt/ }))
    const correction = within(records).getByLabelText<HTMLInputElement>(/yerine/)
    typeFast(correction, '159,90')
    await waitFor(() => expect(api.recordCourierMovement).toHaveBeenCalledOnce())
    expect(api.recordCourierMovement.mock.calls[0]?.[0]).toMatchObject({
      corrects: 'cash-1',
      amountKurus: 15_990,
    })
    expect(scans).toEqual([])
  })
})
