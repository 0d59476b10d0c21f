import { describe, expect, it } from 'vitest'
import { toAppError } from '../app-failure.ts'
import { extractOrderId } from './order-id.ts'

const ID = '3f2b8c1e-9d4a-4b7e-8c21-5a6f0e9d1b72'

function problemOf(text: string): string | undefined {
  try {
    extractOrderId(text)
    return undefined
  } catch (error) {
    return toAppError(error).problem
  }
}

describe('extractOrderId (D7)', () => {
  it.each([
    ['a typed id', ID],
    ['an upper-case id', ID.toUpperCase()],
    ['an id with spaces and a scanner newline', `  ${ID}\r\n`],
    ['a pasted link', `https://panel.example.com/orders/${ID}?tab=detail`],
    ['a sentence', `Sipariş ${ID} hazır`],
    ['the same id twice', `${ID} / ${ID.toUpperCase()}`],
  ])('finds the one id in %s', (_label, text) => {
    expect(extractOrderId(text)).toBe(ID)
  })

  it('refuses text without an id', () => {
    expect(problemOf('')).toBe('no-order-id')
    expect(problemOf('12345')).toBe('no-order-id')
    expect(problemOf(ID.slice(0, 35))).toBe('no-order-id')
  })

  it('refuses an id that is part of a longer run of hex digits', () => {
    expect(problemOf(`a${ID}`)).toBe('no-order-id')
    expect(problemOf(`${ID}0`)).toBe('no-order-id')
  })

  it('refuses text with two different ids', () => {
    expect(problemOf(`${ID} ${ID.replace('3f2b', '4f2b')}`)).toBe('several-order-ids')
  })
})
