import { handoverEligibility, type BoardOrder } from '../../../src-shared/domain.ts'
import { invalidInput, toAppError } from '../app-failure.ts'
import type { Clock } from '../ports.ts'
import type { Session } from '../session/session.ts'
import type { OrderBoard } from './order-board.ts'

/**
 * "Kuryeye Verildi": tells the platform the restaurant's courier has the order. One send per order at a
 * time; an order is shown handed over only when the platform answered `status: true` (D5).
 */
export async function markOnTheWay(
  paymentKey: string,
  board: OrderBoard,
  session: Session,
  clock: Clock,
): Promise<BoardOrder> {
  const order = board.require(paymentKey)
  if (order.handover.state === 'sending') throw invalidInput('already-sending')
  if (order.handover.state === 'handed-over') return order
  const eligibility = handoverEligibility(order)
  if (eligibility === 'pickup' || eligibility === 'platform-courier') throw invalidInput('not-eligible')

  const isoNow = () => new Date(clock.now()).toISOString()
  board.setHandover(paymentKey, { state: 'sending', since: isoNow() })
  try {
    await session.withToken((client, token) => client.markOnTheWay(token, paymentKey))
    return board.setHandover(paymentKey, { state: 'handed-over', at: isoNow() })
  } catch (error) {
    return board.setHandover(paymentKey, { state: 'failed', at: isoNow(), error: toAppError(error) })
  }
}
