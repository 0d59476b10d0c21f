import type { Settings } from '../../../src-shared/domain.ts'
import type { Attempt, CoreHandlers } from '../core-handlers.ts'
import { ok } from '../core-handlers.ts'
import { redactAppError, type RedactText } from '../platform/redacted-errors.ts'
import type { HandoverOutbox } from './handover-outbox.ts'
import { historyCsv } from './history-csv.ts'
import type { OrderBoard } from './order-board.ts'
import { extractOrderId } from './order-id.ts'

export interface OrderHandlerParts {
  board: OrderBoard
  outbox: HandoverOutbox
  /** The language the CSV's headings and results are written in. */
  settings: { get(): Pick<Settings, 'language'> }
  redactText: RedactText
  attempt: Attempt
}

/** The board, the hand-over, and its history. */
export function orderHandlers({
  board,
  outbox,
  settings,
  redactText,
  attempt,
}: OrderHandlerParts): Pick<
  CoreHandlers,
  | 'listOrders'
  | 'addOrder'
  | 'removeOrder'
  | 'restoreOrder'
  | 'handOverOrder'
  | 'listHistory'
  | 'exportHistoryCsv'
  | 'withdrawHandover'
  | 'retryHandoverNow'
  | 'recordPanelCheck'
> {
  return {
    listOrders: () => ok(board.list()),
    addOrder: ({ text, ...details }) =>
      attempt(() => {
        const paymentKey = extractOrderId(text)
        board.add(paymentKey, details)
        outbox.showOnBoard(paymentKey)
        return Promise.resolve(board.require(paymentKey))
      }),
    removeOrder: ({ paymentKey }) =>
      attempt(() => {
        board.require(paymentKey)
        outbox.assertRemovable(paymentKey)
        board.remove(paymentKey, { undoable: true })
        return Promise.resolve(null)
      }),
    restoreOrder: ({ paymentKey }) => attempt(() => Promise.resolve(board.restore(paymentKey))),
    handOverOrder: ({ paymentKey }) => attempt(() => outbox.handOver(paymentKey)),
    withdrawHandover: ({ paymentKey }) => attempt(() => Promise.resolve(outbox.withdraw(paymentKey))),
    retryHandoverNow: ({ paymentKey }) => attempt(() => outbox.sendNow(paymentKey)),
    recordPanelCheck: ({ paymentKey, handedOver }) =>
      attempt(() => Promise.resolve(outbox.acknowledge(paymentKey, handedOver))),
    listHistory: (query) => {
      // History written by an older version may hold platform words that were never redacted.
      const page = outbox.listHistory(query)
      const orders = page.orders.map((row) => ({
        ...row,
        attempts: row.attempts.map((entry) =>
          entry.error ? { ...entry, error: redactAppError(entry.error, redactText) } : entry,
        ),
      }))
      return ok({ ...page, orders })
    },
    exportHistoryCsv: () =>
      attempt(() =>
        Promise.resolve(
          historyCsv(outbox.allHistory(), { language: settings.get().language, redact: redactText }),
        ),
      ),
  }
}
