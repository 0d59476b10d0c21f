// When an open Gün sonu (and the board's courier strip) reads the courier's day again (queries.ts): only for a
// change that can move a courier's figures, once for a burst of them, and never leaving the figures behind a
// hand-over, a return or a correction. The counts are of getDayEnd calls on a stand-in core: each is one
// settlement the core works out (about 75 ms on a busy day, bench/README.md).
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { EventName } from '../../src-shared/channels.ts'
import type { Api, CallInput } from '../../src-shared/contract.ts'
import type { DayEndView } from '../../src-shared/couriers.ts'
import type { BoardOrder, Handover } from '../../src-shared/domain.ts'
import {
  cashLine,
  courierLine,
  dayEndView,
  TODAY,
  todayOf,
} from '../../test-support/renderer/day-end-fixtures.ts'
import { TEST_SETTINGS } from '../../test-support/renderer/render-with-api.tsx'
import { MessagesProvider } from './i18n/use-messages.tsx'
import {
  COURIER_DAY_COALESCE_MS,
  createQueryClient,
  useCoreEvents,
  useCourierToday,
  useDayEnd,
  useHandOverOrder,
  useOrders,
} from './queries.ts'
import { DayEndScreen } from './screens/DayEndScreen.tsx'

const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value })
const key = (n: number) => `0d3e1f00-5a1b-4c2d-8e3f-${String(100000000000 + n)}`
const AT = '2026-11-25T12:00:00.000Z'
const order = (n: number, extra: Partial<BoardOrder> = {}): BoardOrder => ({
  paymentKey: key(n),
  addedAt: AT,
  shippingMethod: 'delivery',
  courierType: 'restaurant',
  paymentMethod: 'CASH',
  amountKurus: 10_000,
  handover: { state: 'none' },
  ...extra,
})
const queued: Handover = { state: 'queued', since: AT, waitingForSignIn: false }
const handedOver: Handover = { state: 'handed-over', at: AT }

/** Ahmet: 3 packages, 399,90 ₺ to collect, nothing handed in yet. */
const before = dayEndView([courierLine('c-ahmet', 'Ahmet', 3, 39_990)])
/** …and after he handed in 400,00 ₺. */
const afterReturn = dayEndView([courierLine('c-ahmet', 'Ahmet', 3, 39_990, [cashLine('cash-1', 40_000)])])
/** …or after 10 more packages of 100,00 ₺ were confirmed. */
const afterTen = dayEndView([courierLine('c-ahmet', 'Ahmet', 13, 139_990)])

type Listener = (payload: unknown) => void

/** A stand-in core: a board, a day-end the test changes as the ledger would, and the core's news sent by hand. */
function fakeCore(board: BoardOrder[]) {
  const listeners = new Map<string, Listener>()
  let view = before
  const api = {
    on: (event: EventName, listener: Listener) => {
      listeners.set(event, listener)
      return () => listeners.delete(event)
    },
    getSettings: () => ok(TEST_SETTINGS),
    getSession: () => ok({ state: 'signed-out', reason: 'never-signed-in', secretStorage: 'os-keychain' }),
    listOrders: () => ok(board),
    listCouriers: () => ok([{ id: 'c-ahmet', name: 'Ahmet', retired: false, addedAt: AT }]),
    getDayEnd: vi.fn(() => ok(view)),
    getCourierToday: vi.fn(() => ok(todayOf(view))),
    // As the core does: the ledger's news and today's settlement are sent before the call's answer.
    recordCourierMovement: vi.fn((input: CallInput<'recordCourierMovement'>) => {
      view = afterReturn
      send('couriersChanged', { kind: 'cash' })
      send('courierDayChanged', todayOf(view))
      return ok({ id: input.requestId, seq: 9, at: AT, day: TODAY, ...input })
    }),
    handOverOrder: vi.fn(({ paymentKey }: { paymentKey: string }) =>
      ok(order(Number(paymentKey.slice(-2)), { handover: queued })),
    ),
  }
  function send(event: EventName, payload: unknown) {
    listeners.get(event)?.(payload)
  }
  const setView = (next: DayEndView) => {
    view = next
  }
  window.api = api as unknown as Api
  const queryClient = createQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MessagesProvider>{children}</MessagesProvider>
    </QueryClientProvider>
  )
  return { api, send, setView, wrapper }
}

/** The app with Gün sonu open: the core's news subscribed, the board's list kept (as the slip printer keeps it). */
function OpenDayEnd() {
  useCoreEvents()
  useOrders()
  return <DayEndScreen />
}

/** Long enough for any read a burst asked for to have started. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, COURIER_DAY_COALESCE_MS * 3)))

const table = () => screen.getByRole('table', { name: 'Kurye gün sonu' })

afterEach(() => {
  cleanup()
  delete window.api
})

describe('an open Gün sonu', () => {
  it('is not read again for a burst of changes that move no courier’s figures', async () => {
    const board = [order(1), order(2, { handover: handedOver, courier: { id: 'c-ahmet', name: 'Ahmet' } })]
    const core = fakeCore(board)
    render(<OpenDayEnd />, { wrapper: core.wrapper })
    await screen.findByRole('table', { name: 'Kurye gün sonu' })
    await settle()
    expect(core.api.getDayEnd).toHaveBeenCalledTimes(1)
    act(() => {
      // A POS sends 18 new orders; one is marked ready; one already delivered gets a ready time too.
      for (let n = 10; n < 28; n++) core.send('orderChanged', { paymentKey: key(n), order: order(n) })
      core.send('orderChanged', { paymentKey: key(1), order: order(1, { readyAt: AT }) })
      core.send('orderChanged', { paymentKey: key(2), order: { ...board[1], readyAt: AT } })
    })
    await settle()
    // Before: one read per change, 21 in all.
    expect(core.api.getDayEnd).toHaveBeenCalledTimes(1)
  })

  it('is read once for a burst of hand-overs, after the last, and shows what they changed', async () => {
    const board = Array.from({ length: 10 }, (_, index) => order(index + 10))
    const core = fakeCore(board)
    render(<OpenDayEnd />, { wrapper: core.wrapper })
    await screen.findByRole('table', { name: 'Kurye gün sonu' })
    await settle()
    core.setView(afterTen)
    act(() => {
      for (const one of board) {
        core.send('couriersChanged', { kind: 'assignment' })
        core.send('orderChanged', { paymentKey: one.paymentKey, order: { ...one, handover: handedOver } })
      }
      // As the core does after the records: today's settlement, pushed.
      core.send('courierDayChanged', todayOf(afterTen))
    })
    await waitFor(() => expect(table().textContent).toContain('1.399,90 ₺'))
    await settle()
    // Before: one read per piece of news, 21 in all.
    expect(core.api.getDayEnd).toHaveBeenCalledTimes(2)
  })

  it('shows a return at once from the core’s pushed settlement; today is read once more at most', async () => {
    const core = fakeCore([])
    render(<OpenDayEnd />, { wrapper: core.wrapper })
    fireEvent.click(await screen.findByRole('button', { name: 'Ahmet: dönüşü kaydet' }))
    fireEvent.change(await screen.findByLabelText('Teslim edilen nakit'), { target: { value: '400' } })
    fireEvent.click(screen.getByRole('button', { name: 'Dönüşü kaydet' }))
    await waitFor(() => expect(table().textContent).toContain('fazla: +0,10 ₺'))
    expect(core.api.recordCourierMovement).toHaveBeenCalledTimes(1)
    await settle()
    // Today is the core's kept settlement: the push shows it; the write's own read is one more at most.
    expect(core.api.getCourierToday.mock.calls.length).toBeLessThanOrEqual(2)
  })

  it('follows today’s settlement as the core pushes it, with no read of its own', async () => {
    const core = fakeCore([])
    render(<OpenDayEnd />, { wrapper: core.wrapper })
    await waitFor(() => expect(table().textContent).toContain('399,90 ₺'))
    const reads = core.api.getCourierToday.mock.calls.length
    act(() => core.send('courierDayChanged', todayOf(afterTen)))
    await waitFor(() => expect(table().textContent).toContain('1.399,90 ₺'))
    expect(core.api.getCourierToday).toHaveBeenCalledTimes(reads)
  })
})

describe('today’s settlement on the board (the strip, the batch bar)', () => {
  it('is not read again for the core’s news of a burst: the core pushes it', async () => {
    const board = Array.from({ length: 10 }, (_, index) => order(index + 10))
    const core = fakeCore(board)
    const { result } = renderHook(
      () => {
        useCoreEvents()
        useOrders()
        return useCourierToday()
      },
      { wrapper: core.wrapper },
    )
    await waitFor(() => expect(result.current.data).toBeDefined())
    await settle()
    const reads = core.api.getCourierToday.mock.calls.length
    act(() => {
      for (const one of board) {
        core.send('couriersChanged', { kind: 'assignment' })
        core.send('orderChanged', { paymentKey: one.paymentKey, order: { ...one, handover: handedOver } })
      }
      core.send('courierDayChanged', todayOf(afterTen))
    })
    await settle()
    // Before: one more read of the whole day (130 kB on a busy day) after each burst, beside the push.
    expect(core.api.getCourierToday).toHaveBeenCalledTimes(reads)
    expect(result.current.data).toEqual(todayOf(afterTen))
  })
})

describe('a hand-over pressed in this window', () => {
  it('shows its figures from the core’s push, whether the answer or the news comes first; no read of its own', async () => {
    const core = fakeCore([order(11)])
    const { result } = renderHook(
      () => {
        useCoreEvents()
        useOrders()
        return { dayEnd: useDayEnd(), handOver: useHandOverOrder() }
      },
      { wrapper: core.wrapper },
    )
    await waitFor(() => expect(result.current.dayEnd.data).toBeDefined())
    core.setView(afterTen)
    await act(() => result.current.handOver.mutateAsync({ paymentKey: key(11), courierId: 'c-ahmet' }))
    // The news of the same change, after the answer, and the core's push of the day.
    act(() => {
      core.send('orderChanged', { paymentKey: key(11), order: order(11, { handover: queued }) })
      core.send('courierDayChanged', todayOf(afterTen))
    })
    await waitFor(() => expect(result.current.dayEnd.data).toEqual(afterTen))
    await settle()
    // The first read, and the one the push asked for: before, one more for the news.
    expect(core.api.getDayEnd).toHaveBeenCalledTimes(2)
    expect(core.api.getCourierToday).not.toHaveBeenCalled()
  })
})
