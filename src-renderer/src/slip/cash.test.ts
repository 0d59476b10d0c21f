import { describe, expect, it } from 'vitest'
import { courierCollectsCash } from './cash.ts'

describe('courierCollectsCash', () => {
  it('is true for a cash order our courier delivers, and where the courier type is not known', () => {
    expect(
      courierCollectsCash({ paymentMethod: 'CASH', shippingMethod: 'delivery', courierType: 'restaurant' }),
    ).toBe(true)
    expect(courierCollectsCash({ paymentMethod: 'CASH' })).toBe(true)
  })

  it('is false for cards, for an unknown payment method and for a method merely named like cash', () => {
    expect(courierCollectsCash({ paymentMethod: 'CREDIT_CARD', shippingMethod: 'delivery' })).toBe(false)
    expect(courierCollectsCash({ paymentMethod: 'DEBIT_CARD' })).toBe(false)
    expect(courierCollectsCash({ shippingMethod: 'delivery', courierType: 'restaurant' })).toBe(false)
    expect(courierCollectsCash({ paymentMethod: 'Nakit' })).toBe(false)
  })

  it('is false when no courier of ours collects: pickup, or the platform courier', () => {
    expect(
      courierCollectsCash({ paymentMethod: 'CASH', shippingMethod: 'pickup', courierType: 'restaurant' }),
    ).toBe(false)
    expect(
      courierCollectsCash({ paymentMethod: 'CASH', shippingMethod: 'delivery', courierType: 'platform' }),
    ).toBe(false)
  })
})
