import { describe, expect, it } from 'vitest'
import { toAppError } from '../app-failure.ts'
import { ManualClock } from '../testing/manual-clock.ts'
import { MemoryStore } from '../testing/memory-adapters.ts'
import { OrderBoard } from './order-board.ts'

const A = '3f2b8c1e-9d4a-4b7e-8c21-5a6f0e9d1b72'
const B = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f'

function setup(store = new MemoryStore()) {
  const changes: [string, unknown][] = []
  const board = new OrderBoard(store, new ManualClock(), (key, order) => changes.push([key, order]))
  return { board, store, changes }
}

describe('OrderBoard', () => {
  it('adds orders in order, announces each change, and survives a restart', () => {
    const { board, store, changes } = setup()
    board.add(A, { shippingMethod: 'delivery', courierType: 'restaurant', label: 'Masa 4' })
    board.add(B, {})
    expect(board.list().map((o) => o.paymentKey)).toEqual([A, B])
    expect(changes.map(([key]) => key)).toEqual([A, B])
    const reopened = setup(store).board
    expect(reopened.list()).toEqual(board.list())
    expect(reopened.get(A)).toMatchObject({ label: 'Masa 4', handover: { state: 'none' } })
  })

  it('adding a known order fills in details but keeps its place and hand-over', () => {
    const { board } = setup()
    board.add(A, {})
    board.add(B, {})
    board.setHandover(A, { state: 'handed-over', at: new Date().toISOString() })
    board.add(A, { paymentMethod: 'CASH' })
    expect(board.list().map((o) => o.paymentKey)).toEqual([A, B])
    expect(board.get(A)).toMatchObject({ paymentMethod: 'CASH', handover: { state: 'handed-over' } })
  })

  it('removes an order and announces it as gone', () => {
    const { board, store, changes } = setup()
    board.add(A, {})
    board.remove(A)
    expect(board.list()).toEqual([])
    expect(changes.at(-1)).toEqual([A, null])
    expect(setup(store).board.list()).toEqual([])
  })

  it('refuses to remove or update an order that is not on the board', () => {
    const { board } = setup()
    const problem = (work: () => unknown) => {
      try {
        work()
      } catch (error) {
        return toAppError(error).problem
      }
      return undefined
    }
    expect(problem(() => board.remove(A))).toBe('unknown-order')
    expect(problem(() => board.setHandover(A, { state: 'none' }))).toBe('unknown-order')
  })

  it('ignores a damaged saved board instead of crashing', () => {
    const store = new MemoryStore()
    store.set('board.orders', [{ paymentKey: 42 }])
    expect(setup(store).board.list()).toEqual([])
  })
})
