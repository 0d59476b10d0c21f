// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { BoardOrder, Handover } from '../../../../src-shared/domain.ts'
import {
  arrangeBoard,
  boardCounts,
  foundAs,
  matchesFilter,
  openCountsByAccount,
  paymentKeyIn,
  shortCodeIn,
} from './board-rules.ts'

const key = (n: number) => `0d3e1f00-5a1b-4c2d-8e3f-${String(n).padStart(12, '0')}`
const at = '2026-11-22T12:00:00.000Z'
const order = (n: number, handover: Handover, label?: string): BoardOrder => ({
  paymentKey: key(n),
  addedAt: at,
  handover,
  ...(label ? { label } : {}),
})
const error = { code: 'timeout' as const, retryable: true }

describe('shortCodeIn', () => {
  it.each([
    ['000-009', '000-009'],
    ['000009', '000-009'],
    ['abc-def', 'ABC-DEF'],
    [' AbC dEf ', 'ABC-DEF'],
  ])('reads %s as %s', (typed, code) => expect(shortCodeIn(typed)).toBe(code))

  it.each(['00-009', '0000099', key(9), 'Masa 4', 'xyz-123'])('is no short code: %s', (typed) =>
    expect(shortCodeIn(typed)).toBeUndefined(),
  )
})

describe('paymentKeyIn', () => {
  it('finds one id in any text, lower-cased, and none when there are two', () => {
    expect(paymentKeyIn(`order ${key(1).toUpperCase()}!`)).toBe(key(1))
    expect(paymentKeyIn(`${key(1)} ${key(2)}`)).toBeUndefined()
  })
})

describe('the board for the rush', () => {
  const board = [
    order(1, { state: 'none' }, 'Masa 4'),
    order(2, { state: 'failed', at, error }),
    order(3, { state: 'handed-over', at }),
    order(4, { state: 'retrying', nextAttemptAt: at, attempts: 1, error }),
    order(5, { state: 'unconfirmed', at, error }),
    order(6, { state: 'none' }),
  ]

  it('puts orders needing attention first, then those on their way, then the waiting, newest first', () => {
    const later = Date.parse(at) + 60_000
    const { active, handedOver } = arrangeBoard(board, later)
    expect(active.map((o) => o.paymentKey)).toEqual([key(5), key(2), key(4), key(6), key(1)])
    expect(handedOver.map((o) => o.paymentKey)).toEqual([key(3)])
    // Just handed over: still among the active ones, last, so the press's confirmation is seen.
    expect(arrangeBoard(board, later - 1).active.map((o) => o.paymentKey)).toEqual([
      key(5),
      key(2),
      key(4),
      key(6),
      key(1),
      key(3),
    ])
  })

  it('counts waiting, sending or retrying, failed or unconfirmed, and handed over today', () => {
    expect(boardCounts(board, new Date(at))).toEqual({
      waiting: 2,
      sending: 1,
      attention: 2,
      handedOverToday: 1,
    })
    expect(boardCounts(board, new Date('2026-11-25T12:00:00.000Z')).handedOverToday).toBe(0)
  })

  it('puts an order the core says needs staff (waiting too long) in the attention group: counts, filter, first', () => {
    const attention = new Set([key(6), key(2), key(5)])
    expect(boardCounts(board, new Date(at), attention)).toMatchObject({ waiting: 1, attention: 3 })
    expect(
      board
        .filter((o) => matchesFilter(o, { text: '', state: 'attention' }, attention))
        .map((o) => o.paymentKey),
    ).toEqual([key(2), key(5), key(6)])
    expect(
      arrangeBoard(board, Date.parse(at), attention)
        .active.slice(0, 3)
        .map((o) => o.paymentKey),
    ).toEqual([key(6), key(5), key(2)])
  })

  it('filters by code with or without its dash, by note, and by state', () => {
    const codes = (text: string, state: 'all' | 'attention' = 'all') =>
      board.filter((o) => matchesFilter(o, { text, state })).map((o) => o.paymentKey)
    expect(codes('000-004')).toEqual([key(4)])
    expect(codes('000004')).toEqual([key(4)])
    expect(codes('masa')).toEqual([key(1)])
    expect(codes('', 'attention')).toEqual([key(2), key(5)])
  })
})

describe('foundAs: what Enter does on a found order', () => {
  const later = '2026-11-22T12:00:05.000Z'
  const onItsWay = {
    code: 'platform-refused' as const,
    httpStatus: 409,
    platformError: 'Sipariş durumu uygun değil',
    retryable: false,
  }
  const notFound = { code: 'order-not-found' as const, httpStatus: 404, retryable: false }
  it.each<[string, Handover, ReturnType<typeof foundAs>]>([
    ['waiting', { state: 'none' }, 'hand-over'],
    [
      'in its undo window',
      { state: 'queued', since: at, waitingForSignIn: false, sendAt: later },
      'in-undo-window',
    ],
    ['queued to send', { state: 'queued', since: at, waitingForSignIn: false }, 'sending'],
    ['sending', { state: 'sending', since: at }, 'sending'],
    ['retrying', { state: 'retrying', nextAttemptAt: later, attempts: 1, error }, 'retrying'],
    ['handed over', { state: 'handed-over', at }, 'handed-over'],
    ['refused', { state: 'failed', at, error: notFound }, 'failed'],
    ['refused as already on its way', { state: 'failed', at, error: onItsWay }, 'on-its-way'],
    ['unconfirmed', { state: 'unconfirmed', at, error: notFound }, 'unconfirmed'],
  ])('%s', (_, handover, expected) => expect(foundAs(order(1, handover))).toBe(expected))

  it('a pickup or platform-courier order is not for a courier, whatever its state', () => {
    expect(foundAs({ ...order(1, { state: 'none' }), shippingMethod: 'pickup' })).toBe('not-for-courier')
    expect(foundAs({ ...order(1, { state: 'none' }), courierType: 'platform' })).toBe('not-for-courier')
  })
})

// Each fails on a mutant Stryker reported (issue 23), named beside it.
describe('shortCodeIn at its edges', () => {
  // The pattern's anchors, and each group's `{3}`.
  it.each(['Masa 000-009', 'sipariş 000009', '000-009 masa', '0-009', '000-09'])(
    'is no short code: %s',
    (typed) => expect(shortCodeIn(typed)).toBeUndefined(),
  )
})

describe('paymentKeyIn at its edges', () => {
  // The `?? []` of a text with no id; an id written twice is still one.
  it('finds no id in text without one, and one in an id written twice in two cases', () => {
    expect(paymentKeyIn('Masa 4')).toBeUndefined()
    expect(paymentKeyIn(`${key(1)} ${key(1).toUpperCase()}`)).toBe(key(1))
  })

  // The id pattern: a group's length dropped or its class inverted.
  it.each([
    ['a short first group', '0d3e1f0-5a1b-4c2d-8e3f-100000000001'],
    ['a short second group', '0d3e1f00-5a1-4c2d-8e3f-100000000001'],
    ['a short third group', '0d3e1f00-5a1b-4c2-8e3f-100000000001'],
    ['a short fourth group', '0d3e1f00-5a1b-4c2d-8e3-100000000001'],
    ['a short last group', '0d3e1f00-5a1b-4c2d-8e3f-10000000000'],
  ])('finds no id in %s', (_name, text) => expect(paymentKeyIn(text)).toBeUndefined())
})

describe('the filter at its edges', () => {
  const board = [order(1, { state: 'none' }, '23 Masa'), order(2, { state: 'none' })]
  const found = (text: string) =>
    board.filter((o) => matchesFilter(o, { text, state: 'all' })).map((o) => o.paymentKey)

  // trim() dropped: spaces around the text are not part of it.
  it('ignores spaces around the text, and an empty text keeps every order', () => {
    expect(found('  23 masa  ')).toEqual([key(1)])
    expect(found('   ')).toEqual([key(1), key(2)])
  })

  // The haystack's `join(' ')` as `join('')`: the code ran into the note.
  it('does not find an order by text running from its code into its note', () => {
    expect(found('00123')).toEqual([])
    expect(found('001 23')).toEqual([key(1)])
  })

  // The haystack's dashes removed (`''` as another text): the id is found typed with or without them.
  it('finds an order by its whole id, typed with or without its dashes', () => {
    expect(found(key(1))).toEqual([key(1)])
    expect(found(key(1).replace(/-/g, ''))).toEqual([key(1)])
  })

  // The label's place in the haystack: an order with none has no text "undefined".
  it('finds no order without a note by the word "undefined"', () => {
    expect(found('undefined')).toEqual([])
  })
})

describe('the counts at their edges', () => {
  // sameDay: the year's or the month's test dropped.
  it('counts a hand-over on the same date of another month or year as not today', () => {
    const handedOver = [order(3, { state: 'handed-over', at })]
    expect(boardCounts(handedOver, new Date('2026-11-22T12:30:00.000Z')).handedOverToday).toBe(1)
    expect(boardCounts(handedOver, new Date('2026-10-22T12:00:00.000Z')).handedOverToday).toBe(0)
    expect(boardCounts(handedOver, new Date('2025-11-22T12:00:00.000Z')).handedOverToday).toBe(0)
  })
})

describe("each account's open orders (issue 29)", () => {
  it('counts only orders that name an account, and none handed over', () => {
    const account = '00000000-0000-4000-8000-00000000000a'
    const orders = [
      order(1, { state: 'none' }),
      { ...order(2, { state: 'none' }), account },
      { ...order(3, { state: 'handed-over', at }), account },
    ]
    expect([...openCountsByAccount(orders)]).toEqual([[account, 1]])
  })
})
