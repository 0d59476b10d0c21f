// The courier's day as one area of the core (issue 21, docs/decisions.md D65): the ledger, the hand-over that
// names its courier, the board's courier strip, the day-end and its CSV, and what the intake's ways in say of
// an order's courier, amount and branch. createCore makes it from the ledger, the board and the outbox; the
// call table and the intake call it. The rules stay where they are: the ledger's in courier-ledger.ts, the
// settlement in day-end.ts, the strip in couriers-out.ts.
import { randomUUID } from 'node:crypto'
import type {
  AccountClosing,
  CashRecord,
  Courier,
  CourierAssignment,
  CourierBatch,
  CourierListed,
  CourierOut,
  CourierPay,
  CourierStatement,
  CourierToday,
  DayEndView,
  Debt,
  DoorTenderRecord,
  MovementKind,
} from '../../../src-shared/couriers.ts'
import { paymentMethodKey } from '../../../src-shared/courier-rules.ts'
import type { HistoryEntry } from '../../../src-shared/domain.ts'
import {
  handoverEligibility,
  type BoardOrder,
  type Branch,
  type Settings,
} from '../../../src-shared/domain.ts'
import type { OrderSource } from '../../../src-shared/intake-view.ts'
import { describeThrown, invalidInput } from '../app-failure.ts'
import type { HandoverOutbox } from '../orders/handover-outbox.ts'
import type { OrderBoard } from '../orders/order-board.ts'
import type { Clock, Logger } from '../ports.ts'
import { dayBefore, dayOf, onEachDayTurn } from '../time/platform-day.ts'
import type { BranchList } from './branch-list.ts'
import type { CourierLedger, LedgerBatch, LedgerChange, OrderFacts } from './courier-ledger.ts'
import { CourierRefusal } from './courier-refusal.ts'
import { batchesOf, couriersOut } from './couriers-out.ts'
import { courierStatement, statementCsv } from './courier-statement.ts'
import { posRecordId, type PosCash, type PublicCashRecord } from './pos-cash.ts'
import { dayEndCsv } from './day-end-csv.ts'
import { movementsOf, openRepayments, payDebts, settleDay, withoutSeq, type DayEnd } from './day-end.ts'

export interface CourierDayDeps {
  ledger: CourierLedger
  board: OrderBoard
  outbox: Pick<HandoverOutbox, 'handOver' | 'owedNow' | 'dayHistory'>
  branches: BranchList
  settings: {
    get(): Pick<Settings, 'collectedAtDoor' | 'courierRequired' | 'platformTimeZone' | 'language'>
  }
  clock: Clock
  log: Logger
  /** A board order changed as the cards show it (its courier): the core's `orderChanged`. */
  orderChanged: (order: BoardOrder) => void
  /** The ledger wrote a record: the core's `couriersChanged`. */
  couriersChanged: (kind: LedgerChange['kind']) => void
  /** Today's settlement moved: the core's `courierDayChanged`, the one event every courier surface follows. */
  courierDayChanged?: (today: CourierToday) => void
  /** The payment methods the platform lists, when they can be had: the door tender is checked, the CSV names them. */
  listedPaymentMethods?: (account?: string) => Promise<readonly { key: string; name: string }[] | undefined>
  /** An account's short name by id when there are several accounts (issue 29): the CSV's account column. */
  accountName?: () => ((account: string) => string | undefined) | undefined
  /** A monotonic clock in ms for what a push costs (`performance.now` when left out). */
  stopwatch?: () => number
}

/** How many days' settlements and histories are kept besides today's (a manager paging back a week). */
const KEPT_DAYS = 10

/**
 * Each push of today's settlement settles the whole day and sends it, so one per record made a rush cost the
 * square of its size (bench 7: 10,000 hand-overs took 930 s). After a push, the next waits PUSH_QUIET_FACTOR
 * times what that push took (pushes get at most a fifth of the core's time), never more than PUSH_EVERY_MS:
 * a scan at a person's pace is pushed at once, and a rush's changes go together at the wait's end.
 */
export const PUSH_EVERY_MS = 250
const PUSH_QUIET_FACTOR = 4

/** Who takes the package, by the ledger's id (staff) or by name (the POS, a link, the command line). */
export type CourierRef = { id: string } | { name: string }

/** The ways in that may change what is known of an order (the board's only-add rule, D71). */
const MAY_CHANGE_WHAT_IS_KNOWN: ReadonlySet<OrderSource> = new Set(['typed', 'pos-api'])

/** What the ledger and History know of an order off the board (CourierDay.knownOrder). */
export interface KnownOrder {
  details: OrderFacts
  /** The courier who carries it, when one is named. */
  courierId: string | undefined
}

/** The facts an order brings to the settlement (not when it left), as a way in would give them. */
function settledFacts(facts: OrderFacts): OrderFacts {
  const { paymentMethod, amountKurus, branch, label } = facts
  return Object.fromEntries(
    Object.entries({ paymentMethod, amountKurus, branch, label }).filter(([, known]) => known !== undefined),
  )
}

/** `GET /v1/day-end`'s answer (docs/intake-api.md): snake_case, kuruş, stable for integrators. */
export interface PublicDayEnd {
  date: string
  couriers: PublicCourierDayEnd[]
  unassigned_packages: number
  /** What those packages' customers paid at the door: owed by no courier, in no courier's difference (D76). */
  unassigned_cash_to_collect_kurus: number
  /** Orders of the day the platform has not confirmed (still owed, unconfirmed, refused): not packages. */
  not_confirmed: { owed: number; unconfirmed: number; refused: number }
}

/** One courier's line of `GET /v1/day-end` (docs/intake-api.md). */
interface PublicCourierDayEnd {
  courier: string
  packages: number
  cash_to_collect_kurus: number
  cash_handed_in_kurus: number
  /** Handed in minus expected cash. */
  difference_kurus: number
  float_kurus: number
  expenses_kurus: number
  card_at_door_kurus: number
  expected_cash_kurus: number
  advances_kurus: number
  debt_carried_kurus: number
  /** null when pay per package is off for the courier that day. */
  pay_kurus: number | null
  closed: boolean
}

export class CourierDay {
  readonly #deps: CourierDayDeps
  readonly #unsubscribe: () => void
  /**
   * The settlements as kept (issue 28): today's, recomputed from memory after each record and pushed; a past
   * day's, read once and kept until a record or its History moves it. Keyed by day; cleared by what moves them.
   */
  #kept = new Map<string, { dayEnd: DayEnd; days: string[] }>()
  /** Each day's History, read from disk once, until an order's hand-over moves it. */
  #history = new Map<string, { entries: HistoryEntry[]; days: string[] }>()
  #pushScheduled = false
  /** Until when (the clock's ms) a push waits, after the last one. */
  #quietUntil = Number.NEGATIVE_INFINITY
  #cancelPush: (() => void) | undefined
  /** The platform's names of its payment methods, by key, as last listed: the CSV writes "Nakit", not `CASH`. */
  #methodNames = new Map<string, string>()
  /** Each pressed order's last hand-over state that History writes a result for (resultStateOf). */
  #resultStates = new Map<string, string>()
  /** CourierDay.knownOrder's past: what the ledger's files and History knew when `today` began. */
  #known: { today: string; orders: Map<string, KnownOrder> } | undefined

  constructor(deps: CourierDayDeps) {
    this.#deps = deps
    const unsubscribe = deps.ledger.onChange((change) => this.#changed(change))
    // A new day is a new settlement: every surface hears of it at the turn, not at the next record. The days
    // kept were settled as of the old day (yesterday's bags still carried, today's hand-overs still owed): from
    // the turn they are computed again, as they would be after the next record.
    const cancelDayTurn = onEachDayTurn(
      deps.clock,
      () => deps.settings.get().platformTimeZone,
      () => {
        this.#kept.clear()
        this.#schedulePush()
      },
    )
    this.#unsubscribe = () => {
      unsubscribe()
      cancelDayTurn()
      this.#cancelPush?.()
    }
  }

  /** The order as the board's cards show it: with the courier who carries it now and what was paid at the door. */
  withCourier(order: BoardOrder): BoardOrder {
    const { ledger } = this.#deps
    const courierId = ledger.assignmentOf(order.paymentKey)
    const courier = courierId ? ledger.courier(courierId) : undefined
    const doorMethod = ledger.tenderOf(order.paymentKey)
    // The board never holds a courier or a door tender itself: the ledger is the one source.
    if (!courier && doorMethod === undefined) return order
    const shown: BoardOrder = { ...order }
    if (courier) shown.courier = { id: courier.id, name: courier.name }
    if (doorMethod !== undefined) shown.doorMethod = doorMethod
    return shown
  }

  /**
   * "Kuryeye Verildi", naming the courier or not. Everything that can refuse is checked before anything is
   * written, and throws at once; then the order's facts and its courier go to the ledger (a write the disk
   * refuses throws, and nothing is sent); only then the outbox, whose promise is answered as it is (the intake
   * tells a refusal from a send under way by when it rejects), without the courier: see withCourier.
   */
  handOver(paymentKey: string, courier?: CourierRef, batchId?: string): Promise<BoardOrder> {
    const { board, ledger, outbox, settings } = this.#deps
    const order = board.require(paymentKey)
    // Already handed over: the outbox answers the order as it is, and nothing is written (assignCourier
    // changes a courier afterwards).
    if (order.handover.state === 'handed-over') return outbox.handOver(paymentKey)
    if (outbox.owedNow().includes(paymentKey)) throw invalidInput('already-sending')
    const eligibility = handoverEligibility(order)
    if (eligibility === 'pickup' || eligibility === 'platform-courier') throw invalidInput('not-eligible')
    const courierId = courier === undefined ? undefined : this.#working(courier).id
    if (courierId === undefined && settings.get().courierRequired) {
      throw new CourierRefusal('courier-required')
    }
    if (batchId !== undefined) {
      const batch = ledger.batches().find((held) => held.batchId === batchId)
      if (!batch || batch.courierId !== courierId) throw new CourierRefusal('unknown-batch')
    }
    // When it left with the courier: a bag counts from its press, whenever it was assigned.
    this.#noteOrder(order, new Date(this.#deps.clock.now()).toISOString())
    if (courierId !== undefined) ledger.assign({ paymentKey, courierId, batchId })
    const sent = outbox.handOver(paymentKey)
    // This call's own hand-over may have a result in History already; later ones come as the board's changes.
    this.orderMoved(paymentKey, null)
    return sent
  }

  /**
   * What an intake way in said of an order's courier (the POS's `courier`, a link's, the command line's,
   * the drop folder's), checked before the order is added: a name the ledger does not know is refused.
   */
  courierOf(name: string): Courier {
    return this.#working({ name })
  }

  /** The platform's answer to a branch list asked for elsewhere (Settings), of an account (undefined: the default). */
  branchesListed(branches: readonly Branch[], account?: string): void {
    this.#deps.branches.remember(branches, account)
  }

  /** An order's branch, checked against the branches its account's keys list (before it is added). */
  checkBranch(branch: string, account?: string): Promise<void> {
    return this.#deps.branches.check(branch, account)
  }

  /**
   * After an intake way in added an order naming its courier: the package goes with them. A link, the
   * command line and the drop folder only add (D71): a courier already named stays.
   */
  orderAdded(paymentKey: string, courierId: string | undefined, source: OrderSource): void {
    const { ledger, board } = this.#deps
    const order = board.get(paymentKey)
    // An order already on its way: what it costs and how it is paid go to the ledger for the day-end.
    if (order && order.handover.state !== 'none') this.#noteOrder(order)
    if (courierId === undefined) return
    const current = ledger.assignmentOf(paymentKey)
    if (current !== undefined && current !== null && !MAY_CHANGE_WHAT_IS_KNOWN.has(source)) {
      if (current !== courierId) {
        this.#deps.log.warn('couriers: kept the courier of an order; another way in offered another', {
          source,
        })
      }
      return
    }
    ledger.assign({ paymentKey, courierId })
  }

  /**
   * What the app already knows of an order (issue 27.3): the facts and the courier the ledger noted, and the label
   * History kept, over the days whose settlement a record written now can still change (today and the two days
   * before, D65). Today's and yesterday's ledger from memory; the days before, and History, read once a day
   * (a drop file must not cost a read of the week). Undefined when none of them knows it.
   */
  knownOrder(paymentKey: string): KnownOrder | undefined {
    const { ledger } = this.#deps
    const past = this.#knownBefore().get(paymentKey)
    const noted = ledger.notedOf(paymentKey)
    const assigned = ledger.assignmentOf(paymentKey)
    if (past === undefined && noted === undefined && assigned === undefined) return undefined
    return {
      details: { ...past?.details, ...settledFacts(noted ?? {}) },
      courierId: assigned === undefined ? past?.courierId : (assigned ?? undefined),
    }
  }

  /** What the ledger's day files and History said of each order when today began: kept for the day. */
  #knownBefore(): Map<string, KnownOrder> {
    const today = this.#today()
    if (this.#known?.today === today) return this.#known.orders
    const orders = new Map<string, KnownOrder>()
    const entry = (paymentKey: string): KnownOrder => {
      const known = orders.get(paymentKey) ?? { details: {}, courierId: undefined }
      orders.set(paymentKey, known)
      return known
    }
    // The day files of a week before the day before yesterday up to today, and the journal.
    const ledgerDays = this.#deps.ledger.day(dayBefore(today, 2))
    for (const [paymentKey, facts] of ledgerDays.orders) entry(paymentKey).details = settledFacts(facts)
    // Stryker disable next-line MethodExpression,ArrowFunction,ArithmeticOperator: ledger.day gives them by seq already
    for (const { paymentKey, courierId } of [...ledgerDays.assignments].sort((a, b) => a.seq - b.seq)) {
      entry(paymentKey).courierId = courierId ?? undefined
    }
    for (const day of [dayBefore(today, 2), dayBefore(today, 1), today]) {
      for (const { paymentKey, label } of this.#historyOf(day).entries) {
        const known = entry(paymentKey)
        if (label !== undefined && known.details.label === undefined)
          known.details = { ...known.details, label }
      }
    }
    this.#known = { today, orders }
    return orders
  }

  listCouriers(): CourierListed[] {
    const lastUsed = this.#deps.ledger.lastUsed()
    return this.#deps.ledger.couriers().map((courier) => {
      const at = lastUsed.get(courier.id)
      return at === undefined ? courier : { ...courier, lastUsedAt: at }
    })
  }

  addCourier(input: { requestId: string; name: string; badge?: string | undefined }): Courier {
    return this.#deps.ledger.addCourier({ id: input.requestId, name: input.name, badge: input.badge })
  }

  renameCourier(input: { requestId: string; courierId: string; name: string }): Courier {
    return this.#deps.ledger.renameCourier({
      id: input.requestId,
      courierId: input.courierId,
      name: input.name,
    })
  }

  setCourierBadge(input: { requestId: string; courierId: string; badge: string | null }): Courier {
    return this.#deps.ledger.setBadge({
      id: input.requestId,
      courierId: input.courierId,
      badge: input.badge,
    })
  }

  retireCourier(input: { requestId: string; courierId: string }): Courier {
    return this.#deps.ledger.retireCourier({ id: input.requestId, courierId: input.courierId })
  }

  /** A package's courier, on the board or after it left (a correction from the day-end screen). */
  assignCourier(input: {
    requestId: string
    paymentKey: string
    courierId: string | null
  }): CourierAssignment {
    const { ledger, board } = this.#deps
    if (input.courierId !== null) this.#working({ id: input.courierId })
    const order = board.get(input.paymentKey)
    // On the board and on its way: its facts go with the assignment, so the day-end can count its cash.
    if (order && order.handover.state !== 'none') this.#noteOrder(order)
    const assignment = ledger.assign({
      id: input.requestId,
      paymentKey: input.paymentKey,
      courierId: input.courierId,
    })
    return { paymentKey: assignment.paymentKey, courierId: assignment.courierId, at: assignment.at }
  }

  recordCash(input: {
    requestId: string
    courierId: string
    amountKurus: number
    note?: string | undefined
    day?: string | undefined
  }): CashRecord {
    const { requestId, ...rest } = input
    return this.#deps.ledger.recordCash({ id: requestId, ...rest })
  }

  correctCash(input: {
    requestId: string
    corrects: string
    amountKurus: number
    courierId?: string | undefined
    note?: string | undefined
    day?: string | undefined
  }): CashRecord {
    const { requestId, ...rest } = input
    return this.#deps.ledger.correctCash({ id: requestId, ...rest })
  }

  /** A cash movement (float, expense, handed in, advance, debt repaid), or a correction of one. */
  recordMovement(input: {
    requestId: string
    courierId: string
    kind: MovementKind
    amountKurus: number
    note?: string | undefined
    corrects?: string | undefined
    day?: string | undefined
  }): CashRecord {
    const { requestId, ...rest } = input
    return this.#deps.ledger.recordMovement({ id: requestId, ...rest })
  }

  /**
   * A cash movement the POS sent (`POST /v1/couriers/cash`): the courier by name, the record under the POS's
   * request id. The same request again answers the first record (`created: false`) and writes nothing; another
   * body under a used id is refused (`id-reused`), and so is a courier no longer working here.
   */
  posCash(input: PosCash): { record: PublicCashRecord; created: boolean } {
    const { ledger } = this.#deps
    const id = posRecordId(input.requestId)
    const known = ledger.live().cash.find((record) => record.id === id)
    if (known) {
      const courier = ledger.courierByName(input.courier)
      const same =
        courier?.id === known.courierId &&
        known.kind === input.kind &&
        known.amountKurus === input.amountKurus &&
        known.note === input.note
      if (!same) throw new CourierRefusal('id-reused')
      return { record: this.#publicCash(known, input.requestId), created: false }
    }
    const courier = this.#working({ name: input.courier })
    const record = ledger.recordMovement({
      id,
      courierId: courier.id,
      kind: input.kind,
      amountKurus: input.amountKurus,
      note: input.note,
    })
    return { record: this.#publicCash(record, input.requestId), created: true }
  }

  /**
   * What the customer paid at the door, as the POS says it (`POST /v1/orders/{payment_key}/door-payment`): the
   * order must be on the board; the method one the platform lists. Setting the same method again writes nothing.
   */
  async doorPayment(paymentKey: string, method: string): Promise<boolean> {
    if (!this.#deps.board.get(paymentKey)) return false
    const key = paymentMethodKey(method)
    if (this.#deps.ledger.tenders().get(paymentKey) === key) return true
    await this.setDoorTender({ requestId: randomUUID(), paymentKey, method })
    return true
  }

  /**
   * What the customer paid at the door: a method the platform lists (when the list can be had) or one Settings
   * collect at the door; null puts back the order's own method. The package must be one the app knows.
   */
  async setDoorTender(input: {
    requestId: string
    paymentKey: string
    method: string | null
  }): Promise<DoorTenderRecord> {
    const { ledger, settings, board } = this.#deps
    const known =
      board.get(input.paymentKey) !== undefined ||
      ledger.assignmentOf(input.paymentKey) !== undefined ||
      ledger.live().orders.has(input.paymentKey)
    if (!known) throw invalidInput('unknown-order')
    let method = input.method
    if (method !== null) {
      const key = paymentMethodKey(method)
      // The order's own account's methods (issue 29): on the board, or noted once it left.
      const account = board.get(input.paymentKey)?.account ?? ledger.notedOf(input.paymentKey)?.account
      const listed = await this.#listedMethods(account)
      // Stryker disable next-line ArrayDeclaration: equivalent, without a list `allowed` is never read
      const allowed = new Set([...(listed ?? []), ...settings.get().collectedAtDoor].map(paymentMethodKey))
      if (key === '' || (listed !== undefined && !allowed.has(key))) {
        throw new CourierRefusal('method-not-listed')
      }
      method = key
    }
    return ledger.setDoorTender({ id: input.requestId, paymentKey: input.paymentKey, method })
  }

  /**
   * "Hesabı kapat": settles the courier's open account of `day` once. A courier still carrying bags is refused
   * unless staff confirmed (seeing the list); an overage needs staff's choice (a tip or a credit). A shortfall is
   * a dated debt; debts are paid oldest first by debts repaid and by credit.
   */
  closeAccount(input: {
    requestId: string
    courierId: string
    overage?: 'tip' | 'credit' | undefined
    carryingConfirmed?: boolean | undefined
    day?: string | undefined
  }): AccountClosing {
    const { ledger } = this.#deps
    const replayed = ledger.closings().find((closing) => closing.id === input.requestId)
    if (replayed) return withoutSeq(replayed)
    this.#working({ id: input.courierId })
    const today = this.#today()
    const day = input.day ?? today
    if (day > today) throw new CourierRefusal('day-invalid')
    // Closings go in day order: each carries the debts of the one before it, so an earlier day closed after a
    // later one would leave its shortfall out of every day after (and later days would read the wrong debts).
    const closedLater = ledger
      .closings()
      .some((closing) => closing.courierId === input.courierId && closing.day > day)
    if (closedLater) throw new CourierRefusal('later-day-closed')
    const line = this.#settle(day).dayEnd.couriers.find((courier) => courier.courierId === input.courierId)
    // Stryker disable ArrayDeclaration: a string for a missing line's bags or cash has no state, carried or counts
    const bags = (line?.bags ?? []).filter(
      (bag) => bag.state === 'handed-over' && bag.settledBy === undefined,
    )
    const carried = (line?.bags ?? []).filter((bag) => bag.carried).map((bag) => bag.paymentKey)
    if (carried.length > 0 && input.carryingConfirmed !== true) throw new CourierRefusal('courier-out')
    const movements = (line?.cash ?? []).filter((cash) => cash.counts && cash.settledBy === undefined)
    // Stryker restore ArrayDeclaration
    const sum = (kind: MovementKind) =>
      movements.filter((cash) => cash.kind === kind).reduce((total, cash) => total + cash.countedKurus, 0)
    const cashAtDoor = bags.reduce((total, bag) => total + (bag.collect ? (bag.amountKurus ?? 0) : 0), 0)
    const expectedCashKurus = sum('float') + cashAtDoor - sum('expense')
    const cashHandedInKurus = sum('handed-in')
    const differenceKurus = cashHandedInKurus - expectedCashKurus
    if (differenceKurus > 0 && input.overage === undefined) throw new CourierRefusal('overage-choice')
    const previous = ledger
      .closings()
      // None is of a later day: that was refused above.
      .filter((closing) => closing.courierId === input.courierId)
      .at(-1)
    // Debts repaid since the previous closing, that day or an earlier one, pay its debts oldest first.
    const held = ledger.day(day)
    const settled = new Map(
      // Stryker disable next-line ArrayDeclaration: ledger.day always gives its closings, an array
      (held.closings ?? []).flatMap((closing) => closing.movementIds.map((id) => [id, closing.id] as const)),
    )
    const repaid = openRepayments(movementsOf(held.cash, settled), input.courierId, day, previous)
    let { debts, creditKurus } = payDebts(
      previous?.debtsAfter ?? [],
      (previous?.creditAfterKurus ?? 0) + repaid.kurus,
    )
    let booked: AccountClosing['booked'] = 'even'
    if (differenceKurus < 0) {
      booked = 'debt'
      const debt: Debt = { since: day, closingId: input.requestId, amountKurus: -differenceKurus }
      ;({ debts, creditKurus } = payDebts([...debts, debt], creditKurus))
    } else if (differenceKurus > 0) {
      // Stryker disable next-line StringLiteral: unreachable, an overage without staff's choice is refused above
      booked = input.overage ?? 'tip'
      if (booked === 'credit') ({ debts, creditKurus } = payDebts(debts, creditKurus + differenceKurus))
    }
    return ledger.closeAccount({
      id: input.requestId,
      courierId: input.courierId,
      day,
      paymentKeys: bags.map((bag) => bag.paymentKey),
      movementIds: [...new Set([...movements.map((cash) => cash.id), ...repaid.ids])],
      expectedCashKurus,
      cashHandedInKurus,
      differenceKurus,
      booked,
      debtsAfter: debts,
      creditAfterKurus: creditKurus,
      carried,
    })
  }

  /** The pay per package in effect today: for every courier, and per courier. */
  getPay(): CourierPay {
    const today = this.#today()
    let allRateKurus: number | null = null
    const byCourier = new Map<string, number>()
    for (const rate of this.#deps.ledger.payRates()) {
      if (rate.day > today) continue
      if (rate.courierId === null) allRateKurus = rate.rateKurus
      // A courier's rate removed: the rate for all again.
      else if (rate.rateKurus === null) byCourier.delete(rate.courierId)
      else byCourier.set(rate.courierId, rate.rateKurus)
    }
    return { allRateKurus, byCourier: Object.fromEntries(byCourier) }
  }

  setPay(input: { requestId: string; courierId: string | null; rateKurus: number | null }): CourierPay {
    const { requestId, ...rest } = input
    this.#deps.ledger.setPayRate({ id: requestId, ...rest })
    return this.getPay()
  }

  startBatch(input: { requestId: string; courierId: string }): CourierBatch {
    this.#working({ id: input.courierId })
    return this.#batchView(this.#deps.ledger.startBatch({ id: input.requestId, courierId: input.courierId }))
  }

  endBatch(input: { requestId: string; batchId: string }): CourierBatch {
    return this.#batchView(this.#deps.ledger.endBatch({ id: input.requestId, batchId: input.batchId }))
  }

  /** Today's settlement as kept: the strip, the batches, the return dialog and Gün sonu read it. */
  today(): CourierToday {
    const today = this.#today()
    const { dayEnd } = this.#settle(today)
    const yesterday = this.#settle(dayBefore(today, 1)).dayEnd
    const couriers = new Map(this.#deps.ledger.couriers().map((courier) => [courier.id, courier]))
    return {
      ...dayEnd,
      today,
      out: couriersOut([yesterday, dayEnd], couriers),
      batches: batchesOf(dayEnd, this.#todaysBatches(), couriers).reverse(),
    }
  }

  /** The board's strip: per working courier, the bags carried now and the cash they collect. */
  couriersOut(): CourierOut[] {
    return this.today().out
  }

  /** The settlement of `day` (today when left out), as kept, with the days to choose from. */
  dayEnd(day?: string): DayEndView {
    const today = this.#today()
    const { dayEnd, days } = this.#settle(day ?? today)
    return { ...dayEnd, days: [...new Set([today, ...days])].sort().reverse(), today }
  }

  /** The CSV as exported: the platform's method names asked for first (its list is cached for 24 h, D10). */
  async exportDayEndCsv(day: string): Promise<string> {
    await this.#listedMethods()
    return this.dayEndCsv(day)
  }

  dayEndCsv(day: string): string {
    const { language, platformTimeZone } = this.#deps.settings.get()
    const names = this.#methodNames
    return dayEndCsv(this.#settle(day).dayEnd, {
      language,
      timeZone: platformTimeZone,
      methodName: (key) => names.get(paymentMethodKey(key)) ?? key,
      accountName: this.#deps.accountName?.(),
    })
  }

  /** A courier's week: seven days from `from` (this week's Monday when left out). */
  statement(input: { courierId: string; from?: string | undefined }): CourierStatement {
    const courier = this.#deps.ledger.courier(input.courierId)
    if (!courier) throw new CourierRefusal('unknown-courier')
    const from = input.from ?? mondayOf(this.#today())
    const days = Array.from({ length: 7 }, (_, index) => dayBefore(from, -index))
    return courierStatement(
      courier,
      from,
      days.map((day) => this.#settle(day).dayEnd),
    )
  }

  statementCsv(input: { courierId: string; from?: string | undefined }): string {
    return statementCsv(this.statement(input), this.#deps.settings.get().language)
  }

  /** `GET /v1/day-end?date=` (today when left out), from the kept settlement. */
  publicDayEnd(day?: string): PublicDayEnd {
    const { dayEnd } = this.#settle(day ?? this.#today())
    return {
      date: dayEnd.day,
      couriers: dayEnd.couriers.map((courier) => ({
        courier: courier.name,
        packages: courier.packages,
        cash_to_collect_kurus: courier.cashToCollectKurus,
        cash_handed_in_kurus: courier.cashHandedInKurus,
        difference_kurus: courier.differenceKurus,
        float_kurus: courier.floatKurus,
        expenses_kurus: courier.expensesKurus,
        card_at_door_kurus: courier.cardAtDoorKurus,
        expected_cash_kurus: courier.expectedCashKurus,
        advances_kurus: courier.advancesKurus,
        debt_carried_kurus: courier.debtCarriedKurus,
        pay_kurus: courier.payKurus,
        closed: courier.closed,
      })),
      unassigned_packages: dayEnd.unassigned.packages,
      unassigned_cash_to_collect_kurus: dayEnd.unassigned.cashToCollectKurus,
      not_confirmed: { ...dayEnd.allOrders.notConfirmed },
    }
  }

  /**
   * A board order changed: when its hand-over is under way or done (or it left the board), History may have a
   * new result, so today's History is read again and today's settlement pushed.
   */
  orderMoved(paymentKey: string, order: BoardOrder | null): void {
    const pressed = order === null || order.handover.state !== 'none'
    if (!pressed && this.#deps.ledger.assignmentOf(paymentKey) === undefined) return
    const today = this.#today()
    // History is read again only when the change may have added a result to it (not for queued → sending).
    const state = order === null ? undefined : resultStateOf(order)
    const before = this.#resultStates.get(paymentKey)
    // Stryker disable next-line ConditionalExpression: equivalent, a key kept as undefined reads as one deleted
    if (state === undefined) this.#resultStates.delete(paymentKey)
    else this.#resultStates.set(paymentKey, state)
    if (order === null || (state !== undefined && state !== before)) this.#history.delete(today)
    this.#kept.delete(today)
    // Yesterday's carried bags follow today's results too.
    this.#kept.delete(dayBefore(today, 1))
    this.#schedulePush()
  }

  /** Settings changed (the methods collected at the door, the time zone): every kept figure is read again. */
  settingsChanged(): void {
    this.#history.clear()
    this.#kept.clear()
    this.#schedulePush()
  }

  dispose(): void {
    this.#unsubscribe()
    this.#deps.ledger.dispose()
  }

  #today(): string {
    return dayOf(this.#deps.clock.now(), this.#deps.settings.get().platformTimeZone)
  }

  /** The settlement of `day`, as kept; computed (from memory but for a History not read yet) when not. */
  #settle(day: string): { dayEnd: DayEnd; days: string[] } {
    const kept = this.#kept.get(day)
    if (kept) return kept
    const { ledger, outbox, settings, branches } = this.#deps
    const { platformTimeZone: timeZone, collectedAtDoor } = settings.get()
    const { entries, days } = this.#historyOf(day)
    const today = day === this.#today()
    // Bags still carried: today's, and yesterday's of a courier out past midnight.
    const live = today || day === dayBefore(this.#today(), 1)
    const dayEnd = settleDay({
      day,
      timeZone,
      history: entries,
      ...ledger.day(day),
      collectedAtDoor,
      branches: branches.known(),
      // Only today has hand-overs still on their way.
      ...(today ? { owedNow: outbox.owedNow() } : {}),
      live,
    })
    const settled = { dayEnd, days }
    keep(this.#kept, day, settled)
    return settled
  }

  #historyOf(day: string): { entries: HistoryEntry[]; days: string[] } {
    let history = this.#history.get(day)
    if (!history) {
      history = this.#deps.outbox.dayHistory(day)
      keep(this.#history, day, history)
    }
    return history
  }

  /**
   * Pushes today's settlement once per burst of records (one call writes a note and an assignment); a push due
   * while the last one's wait lasts comes at its end and carries every change since.
   */
  #schedulePush(): void {
    const push = this.#deps.courierDayChanged
    if (!push || this.#pushScheduled) return
    this.#pushScheduled = true
    const { clock } = this.#deps
    const stopwatch = this.#deps.stopwatch ?? (() => performance.now())
    const run = () => {
      this.#pushScheduled = false
      this.#cancelPush = undefined
      const started = stopwatch()
      try {
        push(this.today())
      } catch (error) {
        this.#deps.log.error('couriers: could not push the day', { error: describeThrown(error) })
      }
      const cost = stopwatch() - started
      this.#quietUntil = clock.now() + Math.min(PUSH_EVERY_MS, PUSH_QUIET_FACTOR * cost)
    }
    // Never longer than PUSH_EVERY_MS, whatever a clock set back says.
    const wait = Math.min(PUSH_EVERY_MS, this.#quietUntil - clock.now())
    if (wait > 0) this.#cancelPush = clock.setTimer(wait, run)
    else queueMicrotask(run)
  }

  #publicCash(record: CashRecord, requestId: string): PublicCashRecord {
    const answer: PublicCashRecord = {
      request_id: requestId,
      // Stryker disable next-line OptionalChaining,StringLiteral: a cash record's courier is always in the roster
      courier: this.#deps.ledger.courier(record.courierId)?.name ?? '?',
      kind: record.kind,
      amount_kurus: record.amountKurus,
      day: record.day,
      at: record.at,
    }
    if (record.note !== undefined) answer.note = record.note
    return answer
  }

  /** The platform's payment method keys (undefined when not to be had), remembering their names. */
  async #listedMethods(account?: string): Promise<string[] | undefined> {
    try {
      const listed = await this.#deps.listedPaymentMethods?.(account)
      if (listed === undefined) return undefined
      this.#methodNames = new Map(listed.map((method) => [paymentMethodKey(method.key), method.name]))
      return listed.map((method) => method.key)
    } catch (error) {
      this.#deps.log.warn('couriers: the payment methods could not be listed', {
        error: describeThrown(error),
      })
      return undefined
    }
  }

  #todaysBatches(): LedgerBatch[] {
    const { platformTimeZone } = this.#deps.settings.get()
    const today = this.#today()
    return this.#deps.ledger
      .batches()
      .filter((batch) => dayOf(Date.parse(batch.startedAt), platformTimeZone) === today)
  }

  #batchView(batch: LedgerBatch): CourierBatch {
    const { dayEnd } = this.#settle(this.#today())
    const names = new Map(this.#deps.ledger.couriers().map((courier) => [courier.id, courier]))
    const [view] = batchesOf(dayEnd, [batch], names)
    return view as CourierBatch
  }

  /** A courier who still works here, by id or by name; refused when unknown or retired. */
  #working(ref: CourierRef): Courier {
    const { ledger } = this.#deps
    const courier = 'id' in ref ? ledger.courier(ref.id) : ledger.courierByName(ref.name)
    if (!courier) throw new CourierRefusal('unknown-courier')
    if (courier.retired) throw new CourierRefusal('courier-retired')
    return courier
  }

  /** What the day-end needs of the order once it has left the board: how it is paid, its amount, its branch. */
  #noteOrder(order: BoardOrder, leftAt?: string): void {
    this.#deps.ledger.noteOrder({
      paymentKey: order.paymentKey,
      account: order.account,
      paymentMethod: order.paymentMethod,
      amountKurus: order.amountKurus,
      branch: order.branch,
      label: order.label,
      leftAt,
    })
  }

  #changed(change: LedgerChange): void {
    const { board, orderChanged, couriersChanged, log } = this.#deps
    // A record may move any day (cash for yesterday, a package reassigned): past days are computed again from
    // memory when next asked; their files are not read again.
    this.#kept.clear()
    this.#schedulePush()
    try {
      couriersChanged(change.kind)
      // The cards show their courier: an assignment changes one card, a rename every card of that courier.
      if (
        change.kind === 'assignment' ||
        // Stryker disable next-line ConditionalExpression: equivalent, only an order change has a tender
        (change.kind === 'order' && change.tender)
      ) {
        const order = board.get(change.paymentKey)
        if (order) orderChanged(this.withCourier(order))
      } else if (change.kind === 'couriers') {
        for (const order of board.list()) {
          if (this.#deps.ledger.assignmentOf(order.paymentKey)) orderChanged(this.withCourier(order))
        }
      }
    } catch (error) {
      log.error('couriers: could not announce a ledger change', { error: describeThrown(error) })
    }
  }
}

/**
 * The hand-over states the outbox writes a History result for, as a key that changes with each new result (a
 * retry's attempts); undefined for the states that write none (none, queued, sending).
 */
function resultStateOf(order: BoardOrder): string | undefined {
  const handover = order.handover
  switch (handover.state) {
    case 'handed-over':
    case 'failed':
    case 'unconfirmed':
      return `${handover.state}:${handover.at}`
    case 'retrying':
      return `retrying:${String(handover.attempts)}`
    case 'queued':
      // Stryker disable next-line StringLiteral: a key is only told from another state's, and none is ''
      return handover.waitingForSignIn ? 'waiting-for-sign-in' : undefined
    // Stryker disable next-line ConditionalExpression: without its return the switch ends, answering undefined
    default:
      return undefined
  }
}

/** Keeps `value` for `day`, forgetting the oldest kept beyond KEPT_DAYS (Map keeps insertion order). */
function keep<T>(map: Map<string, T>, day: string, value: T): void {
  // Stryker disable next-line CallExpression: both callers keep a day only when it is not kept
  map.delete(day)
  map.set(day, value)
  while (map.size > KEPT_DAYS + 1) map.delete(map.keys().next().value as string)
}

/** The Monday of `day`'s week (a calendar day, so no time zone). */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay()
  return dayBefore(day, (weekday + 6) % 7)
}
