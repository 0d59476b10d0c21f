// What production gives the board and the outbox (createCore reads them from settings and the data folder),
// as tests that build them by hand give it: in memory, silent, Istanbul, no undo window.
import { silentLogger } from '../../../src-main/core/ports.ts'
import type { HandoverOutboxDeps, OutboxSessions } from '../../../src-main/core/orders/handover-outbox.ts'
import type { Session } from '../../../src-main/core/session/session.ts'
import { OrderBoard, type OrderBoardDeps } from '../../../src-main/core/orders/order-board.ts'
import { MemoryJournal } from '../../../src-main/core/storage/memory-journal.ts'
import { ManualClock } from '../manual-clock.ts'
import { MemoryStore } from '../memory-adapters.ts'

/** The platform's time zone and the undo window as the outbox reads them; a press is sent at once. */
export const OUTBOX_SETTINGS: Pick<HandoverOutboxDeps, 'timeZone' | 'undoWindowMs'> = {
  timeZone: () => 'Europe/Istanbul',
  undoWindowMs: () => 0,
}

/** A board on a memory store and log that tells no one of its changes, unless `deps` say otherwise. */
export function testBoard(deps: Partial<OrderBoardDeps> = {}): OrderBoard {
  return new OrderBoard({
    store: new MemoryStore(),
    clock: new ManualClock(),
    onChange: () => undefined,
    boardLog: new MemoryJournal(),
    log: silentLogger,
    ...deps,
  })
}

/** The one account of tests that need one (issue 29): the id orders without an account read as. */
export const TEST_ACCOUNT = '00000000-0000-4000-8000-000000000001'

/** The outbox's sessions when the app has one account, `session`. */
export function oneAccount(session: Session): OutboxSessions {
  return {
    firstId: TEST_ACCOUNT,
    sessionOf: (account) => (account === TEST_ACCOUNT ? session : undefined),
    onSessionChange: (listener) => session.onChange((status) => listener(TEST_ACCOUNT, status)),
  }
}
