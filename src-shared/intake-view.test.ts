import { describe, expect, it } from 'vitest'
import type { BoardOrder, Handover } from './domain.ts'
import { publicStateOf, toPublicOrderView } from './intake-view.ts'

const ADDED = '2026-11-21T12:00:00.000Z'
const LATER = '2026-11-21T12:05:00.000Z'
const error = { code: 'platform-refused', retryable: false } as const

const order = (extra: Partial<BoardOrder> = {}): BoardOrder => ({
  paymentKey: '0f8fad5b-d9cb-469f-a165-70867728950e',
  addedAt: ADDED,
  handover: { state: 'none' },
  ...extra,
})

describe('publicStateOf', () => {
  it.each<[Handover, string]>([
    [{ state: 'none' }, 'waiting'],
    [{ state: 'queued', since: LATER, waitingForSignIn: false }, 'sending'],
    [{ state: 'queued', since: LATER, waitingForSignIn: true }, 'retrying'],
    [{ state: 'sending', since: LATER }, 'sending'],
    [{ state: 'retrying', nextAttemptAt: LATER, attempts: 2, error }, 'retrying'],
    [{ state: 'handed-over', at: LATER }, 'handed-over'],
    [{ state: 'failed', at: LATER, error }, 'failed'],
    [{ state: 'unconfirmed', at: LATER, error }, 'unconfirmed'],
  ])('names %j as %s', (handover, state) => {
    expect(publicStateOf(handover)).toBe(state)
  })
})

describe('toPublicOrderView', () => {
  it('holds the five public fields and nothing else of the order', () => {
    const view = toPublicOrderView(order({ label: 'Masa 5', paymentMethod: 'CASH' }))
    expect(view).toEqual({
      payment_key: '0f8fad5b-d9cb-469f-a165-70867728950e',
      short_code: '289-50E',
      state: 'waiting',
      eligible: true,
      updated_at: ADDED,
    })
  })

  it('is not eligible for pickup or a platform courier (D5), and is where nothing is known', () => {
    expect(toPublicOrderView(order({ shippingMethod: 'pickup' })).eligible).toBe(false)
    expect(toPublicOrderView(order({ courierType: 'platform' })).eligible).toBe(false)
    expect(toPublicOrderView(order({ courierType: 'restaurant', shippingMethod: 'delivery' })).eligible).toBe(
      true,
    )
    expect(toPublicOrderView(order()).eligible).toBe(true)
  })

  it('dates the view by the latest change it knows of', () => {
    expect(toPublicOrderView(order({ handover: { state: 'handed-over', at: LATER } })).updated_at).toBe(LATER)
    // A retry's time is its next attempt, in the future: not a change.
    const retrying = order({
      handover: { state: 'retrying', nextAttemptAt: '2026-11-21T13:00:00.000Z', attempts: 1, error },
    })
    expect(toPublicOrderView(retrying).updated_at).toBe(ADDED)
    expect(toPublicOrderView(retrying, LATER).updated_at).toBe(LATER)
    expect(
      toPublicOrderView(order({ handover: { state: 'handed-over', at: LATER } }), ADDED).updated_at,
    ).toBe(LATER)
  })
})
