import type { Handover } from '../../../src-shared/domain.ts'
import { isOwed } from '../../../src-shared/order-rules.ts'

/** How many hand-overs are owed and failed, and how many orders need the staff: what tray and badge show. */
export interface HandoverCounts {
  /** Still to reach the platform: queued, sending or retrying by itself. */
  owed: number
  /** Stopped and waiting for the staff: refused (`failed`) or `unconfirmed`. */
  failed: number
  /** Orders that need someone to look: the failed ones, and those retrying for too long. */
  attention: number
}

export const needsStaff = (handover: Handover): boolean =>
  handover.state === 'failed' || handover.state === 'unconfirmed'

/**
 * Counts the board's orders. `retryingTooLong` holds the payment keys the attention notifier found retrying for
 * over 2 minutes: they are owed *and* need attention.
 */
export function countHandovers(
  orders: Iterable<{ paymentKey: string; handover: Handover }>,
  retryingTooLong: ReadonlySet<string> = new Set(),
): HandoverCounts {
  const counts: HandoverCounts = { owed: 0, failed: 0, attention: 0 }
  for (const { paymentKey, handover } of orders) {
    if (isOwed(handover)) {
      counts.owed++
      if (retryingTooLong.has(paymentKey)) counts.attention++
    } else if (needsStaff(handover)) {
      counts.failed++
      counts.attention++
    }
  }
  return counts
}
