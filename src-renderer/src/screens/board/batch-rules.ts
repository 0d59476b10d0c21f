// The hand-over side of the courier's day (issue 21, docs/decisions.md D65): which courier a scan names, which
// package a batch scan-out may take, and the order of the picker. Pure, so each rule is tested on its own.
import { batchIsOpen, type CourierBatch, type CourierListed } from '../../../../src-shared/couriers.ts'
import { checkBadgeCode, courierNameKey } from '../../../../src-shared/courier-rules.ts'
import type { BoardOrder } from '../../../../src-shared/domain.ts'
import { handoverEligibility, shortCodeOf } from '../../../../src-shared/order-rules.ts'
import { foundAs, ordersWithCode, paymentKeyIn, shortCodeIn } from './board-rules.ts'

/** What a courier's badge QR holds; a scanner types it and Enter into the order field. */
const BADGE_QR_PREFIX = 'pos-companion-courier:'

/** The QR content printed on a courier's badge. */
export function badgeQrText(badge: string): string {
  return `${BADGE_QR_PREFIX}${badge}`
}

/** The read is a badge's QR text (whether or not a courier has that badge). */
export function isBadgeQr(read: string): boolean {
  return read.trim().toLowerCase().startsWith(BADGE_QR_PREFIX)
}

export type CourierRead =
  | { kind: 'courier'; courier: CourierListed }
  /** A badge QR whose code no working courier has (retired, taken away, another shop's badge). */
  | { kind: 'unknown-badge'; badge: string }

/**
 * The courier a read names, or undefined when it names none (it is then an order's id or code, or nothing).
 * The badge QR always names a courier (or an unknown badge); a bare badge code only when it is no order's id
 * and no short code of an order on the board, so a badge can never shadow an order staff see.
 */
export function courierIn(
  read: string,
  couriers: readonly CourierListed[],
  orders: readonly BoardOrder[],
): CourierRead | undefined {
  const text = read.trim()
  const fromQr = isBadgeQr(text)
  const candidate = fromQr ? text.slice(BADGE_QR_PREFIX.length) : text
  if (!fromQr && paymentKeyIn(text) !== undefined) return undefined
  const code = checkBadgeCode(candidate)
  if (!code.ok) return fromQr ? { kind: 'unknown-badge', badge: candidate.trim() } : undefined
  const courier = couriers.find((one) => !one.retired && one.badge === code.code)
  if (fromQr) return courier ? { kind: 'courier', courier } : { kind: 'unknown-badge', badge: code.code }
  if (!courier) return undefined
  const shortCode = shortCodeIn(text)
  if (shortCode !== undefined && ordersWithCode(orders, shortCode).length > 0) return undefined
  return { kind: 'courier', courier }
}

/** Why a batch scan-out does not take a package: nothing is sent for it. */
type BatchRefusal =
  | 'not-on-board'
  | 'several' // a short code several orders share: the slip's QR names one
  | 'pickup'
  | 'platform-courier'
  | 'already-pressed' // in its undo window, being sent, or retrying: it is already going
  | 'handed-over' // confirmed, or the platform says it is already on its way
  | 'unconfirmed' // the platform's panel must be checked first

export type BatchFind =
  | { ok: true; order: BoardOrder }
  | { ok: false; refusal: BatchRefusal; code: string }
  /** The read is no order's id or short code at all. */
  | undefined

/**
 * The package a scan names during a batch scan-out, and whether it may go with the courier: only a
 * restaurant-courier order on the board that nobody pressed yet (or whose hand-over failed and may be tried
 * again) is taken; anything else is refused, with why.
 */
export function batchPackageIn(read: string, orders: readonly BoardOrder[]): BatchFind {
  const key = paymentKeyIn(read)
  const shortCode = key === undefined ? shortCodeIn(read) : undefined
  if (key === undefined && shortCode === undefined) return undefined
  const matches =
    key !== undefined
      ? orders.filter((order) => order.paymentKey === key)
      : ordersWithCode(orders, shortCode ?? '')
  const code = shortCode ?? (key === undefined ? '' : shortCodeOf(key))
  const [order] = matches
  if (!order) return { ok: false, refusal: 'not-on-board', code }
  if (matches.length > 1) return { ok: false, refusal: 'several', code }
  const refusal = batchRefusalOf(order)
  return refusal ? { ok: false, refusal, code } : { ok: true, order }
}

/** Why this order cannot go with a courier now, or undefined when it can. */
function batchRefusalOf(order: BoardOrder): BatchRefusal | undefined {
  const eligibility = handoverEligibility(order)
  if (eligibility === 'pickup' || eligibility === 'platform-courier') return eligibility
  switch (foundAs(order)) {
    case 'hand-over':
    case 'failed':
      return undefined
    case 'in-undo-window':
    case 'sending':
    case 'retrying':
      return 'already-pressed'
    case 'unconfirmed':
      return 'unconfirmed'
    default:
      return 'handed-over'
  }
}

/**
 * The couriers the picker offers: working ones only, the most recently used first (they are at the door now),
 * then by name in Turkish order; narrowed to those whose name holds the typed text (any case, Turkish İ/ı) or
 * whose badge code starts with it.
 */
export function pickerCouriers(couriers: readonly CourierListed[], typed: string): CourierListed[] {
  const query = courierNameKey(typed.trim())
  const badgeQuery = typed.trim().toUpperCase()
  return couriers
    .filter((courier) => !courier.retired)
    .filter(
      (courier) =>
        query === '' ||
        courierNameKey(courier.name).includes(query) ||
        (courier.badge !== undefined && courier.badge.startsWith(badgeQuery)),
    )
    .sort(
      (a, b) => (b.lastUsedAt ?? '').localeCompare(a.lastUsedAt ?? '') || a.name.localeCompare(b.name, 'tr'),
    )
}

/**
 * The batch scan-out under way: the newest of today's batches still open (not ended, scanned in the last 15
 * minutes). A ledger fact (issue 28): a reload, a second window and a restart show the same one.
 */
export function openBatchOf(
  today: { batches: readonly CourierBatch[] } | undefined,
  nowMs: number,
): CourierBatch | undefined {
  return today?.batches.find((batch) => batchIsOpen(batch, nowMs))
}
