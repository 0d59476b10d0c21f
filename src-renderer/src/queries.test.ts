import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { EventName } from '../../src-shared/channels.ts'
import type { Api, CallName } from '../../src-shared/contract.ts'
import type { Courier } from '../../src-shared/couriers.ts'
import type { BoardOrder, SessionStatus } from '../../src-shared/domain.ts'
import type { Result } from '../../src-shared/errors.ts'
import {
  createQueryClient,
  upsertOrder,
  useCoreEvents,
  useCouriers,
  useOrders,
  useSession,
} from './queries.ts'

const make = (paymentKey: string): BoardOrder => ({
  paymentKey,
  addedAt: '2026-11-21T12:00:00.000Z',
  handover: { state: 'none' },
})

describe('upsertOrder (how core events update the board cache)', () => {
  const a = make('a')
  const b = make('b')

  it('replaces a changed order in place and keeps the others identical (so they do not re-render)', () => {
    const changed = { ...a, label: 'x' }
    const next = upsertOrder([a, b], 'a', changed)
    expect(next).toEqual([changed, b])
    expect(next?.[1]).toBe(b)
  })

  it('appends a new order and removes a gone one', () => {
    expect(upsertOrder([a], 'b', b)).toEqual([a, b])
    expect(upsertOrder([a, b], 'a', null)).toEqual([b])
  })

  it('leaves the cache alone when there is nothing to change or no list yet', () => {
    const list = [a]
    expect(upsertOrder(list, 'zzz', null)).toBe(list)
    expect(upsertOrder(undefined, 'a', a)).toBeUndefined()
  })
})

/**
 * The core's news while a read of the same thing is on its way (the CI failure of courier-cash.spec): the core
 * may answer that read before the change and send the answer after its news, so the old answer must never
 * undo the news. Seen in web mode: a courier added just after the board's first read of the list never
 * appeared in Gün sonu's picker, until a reload.
 */
describe('news that comes while the page’s first read is on its way', () => {
  type Listener = (payload: unknown) => void
  const ahmet: Courier = { id: 'c-ahmet', name: 'Ahmet', retired: false, addedAt: '2026-11-21T12:00:00.000Z' }

  /** A bridge whose `call` answers its first read with `first` when the test says so, and later reads with `now`. */
  function coreWithSlowFirstRead<T>(call: CallName, first: T, now: T) {
    const listeners = new Map<string, Listener>()
    let answerFirst: (value: T) => void = () => undefined
    const read = vi.fn(() =>
      read.mock.calls.length === 1
        ? new Promise<Result<T>>((resolve) => {
            answerFirst = (value) => resolve({ ok: true, value })
          })
        : Promise.resolve({ ok: true as const, value: now }),
    )
    window.api = {
      on: (event: string, listener: Listener) => {
        listeners.set(event, listener)
        return () => listeners.delete(event)
      },
      [call]: read,
    } as unknown as Api
    const queryClient = createQueryClient()
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children)
    const send = (event: EventName, payload: unknown) => act(() => listeners.get(event)?.(payload))
    return { read, send, wrapper, answerFirst: (value: T) => act(() => answerFirst(value)) }
  }

  afterEach(() => {
    cleanup()
    delete window.api
  })

  it('a courier added elsewhere: the list is read again once it lands (once for a burst), and shows them', async () => {
    const core = coreWithSlowFirstRead<Courier[]>('listCouriers', [], [ahmet])
    const { result } = renderHook(
      () => {
        useCoreEvents()
        return useCouriers()
      },
      { wrapper: core.wrapper },
    )
    await waitFor(() => expect(core.read).toHaveBeenCalledTimes(1))
    // Three couriers added in a row: the read on its way is not cancelled (news cannot starve it), and is
    // made again once, after it lands.
    for (let n = 0; n < 3; n++) core.send('couriersChanged', { kind: 'couriers' })
    expect(core.read).toHaveBeenCalledTimes(1)
    core.answerFirst([])
    await waitFor(() => expect(result.current.data).toEqual([ahmet]))
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(core.read).toHaveBeenCalledTimes(2)
  })

  it('an order added: the board is read again, and shows it', async () => {
    const added = make('0d3e1f00-5a1b-4c2d-8e3f-400000000001')
    const core = coreWithSlowFirstRead<BoardOrder[]>('listOrders', [], [added])
    const { result } = renderHook(
      () => {
        useCoreEvents()
        return useOrders()
      },
      { wrapper: core.wrapper },
    )
    await waitFor(() => expect(core.read).toHaveBeenCalledTimes(1))
    core.send('orderChanged', { paymentKey: added.paymentKey, order: added })
    core.answerFirst([])
    await waitFor(() => expect(result.current.data).toEqual([added]))
  })

  it('signed in elsewhere: the older "signed out" answer does not stand', async () => {
    const signedOut: SessionStatus = {
      state: 'signed-out',
      reason: 'never-signed-in',
      credentialsStored: true,
      secretStorage: 'os-keychain',
      platformAddress: 'https://platform.example.com',
    }
    const signedIn: SessionStatus = {
      state: 'signed-in',
      platformAddress: 'https://platform.example.com',
      credentialsStored: true,
      secretStorage: 'os-keychain',
    }
    const core = coreWithSlowFirstRead<SessionStatus>('getSession', signedOut, signedIn)
    const { result } = renderHook(
      () => {
        useCoreEvents()
        return useSession()
      },
      { wrapper: core.wrapper },
    )
    await waitFor(() => expect(core.read).toHaveBeenCalledTimes(1))
    core.send('sessionChanged', signedIn)
    core.answerFirst(signedOut)
    await waitFor(() => expect(result.current.data).toEqual(signedIn))
    // Still so once every read has settled.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(result.current.data).toEqual(signedIn)
  })
})
