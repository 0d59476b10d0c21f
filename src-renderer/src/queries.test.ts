import { describe, expect, it } from 'vitest'
import type { BoardOrder } from '../../src-shared/domain.ts'
import { upsertOrder } from './queries.ts'

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
