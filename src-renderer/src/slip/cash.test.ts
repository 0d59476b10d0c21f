import { describe, expect, it } from 'vitest'
import { courierCollectsAtDoor } from './cash.ts'

describe('courierCollectsAtDoor', () => {
  it('is true for a cash order our courier delivers, and where the courier type is not known', () => {
    expect(
      courierCollectsAtDoor({ paymentMethod: 'CASH', shippingMethod: 'delivery', courierType: 'restaurant' }),
    ).toBe(true)
    expect(courierCollectsAtDoor({ paymentMethod: 'CASH' })).toBe(true)
  })

  it('is false for cards, for an unknown payment method and for a method merely named like cash', () => {
    expect(courierCollectsAtDoor({ paymentMethod: 'CREDIT_CARD', shippingMethod: 'delivery' })).toBe(false)
    expect(courierCollectsAtDoor({ paymentMethod: 'DEBIT_CARD' })).toBe(false)
    expect(courierCollectsAtDoor({ shippingMethod: 'delivery', courierType: 'restaurant' })).toBe(false)
    expect(courierCollectsAtDoor({ paymentMethod: 'Nakit' })).toBe(false)
  })

  it('is false when no courier of ours collects: pickup, or the platform courier', () => {
    expect(
      courierCollectsAtDoor({ paymentMethod: 'CASH', shippingMethod: 'pickup', courierType: 'restaurant' }),
    ).toBe(false)
    expect(
      courierCollectsAtDoor({ paymentMethod: 'CASH', shippingMethod: 'delivery', courierType: 'platform' }),
    ).toBe(false)
  })

  it('follows Settings: a meal card collected at the door is, and cash is not when Settings leave it out', () => {
    const mealCard = { paymentMethod: 'MEAL_CARD', shippingMethod: 'delivery', courierType: 'restaurant' }
    expect(courierCollectsAtDoor(mealCard)).toBe(false)
    expect(courierCollectsAtDoor(mealCard, ['CASH', 'MEAL_CARD'])).toBe(true)
    expect(courierCollectsAtDoor({ ...mealCard, paymentMethod: 'CASH' }, ['MEAL_CARD'])).toBe(false)
    expect(courierCollectsAtDoor({ ...mealCard, paymentMethod: 'CASH' }, [])).toBe(false)
  })
})
