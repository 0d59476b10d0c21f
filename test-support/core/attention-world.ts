// The attention tracker over a board, a clock and every other input by hand, with its pushes recorded: the world
// of attention-tracker.test.ts and attention-tracker.mutants.test.ts.
import type { Attention, AttentionSettings } from '../../src-shared/attention.ts'
import {
  DEFAULT_SETTINGS,
  type BoardOrder,
  type Handover,
  type SessionStatus,
} from '../../src-shared/domain.ts'
import { AttentionTracker } from '../../src-main/core/attention/attention-tracker.ts'
import { ManualClock } from './manual-clock.ts'

export const MIN = 60_000
export const A = '3f2b8c1e-9d4a-4b7e-8c21-5a6f0e9d1b72'
export const B = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f'
export const FAILED = { code: 'platform-refused', retryable: false } as const

export const SIGNED_IN: SessionStatus = {
  state: 'signed-in',
  platformAddress: 'https://platform.test',
  credentialsStored: true,
  secretStorage: 'os-keychain',
}

export const iso = (at: number) => new Date(at).toISOString()

/** A restaurant-courier delivery order: the one kind the waiting limit is for. */
export function delivery(paymentKey: string, addedAt: number, extra: Partial<BoardOrder> = {}): BoardOrder {
  return {
    paymentKey,
    addedAt: iso(addedAt),
    handover: { state: 'none' },
    courierType: 'restaurant',
    shippingMethod: 'delivery',
    ...extra,
  }
}

export function queued(at: number): Handover {
  return { state: 'queued', since: iso(at), waitingForSignIn: false }
}

export function retrying(at: number): Handover {
  return { state: 'retrying', nextAttemptAt: iso(at + 5000), attempts: 1, error: FAILED }
}

/** A board, a clock and a tracker with every input by hand, and the tracker's pushes recorded. */
export function attentionWorld(
  orders: BoardOrder[] = [],
  /** `accountsUnknown`: a tracker given neither the accounts' sessions nor their names (both are optional). */
  options: { clock?: ManualClock; settings?: Partial<AttentionSettings>; accountsUnknown?: boolean } = {},
) {
  const clock = options.clock ?? new ManualClock()
  const board = new Map(orders.map((order) => [order.paymentKey, order]))
  const pushed: Attention[] = []
  const state = {
    paused: false,
    settings: { ...DEFAULT_SETTINGS, ...options.settings },
    session: SIGNED_IN,
    portTaken: false,
    accounts: undefined as { name: string; status: SessionStatus }[] | undefined,
    /** Account id to short name; empty: one account, no names. */
    names: new Map<string, string>(),
  }
  const tracker = new AttentionTracker({
    board: { list: () => [...board.values()] },
    clock,
    settings: () => state.settings,
    isPaused: () => state.paused,
    session: () => state.session,
    intakePortTaken: () => state.portTaken,
    onChange: (attention) => pushed.push(attention),
    ...(options.accountsUnknown === true
      ? {}
      : {
          accountSessions: () => state.accounts,
          accountName: (account: string | undefined) =>
            account === undefined ? undefined : state.names.get(account),
        }),
  })
  const put = (order: BoardOrder) => {
    board.set(order.paymentKey, order)
    tracker.orderChanged(order.paymentKey, order)
  }
  const setHandover = (paymentKey: string, handover: Handover) => {
    const order = board.get(paymentKey)
    if (!order) throw new Error('no such order')
    put({ ...order, handover })
  }
  const remove = (paymentKey: string) => {
    board.delete(paymentKey)
    tracker.orderChanged(paymentKey, null)
  }
  const last = () => tracker.current()
  const orderOf = (paymentKey: string) => last().orders.find((o) => o.paymentKey === paymentKey)
  const alarmOf = (paymentKey: string) => orderOf(paymentKey)?.alarm
  return { clock, board, tracker, state, pushed, put, setHandover, remove, last, orderOf, alarmOf }
}
