// The door rules pinned beside their module (courier-rules.test.ts holds the names and badges): what the slip, the
// board and the day-end all read of an order's tender comes from doorTenderOf alone.
import { describe, expect, it } from 'vitest'
import { checkLine, doorTenderOf, isCollectedAtDoor, paymentMethodKey } from './courier-rules.ts'

describe('doorTenderOf', () => {
  it('collects an order paid in cash at the door, by the order’s method or the one recorded at the door', () => {
    expect(doorTenderOf('CASH', undefined)).toBe('cash')
    expect(doorTenderOf(' cash ', undefined)).toBe('cash')
    // Paid by card in advance, but the customer paid cash at the door after all.
    expect(doorTenderOf('CREDIT_CARD', 'CASH')).toBe('cash')
  })

  it('reads the method recorded at the door before the order’s own', () => {
    // A cash order the customer paid at the door by card on the courier's reader: not cash in the bag.
    expect(doorTenderOf('CASH', 'CREDIT_CARD')).toBe('door-other')
    expect(doorTenderOf(undefined, 'MEAL_CARD')).toBe('door-other')
  })

  it('reads an order paid another way, with nothing recorded at the door, as paid before', () => {
    expect(doorTenderOf('CREDIT_CARD', undefined)).toBe('paid')
    expect(doorTenderOf('ONLINE', undefined)).toBe('paid')
  })

  it('says unknown, never zero, when there is no method at all or only spaces', () => {
    expect(doorTenderOf(undefined, undefined)).toBe('unknown')
    expect(doorTenderOf('', undefined)).toBe('unknown')
    expect(doorTenderOf('   ', undefined)).toBe('unknown')
    expect(doorTenderOf('CREDIT_CARD', '  ')).toBe('unknown')
  })

  it('collects the methods Settings name, and only those', () => {
    expect(doorTenderOf('MEAL_CARD', undefined, ['CASH', 'meal_card'])).toBe('cash')
    expect(doorTenderOf('CASH', undefined, ['MEAL_CARD'])).toBe('paid')
    expect(doorTenderOf('CASH', 'CASH', [])).toBe('door-other')
  })
})

describe('paymentMethodKey and isCollectedAtDoor', () => {
  it('compare methods trimmed and in upper case', () => {
    expect(paymentMethodKey('  meal_card\n')).toBe('MEAL_CARD')
    expect(isCollectedAtDoor('Cash', [' cash '])).toBe(true)
    expect(isCollectedAtDoor('CARD', ['CASH', 'MEAL_CARD'])).toBe(false)
  })
})

describe('checkLine', () => {
  it('keeps one line at its own limit and refuses one character more', () => {
    expect(checkLine(' kısa  ad ', 7)).toEqual({ ok: true, text: 'kısa ad' })
    expect(checkLine('kısa ad!', 7)).toEqual({ ok: false, problem: 'too-long' })
    expect(checkLine('\t\n', 7)).toEqual({ ok: false, problem: 'empty' })
  })
})
