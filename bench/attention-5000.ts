// 11. The attention value (D70) over a board of 5,000 orders: the core recomputes it whole on every change of an
// order, so its cost is paid by every press, every POS add and every retry in a rush.
import type { BoardOrder, Handover } from '../src-shared/domain.ts'
import { AttentionTracker } from '../src-main/core/attention/attention-tracker.ts'
import { testBoard } from '../test-support/core/orders/test-parts.ts'
import { ManualClock } from '../test-support/core/manual-clock.ts'
import { medianAtMost, row, type Benchmark } from './report.ts'

const ORDERS = 5000
const WARM_UP = 50
const SAMPLES = 500
/** A change must leave the rest of a frame to the page and the outbox: a quarter of 16 ms. */
const TARGET_MS = 4

const SIGNED_IN = {
  state: 'signed-in',
  platformAddress: 'https://platform.example',
  credentialsStored: true,
  secretStorage: 'os-keychain',
} as const
const ERROR = { code: 'timeout', retryable: true } as const
/** The defaults of Settings: 15 minutes, 5 from ready, the sound on. */
const LIMITS = { waitingLimitMinutes: 15, readyLimitMinutes: 5, alarmSound: true }

export const attention5000: Benchmark = {
  id: 'attention',
  title: '11. The attention value over a board of 5,000 orders.',
  definitions: [
    `A real OrderBoard (memory log) of ${ORDERS.toLocaleString('en-US')} restaurant-courier delivery orders and the`,
    'core\'s AttentionTracker on a manual clock. "A rush": 90% waiting (a tenth of them past their limit), 4%',
    'handed over, 3% retrying, 2% failed, 1% unconfirmed: about 650 orders need staff. "Every order late": all',
    `${ORDERS.toLocaleString('en-US')} waiting past their limit, the value at its largest. Timed: one change of an`,
    "order (its label, alternately its hand-over between waiting and sending) from the board's write to the",
    `new value pushed, i.e. the whole recomputation and the comparison with the last value. ${String(SAMPLES)}`,
    `samples after ${String(WARM_UP)} warm-ups, in process (no page, no bridge).`,
  ],
  async run(context) {
    context.progress(`attention: ${String(ORDERS)} orders, a change at a time`)
    const rush = await measure((n) => (n % 10 === 9 ? 'late' : stateOf(n)))
    const allLate = await measure(() => 'late')
    return [
      row('Attention recomputed on one change, 5,000 orders in a rush', 'ms', rush, {
        decimals: 2,
        target: medianAtMost(TARGET_MS),
      }),
      row('… every order late (5,000 in the value)', 'ms', allLate, {
        decimals: 2,
        target: medianAtMost(TARGET_MS),
      }),
    ]
  },
}

type Kind = 'late' | 'waiting' | Handover['state']

/** The rush's mix by order number: most waiting, some handed over, retrying, failed, unconfirmed. */
function stateOf(n: number): Kind {
  const slot = n % 100
  if (slot < 4) return 'handed-over'
  if (slot < 7) return 'retrying'
  if (slot < 9) return 'failed'
  if (slot < 10) return 'unconfirmed'
  return 'waiting'
}

/**
 * Builds the board and the tracker with each order's kind, then times one change at a time. The late orders are
 * added 16 minutes before the timing, the others 6 minutes before: with the 15-minute limit only the late ones
 * are past it.
 */
async function measure(kindOf: (n: number) => Kind): Promise<number[]> {
  const clock = new ManualClock()
  const board = testBoard({ clock })
  const keys = Array.from(
    { length: ORDERS },
    (_, n) => `0d3e1f00-5a1b-4c2d-8e3f-${String(n).padStart(12, '0')}`,
  )
  const add = (late: boolean) => {
    keys.forEach((paymentKey, n) => {
      const kind = kindOf(n)
      if ((kind === 'late') !== late) return
      board.add(paymentKey, { courierType: 'restaurant', shippingMethod: 'delivery' })
      if (kind !== 'late' && kind !== 'waiting') board.setHandover(paymentKey, handoverOf(kind, clock.now()))
    })
  }
  add(true)
  await clock.advance(10 * 60_000)
  add(false)
  const now = clock.now()
  let pushed = 0
  const tracker = new AttentionTracker({
    board,
    clock,
    settings: () => LIMITS,
    isPaused: () => false,
    session: () => SIGNED_IN,
    onChange: () => pushed++,
  })
  await clock.advance(6 * 60_000)
  tracker.refresh()

  const samples: number[] = []
  for (let run = 0; run < WARM_UP + SAMPLES; run++) {
    const paymentKey = keys[(run * 7919) % ORDERS] ?? ''
    const order = board.require(paymentKey)
    const started = performance.now()
    const changed: BoardOrder =
      run % 2 === 0
        ? board.add(paymentKey, { label: `Masa ${String(run)}` })
        : board.setHandover(
            paymentKey,
            order.handover.state === 'none' ? handoverOf('sending', now) : order.handover,
          )
    tracker.orderChanged(paymentKey, changed)
    const elapsed = performance.now() - started
    if (run >= WARM_UP) samples.push(elapsed)
  }
  tracker.dispose()
  if (pushed === 0) throw new Error('attention: the tracker never pushed a value')
  return samples
}

function handoverOf(kind: Exclude<Kind, 'late' | 'waiting'>, now: number): Handover {
  const at = new Date(now).toISOString()
  switch (kind) {
    case 'none':
      return { state: 'none' }
    case 'queued':
      return { state: 'queued', since: at, waitingForSignIn: false }
    case 'sending':
      return { state: 'sending', since: at }
    case 'retrying':
      return { state: 'retrying', nextAttemptAt: at, attempts: 2, error: ERROR }
    case 'handed-over':
      return { state: 'handed-over', at }
    case 'failed':
      return { state: 'failed', at, error: ERROR }
    case 'unconfirmed':
      return { state: 'unconfirmed', at, error: ERROR }
  }
}
