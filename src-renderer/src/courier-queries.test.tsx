// The courier's day hooks (queries.ts, D65): reads kept fresh by couriersChanged, writes that carry a request id.
import { QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Api, CallInput } from '../../src-shared/contract.ts'
import { createQueryClient, useCoreEvents, useCouriers, useRecordMovement } from './queries.ts'

const listeners = new Map<string, (payload: unknown) => void>()

function installBridge(api: Partial<Api>): void {
  window.api = {
    on: (event: string, listener: (payload: unknown) => void) => {
      listeners.set(event, listener)
      return () => listeners.delete(event)
    },
    ...api,
  } as unknown as Api
}

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
}

afterEach(() => {
  delete window.api
  listeners.clear()
})

const AT = '2026-11-24T09:00:00.000Z'

describe('the courier hooks', () => {
  it('refetch the couriers at once when the core says one was added (their badge known to the next scan)', async () => {
    const names = [['Ahmet'], ['Ahmet', 'Mehmet']]
    const listCouriers = vi.fn(() =>
      Promise.resolve({
        ok: true as const,
        value: (names.shift() ?? []).map((name) => ({ id: name, name, retired: false, addedAt: AT })),
      }),
    )
    installBridge({ listCouriers })
    const { result } = renderHook(
      () => {
        useCoreEvents()
        return useCouriers()
      },
      { wrapper },
    )
    await waitFor(() => expect(result.current.data?.map((courier) => courier.name)).toEqual(['Ahmet']))
    act(() => listeners.get('couriersChanged')?.({ kind: 'couriers' }))
    // Asked for now, not after the 200 ms that gathers a burst of assignments.
    await act(() => Promise.resolve())
    expect(listCouriers).toHaveBeenCalledTimes(2)
    await waitFor(() =>
      expect(result.current.data?.map((courier) => courier.name)).toEqual(['Ahmet', 'Mehmet']),
    )
    expect(listCouriers).toHaveBeenCalledTimes(2)
  })

  it('make a request id for a write, and keep the one a retry passes', async () => {
    const recordCourierMovement = vi.fn((input: CallInput<'recordCourierMovement'>) =>
      Promise.resolve({
        ok: true as const,
        value: {
          id: input.requestId,
          seq: 0,
          at: AT,
          day: '2026-11-24',
          courierId: input.courierId,
          kind: input.kind,
          amountKurus: input.amountKurus,
        },
      }),
    )
    installBridge({ recordCourierMovement })
    const { result } = renderHook(() => useRecordMovement(), { wrapper })
    const input = { courierId: 'c1', kind: 'handed-in', amountKurus: 39000 } as const
    await act(() => result.current.mutateAsync(input))
    await act(() => result.current.mutateAsync({ requestId: 'again', ...input }))
    const [first, second] = recordCourierMovement.mock.calls.map(([call]) => call)
    expect(first?.requestId).toMatch(/^[0-9a-f-]{36}$/)
    expect(second).toEqual({ requestId: 'again', ...input })
  })
})
