import { describe, expect, it } from 'vitest'
import { Handover } from './domain.ts'
import {
  handoverEligibility,
  isOwed,
  RESTAURANT_COURIER,
  shortCodeOf,
  type OrderFacts,
} from './order-rules.ts'

describe('handoverEligibility (D5)', () => {
  it.each<[string, OrderFacts, ReturnType<typeof handoverEligibility>]>([
    [
      'a restaurant-courier delivery order',
      { courierType: RESTAURANT_COURIER, shippingMethod: 'delivery' },
      'eligible',
    ],
    ['a pickup order', { shippingMethod: 'pickup' }, 'pickup'],
    [
      'a pickup order even with the restaurant courier named',
      { courierType: 'restaurant', shippingMethod: 'pickup' },
      'pickup',
    ],
    [
      'a pickup order with a platform courier named',
      { courierType: 'platform', shippingMethod: 'pickup' },
      'pickup',
    ],
    [
      'a platform-courier delivery order',
      { courierType: 'platform', shippingMethod: 'delivery' },
      'platform-courier',
    ],
    [
      'a platform-courier order with no shipping method known',
      { courierType: 'platform' },
      'platform-courier',
    ],
    ['any courier type other than the restaurant', { courierType: 'Restaurant' }, 'platform-courier'],
    ['an empty courier type', { courierType: '' }, 'platform-courier'],
    ['an order with nothing known', {}, 'unknown'],
    ['an order with only the restaurant courier known', { courierType: RESTAURANT_COURIER }, 'unknown'],
    ['an order with only delivery known', { shippingMethod: 'delivery' }, 'unknown'],
    [
      'the restaurant courier with a shipping method the app does not know',
      { courierType: RESTAURANT_COURIER, shippingMethod: 'drone' },
      'unknown',
    ],
    ['fields present but undefined', { courierType: undefined, shippingMethod: undefined }, 'unknown'],
  ])('%s', (_label, order, expected) => {
    expect(handoverEligibility(order)).toBe(expected)
  })
})

describe('shortCodeOf', () => {
  it("reads the key's last six hex digits, upper-case, in two groups", () => {
    expect(shortCodeOf('0d3e1f00-5a1b-4c2d-8e3f-100000abc123')).toBe('ABC-123')
  })

  // The dashes' removal (`''` as another text): a dash is no digit, wherever it falls.
  it('counts digits only, across a dash in the last six', () => {
    expect(shortCodeOf('ab12-cd34')).toBe('12C-D34')
  })
})

describe('isOwed', () => {
  it('is true exactly for the states the outbox still has to send', () => {
    const states = Handover.options.map((option) => option.shape.state.value)
    expect(states.filter((state) => isOwed({ state }))).toEqual(['queued', 'sending', 'retrying'])
  })
})
