// eslint-disable-next-line no-restricted-imports -- a test reads the renderer's own source as text
import { globSync, readFileSync } from 'node:fs'
// eslint-disable-next-line no-restricted-imports -- as above
import { join } from 'node:path'
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

describe('one rule of what is collected at the door (issue 28)', () => {
  it('leaves no `CASH` literal in the renderer’s code: the key has one home, in courier-rules.ts', () => {
    // Tests run from the repository's root (the renderer's environment has no file URL of its own).
    const root = join(process.cwd(), 'src-renderer/src/')
    const files = globSync('**/*.{ts,tsx}', { cwd: root }).filter((file) => !/\.test\.tsx?$/.test(file))
    expect(files.length).toBeGreaterThan(50)
    const literal = /['"]CASH['"]/
    expect(files.filter((file) => literal.test(readFileSync(`${root}${file}`, 'utf8')))).toEqual([])
  })
})
